//! Section 10, "Legacy multi-byte Chinese (simplified) encodings": gb18030 (10.2) and GBK
//! (10.1), which is gb18030's decoder with gb18030's encoder whose is GBK is true.
//!
//! The current edition of the standard is followed (GB18030-2022 update of September 2024):
//! index gb18030 decodes the eighteen two-byte sequences GB18030-2022 moved to standard
//! characters, and encoder step 5 keeps writing the Private Use code points those sequences
//! used to decode to as the same two bytes (the side table, which the generator emits as
//! `GB18030_SIDE_TABLE` beside the encode map: those pointers do not decode back to their
//! code points, so the value-only map could not verify them).
//!
//! Step numbers are the current edition's; the quotations are the English of the 2021
//! edition where its wording is the same.

use crate::forms::output::Output;
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::tables::chinese::{
    GB18030, GB18030_ENCODE, GB18030_RANGES_CODE_POINTS, GB18030_RANGES_POINTERS,
    GB18030_SIDE_TABLE,
};

/// gb18030 encoder step 5: the pointer of `code_point` in the GB18030-2022 side table, if it
/// is there. A range check first keeps the scan of the eighteen entries off the hot path.
#[inline]
fn side_table_pointer(code_point: char) -> Option<u16> {
    let (first, last) = (GB18030_SIDE_TABLE.first()?.0, GB18030_SIDE_TABLE.last()?.0);
    let c = u16::try_from(code_point as u32).ok()?;
    if c < first || c > last {
        return None;
    }
    GB18030_SIDE_TABLE
        .iter()
        .find(|&&(k, _)| k == c)
        .map(|&(_, p)| p)
}

/// gb18030 encoder steps 5 and 6: the pointer of `code_point` in the GB18030-2022 side table
/// (a few code points, tested first) or index gb18030.
#[inline(always)]
fn two_byte_pointer(code_point: char) -> Option<u16> {
    side_table_pointer(code_point).or_else(|| GB18030_ENCODE.pointer(code_point, &GB18030))
}

/// Step 7, "if pointer is non-null": the two bytes of `pointer`.
#[inline(always)]
const fn pointer_bytes(pointer: u16) -> [u8; 2] {
    // "Let lead be pointer / 190 + 0x81. Let trail be pointer % 190. Let offset be 0x40 if
    // trail is less than 0x3F, otherwise 0x41. Return two bytes whose values are lead and
    // trail + offset."
    let lead = pointer / 190 + 0x81;
    let trail = pointer % 190;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    [lead as u8, (trail + offset) as u8]
}

/// The bytes of the hanzi, the CJK punctuation and the full-width forms, from their
/// pointers, in the order the encoder looks them up.
#[cfg(feature = "fast-gb-hanzi-encode")]
static DIRECT_BYTES: [crate::tables::DirectBytes; 3] = crate::tables::direct_bytes!(
    [
        crate::tables::chinese::GB18030_HANZI,
        crate::tables::chinese::GB18030_PUNCTUATION,
        crate::tables::chinese::GB18030_FULL_WIDTH
    ],
    pointer_bytes
);

/// Section 5, "index gb18030 ranges code point" for `pointer`, by binary search over the
/// ranges' first pointers.
pub(crate) fn ranges_code_point(pointer: u32) -> Option<char> {
    // Step 1: "If pointer is greater than 39419 and less than 189000, or pointer is greater
    // than 1237575, then return null."
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    // Step 2: "If pointer is 7457, then return code point U+E7C7."
    if pointer == 7457 {
        return Some('\u{E7C7}');
    }
    // Step 3: "Let offset be the last pointer in index gb18030 ranges that is less than or
    // equal to pointer and let codePointOffset be its corresponding code point."
    let i = GB18030_RANGES_POINTERS
        .partition_point(|&p| p <= pointer)
        .checked_sub(1)?;
    let offset = *GB18030_RANGES_POINTERS.get(i)?;
    let code_point_offset = *GB18030_RANGES_CODE_POINTS.get(i)?;
    // Step 4: "Return a code point whose value is codePointOffset + pointer − offset."
    char::from_u32(code_point_offset + (pointer - offset))
}

