//! Section 12.3, Shift_JIS: one or two bytes per code point, over index jis0208.

use crate::forms::input::Cursor;
use crate::forms::output::Output;
use crate::handler::encode::two_byte_run;
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::tables::japanese::{jis0208_pointer, JIS0208, JIS0208_DIRECT, SHIFT_JIS_REMAP};

/// Section 12.3.1, Shift_JIS decoder.
#[derive(Clone, Copy, Default)]
pub(crate) struct ShiftJisDecoder {
    /// "Shift_JIS lead" (initially 0x00, which stands for none).
    lead: u8,
}

impl DecodeHandler for ShiftJisDecoder {
    const ASCII_FAST_PATH: bool = true;
    const STEPS_IN_BULK: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If Shift_JIS lead is not 0x00, let lead be Shift_JIS lead, let pointer be
        // null, set Shift_JIS lead to 0x00, and then:"
        if self.lead != 0x00 {
            let lead = self.lead;
            self.lead = 0x00;
            return trail(lead, byte);
        }
        match byte {
            // Step 4: "If byte is an ASCII byte or 0x80, return a code point whose value is
            // byte."
            0x00..=0x80 => DecodeStep::Emit(byte as char),
            // Step 5: "If byte is in the range 0xA1 to 0xDF, inclusive, return a code point
            // whose value is 0xFF61 − 0xA1 + byte." (Half-width katakana.)
            0xA1..=0xDF => emit(0xFF61 - 0xA1 + byte as u32),
            // Step 6: "If byte is in the range 0x81 to 0x9F, inclusive, or 0xE0 to 0xFC,
            // inclusive, set Shift_JIS lead to byte and return continue."
            0x81..=0x9F | 0xE0..=0xFC => {
                self.lead = byte;
                DecodeStep::Continue
            }
            // Step 7: "Return error."
            _ => DecodeStep::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue and Shift_JIS lead is not 0x00, set Shift_JIS lead
        // to 0x00 and return error."
        if self.lead != 0x00 {
            self.lead = 0x00;
            return DecodeStep::Error(Restore::NONE);
        }
        // Step 2: "If byte is end-of-queue and Shift_JIS lead is 0x00, return finished."
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        self.lead == 0x00
    }

    /// Runs of ASCII, of single bytes (steps 4 and 5) and of two-byte sequences with a code
    /// point (step 3); anything else is left to the per-byte path.
    #[inline(never)]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        crate::handler::decode::decode_ascii_and_two_byte::<O, true>(
            src,
            dst,
            single_value,
            pair_value,
            eudc_value,
        )
    }
}

/// Step 3's sub-steps: `lead` (0x81 to 0x9F or 0xE0 to 0xFC) followed by `byte`.
#[inline]
fn trail(lead: u8, byte: u8) -> DecodeStep {
    // Step 3.4, then step 3.6: "If code point is non-null, return a code point whose value
    // is code point."
    let value = match eudc_value(lead, byte) {
        0 => pair_value(lead, byte) as u32,
        eudc => eudc,
    };
    if let Some(c) = char::from_u32(value).filter(|&c| c != '\0') {
        return DecodeStep::Emit(c);
    }
    // Step 3.7: "If byte is an ASCII byte, restore byte to ioQueue." (Section 2: an ASCII
    // byte is never swallowed by a bad lead.)
    // Step 3.8: "Return error."
    DecodeStep::Error(Restore::if_ascii(byte))
}

/// Step 3.3's row of a lead, `(lead − lead offset) × 188` as two rows of index jis0208, for
/// each byte that can be a lead (steps 3.2 and 6: 0x81 to 0x9F, 0xE0 to 0xFC; step 3.2's lead
/// offsets, 0x81 and 0xC1, make their rows consecutive) as the index's layout looks it up,
/// `NO_LEAD` for the others and for the leads of step 3.4's pointers (their pairs are
/// [`eudc_value`]'s, before the index: step 3.4 comes before step 3.5).
static LEAD_PART: [crate::tables::LeadPart; 256] = {
    let mut parts = JIS0208.lead_parts(&[(0x81, 0x9F), (0xE0, 0xFC)], 2);
    let mut lead = *EUDC_LEADS.start() as usize;
    while lead <= *EUDC_LEADS.end() as usize {
        parts[lead] = crate::tables::NO_LEAD;
        lead += 1;
    }
    parts
};

