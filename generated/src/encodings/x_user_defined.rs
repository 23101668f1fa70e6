//! Section 14.5, x-user-defined: bytes 0x80 to 0xFF map to U+F780 to U+F7FF, so that any byte
//! sequence survives a decode and encode unchanged.

use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep};

/// Section 14.5.1, x-user-defined decoder. It has no state and no errors.
#[derive(Clone, Copy, Default)]
pub(crate) struct XUserDefinedDecoder;

impl DecodeHandler for XUserDefinedDecoder {
    const ASCII_FAST_PATH: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 2: ASCII bytes are themselves. Step 3: "Return a code point whose value is
        // 0xF780 + byte − 0x80."
        let c = if byte < 0x80 {
            byte as u32
        } else {
            0xF780 + byte as u32 - 0x80
        };
        match char::from_u32(c) {
            Some(c) => DecodeStep::Emit(c),
            None => DecodeStep::Error(crate::handler::Restore::NONE),
        }
    }

    fn end(&mut self) -> DecodeStep {
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        true
    }
}

/// Section 14.5.2, x-user-defined encoder.
#[derive(Clone, Copy, Default)]
pub(crate) struct XUserDefinedEncoder;

impl EncodeHandler for XUserDefinedEncoder {
    const ASCII_FAST_PATH: bool = true;
    const MAX_BYTES_PER_UTF8_BYTE: usize = 1;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 1;

    #[inline]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        let c = code_point as u32;
        if c < 0x80 {
            return EncodeStep::Bytes(ByteSequence::one(c as u8));
        }
        // Step 3: "If code point is in the range U+F780 to U+F7FF, inclusive, return a byte
        // whose value is code point − 0xF780 + 0x80." Step 4: error.
        if (0xF780..=0xF7FF).contains(&c) {
            EncodeStep::Bytes(ByteSequence::one((c - 0xF780 + 0x80) as u8))
        } else {
            EncodeStep::Error(code_point)
        }
    }
}
