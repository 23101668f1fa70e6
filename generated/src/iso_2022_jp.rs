//! PLACEHOLDER until the CJK issue lands: every byte and code point is an error.

use crate::handler::{DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};

#[derive(Clone, Default)]
pub(crate) struct Iso2022JpDecoder;

impl DecodeHandler for Iso2022JpDecoder {
    const ASCII_FAST_PATH: bool = false;
    fn byte(&mut self, _byte: u8) -> DecodeStep {
        DecodeStep::Error(Restore::NONE)
    }
    fn end(&mut self) -> DecodeStep {
        DecodeStep::Finished
    }
    fn between_sequences(&self) -> bool {
        true
    }
}

#[derive(Clone, Default)]
pub(crate) struct Iso2022JpEncoder;

impl EncodeHandler for Iso2022JpEncoder {
    const ASCII_FAST_PATH: bool = false;
    const MAX_BYTES_PER_UTF8_BYTE: usize = 4;
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        EncodeStep::Error(code_point)
    }
}