/// Step 3.3's column `byte − offset` of the lead's two rows for each byte that can be a trail
/// (0x40 to 0x7E, 0x80 to 0xFC; step 3.1's offsets, 0x40 and 0x41, make their columns
/// consecutive) as the index's layout looks it up, `NO_PART` for the others.
static TRAIL_PART: [u16; 256] = JIS0208.trail_parts(&[(0x40, 0x7E), (0x80, 0xFC)]);

/// The leads whose pointers are 8836 to 10715 (step 3.4): rows 47 to 56 of 188 pointers,
/// leads 0xC1 + 47 to 0xC1 + 56.
const EUDC_LEADS: core::ops::RangeInclusive<u8> = 0xF0..=0xF9;

/// Steps 3.1 to 3.3 and 3.5 for `lead` (0x81 to 0x9F or 0xE0 to 0xFC, but not a lead of
/// [`EUDC_LEADS`]; any other byte has no pointer) followed by `byte`: the code point, or 0
/// for null.
#[inline(always)]
fn pair_value(lead: u8, byte: u8) -> u16 {
    // Steps 3.1 to 3.3: "set pointer to (lead − lead offset) × 188 + byte − offset", and
    // step 3.5: "Let code point be null if pointer is null, otherwise the index code point
    // for pointer in index jis0208": the index's lookup of the lead's rows and the byte's
    // column, which answers 0 if either byte is out of its range.
    JIS0208.value(&LEAD_PART[lead as usize], TRAIL_PART[byte as usize])
}

/// Step 3.4 for `lead` followed by `byte`: "If pointer is in the range 8836 to 10715,
/// inclusive, return a code point whose value is 0xE000 − 8836 + pointer" (EUDC, the Private
/// Use Area); 0 for any other pair.
#[inline]
fn eudc_value(lead: u8, byte: u8) -> u32 {
    // Step 3.1: "Let offset be 0x40 if byte is less than 0x7F, otherwise 0x41." Step 3.2:
    // "Let lead offset be 0x81 if lead is less than 0xA0, otherwise 0xC1." Step 3.3: "If
    // byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFC, inclusive, set pointer
    // to (lead − lead offset) × 188 + byte − offset."
    if !EUDC_LEADS.contains(&lead) || !matches!(byte, 0x40..=0x7E | 0x80..=0xFC) {
        return 0;
    }
    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
    let pointer = (lead as u32 - 0xC1) * 188 + byte as u32 - offset;
    0xE000 - 8836 + pointer
}

/// Steps 4 and 5 for a byte that is neither ASCII nor a lead: 0x80 is U+0080, 0xA1 to 0xDF
/// half-width katakana; 0 for anything else.
#[inline(always)]
fn single_value(byte: u8) -> u16 {
    match byte {
        0x80 => 0x80,
        0xA1..=0xDF => 0xFF61 - 0xA1 + byte as u16,
        _ => 0,
    }
}

/// A code point computed from bytes, which is always a scalar value here.
#[inline]
fn emit(code_point: u32) -> DecodeStep {
    match char::from_u32(code_point) {
        Some(c) => DecodeStep::Emit(c),
        None => DecodeStep::Error(Restore::NONE),
    }
}

/// Section 12.3.2, Shift_JIS encoder. It has no state (braces rather than a unit struct:
/// [`crate::encodings`] makes every handler with `default()`).
#[derive(Clone, Copy, Default)]
pub(crate) struct ShiftJisEncoder {}

impl EncodeHandler for ShiftJisEncoder {
    const ASCII_FAST_PATH: bool = true;
    /// One byte for an ASCII code point or U+0080, two bytes for anything else (at least two
    /// bytes of UTF-8).
    const MAX_BYTES_PER_UTF8_BYTE: usize = 1;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 2;

