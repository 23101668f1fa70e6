//! How many bytes the tables the build emits take, by the layouts [`crate::emit`] uses:
//!
//! - a decode array ([`crate::emit::decode_array`]) is one u16 per pointer slot; an index with
//!   code points in plane 2 (index Big5) adds a bitset of those pointers, one u32 per 32
//!   slots;
//! - index gb18030 ranges ([`crate::emit::ranges`]) is two u32 arrays, 8 bytes per range;
//! - an encode map ([`crate::emit::encode_map`]) is, per code point, a value of 1 byte
//!   (single-byte encodings) or 2 (a pointer) and no key, plus its perfect hash (PtrHash):
//!   one pilot byte per bucket (a bucket per three keys) and a u16 per remapped slot (about
//!   1% of the keys); the Shift_JIS encoder shares jis0208's map;
//! - the side table of gb18030's encoder ([`crate::emit::side_table`]) is two u16 per entry;
//! - the runs of an encode map ([`crate::emit::runs`], for [`derive::RUNS_TABLES`]) are three
//!   u16 per run;
//! - the Shift_JIS remap table ([`crate::emit::shift_jis_remap`]) is one u16 per pointer 8272
//!   to 8835.
//!
//! Pure functions of the data: `encoding-gen check` prints them.

use serde::Serialize;

use crate::derive::{self, EncodeTable};
use crate::error::{DataError, ErrorKind};
use crate::model::{DataSet, Index, IndexData};
use crate::spec;

/// What an emitted table is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    /// Pointer -> code point array of a pointer index.
    Decode,
    /// The bitset of the pointers whose code point is in plane 2 (index Big5).
    Plane2,
    /// The two arrays of index gb18030 ranges.
    Ranges,
    /// Code point -> pointer (or byte) value-only perfect-hash map.
    Encode,
    /// (code point, pointer) pairs of an encoder's side table (gb18030's).
    SideTable,
    /// The Shift_JIS encoder's pointer remap over jis0208's map.
    Remap,
    /// (first code point, length, first value) of the long runs of an encode map.
    Runs,
}

/// The size of one emitted table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableSize {
    /// The index name (decode, plane2, ranges) or the encoder table name (encode, side table,
    /// remap; see [`derive::encoder_table`]).
    pub table: String,
    /// What the table is (decode array, encode map, ...).
    pub kind: TableKind,
    /// Pointer slots (decode), u32 words (plane2), ranges (ranges), code points (encode, side
    /// table), pointers (remap) or runs (runs).
    pub len: usize,
    /// Bytes per element: 2 (decode, remap), 4 (plane2, side table), 6 (runs), 8 (ranges), 1
    /// or 2 (encode: the value alone).
    pub element_bytes: usize,
    /// Pilots (one byte each) of the perfect hash (encode), 0 for the others.
    pub pilots: usize,
    /// Remapped slots (u16 each) of the perfect hash (encode), 0 for the others.
    pub remap: usize,
    /// `len * element_bytes + pilots + 2 * remap`.
    pub bytes: usize,
}

impl TableSize {
    fn new(table: &str, kind: TableKind, len: usize, element_bytes: usize) -> TableSize {
        TableSize {
            table: table.to_string(),
            kind,
            len,
            element_bytes,
            pilots: 0,
            remap: 0,
            bytes: len * element_bytes,
        }
    }
}

/// The decode array of a pointer index (and its plane-2 bitset, if it has one), or the two
/// arrays of index gb18030 ranges.
pub fn decode_sizes(index: &Index) -> Result<Vec<TableSize>, DataError> {
    Ok(match &index.data {
        IndexData::Pointers(slots) => {
            let mut out = vec![TableSize::new(
                &index.name,
                TableKind::Decode,
                slots.len(),
                2,
            )];
            let bits = crate::emit::plane_2_bits(index)
                .map_err(|e| DataError::new(ErrorKind::Layout(e), "indexes.json"))?;
            if let Some(bits) = bits {
                out.push(TableSize::new(
                    &index.name,
                    TableKind::Plane2,
                    bits.len(),
                    4,
                ));
            }
            out
        }
        IndexData::Ranges(ranges) => {
            vec![TableSize::new(
                &index.name,
                TableKind::Ranges,
                ranges.len(),
                8,
            )]
        }
    })
}

