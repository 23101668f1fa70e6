//! Section 13, "Legacy multi-byte Korean encodings": EUC-KR (13.1), whose index covers the
//! Unified Hangul Code extension (leads 0x81 to 0xFE, trails 0x41 to 0xFE) as well as KS X 1001.
//!
//! Step numbers are the current edition's (which splits the 2021 edition's decoder step 3
//! preamble into steps 3.1 to 3.3); the quotations are the 2021 edition's English.

use crate::forms::output::Output;
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::tables::korean::{EUC_KR, EUC_KR_ENCODE};

/// Section 13.1.1, EUC-KR decoder.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EucKrDecoder {
    /// "EUC-KR lead", 0x00 for none.
    lead: u8,
}

/// EUC-KR decoder steps 3.4 and 3.5: the code point of a two-byte sequence, if any.
#[inline(always)]
fn two_byte_code_point(lead: u8, byte: u8) -> Option<char> {
    char::from_u32(pair_value(lead, byte).into()).filter(|&c| c != '\0')
}

/// Steps 3.4 and 3.5 for the lead `lead` (0x81 to 0xFE) or any other byte, as the index's
/// raw value: 0 for null.
#[inline(always)]
fn pair_value(lead: u8, byte: u8) -> u16 {
    // Step 3.4: "If byte is in the range 0x41 to 0xFE, inclusive, set pointer to (lead −
    // 0x81) × 190 + (byte − 0x41)", and step 3.5: "Let code point be null if pointer is null,
    // otherwise the index code point for pointer in index EUC-KR": the index's lookup of the
    // lead's row and the byte's column, which answers 0 if either byte is out of its range.
    EUC_KR.value(&LEAD_PART[lead as usize], TRAIL_PART[byte as usize])
}

/// Row `lead − 0x81` (step 3.4) for a lead, 0x81 to 0xFE, as the index's layout looks it
/// up; `NO_LEAD` for any other byte.
static LEAD_PART: [crate::tables::LeadPart; 256] = EUC_KR.lead_parts(&[(0x81, 0xFE)], 1);

/// Column `byte − 0x41` (step 3.4) for a trail, 0x41 to 0xFE, as the index's layout looks
/// it up; `NO_PART` for any other byte.
static TRAIL_PART: [u16; 256] = EUC_KR.trail_parts(&[(0x41, 0xFE)]);

impl DecodeHandler for EucKrDecoder {
    const ASCII_FAST_PATH: bool = true;
    const STEPS_IN_BULK: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If EUC-KR lead is not 0x00", steps 3.1 to 3.3: "let lead be EUC-KR lead,
        // let pointer be null, set EUC-KR lead to 0x00, and then:"
        if self.lead != 0x00 {
            let lead = self.lead;
            self.lead = 0x00;
            // Steps 3.4 and 3.5, and step 3.6: "If code point is non-null, return a code
            // point whose value is code point."
            if let Some(c) = two_byte_code_point(lead, byte) {
                return DecodeStep::Emit(c);
            }
            // Step 3.7: "If byte is an ASCII byte, prepend byte to ioQueue." Step 3.8:
            // "Return error."
            return DecodeStep::Error(Restore::if_ascii(byte));
        }
        // Step 4: "If byte is an ASCII byte, return a code point whose value is byte."
        if byte.is_ascii() {
            return DecodeStep::Emit(byte as char);
        }
        // Step 5: "If byte is in the range 0x81 to 0xFE, inclusive, set EUC-KR lead to byte
        // and return continue."
        if (0x81..=0xFE).contains(&byte) {
            self.lead = byte;
            return DecodeStep::Continue;
        }
        // Step 6: "Return error."
        DecodeStep::Error(Restore::NONE)
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue and EUC-KR lead is not 0x00, set EUC-KR lead to
        // 0x00 and return error."
        if self.lead != 0x00 {
            self.lead = 0x00;
            return DecodeStep::Error(Restore::NONE);
        }
        // Step 2: "If byte is end-of-queue and EUC-KR lead is 0x00, return finished."
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        self.lead == 0x00
    }

    /// Runs of ASCII and of whole two-byte sequences with a code point (steps 4, 5 and 3 in
    /// turn), while `dst` has room for four bytes; stops before anything else, which the
    /// per-byte path handles. Pair by pair, not in runs: Korean text's runs of pairs
    /// between spaces are short (see [`decode_ascii_and_two_byte`]).
    ///
    /// [`decode_ascii_and_two_byte`]: crate::handler::decode::decode_ascii_and_two_byte
    #[inline(never)]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        crate::handler::decode::decode_ascii_and_two_byte::<O, false>(
            src,
            dst,
            |_| 0,
            pair_value,
            |_, _| 0,
        )
    }
}

/// Section 13.1.2, EUC-KR encoder. It has no state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EucKrEncoder;

impl EncodeHandler for EucKrEncoder {
    const ASCII_FAST_PATH: bool = true;
    /// Two bytes at most, for a code point of two UTF-8 bytes or more.
    const MAX_BYTES_PER_UTF8_BYTE: usize = 1;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 2;