    #[inline(always)]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        // The common case (a code point for the index) first, in one comparison; then one
        // match for steps 2 to 6's few code points.
        let code_point = match code_point {
            c if JIS0208_DIRECT.contains(&c) => c,
            // Step 2: "If code point is an ASCII code point or U+0080, return a byte whose
            // value is code point."
            '\u{0}'..='\u{80}' => return EncodeStep::Bytes(ByteSequence::one(code_point as u8)),
            // Step 3: "If code point is U+00A5, return byte 0x5C."
            '\u{A5}' => return EncodeStep::Bytes(ByteSequence::one(0x5C)),
            // Step 4: "If code point is U+203E, return byte 0x7E."
            '\u{203E}' => return EncodeStep::Bytes(ByteSequence::one(0x7E)),
            // Step 5: "If code point is in the range U+FF61 to U+FF9F, inclusive, return a
            // byte whose value is code point − 0xFF61 + 0xA1."
            '\u{FF61}'..='\u{FF9F}' => {
                return EncodeStep::Bytes(ByteSequence::one(
                    (code_point as u32 - 0xFF61 + 0xA1) as u8,
                ))
            }
            // Step 6: "If code point is U+2212, set it to U+FF0D."
            '\u{2212}' => '\u{FF0D}',
            c => c,
        };
        // Step 8: "If pointer is null, return error with code point."
        match two_bytes(code_point) {
            Some(bytes) => EncodeStep::Bytes(ByteSequence::pair(bytes)),
            None => EncodeStep::Error(code_point),
        }
    }

    /// Kanji and kana at once: steps 7 to 13 for each code point of [`JIS0208_DIRECT`]
    /// (which steps 2 to 6 do not concern) that has a pointer.
    #[inline(always)]
    fn run<'a, C: Cursor<'a>>(&mut self, cursor: &mut C, out: &mut [u8]) -> usize {
        // A closure rather than the function itself, which was called through `Fn::call`
        // rather than inlined.
        #[allow(clippy::redundant_closure)]
        two_byte_run(cursor, out, JIS0208_DIRECT, |c| two_bytes(c))
    }
}

/// Steps 7 to 13: the two bytes of `code_point`'s pointer, if it has one; with
/// `fast-kanji-encode`, those of kanji, kana, CJK punctuation and full-width forms looked up
/// at once.
#[inline(always)]
fn two_bytes(code_point: char) -> Option<[u8; 2]> {
    #[cfg(feature = "fast-kanji-encode")]
    if let Some(bytes) = crate::tables::DirectBytes::in_order(&DIRECT_BYTES, code_point) {
        return Some(bytes);
    }
    // Step 7 (see `shift_jis_pointer`).
    shift_jis_pointer(code_point).map(pointer_bytes)
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
    index_pointer_bytes
);

/// The bytes of the code point at index pointer `pointer` of index jis0208, `[0, 0]` for
/// none: [`shift_jis_pointer`] and [`pointer_bytes`] in a constant.
#[cfg(feature = "fast-kanji-encode")]
const fn index_pointer_bytes(pointer: u16) -> [u8; 2] {
    match pointer {
        // The remap's 0 is none (pointer 0, U+3000's, is not in the remap's range).
        8272..=8835 => match SHIFT_JIS_REMAP[pointer as usize - 8272] {
            0 => [0, 0],
            p => pointer_bytes(p),
        },
        p => pointer_bytes(p),
    }
}

/// Step 7: "Let pointer be the index Shift_JIS pointer for code point": the index pointer
/// (the map EUC-JP and ISO-2022-JP use), unless that is one of pointers 8272 to 8835, which
/// the index Shift_JIS pointer ignores; then the remap table gives the code point's later
/// pointer. (Neither gives an EUDC pointer 8836 to 10715, which index jis0208 does not
/// have.)
#[inline(always)]
fn shift_jis_pointer(code_point: char) -> Option<u16> {
    match jis0208_pointer(code_point) {
        Some(p @ 8272..=8835) => SHIFT_JIS_REMAP
            .get(p as usize - 8272)
            .copied()
            .filter(|&p| p != 0),
        other => other,
    }
}

