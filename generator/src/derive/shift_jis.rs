//! Section 5, "index Shift_JIS pointer": the index pointer in index jis0208 with the entries
//! of pointers 8272 to 8835 (the NEC selection of IBM extensions, duplicates of the IBM
//! extensions at pointers 10716 and up) excluded, so that the later pointers are used.

use super::{first_pointers, EncodeTable};
use crate::model::Index;

/// The pointers the Shift_JIS encoder ignores.
pub const EXCLUDED: std::ops::RangeInclusive<u32> = 8272..=8835;

pub(super) fn derive(jis0208: &Index) -> EncodeTable {
    EncodeTable {
        index: jis0208.name.clone(),
        rule: "index Shift_JIS pointer (section 5): first pointer, ignoring pointers 8272 to 8835",
        values_are_bytes: false,
        entries: first_pointers(jis0208, |p| EXCLUDED.contains(&p)),
        side_table: Default::default(),
    }
}

/// What lets the Shift_JIS encoder share the EUC-JP and ISO-2022-JP encoders' map (the index
/// pointer in index jis0208): for each pointer of [`EXCLUDED`], in order, the index Shift_JIS
/// pointer of the code point at that pointer, or 0 if it has none (or the pointer has no
/// code point). Where the index pointer of a code point is in [`EXCLUDED`], this gives its
/// index Shift_JIS pointer; everywhere else the two pointers are the same. 0 is free to mean
/// none: such a code point has no pointer below 8272, so its index Shift_JIS pointer, if
/// any, is above 8835.
pub fn remap(jis0208: &Index) -> Vec<u16> {
    let shift_jis = derive(jis0208).entries;
    EXCLUDED
        .map(|p| {
            jis0208
                .code_point(p)
                .and_then(|c| shift_jis.get(&c).copied())
                .unwrap_or(0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{IndexData, IndexMeta};

    #[test]
    fn later_pointer_wins_over_excluded_one() {
        let mut v = vec![None; 10800];
        v[8272] = Some('\u{2170}');
        v[10716] = Some('\u{2170}');
        v[5] = Some('a');
        let index = Index {
            name: "jis0208".into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(v),
        };
        let t = derive(&index);
        assert_eq!(t.entries[&'\u{2170}'], 10716);
        assert_eq!(t.entries[&'a'], 5);
        let r = remap(&index);
        assert_eq!(r.len(), 8835 - 8272 + 1);
        assert_eq!(r[8272 - 8272], 10716);
        assert_eq!(r[1], 0);
    }
}
