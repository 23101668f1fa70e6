//! The encoder side of each index, derived by the standard's rules.
//!
//! An index maps pointers to code points; an encoder needs the reverse. Where an index maps
//! several pointers to one code point the standard says which pointer the encoder uses (the
//! "index pointer" is the first; Shift_JIS and Big5 have their own rules), and those rules
//! live here, one file each, returning plain data.

mod big5;
mod gb18030;
mod shift_jis;
mod single_byte;

use std::collections::BTreeMap;

use crate::error::{DataError, ErrorKind};
use crate::model::{DataSet, Index, Pointer};

pub use big5::FIRST_ENCODABLE_POINTER as BIG5_FIRST_ENCODABLE_POINTER;
pub use gb18030::GB18030_2022_SIDE_TABLE;
pub use shift_jis::EXCLUDED as SHIFT_JIS_EXCLUDED;

/// An encoder table: code point -> value, where the value is a pointer into `index` (or, for
/// single-byte encodings, the byte itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeTable {
    /// The index the table is derived from.
    pub index: String,
    /// The rule that chose the values, with its place in the standard, for emitted docs.
    pub rule: &'static str,
    /// Whether values are bytes (single-byte encodings) rather than pointers.
    pub values_are_bytes: bool,
    pub entries: BTreeMap<char, u16>,
}

/// The encoder tables the runtime can ask for, by name.
pub const ENCODER_TABLES: &[&str] = &["jis0208", "shift_jis", "euc-kr", "big5", "gb18030"];

/// The standard's "index pointer" (section 5): the first pointer of `code_point` in `index`,
/// ignoring pointers `skip` rejects.
pub(crate) fn first_pointers(index: &Index, skip: impl Fn(Pointer) -> bool) -> BTreeMap<char, u16> {
    let mut out = BTreeMap::new();
    for (pointer, c) in index.entries() {
        if !skip(pointer) {
            out.entry(c).or_insert(pointer as u16);
        }
    }
    out
}

fn need<'a>(set: &'a DataSet, name: &str) -> Result<&'a Index, DataError> {
    set.index(name).ok_or_else(|| {
        DataError::new(
            ErrorKind::MissingIndex(name.to_string()),
            set.dir.join("indexes.json"),
        )
    })
}

/// Derives the encoder table `table`: the name of a single-byte index, or one of
/// [`ENCODER_TABLES`].
pub fn encoder_table(set: &DataSet, table: &str) -> Result<EncodeTable, DataError> {
    match table {
        "jis0208" | "euc-kr" => Ok(EncodeTable {
            index: table.to_string(),
            rule: "index pointer (section 5): the first pointer of each code point",
            values_are_bytes: false,
            entries: first_pointers(need(set, table)?, |_| false),
        }),
        "shift_jis" => Ok(shift_jis::derive(need(set, "jis0208")?)),
        "big5" => Ok(big5::derive(need(set, "big5")?)),
        "gb18030" => Ok(gb18030::derive(need(set, "gb18030")?)),
        _ if crate::spec::is_single_byte_index(table) => Ok(single_byte::derive(need(set, table)?)),
        _ => Err(DataError::new(
            ErrorKind::MissingIndex(format!("{table} (no encoder table has this name)")),
            set.dir.join("indexes.json"),
        )),
    }
}

/// Every encoder table the build emits: one per single-byte index (by index name), then
/// [`ENCODER_TABLES`].
pub fn all_encoder_tables() -> Vec<&'static str> {
    let mut tables: Vec<&'static str> = crate::spec::index_names()
        .into_iter()
        .filter(|name| crate::spec::is_single_byte_index(name))
        .collect();
    tables.extend_from_slice(ENCODER_TABLES);
    tables
}

/// The encoder tables derived from `index` (none for indexes only decoders read).
pub fn tables_of_index(index: &str) -> Vec<&'static str> {
    match index {
        "jis0208" => vec!["jis0208", "shift_jis"],
        _ => all_encoder_tables()
            .into_iter()
            .filter(|t| *t == index)
            .collect(),
    }
}