/// Section 5, "index gb18030 ranges pointer" for `code_point`, by binary search over the
/// ranges' first code points. None only below the first range (ASCII, which the encoder
/// handles before it gets here).
pub(crate) fn ranges_pointer(code_point: char) -> Option<u32> {
    let code_point = code_point as u32;
    // Step 1: "If codePoint is U+E7C7, then return pointer 7457."
    if code_point == 0xE7C7 {
        return Some(7457);
    }
    // Step 2: "Let offset be the last code point in index gb18030 ranges that is less than
    // or equal to codePoint and let pointerOffset be its corresponding pointer."
    let i = GB18030_RANGES_CODE_POINTS
        .partition_point(|&c| c <= code_point)
        .checked_sub(1)?;
    let offset = *GB18030_RANGES_CODE_POINTS.get(i)?;
    let pointer_offset = *GB18030_RANGES_POINTERS.get(i)?;
    // Step 3: "Return a pointer whose value is pointerOffset + codePoint − offset."
    Some(pointer_offset + (code_point - offset))
}

/// gb18030 decoder steps 5.4 to 5.7: the code point of a two-byte sequence, if any.
#[inline(always)]
fn two_byte_code_point(lead: u8, byte: u8) -> Option<char> {
    char::from_u32(pair_value(lead, byte).into()).filter(|&c| c != '\0')
}

/// Steps 5.4 to 5.7 for the first byte `lead` (0x81 to 0xFE) or any other byte, as the
/// index's raw value: 0 for null.
#[inline(always)]
fn pair_value(lead: u8, byte: u8) -> u16 {
    // Steps 5.5 and 5.6: "Let offset be 0x40 if byte is less than 0x7F, otherwise 0x41. If
    // byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFE, inclusive, set pointer
    // to (lead − 0x81) × 190 + (byte − offset)", and step 5.7: "Let code point be null if
    // pointer is null, otherwise the index code point for pointer in index gb18030" (step
    // 5.4: "Let pointer be null"): the index's lookup of the lead's row and the byte's
    // column, which answers 0 if either byte is out of its range.
    GB18030.value(&LEAD_PART[lead as usize], TRAIL_PART[byte as usize])
}

/// Row `lead − 0x81` (step 5.6) for a lead, 0x81 to 0xFE, as the index's layout looks it
/// up; `NO_LEAD` for any other byte.
static LEAD_PART: [crate::tables::LeadPart; 256] = GB18030.lead_parts(&[(0x81, 0xFE)], 1);

/// Column `byte − offset` (steps 5.5 and 5.6) for a second byte of a two-byte sequence,
/// 0x40 to 0x7E or 0x80 to 0xFE, as the index's layout looks it up; `NO_PART` for any other
/// byte.
static TRAIL_PART: [u16; 256] = GB18030.trail_parts(&[(0x40, 0x7E), (0x80, 0xFE)]);

/// Section 10.2.1, gb18030 decoder (also GBK's, 10.1.1).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Gb18030Decoder {
    /// "gb18030 first", 0x00 for none.
    first: u8,
    /// "gb18030 second", 0x00 for none.
    second: u8,
    /// "gb18030 third", 0x00 for none.
    third: u8,
}

impl Gb18030Decoder {
    fn reset(&mut self) {
        self.first = 0x00;
        self.second = 0x00;
        self.third = 0x00;
    }
}

