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

use std::collections::{BTreeMap, BTreeSet};

use crate::code_points::{btree_map, CodePointMap};
use crate::error::{DataError, ErrorKind};
use crate::model::{DataSet, Index, Pointer};

pub use big5::FIRST_ENCODABLE_POINTER as BIG5_FIRST_ENCODABLE_POINTER;
pub use gb18030::GB18030_2022_SIDE_TABLE;
pub use shift_jis::{remap as shift_jis_remap, EXCLUDED as SHIFT_JIS_EXCLUDED};

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
    /// Each code point the encoder maps, with the pointer (or byte) it chooses for it.
    pub entries: BTreeMap<char, u16>,
    /// The code points of `entries` that a step of the encoder lists apart from the index
    /// (gb18030 encoder step 5, the GB18030-2022 side table). Their values need not decode
    /// back to them, so the build emits them as a table of their own
    /// ([`EncodeTable::side_entries`]) rather than in the perfect map.
    pub side_table: BTreeSet<char>,
}

impl EncodeTable {
    /// Whether `value`, as a pointer into `index` (a byte minus 0x80 for single-byte tables),
    /// decodes back to `c`: what lets the runtime's perfect map keep values without keys
    /// (after hashing `c` to a slot, it accepts the slot's pointer only if the index's decode
    /// array gives `c` back).
    pub fn round_trips(&self, index: &Index, c: char, value: u16) -> bool {
        let pointer = if self.values_are_bytes {
            match value.checked_sub(0x80) {
                Some(p) => p,
                None => return false,
            }
        } else {
            value
        };
        index.code_point(pointer as Pointer) == Some(c)
    }

    /// The entries the build emits as a value-only perfect map: every entry but the side
    /// table's. An error names the first entry whose value does not decode back to its code
    /// point (the map could not verify it), or, for a single-byte table, the first code point
    /// at two bytes of the index: the single-byte encoder tries the byte run of its last hit
    /// before the map, and would find the later byte as well as the first.
    pub fn map_entries(&self, index: &Index) -> Result<BTreeMap<char, u16>, String> {
        if self.values_are_bytes {
            let mut seen = BTreeMap::new();
            for (pointer, c) in index.entries() {
                // A byte's pointer (below 128) as u16, the map type the tables use already.
                if let Some(first) = seen.insert(c, pointer as u16) {
                    return Err(format!(
                        "index {}: U+{:04X} is at bytes 0x{:02X} and 0x{:02X}; the single-byte encoder assumes one byte per code point",
                        index.name,
                        c as u32,
                        first + 0x80,
                        pointer + 0x80
                    ));
                }
            }
        }
        let mut out = Vec::with_capacity(self.entries.len());
        for (&c, &v) in &self.entries {
            if self.side_table.contains(&c) {
                continue;
            }
            if !self.round_trips(index, c, v) {
                return Err(format!(
                    "encoder table of index {}: U+{:04X} maps to {v}, which index {} decodes to {:?}, not back to U+{:04X}: a value-only map cannot verify it",
                    self.index,
                    c as u32,
                    index.name,
                    index.code_point(v as Pointer),
                    c as u32
                ));
            }
            out.push((c, v));
        }
        // In code point order already: built in one pass rather than entry by entry.
        Ok(btree_map(out))
    }

    /// The side table's entries (see [`EncodeTable::side_table`]).
    pub fn side_entries(&self) -> BTreeMap<char, u16> {
        let mut out = Vec::new();
        for c in &self.side_table {
            if let Some(&v) = self.entries.get(c) {
                out.push((*c, v));
            }
        }
        btree_map(out)
    }
}

/// The encoder tables the runtime can ask for, by name.
pub const ENCODER_TABLES: &[&str] = &["jis0208", "shift_jis", "euc-kr", "big5", "gb18030"];

/// The encoder tables whose encoders look their linear parts up before the map (see
/// [`crate::layout::encode`]): index jis0208's, for the Japanese encoders, since kana
/// (hiragana and katakana, a part each) are about half of Japanese text. The other tables'
/// linear parts (kana and full-width forms, which Chinese and Korean text seldom uses, and
/// gb18030's Private Use code points) are looked up after the map, so that the characters
/// the map holds pay nothing for them.
pub const LINEAR_FIRST: &[&str] = &["jis0208"];

/// The standard's "index pointer" (section 5): the first pointer of `code_point` in `index`,
/// ignoring pointers `skip` rejects.
pub(crate) fn first_pointers(index: &Index, skip: impl Fn(Pointer) -> bool) -> BTreeMap<char, u16> {
    first_pointer_map(index, skip).to_btree_map()
}

/// [`first_pointers`] as a [`CodePointMap`].
pub(crate) fn first_pointer_map(index: &Index, skip: impl Fn(Pointer) -> bool) -> CodePointMap {
    let mut out = CodePointMap::new();
    for (pointer, c) in index.entries() {
        if !skip(pointer) {
            out.insert_first(c, pointer as u16);
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
            side_table: BTreeSet::new(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{IndexData, IndexMeta};

    #[test]
    fn round_trips_and_side_table() {
        let index = Index {
            name: "x".into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(vec![Some('a'), Some('b'), None]),
        };
        let mut table = EncodeTable {
            index: "x".into(),
            rule: "",
            values_are_bytes: false,
            entries: [('a', 0), ('b', 1)].into_iter().collect(),
            side_table: BTreeSet::new(),
        };
        assert_eq!(table.map_entries(&index).unwrap().len(), 2);
        // 'c' at pointer 1 (which decodes to 'b') cannot be verified...
        table.entries.insert('c', 1);
        assert!(table.map_entries(&index).unwrap_err().contains("U+0063"));
        // ...unless it belongs to a side table, which is emitted apart.
        table.side_table.insert('c');
        assert_eq!(table.map_entries(&index).unwrap().len(), 2);
        assert_eq!(
            table.side_entries().into_iter().collect::<Vec<_>>(),
            [('c', 1)]
        );
        // Single-byte values are bytes: pointer + 0x80.
        let bytes = EncodeTable {
            values_are_bytes: true,
            entries: [('a', 0x80), ('b', 0x81)].into_iter().collect(),
            side_table: BTreeSet::new(),
            ..table
        };
        assert!(bytes.round_trips(&index, 'b', 0x81));
        assert!(!bytes.round_trips(&index, 'b', 0x01));
        assert_eq!(bytes.map_entries(&index).unwrap().len(), 2);
        // A code point at two bytes: the second is an error.
        let twice = Index {
            data: IndexData::Pointers(vec![Some('a'), Some('b'), Some('a')]),
            ..index
        };
        assert!(bytes
            .map_entries(&twice)
            .unwrap_err()
            .contains("U+0061 is at bytes 0x80 and 0x82"));
    }
}
