//! Section 12.1, EUC-JP: ASCII, two bytes over index jis0208, 0x8E + a byte for half-width
//! katakana, and (decoding only) 0x8F + two bytes over index jis0212.

use crate::forms::input::Cursor;
use crate::forms::output::Output;
use crate::handler::encode::two_byte_run;
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::tables::japanese::{jis0208_pointer, JIS0208, JIS0208_DIRECT, JIS0212};

/// Section 12.1.1, EUC-JP decoder.
#[derive(Clone, Copy, Default)]
pub(crate) struct EucJpDecoder {
    /// "EUC-JP jis0212" (initially false): the lead was preceded by 0x8F.
    jis0212: bool,
    /// "EUC-JP lead" (initially 0x00, which stands for none).
    lead: u8,
}

impl DecodeHandler for EucJpDecoder {
    const ASCII_FAST_PATH: bool = true;
    const STEPS_IN_BULK: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If EUC-JP lead is 0x8E and byte is in the range 0xA1 to 0xDF, inclusive,
        // set EUC-JP lead to 0x00 and return a code point whose value is
        // 0xFF61 − 0xA1 + byte."
        if self.lead == 0x8E && (0xA1..=0xDF).contains(&byte) {
            self.lead = 0x00;
            return match char::from_u32(0xFF61 - 0xA1 + byte as u32) {
                Some(c) => DecodeStep::Emit(c),
                None => DecodeStep::Error(Restore::NONE),
            };
        }
        // Step 4: "If EUC-JP lead is 0x8F and byte is in the range 0xA1 to 0xFE, inclusive,
        // set EUC-JP jis0212 to true, set EUC-JP lead to byte, and return continue."
        if self.lead == 0x8F && (0xA1..=0xFE).contains(&byte) {
            self.jis0212 = true;
            self.lead = byte;
            return DecodeStep::Continue;
        }
        // Step 5: "If EUC-JP lead is not 0x00, let lead be EUC-JP lead, set EUC-JP lead to
        // 0x00, and then:"
        if self.lead != 0x00 {
            let lead = self.lead;
            self.lead = 0x00;
            // Step 5.1: "Let code point be null."
            let mut code_point = None;
            // Step 5.2: "If lead and byte are both in the range 0xA1 to 0xFE, inclusive,
            // then set code point to the index code point for (lead − 0xA1) × 94 + byte −
            // 0xA1 in index jis0208 if EUC-JP jis0212 is false and in index jis0212
            // otherwise."
            if let Some(pointer) = pointer(lead, byte) {
                code_point = if self.jis0212 {
                    JIS0212.code_point(pointer)
                } else {
                    JIS0208.code_point(pointer)
                };
            }
            // Step 5.3: "Set EUC-JP jis0212 to false."
            self.jis0212 = false;
            // Step 5.4: "If code point is non-null, return a code point whose value is code
            // point."
            if let Some(c) = code_point {
                return DecodeStep::Emit(c);
            }
            // Step 5.5: "If byte is an ASCII byte, restore byte to ioQueue." (Section 2: an
            // ASCII byte is never swallowed by a bad lead.)
            // Step 5.6: "Return error."
            return DecodeStep::Error(Restore::if_ascii(byte));
        }
        match byte {
            // Step 6: "If byte is an ASCII byte, return a code point whose value is byte."
            0x00..=0x7F => DecodeStep::Emit(byte as char),
            // Step 7: "If byte is 0x8E, 0x8F, or in the range 0xA1 to 0xFE, inclusive, set
            // EUC-JP lead to byte and return continue."
            0x8E | 0x8F | 0xA1..=0xFE => {
                self.lead = byte;
                DecodeStep::Continue
            }
            // Step 8: "Return error."
            _ => DecodeStep::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue and EUC-JP lead is not 0x00, set EUC-JP lead to
        // 0x00, and return error." (EUC-JP jis0212 is cleared too, which the standard need
        // not do since nothing follows end-of-queue: it keeps the handler like new.)
        if self.lead != 0x00 {
            self.lead = 0x00;
            self.jis0212 = false;
            return DecodeStep::Error(Restore::NONE);
        }
        // Step 2: "If byte is end-of-queue and EUC-JP lead is 0x00, return finished."
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        self.lead == 0x00
    }

    /// Runs of ASCII and of two-byte sequences with a code point (steps 3 and 5 with EUC-JP
    /// jis0212 false); anything else, 0x8F's three-byte sequences included, is left to the
    /// per-byte path.
    #[inline(never)]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        crate::handler::decode::decode_ascii_and_two_byte::<O, true>(
            src,
            dst,
            |_| 0,
            pair_value,
            |lead, byte| match (lead, byte) {
                // Step 3: half-width katakana.
                (0x8E, 0xA1..=0xDF) => 0xFF61 - 0xA1 + byte as u32,
                _ => 0,
            },
        )
    }
}

/// Step 5.2's pointer, `(lead − 0xA1) × 94 + byte − 0xA1`, if lead and byte are both in the
/// range 0xA1 to 0xFE.
#[inline(always)]
fn pointer(lead: u8, byte: u8) -> Option<usize> {
    ((0xA1..=0xFE).contains(&lead) && (0xA1..=0xFE).contains(&byte))
        .then(|| (lead as usize - 0xA1) * 94 + byte as usize - 0xA1)
}