    #[inline(always)]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        // Step 2: "If code point is an ASCII code point, return a byte whose value is code
        // point."
        if code_point.is_ascii() {
            return EncodeStep::Bytes(ByteSequence::one(code_point as u8));
        }
        // Steps 3 to 7 at once for Hangul syllables (`fast-hangul-encode`) and Hanja
        // (`fast-hanja-encode`).
        #[cfg(feature = "fast-hangul-encode")]
        if let Some(bytes) = HANGUL_BYTES.get(code_point) {
            return EncodeStep::Bytes(ByteSequence::pair(bytes));
        }
        #[cfg(feature = "fast-hanja-encode")]
        if let Some(bytes) = HANJA_BYTES.get(code_point) {
            return EncodeStep::Bytes(ByteSequence::pair(bytes));
        }
        // Step 3: "Let pointer be the index pointer for code point in index EUC-KR."
        // Step 4: "If pointer is null, return error with code point."
        let Some(pointer) = EUC_KR_ENCODE.pointer(code_point, &EUC_KR) else {
            return EncodeStep::Error(code_point);
        };
        EncodeStep::Bytes(ByteSequence::pair(pointer_bytes(pointer)))
    }
}

/// Steps 5 to 7: the two bytes of `pointer`.
#[inline(always)]
const fn pointer_bytes(pointer: u16) -> [u8; 2] {
    // Step 5: "Let lead be pointer / 190 + 0x81." Step 6: "Let trail be pointer % 190 +
    // 0x41." Step 7: "Return two bytes whose values are lead and trail."
    [(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8]
}

/// The bytes of the Hangul syllables, from their pointers.
#[cfg(feature = "fast-hangul-encode")]
static HANGUL_BYTES: crate::tables::DirectBytes =
    crate::tables::direct_bytes!(crate::tables::korean::EUC_KR_HANGUL, pointer_bytes);

/// The bytes of the Hanja, from their pointers.
#[cfg(feature = "fast-hanja-encode")]
static HANJA_BYTES: crate::tables::DirectBytes =
    crate::tables::direct_bytes!(crate::tables::korean::EUC_KR_HANJA, pointer_bytes);

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_pair(lead: u8, byte: u8) -> DecodeStep {
        let mut d = EucKrDecoder::default();
        assert_eq!(d.byte(lead), DecodeStep::Continue);
        d.byte(byte)
    }

    #[test]
    fn decoder_step_3_4_whole_index() {
        // KS X 1001: 0xB0 0xA1 is U+AC00; the extension: 0x81 0x41 is U+AC02 (pointer 0).
        assert_eq!(decode_pair(0xB0, 0xA1), DecodeStep::Emit('\u{AC00}'));
        assert_eq!(decode_pair(0x81, 0x41), DecodeStep::Emit('\u{AC02}'));
        // 0x5B lies in 0x41 to 0xFE but its pointer has no code point; being ASCII, it is
        // prepended (step 3.7).
        assert_eq!(
            decode_pair(0x81, 0x5B),
            DecodeStep::Error(Restore::one(0x5B))
        );
        assert_eq!(
            decode_pair(0x81, 0x40),
            DecodeStep::Error(Restore::one(0x40))
        );
        assert_eq!(decode_pair(0x81, 0xFF), DecodeStep::Error(Restore::NONE));
    }

    #[test]
    fn decoder_steps_1_4_5_6() {
        let mut d = EucKrDecoder::default();
        assert_eq!(d.byte(b'a'), DecodeStep::Emit('a'));
        assert_eq!(d.byte(0x80), DecodeStep::Error(Restore::NONE));
        assert_eq!(d.byte(0xFF), DecodeStep::Error(Restore::NONE));
        assert_eq!(d.byte(0x81), DecodeStep::Continue);
        assert_eq!(d.end(), DecodeStep::Error(Restore::NONE));
        assert_eq!(d.end(), DecodeStep::Finished);
    }

    /// The bytes of each direct table are the steps' bytes of the map's pointer, for every
    /// code point of its range.
    #[cfg(any(feature = "fast-hangul-encode", feature = "fast-hanja-encode"))]
    #[test]
    fn direct_bytes_agree_with_the_map() {
        #[cfg(feature = "fast-hangul-encode")]
        let hangul = [(&HANGUL_BYTES, 0xAC00..=0xD7A3)];
        #[cfg(not(feature = "fast-hangul-encode"))]
        let hangul = [];
        #[cfg(feature = "fast-hanja-encode")]
        let hanja = [(&HANJA_BYTES, 0x4E00..=0x9FFF)];
        #[cfg(not(feature = "fast-hanja-encode"))]
        let hanja = [];
        for (table, range) in hangul.into_iter().chain(hanja) {
            for c in range.filter_map(char::from_u32) {
                let hashed = EUC_KR_ENCODE.pointer(c, &EUC_KR).map(pointer_bytes);
                assert_eq!(table.get(c), hashed, "{c}");
            }
        }
    }

    #[test]
    fn encoder_steps() {
        let mut e = EucKrEncoder;
        assert_eq!(
            e.code_point('\u{AC00}'),
            EncodeStep::Bytes(ByteSequence::two(0xB0, 0xA1))
        );
        assert_eq!(
            e.code_point('\u{AC02}'),
            EncodeStep::Bytes(ByteSequence::two(0x81, 0x41))
        );
        assert_eq!(
            e.code_point('\u{20AC}'),
            EncodeStep::Bytes(ByteSequence::two(0xA2, 0xE6))
        );
        assert_eq!(e.code_point('\u{4E02}'), EncodeStep::Error('\u{4E02}'));
    }
}