impl DecodeHandler for Gb18030Decoder {
    const ASCII_FAST_PATH: bool = true;
    const STEPS_IN_BULK: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If gb18030 third is not 0x00, then:"
        if self.third != 0x00 {
            // Step 3.1: "If byte is not in the range 0x30 to 0x39, inclusive, then: prepend
            // gb18030 second, gb18030 third, and byte to ioQueue; set gb18030 first, gb18030
            // second, and gb18030 third to 0x00; return error."
            if !(0x30..=0x39).contains(&byte) {
                let restore = Restore::three(self.second, self.third, byte);
                self.reset();
                return DecodeStep::Error(restore);
            }
            // Step 3.2: "Let code point be the index gb18030 ranges code point for
            // ((gb18030 first − 0x81) × (10 × 126 × 10)) + ((gb18030 second − 0x30) × (10 ×
            // 126)) + ((gb18030 third − 0x81) × 10) + byte − 0x30."
            let pointer = (self.first as u32 - 0x81) * (10 * 126 * 10)
                + (self.second as u32 - 0x30) * (10 * 126)
                + (self.third as u32 - 0x81) * 10
                + (byte as u32 - 0x30);
            // Step 3.3: "Set gb18030 first, gb18030 second, and gb18030 third to 0x00."
            self.reset();
            // Steps 3.4 and 3.5: null is an error (with nothing prepended).
            return match ranges_code_point(pointer) {
                Some(c) => DecodeStep::Emit(c),
                None => DecodeStep::Error(Restore::NONE),
            };
        }
        // Step 4: "If gb18030 second is not 0x00, then:"
        if self.second != 0x00 {
            // Step 4.1: "If byte is in the range 0x81 to 0xFE, inclusive, set gb18030 third
            // to byte and return continue."
            if (0x81..=0xFE).contains(&byte) {
                self.third = byte;
                return DecodeStep::Continue;
            }
            // Step 4.2: "Prepend gb18030 second followed by byte to ioQueue, set gb18030
            // first and gb18030 second to 0x00, and return error."
            let restore = Restore::two(self.second, byte);
            self.reset();
            return DecodeStep::Error(restore);
        }
        // Step 5: "If gb18030 first is not 0x00, then:"
        if self.first != 0x00 {
            // Step 5.1: "If byte is in the range 0x30 to 0x39, inclusive, set gb18030 second
            // to byte and return continue."
            if (0x30..=0x39).contains(&byte) {
                self.second = byte;
                return DecodeStep::Continue;
            }
            // Steps 5.2 and 5.3: "Let lead be gb18030 first" and "set gb18030 first to
            // 0x00."
            let lead = self.first;
            self.first = 0x00;
            // Steps 5.4 to 5.7, and step 5.8: "If code point is non-null, return a code point
            // whose value is code point."
            if let Some(c) = two_byte_code_point(lead, byte) {
                return DecodeStep::Emit(c);
            }
            // Step 5.9: "If byte is an ASCII byte, prepend byte to ioQueue." Step 5.10:
            // "Return error."
            return DecodeStep::Error(Restore::if_ascii(byte));
        }
        // Step 6: "If byte is an ASCII byte, return a code point whose value is byte."
        if byte.is_ascii() {
            return DecodeStep::Emit(byte as char);
        }
        // Step 7: "If byte is 0x80, return code point U+20AC."
        if byte == 0x80 {
            return DecodeStep::Emit('\u{20AC}');
        }
        // Step 8: "If byte is in the range 0x81 to 0xFE, inclusive, set gb18030 first to
        // byte and return continue."
        if (0x81..=0xFE).contains(&byte) {
            self.first = byte;
            return DecodeStep::Continue;
        }
        // Step 9: "Return error."
        DecodeStep::Error(Restore::NONE)
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: end-of-queue with nothing held: "return finished".
        if self.between_sequences() {
            return DecodeStep::Finished;
        }
        // Step 2: "If byte is end-of-queue, and gb18030 first, gb18030 second, or gb18030
        // third is not 0x00, set gb18030 first, gb18030 second, and gb18030 third to 0x00,
        // and return error." Nothing is prepended, so a held gb18030 second (always an ASCII
        // digit) is lost: the one place where the standard lets an ASCII byte be masked
        // (section 2).
        self.reset();
        DecodeStep::Error(Restore::NONE)
    }

    fn between_sequences(&self) -> bool {
        self.first == 0x00 && self.second == 0x00 && self.third == 0x00
    }

    /// Runs of ASCII and of whole two-byte sequences with a code point (steps 6, 8, 5.1 and
    /// 5.2 to 5.8 in turn), while `dst` has room for four bytes; stops before anything
    /// else, which the per-byte path handles.
    #[inline(never)]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        crate::handler::decode::decode_ascii_and_two_byte::<O, true>(
            src,
            dst,
            // Step 7: 0x80 is U+20AC.
            |byte| if byte == 0x80 { 0x20AC } else { 0 },
            pair_value,
            |_, _| 0,
        )
    }
}

