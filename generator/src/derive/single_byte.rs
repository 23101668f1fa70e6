//! Section 9.2, single-byte encoder step 3: "Let pointer be the index pointer for code point
//! in index single-byte", then "return a byte whose value is pointer + 0x80".

use super::{first_pointer_map, EncodeTable};
use crate::code_points::btree_map;
use crate::model::Index;

pub(super) fn derive(index: &Index) -> EncodeTable {
    let mut entries = first_pointer_map(index, |_| false).entries();
    for (_, value) in &mut entries {
        *value += 0x80;
    }
    let entries = btree_map(entries);
    EncodeTable {
        index: index.name.clone(),
        rule: "single-byte encoder (section 9.2): byte = index pointer + 0x80",
        values_are_bytes: true,
        entries,
        side_table: Default::default(),
    }
}
