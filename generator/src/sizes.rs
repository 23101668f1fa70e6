//! How many bytes the tables the build emits take, by the layouts [`crate::emit`] uses:
//!
//! - a decode array ([`crate::emit::decode_array`]) is one u16 per pointer slot, or one u32 if
//!   any code point of the index is beyond the BMP;
//! - index gb18030 ranges ([`crate::emit::ranges`]) is two u32 arrays, 8 bytes per range;
//! - an encode map ([`crate::emit::encode_map`]) is, per code point, a key of 2 bytes (u16,
//!   when every key is in the BMP) or 4 (u32) and a value of 1 byte (single-byte encodings)
//!   or 2 (a pointer), plus 8 bytes per displacement pair of its perfect hash.
//!
//! Pure functions of the data: `encoding-gen check` prints them.

use serde::Serialize;

use crate::derive::{self, EncodeTable};
use crate::error::DataError;
use crate::model::{DataSet, Index, IndexData};
use crate::spec;

/// What an emitted table is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    /// Pointer -> code point array of a pointer index.
    Decode,
    /// The two arrays of index gb18030 ranges.
    Ranges,
    /// Code point -> pointer (or byte) perfect-hash map.
    Encode,
}

/// The size of one emitted table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableSize {
    /// The index name (decode, ranges) or the encoder table name (encode; see
    /// [`derive::encoder_table`]).
    pub table: String,
    pub kind: TableKind,
    /// Pointer slots (decode), ranges (ranges) or code points (encode).
    pub len: usize,
    /// Bytes per element: 2 or 4 (decode), 8 (ranges), key plus value (encode: 3 to 6).
    pub element_bytes: usize,
    /// Displacement pairs of the perfect hash (encode), 0 for the others.
    pub displacements: usize,
    /// `len * element_bytes + 8 * displacements`.
    pub bytes: usize,
}

fn is_bmp(c: char) -> bool {
    (c as u32) <= 0xFFFF
}

/// The decode array of a pointer index, or the two arrays of index gb18030 ranges.
pub fn decode_size(index: &Index) -> TableSize {
    let (kind, len, element_bytes) = match &index.data {
        IndexData::Pointers(slots) => {
            let bmp = slots.iter().flatten().all(|&c| is_bmp(c));
            (TableKind::Decode, slots.len(), if bmp { 2 } else { 4 })
        }
        IndexData::Ranges(ranges) => (TableKind::Ranges, ranges.len(), 8),
    };
    TableSize {
        table: index.name.clone(),
        kind,
        len,
        element_bytes,
        displacements: 0,
        bytes: len * element_bytes,
    }
}

/// An encode map, given the number of displacement pairs its perfect hash has.
pub fn encode_size(table: &EncodeTable, name: &str, displacements: usize) -> TableSize {
    let key = if table.entries.keys().all(|&c| is_bmp(c)) {
        2
    } else {
        4
    };
    let value = if table.values_are_bytes { 1 } else { 2 };
    let len = table.entries.len();
    TableSize {
        table: name.to_string(),
        kind: TableKind::Encode,
        len,
        element_bytes: key + value,
        displacements,
        bytes: len * (key + value) + 8 * displacements,
    }
}

/// The number of displacement pairs phf_generator finds for the table's keys, hashed as the
/// emitted map hashes them (u16 keys when all are in the BMP, else u32).
pub fn displacements(table: &EncodeTable) -> usize {
    if table.entries.keys().all(|&c| is_bmp(c)) {
        let keys: Vec<u16> = table.entries.keys().map(|&c| c as u16).collect();
        phf_generator::generate_hash(&keys).disps.len()
    } else {
        let keys: Vec<u32> = table.entries.keys().map(|&c| c as u32).collect();
        phf_generator::generate_hash(&keys).disps.len()
    }
}

/// Every table the build emits for `set`: the decode array of each index of the standard (in
/// [`spec::index_names`] order), then the encode map of each of
/// [`derive::all_encoder_tables`].
pub fn table_sizes(set: &DataSet) -> Result<Vec<TableSize>, DataError> {
    let mut out = Vec::new();
    for name in spec::index_names() {
        if let Some(index) = set.index(name) {
            out.push(decode_size(index));
        }
    }
    for name in derive::all_encoder_tables() {
        let table = derive::encoder_table(set, name)?;
        out.push(encode_size(&table, name, displacements(&table)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::IndexMeta;
    use std::collections::BTreeMap;

    fn index(name: &str, data: IndexData) -> Index {
        Index {
            name: name.into(),
            meta: IndexMeta::default(),
            data,
        }
    }

    #[test]
    fn decode_arrays_widen_beyond_the_bmp() {
        let bmp = index(
            "x",
            IndexData::Pointers(vec![Some('a'), None, Some('\u{FFFF}')]),
        );
        assert_eq!(decode_size(&bmp).bytes, 3 * 2);
        let astral = index(
            "x",
            IndexData::Pointers(vec![Some('a'), None, Some('\u{20000}')]),
        );
        assert_eq!(decode_size(&astral).bytes, 3 * 4);
        let ranges = index("r", IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A5}')]));
        let size = decode_size(&ranges);
        assert_eq!((size.kind, size.bytes), (TableKind::Ranges, 16));
    }

    #[test]
    fn encode_maps_count_keys_values_and_displacements() {
        let mut entries = BTreeMap::new();
        entries.insert('a', 1);
        entries.insert('b', 2);
        let mut table = EncodeTable {
            index: "x".into(),
            rule: "",
            values_are_bytes: true,
            entries,
        };
        // u16 key + u8 value, and 8 bytes per displacement pair.
        assert_eq!(encode_size(&table, "x", 1).bytes, 2 * 3 + 8);
        table.values_are_bytes = false;
        assert_eq!(encode_size(&table, "x", 1).bytes, 2 * 4 + 8);
        table.entries.insert('\u{20000}', 3);
        assert_eq!(encode_size(&table, "x", 2).bytes, 3 * 6 + 16);
    }
}
