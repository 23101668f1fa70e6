//! Section 11, "Legacy multi-byte Chinese (traditional) encodings": Big5 (11.1).
//!
//! Step numbers are the current edition's (which splits the 2021 edition's decoder step 3
//! preamble into steps 3.1 to 3.3); the quotations are the 2021 edition's English.

use crate::forms::output::Output;
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::tables::chinese::{BIG5, BIG5_ENCODE};

/// Section 11.1.1, Big5 decoder.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Big5Decoder {
    /// "Big5 lead", 0x00 for none.
    lead: u8,
}

/// The table of decoder step 3.6: the pointers that decode to two code points, "since
/// indexes are limited to single code points".
const TWO_CODE_POINTS: [(usize, char, char); 4] = [
    (1133, '\u{00CA}', '\u{0304}'),
    (1135, '\u{00CA}', '\u{030C}'),
    (1164, '\u{00EA}', '\u{0304}'),
    (1166, '\u{00EA}', '\u{030C}'),
];

/// Big5 decoder steps 3.4 and 3.5: the pointer of a two-byte sequence with lead `lead`
/// (0x81 to 0xFE; anything else has none), if any.
#[inline(always)]
fn pointer(lead: u8, byte: u8) -> Option<usize> {
    // Step 3.4: "Let offset be 0x40 if byte is less than 0x7F, otherwise 0x62."
    let offset = if byte < 0x7F { 0x40 } else { 0x62 };
    // Step 3.5: "If byte is in the range 0x40 to 0x7E, inclusive, or 0xA1 to 0xFE,
    // inclusive, set pointer to (lead − 0x81) × 157 + (byte − offset)."
    if !((0x40..=0x7E).contains(&byte) || (0xA1..=0xFE).contains(&byte)) {
        return None;
    }
    Some((lead as usize).checked_sub(0x81)? * 157 + (byte as usize - offset))
}

/// Big5 decoder steps 3.4, 3.5 and 3.7: the pointer of a two-byte sequence, if any, and
/// its index code point, if any.
#[inline(always)]
fn pointer_and_code_point(lead: u8, byte: u8) -> (Option<usize>, Option<char>) {
    let pointer = pointer(lead, byte);
    // Step 3.7: "Let code point be null if pointer is null, otherwise the index code point
    // for pointer in index Big5."
    let code_point = pointer.and_then(|p| BIG5.code_point(p));
    (pointer, code_point)
}

impl DecodeHandler for Big5Decoder {
    const ASCII_FAST_PATH: bool = true;
    const STEPS_IN_BULK: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If Big5 lead is not 0x00", steps 3.1 to 3.3: "let lead be Big5 lead, let
        // pointer be null, set Big5 lead to 0x00, and then:"
        if self.lead != 0x00 {
            let lead = self.lead;
            self.lead = 0x00;
            let (pointer, code_point) = pointer_and_code_point(lead, byte);
            // Step 3.6: "If there is a row in the table below whose first column is pointer,
            // return the two code points listed in its second column." (Index Big5 has no
            // entry for these pointers.)
            if let Some(&(_, a, b)) = TWO_CODE_POINTS.iter().find(|row| Some(row.0) == pointer) {
                return DecodeStep::EmitTwo(a, b);
            }
            // Step 3.8: "If code point is non-null, return a code point whose value is code
            // point."
            if let Some(c) = code_point {
                return DecodeStep::Emit(c);
            }
            // Step 3.9: "If byte is an ASCII byte, prepend byte to ioQueue." Step 3.10:
            // "Return error."
            return DecodeStep::Error(Restore::if_ascii(byte));
        }
        // Step 4: "If byte is an ASCII byte, return a code point whose value is byte."
        if byte.is_ascii() {
            return DecodeStep::Emit(byte as char);
        }
        // Step 5: "If byte is in the range 0x81 to 0xFE, inclusive, set Big5 lead to byte and
        // return continue."
        if (0x81..=0xFE).contains(&byte) {
            self.lead = byte;
            return DecodeStep::Continue;
        }
        // Step 6: "Return error."
        DecodeStep::Error(Restore::NONE)
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue and Big5 lead is not 0x00, set Big5 lead to 0x00
        // and return error."
        if self.lead != 0x00 {
            self.lead = 0x00;
            return DecodeStep::Error(Restore::NONE);
        }
        // Step 2: "If byte is end-of-queue and Big5 lead is 0x00, return finished."
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        self.lead == 0x00
    }

    /// Runs of ASCII and of whole two-byte sequences with an index code point (steps 4, 5
    /// and 3 in turn), while `dst` has room for four bytes; stops before anything else
    /// (including step 3.6's pointers, which have no index code point), which the per-byte
    /// path handles.
    #[inline(never)]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        crate::handler::decode::decode_ascii_and_two_byte::<O, true>(
            src,
            dst,
            |_| 0,
            pair_value,
            plane_2_value,
        )
    }
}