/// An encode map of `len` code points, given the numbers of pilots and remapped slots of its
/// perfect hash.
pub fn encode_size(
    table: &EncodeTable,
    name: &str,
    len: usize,
    pilots: usize,
    remap: usize,
) -> TableSize {
    let value = if table.values_are_bytes { 1 } else { 2 };
    TableSize {
        table: name.to_string(),
        kind: TableKind::Encode,
        len,
        element_bytes: value,
        pilots,
        remap,
        bytes: len * value + pilots + 2 * remap,
    }
}

/// Every table the build emits for `set`: the decode array of each index of the standard (in
/// [`spec::index_names`] order), then the encode map of each of
/// [`derive::all_encoder_tables`] but shift_jis (whose encoder uses jis0208's map and the
/// remap table), with gb18030's side table and the runs of [`derive::RUNS_TABLES`], then the
/// Shift_JIS remap table.
pub fn table_sizes(set: &DataSet) -> Result<Vec<TableSize>, DataError> {
    let mut out = Vec::new();
    for name in spec::index_names() {
        if let Some(index) = set.index(name) {
            out.extend(decode_sizes(index)?);
        }
    }
    let layout = |e: String| DataError::new(ErrorKind::Layout(e), set.dir.join("indexes.json"));
    for name in derive::all_encoder_tables() {
        if name == "shift_jis" {
            continue;
        }
        let table = derive::encoder_table(set, name)?;
        let index = set.index(&table.index).ok_or_else(|| {
            DataError::new(
                ErrorKind::MissingIndex(table.index.clone()),
                set.dir.join("indexes.json"),
            )
        })?;
        let entries = table.map_entries(index).map_err(layout)?;
        let code_points: Vec<char> = entries.keys().copied().collect();
        let hash = crate::emit::hash_code_points(&code_points).map_err(layout)?;
        out.push(encode_size(
            &table,
            name,
            entries.len(),
            hash.pilots.len(),
            hash.remap.len(),
        ));
        if !table.side_table.is_empty() {
            out.push(TableSize::new(
                name,
                TableKind::SideTable,
                table.side_table.len(),
                4,
            ));
        }
        if derive::RUNS_TABLES.contains(&name) {
            let runs = table.runs(index).map_err(layout)?;
            out.push(TableSize::new(name, TableKind::Runs, runs.len(), 6));
        }
    }
    if let Some(jis0208) = set.index("jis0208") {
        out.push(TableSize::new(
            "shift_jis",
            TableKind::Remap,
            derive::shift_jis_remap(jis0208).len(),
            2,
        ));
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
    fn decode_arrays_add_a_bitset_for_plane_2() {
        let bmp = index(
            "x",
            IndexData::Pointers(vec![Some('a'), None, Some('\u{FFFF}')]),
        );
        let sizes = decode_sizes(&bmp).unwrap();
        assert_eq!(sizes.len(), 1);
        assert_eq!(sizes[0].bytes, 3 * 2);
        let astral = index(
            "x",
            IndexData::Pointers(vec![Some('a'), None, Some('\u{20000}')]),
        );
        let sizes = decode_sizes(&astral).unwrap();
        assert_eq!((sizes[0].kind, sizes[0].bytes), (TableKind::Decode, 3 * 2));
        assert_eq!((sizes[1].kind, sizes[1].bytes), (TableKind::Plane2, 4));
        let plane_1 = index("x", IndexData::Pointers(vec![Some('\u{10000}')]));
        assert!(decode_sizes(&plane_1).is_err());
        let ranges = index("r", IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A5}')]));
        let sizes = decode_sizes(&ranges).unwrap();
        assert_eq!((sizes[0].kind, sizes[0].bytes), (TableKind::Ranges, 16));
    }

    #[test]
    fn encode_maps_count_values_and_displacements() {
        let mut entries = BTreeMap::new();
        entries.insert('a', 1);
        entries.insert('b', 2);
        let mut table = EncodeTable {
            index: "x".into(),
            rule: "",
            values_are_bytes: true,
            entries,
            side_table: Default::default(),
        };
        // u8 value, no key, a byte per pilot and a u16 per remapped slot.
        assert_eq!(encode_size(&table, "x", 2, 1, 0).bytes, 2 + 1);
        table.values_are_bytes = false;
        assert_eq!(encode_size(&table, "x", 2, 1, 0).bytes, 2 * 2 + 1);
        assert_eq!(encode_size(&table, "x", 3, 2, 1).bytes, 3 * 2 + 2 + 2);
    }
}