/// Steps 9 to 13: the two bytes of `pointer`.
#[inline(always)]
const fn pointer_bytes(pointer: u16) -> [u8; 2] {
    // Step 9: "Let lead be pointer / 188."
    let lead = pointer / 188;
    // Step 10: "Let lead offset be 0x81 if lead is less than 0x1F, otherwise 0xC1."
    let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
    // Step 11: "Let trail be pointer % 188."
    let trail = pointer % 188;
    // Step 12: "Let offset be 0x40 if trail is less than 0x3F, otherwise 0x41."
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    // Step 13: "Return two bytes whose values are lead + lead offset and trail + offset."
    [(lead + lead_offset) as u8, (trail + offset) as u8]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> Vec<DecodeStep> {
        crate::handler::decode::decode_steps::<ShiftJisDecoder>(bytes)
    }

    #[test]
    fn step_3_4_eudc_pointers_decode_to_the_private_use_area() {
        // Lead 0xF0, trail 0x40: pointer (0xF0 − 0xC1) × 188 + 0x40 − 0x40 = 8836.
        assert_eq!(decode(&[0xF0, 0x40])[1], DecodeStep::Emit('\u{E000}'));
        // Lead 0xF9, trail 0xFC: pointer 56 × 188 + 0xFC − 0x41, the last EUDC pointer.
        assert_eq!((0xF9 - 0xC1) * 188 + 0xFC - 0x41, 10715);
        assert_eq!(
            decode(&[0xF9, 0xFC])[1],
            DecodeStep::Emit(char::from_u32(0xE000 + 10715 - 8836).unwrap())
        );
    }

    #[test]
    fn step_3_7_ascii_trail_is_restored() {
        // Section 2's attack: lead 0x82 must not swallow the quotation mark.
        assert_eq!(
            decode(&[0x82, 0x22]),
            vec![
                DecodeStep::Continue,
                DecodeStep::Error(Restore::one(0x22)),
                DecodeStep::Finished
            ]
        );
        // A non-ASCII invalid trail is consumed.
        assert_eq!(decode(&[0x82, 0xFD])[1], DecodeStep::Error(Restore::NONE));
    }

    #[test]
    fn steps_1_4_5_7_single_bytes() {
        assert_eq!(decode(&[0x80])[0], DecodeStep::Emit('\u{80}'));
        assert_eq!(decode(&[0xA1])[0], DecodeStep::Emit('\u{FF61}'));
        assert_eq!(decode(&[0xDF])[0], DecodeStep::Emit('\u{FF9F}'));
        for b in [0xA0, 0xFD, 0xFE, 0xFF] {
            assert_eq!(decode(&[b])[0], DecodeStep::Error(Restore::NONE), "{b:02X}");
        }
        // Step 1: a lead at the end is an error, and the decoder is then finished.
        assert_eq!(
            decode(&[0x81]),
            vec![
                DecodeStep::Continue,
                DecodeStep::Error(Restore::NONE),
                DecodeStep::Finished
            ]
        );
    }

    /// The direct tables' bytes are what steps 7 to 13 make of the map's pointer, for every
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
        let mut remapped = 0;
        for (table, range) in DIRECT_BYTES.iter().zip(ranges) {
            for c in range {
                // Step 7 as without the tables: the lookups, then the remap.
                let hashed = match JIS0208_ENCODE.pointer(c, &JIS0208) {
                    Some(p @ 8272..=8835) => {
                        Some(SHIFT_JIS_REMAP[p as usize - 8272]).filter(|&p| p != 0)
                    }
                    other => other,
                };
                assert_eq!(table.get(c), hashed.map(pointer_bytes), "{c}");
                remapped += usize::from(hashed.is_some_and(|p| p >= 10716));
            }
        }
        // The IBM extension's kanji, at NEC's selected rows 89 to 92 and IBM's 115 to 119.
        assert!(remapped > 300, "{remapped}");
    }

    #[test]
    fn encoder_steps_2_to_6_and_13() {
        let mut e = ShiftJisEncoder::default();
        let mut enc = |c| e.code_point(c);
        assert_eq!(enc('\u{80}'), EncodeStep::Bytes(ByteSequence::one(0x80)));
        assert_eq!(enc('\u{A5}'), EncodeStep::Bytes(ByteSequence::one(0x5C)));
        assert_eq!(enc('\u{203E}'), EncodeStep::Bytes(ByteSequence::one(0x7E)));
        assert_eq!(enc('\u{FF61}'), EncodeStep::Bytes(ByteSequence::one(0xA1)));
        assert_eq!(enc('\u{FF9F}'), EncodeStep::Bytes(ByteSequence::one(0xDF)));
        // U+FF0D is pointer 60: lead 0 + 0x81, trail 60 + 0x40 = 0x7C (60 < 0x3F).
        assert_eq!(
            enc('\u{FF0D}'),
            EncodeStep::Bytes(ByteSequence::two(0x81, 0x7C))
        );
        assert_eq!(enc('\u{2212}'), enc('\u{FF0D}'));
        // The EUDC range is decode-only.
        assert_eq!(enc('\u{E000}'), EncodeStep::Error('\u{E000}'));
    }
}