/// Step 3.7 for a lead followed by `byte` in a row without code points in plane 2: the
/// index's value, 0 for null (and for every pointer of the other rows).
#[inline(always)]
fn pair_value(lead: u8, byte: u8) -> u16 {
    BIG5.value(&LEAD_PART[lead as usize], TRAIL_PART[byte as usize])
}

/// Step 3.7 for a lead followed by `byte` in a row with code points in plane 2: the
/// index's code point, 0 for null (and for every pointer of the other rows).
#[inline(always)]
fn plane_2_value(lead: u8, byte: u8) -> u32 {
    BIG5.value_plane_2(LEAD_PART[lead as usize], TRAIL_PART[byte as usize])
}

/// Step 3.5's leads (0x81 to 0xFE), a row each.
const LEADS: [(u8, u8); 1] = [(0x81, 0xFE)];
/// Step 3.5's trails, "0x40 to 0x7E, inclusive, or 0xA1 to 0xFE, inclusive" (step 3.4's
/// offsets make their columns consecutive).
const TRAILS: [(u8, u8); 2] = [(0x40, 0x7E), (0xA1, 0xFE)];

/// Row `lead − 0x81` (step 3.5) as the index's layout looks it up, with `PLANE_2_ROWS` for
/// a row with a code point in plane 2 (so that [`pair_value`] answers 0 for its sequences and
/// [`plane_2_value`] the code point); `NO_LEAD` for any other byte.
static LEAD_PART: [crate::tables::LeadPart; 256] = BIG5.lead_parts(&LEADS, 1);

/// Column `byte − offset` (steps 3.4 and 3.5) for a trail as the index's layout looks it
/// up, `NO_PART` for any other byte.
static TRAIL_PART: [u16; 256] = BIG5.trail_parts(&TRAILS);

/// Section 11.1.2, Big5 encoder. It has no state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Big5Encoder;

impl EncodeHandler for Big5Encoder {
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
        // Step 3: "Let pointer be the index Big5 pointer for code point" (section 5: no
        // pointer below (0xA1 − 0x81) × 157; the last pointer for U+2550, U+255E, U+2561,
        // U+256A, U+5341 and U+5345), as derived into the encode map.
        // Step 4: "If pointer is null, return error with code point."
        // (The map keeps pointers only: the one in code point's slot is its pointer if index
        // Big5 decodes it back to code point.)
        // Steps 3 to 8 at once for the hanzi, CJK punctuation and full-width forms
        // (`fast-big5-hanzi-encode`).
        #[cfg(feature = "fast-big5-hanzi-encode")]
        if let Some(bytes) = crate::tables::DirectBytes::in_order(&DIRECT_BYTES, code_point) {
            return EncodeStep::Bytes(ByteSequence::pair(bytes));
        }
        let Some(pointer) = big5_pointer(code_point) else {
            return EncodeStep::Error(code_point);
        };
        EncodeStep::Bytes(ByteSequence::pair(pointer_bytes(pointer)))
    }
}

