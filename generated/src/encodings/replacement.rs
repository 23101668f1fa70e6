//! Section 14.1, replacement: labels of encodings that are unsafe to decode (ISO-2022-KR,
//! HZ-GB-2312, ISO-2022-CN) map here, so that any non-empty input decodes to one U+FFFD.
//! There is no replacement encoder: its output encoding is UTF-8.

use crate::forms::output::Output;
use crate::handler::{DecodeHandler, DecodeStep, Restore};

/// Section 14.1.1, replacement decoder.
#[derive(Clone, Copy, Default)]
pub(crate) struct ReplacementDecoder {
    /// "replacement error returned", initially false.
    error_returned: bool,
}

impl DecodeHandler for ReplacementDecoder {
    const ASCII_FAST_PATH: bool = false;

    #[inline]
    fn byte(&mut self, _byte: u8) -> DecodeStep {
        // Step 2: "If replacement error returned is false, set replacement error returned to
        // true and return error." Step 3: "Return finished" (nothing more is output).
        if self.error_returned {
            DecodeStep::Continue
        } else {
            self.error_returned = true;
            DecodeStep::Error(Restore::NONE)
        }
    }

    fn end(&mut self) -> DecodeStep {
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        true
    }

    /// Once the error is returned, every further byte is swallowed.
    fn bulk<O: Output>(&mut self, src: &[u8], _dst: &mut [O::Unit]) -> (usize, usize) {
        if self.error_returned {
            (src.len(), 0)
        } else {
            (0, 0)
        }
    }
}
