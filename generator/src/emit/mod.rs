//! Tables as Rust tokens. The only module that knows Rust syntax.
//!
//! Emitted items are named statics with their lengths in their types and a doc comment that
//! says which index and rule produced them and the data's Identifier and Date, so that code
//! generated from the data reads like code a person wrote. Paths into the runtime crate are
//! `crate::table::…`: the macros are meant to be invoked inside the `whatwg-encoding` crate.

mod decode;
mod encode;
mod labels;

pub use decode::{decode_array, plane_2_bits, ranges};
pub use encode::{encode_map, hash as hash_code_points, runs, shift_jis_remap, side_table, Hash};
pub use labels::{index_info_table, label_table};

use crate::model::Index;

/// "Index jis0208 (Identifier …, Date …)" for doc comments.
pub(crate) fn provenance(index: &Index) -> String {
    let mut s = format!("index {}", index.name);
    let mut parts = Vec::new();
    if let Some(date) = &index.meta.date {
        parts.push(format!("Date: {date}"));
    }
    if let Some(id) = &index.meta.identifier {
        parts.push(format!("Identifier: {id}"));
    }
    if !parts.is_empty() {
        s.push_str(&format!(" ({})", parts.join(", ")));
    }
    s
}