/// Steps 5 to 8: the two bytes of `pointer`.
#[inline(always)]
const fn pointer_bytes(pointer: u16) -> [u8; 2] {
    // Step 5: "Let lead be pointer / 157 + 0x81."
    let lead = pointer / 157 + 0x81;
    // Step 6: "Let trail be pointer % 157."
    let trail = pointer % 157;
    // Step 7: "Let offset be 0x40 if trail is less than 0x3F, otherwise 0x62."
    let offset = if trail < 0x3F { 0x40 } else { 0x62 };
    // Step 8: "Return two bytes whose values are lead and trail + offset."
    [lead as u8, (trail + offset) as u8]
}

/// The bytes of the hanzi, the CJK punctuation and the full-width forms, from their
/// pointers, in the order the encoder looks them up.
#[cfg(feature = "fast-big5-hanzi-encode")]
static DIRECT_BYTES: [crate::tables::DirectBytes; 3] = crate::tables::direct_bytes!(
    [
        crate::tables::chinese::BIG5_HANZI,
        crate::tables::chinese::BIG5_PUNCTUATION,
        crate::tables::chinese::BIG5_FULL_WIDTH
    ],
    pointer_bytes
);

/// Step 3's index Big5 pointer of `code_point`, from the encoder's lookups.
#[inline(always)]
fn big5_pointer(code_point: char) -> Option<u16> {
    BIG5_ENCODE.pointer(code_point, &BIG5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_pair(lead: u8, byte: u8) -> DecodeStep {
        let mut d = Big5Decoder::default();
        assert_eq!(d.byte(lead), DecodeStep::Continue);
        d.byte(byte)
    }

    #[test]
    fn decoder_step_3_6_two_code_points() {
        // Pointer 1133 = (0x88 − 0x81) × 157 + (0x62 − 0x40).
        assert_eq!(
            decode_pair(0x88, 0x62),
            DecodeStep::EmitTwo('\u{CA}', '\u{304}')
        );
        // Pointer 1166 = 7 × 157 + (0xA5 − 0x62).
        assert_eq!(
            decode_pair(0x88, 0xA5),
            DecodeStep::EmitTwo('\u{EA}', '\u{30C}')
        );
    }

    #[test]
    fn decoder_step_3_9_restores_ascii_only() {
        assert_eq!(
            decode_pair(0xA4, 0x22),
            DecodeStep::Error(Restore::one(0x22))
        );
        assert_eq!(decode_pair(0xA4, 0x80), DecodeStep::Error(Restore::NONE));
        assert_eq!(decode_pair(0xA4, 0x40), DecodeStep::Emit('\u{4E00}'));
    }

    #[test]
    fn lead_parts_mark_the_rows_with_code_points_in_plane_2() {
        for (lead, &part) in LEAD_PART.iter().enumerate().take(0xFF).skip(0x81) {
            let row = (lead - 0x81) * 157;
            let plane_2 = (row..row + 157).any(|p| BIG5.value_at(p) > 0xFFFF);
            assert_eq!(BIG5.is_plane_2_lead(part), plane_2, "lead {lead:#X}");
        }
        assert_eq!(LEAD_PART[0x80], crate::tables::NO_LEAD);
        assert_eq!(LEAD_PART[0xFF], crate::tables::NO_LEAD);
    }

    #[test]
    fn bulk_takes_plane_2_and_replaces_errors() {
        use crate::forms::output::{Utf16, Utf8};
        // 0x87 0x40 is U+43F0 and 0x87 0x41 U+4C32 (BMP) in a row with U+2123D and others.
        let src = [0x87, 0x40, 0x87, 0x45, b'a', 0xFE, 0xFE];
        let mut expected = String::new();
        for pair in [[0x87, 0x40], [0x87, 0x45]] {
            let mut d = Big5Decoder::default();
            d.byte(pair[0]);
            let DecodeStep::Emit(c) = d.byte(pair[1]) else {
                panic!("{pair:X?} decodes");
            };
            expected.push(c);
        }
        expected.push('a');
        let mut d = Big5Decoder::default();
        let DecodeStep::Emit(c) = ({
            d.byte(0xFE);
            d.byte(0xFE)
        }) else {
            panic!("0xFE 0xFE decodes");
        };
        expected.push(c);
        let mut dst = [0u8; 64];
        let (r, w) = d.bulk::<Utf8>(&src, &mut dst);
        assert_eq!((r, &dst[..w]), (src.len(), expected.as_bytes()));
        let mut dst16 = [0u16; 64];
        let (r, w) = d.bulk::<Utf16>(&src, &mut dst16);
        let units: Vec<u16> = expected.encode_utf16().collect();
        assert_eq!((r, &dst16[..w]), (src.len(), &units[..]));
        // An invalid trail: bulk stops before it, the replacing form replaces it (the ASCII
        // trail left to be read again) and goes on.
        let src = [0xA4, 0x40, 0xA4, b'"', b'c'];
        assert_eq!(d.bulk::<Utf8>(&src, &mut dst), (2, 3));
        let mut replaced = false;
        let (r, w) = d.bulk_replacing::<Utf8>(&src, &mut dst, &mut replaced);
        assert!(replaced);
        assert_eq!((r, &dst[..w]), (5, "\u{4E00}\u{FFFD}\"c".as_bytes()));
    }

    #[test]
    fn decoder_steps_1_and_6() {
        let mut d = Big5Decoder::default();
        assert_eq!(d.byte(0x80), DecodeStep::Error(Restore::NONE));
        assert_eq!(d.byte(0xFF), DecodeStep::Error(Restore::NONE));
        assert_eq!(d.byte(0xFE), DecodeStep::Continue);
        assert!(!d.between_sequences());
        assert_eq!(d.end(), DecodeStep::Error(Restore::NONE));
        assert_eq!(d.end(), DecodeStep::Finished);
    }

    #[test]
    fn encoder_index_big5_pointer() {
        let mut e = Big5Encoder;
        assert_eq!(
            e.code_point('\u{4E00}'),
            EncodeStep::Bytes(ByteSequence::two(0xA4, 0x40))
        );
        // U+2550 has pointers 5247 and 18991: the last, 0xF9 0xF9.
        let EncodeStep::Bytes(b) = e.code_point('\u{2550}') else {
            panic!("U+2550 is encodable");
        };
        assert_eq!(b.as_slice(), [0xF9, 0xF9]);
        assert_eq!(e.code_point('\u{0304}'), EncodeStep::Error('\u{0304}'));
    }

    /// The direct tables give every code point of their ranges what steps 3 to 8 give it
    /// (U+5341 and U+5345, whose index Big5 pointer is their last, included).
    #[cfg(feature = "fast-big5-hanzi-encode")]
    #[test]
    fn direct_tables_agree_with_the_map() {
        use crate::tables::chinese::{BIG5_FULL_WIDTH, BIG5_HANZI, BIG5_PUNCTUATION};
        let pointers = [
            BIG5_HANZI
                .code_points()
                .map(|c| (c, BIG5_HANZI.get(c)))
                .collect::<Vec<_>>(),
            BIG5_PUNCTUATION
                .code_points()
                .map(|c| (c, BIG5_PUNCTUATION.get(c)))
                .collect(),
            BIG5_FULL_WIDTH
                .code_points()
                .map(|c| (c, BIG5_FULL_WIDTH.get(c)))
                .collect(),
        ];
        let mut found = 0;
        for (table, pointers) in DIRECT_BYTES.iter().zip(pointers) {
            for (c, pointer) in pointers {
                assert_eq!(pointer, big5_pointer(c), "{c}");
                assert_eq!(table.get(c), pointer.map(pointer_bytes), "{c}");
                found += usize::from(pointer.is_some());
            }
        }
        assert!(found > 13000, "{found}");
        // U+4E00 is at 0xA4 0x40.
        assert_eq!(DIRECT_BYTES[0].get('\u{4E00}'), Some([0xA4, 0x40]));
    }
}
