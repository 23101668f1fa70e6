//! Section 9.2, single-byte encoder step 3: "Let pointer be the index pointer for code point
//! in index single-byte", then "return a byte whose value is pointer + 0x80".

use super::{first_pointers, EncodeTable};
use crate::model::Index;

pub(super) fn derive(index: &Index) -> EncodeTable {
    let entries = first_pointers(index, |_| false)
        .into_iter()
        .map(|(c, p)| (c, p + 0x80))
        .collect();
    EncodeTable {
        index: index.name.clone(),
        rule: "single-byte encoder (section 9.2): byte = index pointer + 0x80",
        values_are_bytes: true,
        entries,
        side_table: Default::default(),
    }
}
