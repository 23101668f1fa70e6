//! Section 14.2 to 14.4, UTF-16BE and UTF-16LE: decoders only; their output encoding is UTF-8.

use crate::forms::output::{Output, OutputBuffer};
use crate::handler::{DecodeHandler, DecodeStep, Restore};
use crate::kernels::uninit::as_uninit;
use crate::kernels::utf16::to_utf8 as bytes;
use core::mem::MaybeUninit;

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

    /// Whole code units and surrogate pairs (what steps 4 to 8 decode without error) at the
    /// start of `src` into UTF-8 in `dst`, bytes not yet written: [`bytes::to_utf8`] in
    /// this decoder's byte order. The one-shot decode writes into a string's spare capacity
    /// through this, and the decode loop's bulk step into its buffer.
    #[inline]
    pub(crate) fn to_utf8(self, src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
        if self.is_be {
            bytes::to_utf8::<true>(src, dst)
        } else {
            bytes::to_utf8::<false>(src, dst)
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
        match (O::buffer(dst), self.is_be) {
            (OutputBuffer::Utf8(dst), _) => self.to_utf8(src, as_uninit(dst)),
            (OutputBuffer::Utf16(dst), true) => to_utf16::<true>(src, dst),
            (OutputBuffer::Utf16(dst), false) => to_utf16::<false>(src, dst),
        }
    }
}

/// As [`bytes::to_utf8`], into UTF-16: runs of code units that are not surrogates copied in bulk
/// ([`bytes::copy_non_surrogates`]), surrogate pairs one at a time.
#[inline]
fn to_utf16<const BE: bool>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    loop {
        let n = bytes::copy_non_surrogates::<BE>(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        );
        read += 2 * n;
        written += n;
        // A surrogate pair, or the end of what can be taken.
        match utf16_char::<BE>(src.get(read..).unwrap_or_default()) {
            Some((c, 4)) => match dst
                .get_mut(written..)
                .and_then(|d| d.first_chunk_mut::<2>())
            {
                Some(out) => {
                    c.encode_utf16(out);
                    read += 4;
                    written += 2;
                }
                None => return (read, written),
            },
            _ => return (read, written),
        }
    }
}

/// The scalar value at the start of `src`, UTF-16 code units as byte pairs, and how many
/// bytes it takes: a code unit that is not a surrogate, or a lead and a trail surrogate.
/// None at the end, at an unpaired surrogate, or at a lead whose trail is not in `src`.
#[inline(always)]
fn utf16_char<const BE: bool>(src: &[u8]) -> Option<(char, usize)> {
    let unit = |i: usize| -> Option<u16> {
        let pair = *src.get(i..)?.first_chunk::<2>()?;
        Some(if BE {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        })
    };
    let first = unit(0)?;
    match first {
        0xD800..=0xDBFF => {
            let second = unit(2).filter(|u| (0xDC00..=0xDFFF).contains(u))?;
            let c = 0x10000 + ((first as u32 - 0xD800) << 10) + (second as u32 - 0xDC00);
            Some((char::from_u32(c)?, 4))
        }
        0xDC00..=0xDFFF => None,
        _ => Some((char::from_u32(first as u32)?, 2)),
    }
}

#[cfg(test)]
mod bulk_tests {
    use super::*;

    #[test]
    fn units_stop_before_unpaired_and_split_surrogates() {
        let le: &[u8] = &[0x61, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x00, 0xDC, 0x62, 0x00];
        let mut dst = [0u16; 16];
        assert_eq!(to_utf16::<false>(le, &mut dst), (6, 3));
        assert_eq!(&dst[..3], &[0x61, 0xD83D, 0xDE00]);
        let mut dst8 = [0u8; 16];
        assert_eq!(bytes::to_utf8::<false>(le, as_uninit(&mut dst8)), (6, 5));
        assert_eq!(&dst8[..5], "a\u{1F600}".as_bytes());
        // A lead whose trail is in the next buffer, and an odd byte.
        assert_eq!(to_utf16::<true>(&[0, 0x61, 0xD8, 0x3D], &mut dst), (2, 1));
        assert_eq!(to_utf16::<true>(&[0, 0x61, 0], &mut dst), (2, 1));
    }
}