/// A two-byte sequence from between sequences in index jis0208 (step 5 with EUC-JP jis0212
/// false): the code point, or 0 for anything else.
#[inline(always)]
fn pair_value(lead: u8, byte: u8) -> u16 {
    // Step 5.2's pointer, `(lead − 0xA1) × 94 + byte − 0xA1`, and its index code point: the
    // index's lookup of the lead's row and the byte's column, which answers 0 if either byte
    // is outside 0xA1 to 0xFE.
    JIS0208.value(&LEAD_PART[lead as usize], TRAIL_PART[byte as usize])
}

/// Row `lead − 0xA1` (step 5.2) for a lead, 0xA1 to 0xFE, as index jis0208's layout looks it
/// up; `NO_LEAD` for any other byte (0x8E and 0x8F included: their sequences are not pairs of
/// index jis0208).
static LEAD_PART: [crate::tables::LeadPart; 256] = JIS0208.lead_parts(&[(0xA1, 0xFE)], 1);

/// Column `byte − 0xA1` (step 5.2) for a trail, 0xA1 to 0xFE, as index jis0208's layout looks
/// it up; `NO_PART` for any other byte.
static TRAIL_PART: [u16; 256] = JIS0208.trail_parts(&[(0xA1, 0xFE)]);

/// Section 12.1.2, EUC-JP encoder. It has no state (braces rather than a unit struct:
/// [`crate::encodings`] makes every handler with `default()`).
#[derive(Clone, Copy, Default)]
pub(crate) struct EucJpEncoder {}

impl EncodeHandler for EucJpEncoder {
    const ASCII_FAST_PATH: bool = true;
    /// One byte for an ASCII code point, two for anything else (at least two bytes of
    /// UTF-8).
    const MAX_BYTES_PER_UTF8_BYTE: usize = 1;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 2;

    #[inline(always)]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        // The common case (a code point for the index) first, in one comparison; then one
        // match for steps 2 to 6's few code points.
        let code_point = match code_point {
            c if JIS0208_DIRECT.contains(&c) => c,
            // Step 2: "If code point is an ASCII code point, return a byte whose value is
            // code point."
            '\u{0}'..='\u{7F}' => return EncodeStep::Bytes(ByteSequence::one(code_point as u8)),
            // Step 3: "If code point is U+00A5, return byte 0x5C."
            '\u{A5}' => return EncodeStep::Bytes(ByteSequence::one(0x5C)),
            // Step 4: "If code point is U+203E, return byte 0x7E."
            '\u{203E}' => return EncodeStep::Bytes(ByteSequence::one(0x7E)),
            // Step 5: "If code point is in the range U+FF61 to U+FF9F, inclusive, return two
            // bytes whose values are 0x8E and code point − 0xFF61 + 0xA1."
            '\u{FF61}'..='\u{FF9F}' => {
                return EncodeStep::Bytes(ByteSequence::two(
                    0x8E,
                    (code_point as u32 - 0xFF61 + 0xA1) as u8,
                ))
            }
            // Step 6: "If code point is U+2212, set it to U+FF0D."
            '\u{2212}' => '\u{FF0D}',
            c => c,
        };
        // Step 7: "Let pointer be the index pointer for code point in index jis0208." ("If
        // pointer is non-null, it is less than 8836 due to the nature of index jis0208 and
        // the index pointer operation.")
        // Step 8: "If pointer is null, return error with code point."
        match two_bytes(code_point) {
            Some(bytes) => EncodeStep::Bytes(ByteSequence::pair(bytes)),
            None => EncodeStep::Error(code_point),
        }
    }

    /// Kanji and kana at once: steps 7 to 11 for each code point of [`JIS0208_DIRECT`]
    /// (which steps 2 to 6 do not concern) that index jis0208 has.
    #[inline(always)]
    fn run<'a, C: Cursor<'a>>(&mut self, cursor: &mut C, out: &mut [u8]) -> usize {
        // A closure rather than the function itself, which was called through `Fn::call`
        // rather than inlined.
        #[allow(clippy::redundant_closure)]
        two_byte_run(cursor, out, JIS0208_DIRECT, |c| two_bytes(c))
    }
}

/// Steps 7 to 11: the two bytes of `code_point`'s pointer, if it has one; with
/// `fast-kanji-encode`, those of kanji, kana, CJK punctuation and full-width forms looked up
/// at once.
#[inline(always)]
fn two_bytes(code_point: char) -> Option<[u8; 2]> {
    #[cfg(feature = "fast-kanji-encode")]
    if let Some(bytes) = crate::tables::DirectBytes::in_order(&DIRECT_BYTES, code_point) {
        return Some(bytes);
    }
    jis0208_pointer(code_point).map(pointer_bytes)
}

