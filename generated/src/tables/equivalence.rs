//! The emitted layouts against the data they came from, exhaustively, in whichever
//! configuration the crate is built (the default features, or `compact`): every pointer of
//! every two-byte index decoded through [`TwoByteIndex::value_at`], every two-byte sequence of
//! each decoder's byte ranges through the lead and trail parts its handler builds, and every
//! scalar value from U+0000 to U+10FFFF through each encoder table's lookups, against the
//! index files the build read (`WHATWG_ENCODING_DATA`), read here with a reader of their own
//! and the encoders' rules from section 5 restated.

use std::collections::BTreeMap;

use super::chinese::{BIG5, BIG5_ENCODE, GB18030, GB18030_ENCODE};
use super::japanese::{JIS0208, JIS0208_ENCODE, JIS0212, SHIFT_JIS_REMAP};
use super::korean::{EUC_KR, EUC_KR_ENCODE};
use super::{EncodeIndex, TwoByteIndex, NO_LEAD, NO_PART};

/// The code point at each pointer of `index-NAME.txt`, to `len` pointers.
fn read_index(name: &str, len: usize) -> Vec<Option<u32>> {
    let path = std::path::Path::new(env!("WHATWG_ENCODING_DATA")).join(format!("index-{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = vec![None; len];
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split('\t').map(str::trim);
        let pointer: usize = fields.next().unwrap().parse().unwrap();
        let hex = fields.next().unwrap().trim_start_matches("0x");
        out[pointer] = Some(u32::from_str_radix(hex, 16).unwrap());
    }
    out
}

/// Section 5's index pointer, and the Big5 and Shift_JIS rules: the pointer of each code point
/// the encoder has, among `pointers` (those `keep` accepts), the first unless `last` says the
/// last.
fn encoder_pointers(
    index: &[Option<u32>],
    keep: impl Fn(usize) -> bool,
    last: impl Fn(u32) -> bool,
) -> BTreeMap<u32, u16> {
    let mut out = BTreeMap::new();
    for (p, c) in index.iter().enumerate() {
        let Some(c) = *c else { continue };
        if !keep(p) {
            continue;
        }
        if last(c) {
            out.insert(c, p as u16);
        } else {
            out.entry(c).or_insert(p as u16);
        }
    }
    out
}

/// Every pointer through `value_at` and `code_point`.
fn decodes_every_pointer(layout: &TwoByteIndex, index: &[Option<u32>], name: &str) {
    for (p, &c) in index.iter().enumerate() {
        assert_eq!(
            layout.value_at(p),
            c.unwrap_or(0),
            "index {name}, pointer {p}"
        );
        assert_eq!(
            layout.code_point(p),
            c.and_then(char::from_u32),
            "index {name}, pointer {p}"
        );
    }
    // Past the pointers the decoders can address: nothing.
    for p in [index.len(), index.len() + 1, 0xFFFF, usize::MAX / 2] {
        assert_eq!(layout.value_at(p), 0, "index {name}, pointer {p}");
    }
}

/// A decoder's byte ranges: leads (each `rows_per_lead` rows of `row` pointers) and trails.
struct Decoder {
    name: &'static str,
    leads: &'static [(u8, u8)],
    rows_per_lead: u16,
    trails: &'static [(u8, u8)],
    row: usize,
}

/// The position of `byte` in `ranges` (inclusive, in order), if it is in one.
fn position(ranges: &[(u8, u8)], byte: u8) -> Option<usize> {
    let mut before = 0;
    for &(first, last) in ranges {
        if (first..=last).contains(&byte) {
            return Some(before + (byte - first) as usize);
        }
        before += (last - first) as usize + 1;
    }
    None
}

/// Every two-byte sequence through the parts the decoder's handler builds (as it builds
/// them) and the lookups: the code point of the pointer the standard's arithmetic gives.
fn decodes_every_sequence(layout: &TwoByteIndex, index: &[Option<u32>], d: &Decoder) {
    let leads = layout.lead_parts(d.leads, d.rows_per_lead);
    let trails = layout.trail_parts(d.trails);
    for lead in 0..=255u8 {
        for trail in 0..=255u8 {
            let pointer = match (position(d.leads, lead), position(d.trails, trail)) {
                (Some(l), Some(t)) => Some(l * d.rows_per_lead as usize * d.row + t),
                _ => None,
            };
            let want = pointer
                .and_then(|p| index.get(p).copied().flatten())
                .unwrap_or(0);
            let (lp, tp) = (leads[lead as usize], trails[trail as usize]);
            // A byte that is no lead or no trail takes no part (the converse need not hold:
            // a lead of rows that hold nothing may have none).
            if pointer.is_none() {
                assert!(
                    lp == NO_LEAD || tp == NO_PART,
                    "{}: {lead:#04X} {trail:#04X}",
                    d.name
                );
            }
            let got = if layout.is_plane_2_lead(lp) {
                assert_eq!(layout.value(&lp, tp), 0);
                layout.value_plane_2(lp, tp)
            } else {
                layout.value(&lp, tp) as u32
            };
            assert_eq!(got, want, "{}: {lead:#04X} {trail:#04X}", d.name);
        }
    }
}

/// Every scalar value through the encoder table's lookups.
fn encodes_every_scalar_value(
    table: &EncodeIndex,
    layout: &TwoByteIndex,
    want: &BTreeMap<u32, u16>,
    name: &str,
) {
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let expected = want.get(&(c as u32)).copied();
        assert_eq!(
            table.pointer(c, layout),
            expected,
            "{name}: U+{:04X}",
            c as u32
        );
    }
}