/// Section 10.2.2, gb18030 encoder (also GBK's, 10.1.2, with is GBK true).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Gb18030Encoder {
    /// "is GBK"
    is_gbk: bool,
}

impl Gb18030Encoder {
    pub(crate) fn new(is_gbk: bool) -> Self {
        Gb18030Encoder { is_gbk }
    }
}

impl EncodeHandler for Gb18030Encoder {
    const ASCII_FAST_PATH: bool = true;
    /// U+0080 to U+07FF take two bytes of UTF-8 and may take four bytes of gb18030.
    const MAX_BYTES_PER_UTF8_BYTE: usize = 2;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 4;

    #[inline(always)]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        // Step 2: "If code point is an ASCII code point, return a byte whose value is code
        // point."
        if code_point.is_ascii() {
            return EncodeStep::Bytes(ByteSequence::one(code_point as u8));
        }
        // Steps 5 to 7 at once for the hanzi, CJK punctuation and full-width forms
        // (`fast-gb-hanzi-encode`), none of which steps 3 and 4 concern.
        #[cfg(feature = "fast-gb-hanzi-encode")]
        if let Some(bytes) = crate::tables::DirectBytes::in_order(&DIRECT_BYTES, code_point) {
            return EncodeStep::Bytes(ByteSequence::pair(bytes));
        }
        // Step 3: "If code point is U+E5E5, return error with code point." (Index gb18030
        // maps 0xA3 0xA0 to U+3000, so U+E5E5 is not in the encode map; without this step
        // it would get a four-byte sequence from the ranges.)
        if code_point == '\u{E5E5}' {
            return EncodeStep::Error(code_point);
        }
        // Step 4: "If is GBK is true and code point is U+20AC, return byte 0x80."
        if self.is_gbk && code_point == '\u{20AC}' {
            return EncodeStep::Bytes(ByteSequence::one(0x80));
        }
        // Step 5: "If code point is in the GB18030-2022 side table, return its bytes" (the
        // table holds their pointers), then step 6: "Let pointer be the index pointer for
        // code point in index gb18030."
        if let Some(pointer) = two_byte_pointer(code_point) {
            return EncodeStep::Bytes(ByteSequence::pair(pointer_bytes(pointer)));
        }
        // Step 8: "If is GBK is true, return error with code point."
        if self.is_gbk {
            return EncodeStep::Error(code_point);
        }
        // Step 9: "Set pointer to the index gb18030 ranges pointer for code point."
        let Some(pointer) = ranges_pointer(code_point) else {
            return EncodeStep::Error(code_point);
        };
        // Steps 10 to 15: the pointer in bases 126 and 10.
        let byte1 = pointer / (10 * 126 * 10);
        let pointer = pointer % (10 * 126 * 10);
        let byte2 = pointer / (10 * 126);
        let pointer = pointer % (10 * 126);
        let byte3 = pointer / 10;
        let byte4 = pointer % 10;
        // Step 16: "Return four bytes whose values are byte1 + 0x81, byte2 + 0x30, byte3 +
        // 0x81, byte4 + 0x30."
        EncodeStep::Bytes(ByteSequence::four(
            (byte1 + 0x81) as u8,
            (byte2 + 0x30) as u8,
            (byte3 + 0x81) as u8,
            (byte4 + 0x30) as u8,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> Vec<DecodeStep> {
        let mut d = Gb18030Decoder::default();
        let mut steps: Vec<DecodeStep> = bytes.iter().map(|&b| d.byte(b)).collect();
        steps.push(d.end());
        steps
    }

    fn encode(is_gbk: bool, c: char) -> EncodeStep {
        Gb18030Encoder::new(is_gbk).code_point(c)
    }

    #[test]
    fn ranges_code_point_at_every_range_start_and_end() {
        for (i, (&p, &c)) in GB18030_RANGES_POINTERS
            .iter()
            .zip(&GB18030_RANGES_CODE_POINTS)
            .enumerate()
        {
            if p == 7457 {
                continue;
            }
            assert_eq!(ranges_code_point(p).map(u32::from), Some(c), "pointer {p}");
            assert_eq!(ranges_pointer(char::from_u32(c).unwrap()), Some(p));
            if let Some(&next) = GB18030_RANGES_POINTERS.get(i + 1) {
                let last = next - 1;
                if !(39420..189000).contains(&last) {
                    assert_eq!(ranges_code_point(last).map(u32::from), Some(c + last - p));
                }
            }
        }
    }

    #[test]
    fn ranges_step_1_null_gaps_and_step_2_e7c7() {
        assert_eq!(ranges_code_point(39419), Some('\u{FFFF}'));
        assert_eq!(ranges_code_point(39420), None);
        assert_eq!(ranges_code_point(188999), None);
        assert_eq!(ranges_code_point(189000), Some('\u{10000}'));
        assert_eq!(ranges_code_point(1237575), Some('\u{10FFFF}'));
        assert_eq!(ranges_code_point(1237576), None);
        assert_eq!(ranges_code_point(u32::MAX), None);
        assert_eq!(ranges_code_point(7457), Some('\u{E7C7}'));
        assert_eq!(ranges_pointer('\u{E7C7}'), Some(7457));
        assert_eq!(ranges_pointer('\u{7F}'), None);
        // Every pointer below the first gap has a code point (no surrogates).
        assert!((0..=39419).all(|p| ranges_code_point(p).is_some()));
    }

    #[test]
    fn decoder_steps() {
        // Step 7: 0x80 is U+20AC. Step 9: 0xFF is an error.
        assert_eq!(decode(&[0x80])[0], DecodeStep::Emit('\u{20AC}'));
        assert_eq!(decode(&[0xFF])[0], DecodeStep::Error(Restore::NONE));
        // Step 5.9: an ASCII byte that is not a valid trail is prepended.
        assert_eq!(
            decode(&[0x81, 0x22])[1],
            DecodeStep::Error(Restore::one(0x22))
        );
        assert_eq!(decode(&[0x81, 0xFF])[1], DecodeStep::Error(Restore::NONE));
        // Step 4.2: two bytes prepended; step 3.1: three.
        assert_eq!(
            decode(&[0x81, 0x30, 0x20])[2],
            DecodeStep::Error(Restore::two(0x30, 0x20))
        );
        assert_eq!(
            decode(&[0x81, 0x30, 0x81, 0x20])[3],
            DecodeStep::Error(Restore::three(0x30, 0x81, 0x20))
        );
        // Step 3: a four-byte sequence, U+0080 at pointer 0.
        assert_eq!(
            decode(&[0x81, 0x30, 0x81, 0x30])[3],
            DecodeStep::Emit('\u{80}')
        );
        // Step 2: end-of-queue after gb18030 second: one error, nothing prepended.
        assert_eq!(
            decode(&[0x81, 0x30]),
            [
                DecodeStep::Continue,
                DecodeStep::Continue,
                DecodeStep::Error(Restore::NONE)
            ]
        );
    }

    #[test]
    fn bulk_stops_before_what_the_per_byte_path_must_handle() {
        let mut d = Gb18030Decoder::default();
        let mut dst = [0u8; 64];
        // ASCII and a two-byte sequence (0xB0 0xA1, U+554A), then a four-byte sequence.
        let src = [b'a', 0xB0, 0xA1, b'b', 0x81, 0x30, 0x81, 0x30];
        assert_eq!(d.bulk::<crate::forms::output::Utf8>(&src, &mut dst), (4, 5));
        assert_eq!(&dst[..5], "a\u{554A}b".as_bytes());
        // 0x80 (step 7) is U+20AC.
        assert_eq!(
            d.bulk::<crate::forms::output::Utf8>(&[0x80, 0x41], &mut dst),
            (2, 4)
        );
        assert_eq!(&dst[..4], "\u{20AC}A".as_bytes());
        // An invalid trail, a lone lead: nothing.
        for src in [&[0x81, 0x7F][..], &[0x81]] {
            assert_eq!(d.bulk::<crate::forms::output::Utf8>(src, &mut dst), (0, 0));
        }
        // Not without room for four bytes (the most one character takes).
        assert_eq!(
            d.bulk::<crate::forms::output::Utf8>(&[0xB0, 0xA1], &mut dst[..3]),
            (0, 0)
        );
        assert!(d.between_sequences());
    }

    #[test]
    fn encoder_steps() {
        // Step 3, step 4, step 7 and step 8.
        assert_eq!(encode(false, '\u{E5E5}'), EncodeStep::Error('\u{E5E5}'));
        assert_eq!(
            encode(true, '\u{20AC}'),
            EncodeStep::Bytes(ByteSequence::one(0x80))
        );
        assert_eq!(
            encode(false, '\u{20AC}'),
            EncodeStep::Bytes(ByteSequence::two(0xA2, 0xE3))
        );
        assert_eq!(encode(true, '\u{80}'), EncodeStep::Error('\u{80}'));
        // Steps 9 to 16.
        assert_eq!(
            encode(false, '\u{80}'),
            EncodeStep::Bytes(ByteSequence::four(0x81, 0x30, 0x81, 0x30))
        );
        assert_eq!(
            encode(false, '\u{10FFFF}'),
            EncodeStep::Bytes(ByteSequence::four(0xE3, 0x32, 0x9A, 0x35))
        );
        // Step 5: the side table.
        assert_eq!(
            encode(false, '\u{E78D}'),
            EncodeStep::Bytes(ByteSequence::two(0xA6, 0xD9))
        );
    }

    /// The direct tables give every code point of their ranges what steps 5 to 7 give it
    /// (the hanzi: every unified ideograph of index gb18030, GBK's 20,902 from U+4E00 to
    /// U+9FA5 and those GB18030-2005 and -2022 moved to two bytes).
    #[cfg(feature = "fast-gb-hanzi-encode")]
    #[test]
    fn direct_tables_agree_with_the_side_table_and_map() {
        use crate::tables::chinese::{GB18030_FULL_WIDTH, GB18030_HANZI, GB18030_PUNCTUATION};
        let pointers = [
            GB18030_HANZI
                .code_points()
                .map(|c| (c, GB18030_HANZI.get(c)))
                .collect::<Vec<_>>(),
            GB18030_PUNCTUATION
                .code_points()
                .map(|c| (c, GB18030_PUNCTUATION.get(c)))
                .collect(),
            GB18030_FULL_WIDTH
                .code_points()
                .map(|c| (c, GB18030_FULL_WIDTH.get(c)))
                .collect(),
        ];
        for (table, pointers) in DIRECT_BYTES.iter().zip(pointers) {
            for (c, pointer) in pointers {
                assert_eq!(pointer, two_byte_pointer(c), "{c}");
                assert_eq!(table.get(c), pointer.map(pointer_bytes), "{c}");
            }
        }
        let mut hanzi: Vec<u32> = (0..23940)
            .map(|p| GB18030.value_at(p))
            .filter(|c| (0x4E00..=0x9FFF).contains(c))
            .collect();
        hanzi.sort_unstable();
        hanzi.dedup();
        let found = GB18030_HANZI
            .code_points()
            .filter(|&c| GB18030_HANZI.get(c).is_some())
            .count();
        assert_eq!(found, hanzi.len());
        assert!(found >= 20902, "{found}");
        // U+4E00 is at 0xD2 0xBB.
        assert_eq!(DIRECT_BYTES[0].get('\u{4E00}'), Some([0xD2, 0xBB]));
    }
}