/// The bytes of the kanji, the kana and CJK punctuation (U+3000 to U+30FF) and the
/// full-width forms, from their index pointers in index jis0208, in the order the encoder
/// looks them up.
#[cfg(feature = "fast-kanji-encode")]
static DIRECT_BYTES: [crate::tables::DirectBytes; 3] = crate::tables::direct_bytes!(
    [
        crate::tables::japanese::JIS0208_KANJI,
        crate::tables::japanese::JIS0208_KANA_PUNCTUATION,
        crate::tables::japanese::JIS0208_FULL_WIDTH
    ],
    pointer_bytes
);

/// Steps 9 to 11: the two bytes of `pointer`.
#[inline(always)]
const fn pointer_bytes(pointer: u16) -> [u8; 2] {
    // Step 9: "Let lead be pointer / 94 + 0xA1."
    // Step 10: "Let trail be pointer % 94 + 0xA1."
    // Step 11: "Return two bytes whose values are lead and trail."
    [(pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct tables' bytes are what steps 7 to 11 make of the map's pointer, for every
    /// code point of their ranges.
    #[cfg(feature = "fast-kanji-encode")]
    #[test]
    fn direct_bytes_agree_with_the_map() {
        use crate::tables::japanese::{
            JIS0208_ENCODE, JIS0208_FULL_WIDTH, JIS0208_KANA_PUNCTUATION, JIS0208_KANJI,
        };
        let ranges = [
            JIS0208_KANJI.code_points().collect::<Vec<_>>(),
            JIS0208_KANA_PUNCTUATION.code_points().collect(),
            JIS0208_FULL_WIDTH.code_points().collect(),
        ];
        for (table, range) in DIRECT_BYTES.iter().zip(ranges) {
            for c in range {
                // Step 7 as without the tables: the lookups.
                let hashed = JIS0208_ENCODE.pointer(c, &JIS0208);
                assert_eq!(table.get(c), hashed.map(pointer_bytes), "{c}");
            }
        }
    }

    fn decode(bytes: &[u8]) -> Vec<DecodeStep> {
        crate::handler::decode::decode_steps::<EucJpDecoder>(bytes)
    }

    #[test]
    fn step_3_half_width_katakana() {
        assert_eq!(decode(&[0x8E, 0xA1])[1], DecodeStep::Emit('\u{FF61}'));
        assert_eq!(decode(&[0x8E, 0xDF])[1], DecodeStep::Emit('\u{FF9F}'));
        // 0x8E then 0xE0 is not katakana, and 0x8E is not a jis0208 lead: one error that
        // takes both bytes.
        assert_eq!(decode(&[0x8E, 0xE0])[1], DecodeStep::Error(Restore::NONE));
    }

    #[test]
    fn step_4_jis0212_takes_three_bytes() {
        // Pointer (0xB0 − 0xA1) × 94 + 0xA1 − 0xA1 = 1410, U+4E02 in index jis0212; in index
        // jis0208 the same pointer is U+4E9C.
        assert_eq!(
            decode(&[0x8F, 0xB0, 0xA1]),
            vec![
                DecodeStep::Continue,
                DecodeStep::Continue,
                DecodeStep::Emit('\u{4E02}'),
                DecodeStep::Finished
            ]
        );
        assert_eq!(decode(&[0xB0, 0xA1])[1], DecodeStep::Emit('\u{4E9C}'));
        // Step 5.3: the flag does not outlive its character.
        let mut d = EucJpDecoder::default();
        for b in [0x8F, 0xB0, 0xA1, 0xB0] {
            d.byte(b);
        }
        assert_eq!(d.byte(0xA1), DecodeStep::Emit('\u{4E9C}'));
    }

    #[test]
    fn step_5_5_ascii_trail_is_restored() {
        assert_eq!(
            decode(&[0xA1, 0x22])[1],
            DecodeStep::Error(Restore::one(0x22))
        );
        assert_eq!(
            decode(&[0x8F, 0xA1, 0x22])[2],
            DecodeStep::Error(Restore::one(0x22))
        );
        assert_eq!(decode(&[0xA1, 0xFF])[1], DecodeStep::Error(Restore::NONE));
    }

    #[test]
    fn encoder_steps_3_to_6() {
        let mut e = EucJpEncoder::default();
        let mut enc = |c| e.code_point(c);
        assert_eq!(enc('\u{A5}'), EncodeStep::Bytes(ByteSequence::one(0x5C)));
        assert_eq!(enc('\u{203E}'), EncodeStep::Bytes(ByteSequence::one(0x7E)));
        assert_eq!(
            enc('\u{FF61}'),
            EncodeStep::Bytes(ByteSequence::two(0x8E, 0xA1))
        );
        // U+FF0D is pointer 60 in index jis0208: 0xA1, 60 + 0xA1.
        assert_eq!(
            enc('\u{2212}'),
            EncodeStep::Bytes(ByteSequence::two(0xA1, 0xDD))
        );
        assert_eq!(enc('\u{2212}'), enc('\u{FF0D}'));
        // Index jis0212 is for decoding only.
        assert_eq!(enc('\u{4E02}'), EncodeStep::Error('\u{4E02}'));
        assert_eq!(enc('\u{80}'), EncodeStep::Error('\u{80}'));
    }
}