#[test]
fn euc_kr() {
    let index = read_index("euc-kr", 23940);
    decodes_every_pointer(&EUC_KR, &index, "euc-kr");
    decodes_every_sequence(
        &EUC_KR,
        &index,
        &Decoder {
            name: "EUC-KR",
            leads: &[(0x81, 0xFE)],
            rows_per_lead: 1,
            trails: &[(0x41, 0xFE)],
            row: 190,
        },
    );
    let want = encoder_pointers(&index, |_| true, |_| false);
    encodes_every_scalar_value(&EUC_KR_ENCODE, &EUC_KR, &want, "EUC-KR");
}

#[test]
fn gb18030() {
    let index = read_index("gb18030", 23940);
    decodes_every_pointer(&GB18030, &index, "gb18030");
    decodes_every_sequence(
        &GB18030,
        &index,
        &Decoder {
            name: "gb18030",
            leads: &[(0x81, 0xFE)],
            rows_per_lead: 1,
            trails: &[(0x40, 0x7E), (0x80, 0xFE)],
            row: 190,
        },
    );
    let want = encoder_pointers(&index, |_| true, |_| false);
    encodes_every_scalar_value(&GB18030_ENCODE, &GB18030, &want, "gb18030");
}

#[test]
fn big5() {
    let index = read_index("big5", 19782);
    decodes_every_pointer(&BIG5, &index, "big5");
    decodes_every_sequence(
        &BIG5,
        &index,
        &Decoder {
            name: "Big5",
            leads: &[(0x81, 0xFE)],
            rows_per_lead: 1,
            trails: &[(0x40, 0x7E), (0xA1, 0xFE)],
            row: 157,
        },
    );
    // Section 5, "index Big5 pointer": no pointer below (0xA1 − 0x81) × 157, and the last
    // pointer for six code points.
    let last = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];
    let want = encoder_pointers(&index, |p| p >= 5024, |c| last.contains(&c));
    encodes_every_scalar_value(&BIG5_ENCODE, &BIG5, &want, "Big5");
}

#[test]
fn jis0208() {
    let index = read_index("jis0208", 11280);
    decodes_every_pointer(&JIS0208, &index, "jis0208");
    for d in [
        Decoder {
            name: "EUC-JP",
            leads: &[(0xA1, 0xFE)],
            rows_per_lead: 1,
            trails: &[(0xA1, 0xFE)],
            row: 94,
        },
        Decoder {
            name: "ISO-2022-JP",
            leads: &[(0x21, 0x7E)],
            rows_per_lead: 1,
            trails: &[(0x21, 0x7E)],
            row: 94,
        },
        Decoder {
            name: "Shift_JIS",
            leads: &[(0x81, 0x9F), (0xE0, 0xFC)],
            rows_per_lead: 2,
            trails: &[(0x40, 0x7E), (0x80, 0xFC)],
            row: 94,
        },
    ] {
        decodes_every_sequence(&JIS0208, &index, &d);
    }
    let want = encoder_pointers(&index, |_| true, |_| false);
    encodes_every_scalar_value(&JIS0208_ENCODE, &JIS0208, &want, "jis0208");
    // Section 5, "index Shift_JIS pointer": the first pointer outside 8272 to 8835, which the
    // Shift_JIS encoder finds from the index pointer and the remap table.
    let shift_jis = encoder_pointers(&index, |p| !(8272..=8835).contains(&p), |_| false);
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let got = match JIS0208_ENCODE.pointer(c, &JIS0208) {
            Some(p @ 8272..=8835) => Some(SHIFT_JIS_REMAP[p as usize - 8272]).filter(|&p| p != 0),
            other => other,
        };
        assert_eq!(got, shift_jis.get(&(c as u32)).copied(), "Shift_JIS: {c:?}");
    }
}

#[test]
fn jis0212() {
    let index = read_index("jis0212", 8836);
    decodes_every_pointer(&JIS0212, &index, "jis0212");
    decodes_every_sequence(
        &JIS0212,
        &index,
        &Decoder {
            name: "EUC-JP (0x8F)",
            leads: &[(0xA1, 0xFE)],
            rows_per_lead: 1,
            trails: &[(0xA1, 0xFE)],
            row: 94,
        },
    );
}
