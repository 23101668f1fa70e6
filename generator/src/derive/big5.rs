//! Section 5, "index Big5 pointer": ignore pointers below (0xA1 - 0x81) × 157 (the HKSCS
//! extension area, whose code points also have standard Big5 positions or are decode-only),
//! and for six code points use the last pointer rather than the first.

use super::EncodeTable;
use crate::code_points::CodePointMap;
use crate::model::Index;

/// The first pointer the Big5 encoder considers.
pub const FIRST_ENCODABLE_POINTER: u32 = (0xA1 - 0x81) * 157;

/// "If code point is U+2550, U+255E, U+2561, U+256A, U+5341, or U+5345, return the last
/// pointer for code point in index."
pub const LAST_POINTER_CODE_POINTS: [char; 6] = [
    '\u{2550}', '\u{255E}', '\u{2561}', '\u{256A}', '\u{5341}', '\u{5345}',
];

pub(super) fn derive(big5: &Index) -> EncodeTable {
    let mut entries = CodePointMap::new();
    for (pointer, c) in big5.entries() {
        if pointer < FIRST_ENCODABLE_POINTER {
            continue;
        }
        if LAST_POINTER_CODE_POINTS.contains(&c) {
            entries.insert(c, pointer as u16);
        } else {
            entries.insert_first(c, pointer as u16);
        }
    }
    let entries = entries.to_btree_map();
    EncodeTable {
        index: big5.name.clone(),
        rule: "index Big5 pointer (section 5): pointers from 5024 on; the last pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345, else the first",
        values_are_bytes: false,
        entries,
        side_table: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{IndexData, IndexMeta};

    #[test]
    fn rules() {
        let mut v = vec![None; 6000];
        v[10] = Some('x'); // below 5024: ignored
        v[5100] = Some('x');
        v[5200] = Some('\u{2550}');
        v[5300] = Some('\u{2550}');
        v[5400] = Some('y');
        v[5500] = Some('y');
        let index = Index {
            name: "big5".into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(v),
        };
        let t = derive(&index);
        assert_eq!(t.entries[&'x'], 5100);
        assert_eq!(t.entries[&'\u{2550}'], 5300);
        assert_eq!(t.entries[&'y'], 5400);
    }
}
