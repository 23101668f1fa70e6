//! Section 14.2 to 14.4, UTF-16BE and UTF-16LE: decoders only; their output encoding is UTF-8.

use crate::forms::output::Output;
use crate::handler::{DecodeHandler, DecodeStep, Restore};

/// Section 14.2.1, shared UTF-16 decoder.
#[derive(Clone, Copy)]
pub(crate) struct Utf16Decoder {
    /// "UTF-16 lead byte"
    lead_byte: Option<u8>,
    /// "UTF-16 lead surrogate"
    lead_surrogate: Option<u16>,
    /// "is UTF-16BE decoder"
    is_be: bool,
}

impl Utf16Decoder {
    pub(crate) fn new(is_be: bool) -> Self {
        Utf16Decoder {
            lead_byte: None,
            lead_surrogate: None,
            is_be,
        }
    }
}

impl DecodeHandler for Utf16Decoder {
    const ASCII_FAST_PATH: bool = false;
    const CODE_UNIT: usize = 2;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If UTF-16 lead byte is null, set UTF-16 lead byte to byte and return
        // continue."
        let lead = match self.lead_byte.take() {
            None => {
                self.lead_byte = Some(byte);
                return DecodeStep::Continue;
            }
            Some(lead) => lead,
        };
        // Step 4: the code unit, by endianness.
        let code_unit = if self.is_be {
            u16::from_be_bytes([lead, byte])
        } else {
            u16::from_le_bytes([lead, byte])
        };
        // Step 5: after a lead surrogate.
        if let Some(lead_surrogate) = self.lead_surrogate.take() {
            if (0xDC00..=0xDFFF).contains(&code_unit) {
                let c = 0x10000
                    + ((lead_surrogate as u32 - 0xD800) << 10)
                    + (code_unit as u32 - 0xDC00);
                return match char::from_u32(c) {
                    Some(c) => DecodeStep::Emit(c),
                    None => DecodeStep::Error(Restore::NONE),
                };
            }
            // "Let byte1 be code unit >> 8. Let byte2 be code unit & 0x00FF. Let bytes be
            // two bytes whose values are byte1 and byte2, if is UTF-16BE decoder is true;
            // otherwise byte2 and byte1. Restore bytes to ioQueue and return error." These
            // are the two bytes just given, in stream order.
            return DecodeStep::Error(Restore::two(lead, byte));
        }
        // Step 6: a lead surrogate.
        if (0xD800..=0xDBFF).contains(&code_unit) {
            self.lead_surrogate = Some(code_unit);
            return DecodeStep::Continue;
        }
        // Step 7: a lone trail surrogate.
        if (0xDC00..=0xDFFF).contains(&code_unit) {
            return DecodeStep::Error(Restore::NONE);
        }
        // Step 8.
        match char::from_u32(code_unit as u32) {
            Some(c) => DecodeStep::Emit(c),
            None => DecodeStep::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue and either UTF-16 lead byte or UTF-16 lead
        // surrogate is non-null, set both to null, and return error."
        if self.lead_byte.is_some() || self.lead_surrogate.is_some() {
            self.lead_byte = None;
            self.lead_surrogate = None;
            DecodeStep::Error(Restore::NONE)
        } else {
            DecodeStep::Finished
        }
    }

    fn between_sequences(&self) -> bool {
        self.lead_byte.is_none() && self.lead_surrogate.is_none()
    }

    /// Whole code units and surrogate pairs: what steps 4 to 8 decode without error.
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        if self.is_be {
            O::copy_utf16::<true>(src, dst)
        } else {
            O::copy_utf16::<false>(src, dst)
        }
    }
}
