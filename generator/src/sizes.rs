//! How many bytes the tables the build emits take, by the layouts [`crate::emit`] uses, in
//! each configuration of the runtime crate ([`Configuration`]):
//!
//! - a single-byte index, index ISO-2022-JP katakana: a u16 per pointer (a decode array);
//!   index gb18030 ranges: two u32 per range; the same in both configurations;
//! - a two-byte index ([`crate::layout`]): its stored cells, a u16 each (dense: a cell per
//!   pointer; banded rows: each row's stored bands, with a u16 per row and band, 2 bytes per
//!   stored band for the search, and [`crate::emit::FILTER_BITS`] bits per search block of
//!   [`crate::emit::SEARCH_BLOCK`] cells), a byte per kept column, a u32 per 32 cells of
//!   plane-2 bits (index Big5); each part the program holds, 40 bytes and
//!   12 per rectangle, and its bitmap (3 bytes per 8 code points of its span, and 32), counted
//!   with the first part that uses it;
//! - an encoder table over a two-byte index: in the default configuration its encode map, a
//!   u16 per code point, a pilot byte per bucket (a bucket per three code points) and a u16
//!   per remapped slot (about 1% of the code points), in `compact` 8 bytes per exception;
//!   88 and 40 bytes for the lookups' description;
//! - a single-byte encode map: a byte per code point, with the same perfect hash;
//! - the side table of gb18030's encoder: two u16 per entry; the Shift_JIS remap table: a
//!   u16 per pointer 8272 to 8835.
//!
//! Pure functions of the data: `encoding-gen check` prints them.

use serde::Serialize;

use crate::derive;
use crate::error::{DataError, ErrorKind};
use crate::layout::decode::Stored;
use crate::layout::{Configuration, ConfiguredIndex, IndexLayout, PartLayout};
use crate::model::{DataSet, Index, IndexData};
use crate::spec;

/// Bytes of a part's description, besides its rectangles.
const PART: usize = 40;
/// Bytes of a rectangle.
const RECTANGLE: usize = 12;
/// Bytes of a bitmap's description, besides its words and samples.
const BITMAP: usize = 32;
/// Bytes of the default configuration's encoder lookups' description, besides the map.
const DEFAULT_LOOKUPS: usize = 88;
/// Bytes of the compact configuration's encoder lookups' description.
const COMPACT_LOOKUPS: usize = 40;

/// What an emitted table is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    /// The cells of an index its decoders read.
    Decode,
    /// The bits of the cells whose code point is in plane 2 (index Big5).
    Plane2,
    /// The two arrays of index gb18030 ranges.
    Ranges,
    /// A computed part of a two-byte index.
    Part,
    /// Code point -> pointer (or byte) value-only perfect-hash map.
    Encode,
    /// The compact encoders' exceptions.
    Exceptions,
    /// (code point, pointer) pairs of an encoder's side table (gb18030's).
    SideTable,
    /// The Shift_JIS encoder's pointer remap over jis0208's lookups.
    Remap,
}

/// The size of one emitted table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableSize {
    /// The index name (decode, plane2, ranges, part) or the encoder table name (encode,
    /// exceptions, side table, remap; see [`derive::encoder_table`]).
    pub table: String,
    /// `default` or `compact` for what the configurations lay out apart, `both` otherwise.
    pub configuration: &'static str,
    /// What the table is (decode cells, a part, an encode map, ...).
    pub kind: TableKind,
    /// Its layout: `dense`, `banded rows`, `linear`, `ranked`, `ranked pair`, `map`, …, and
    /// for a part how the decoder and the encoders use it.
    pub layout: String,
    /// Where a part's cells are (rows and kept columns), empty for the others.
    pub part: String,
    /// Cells (decode, part), u32 words (plane2), ranges, code points (encode, exceptions,
    /// side table) or pointers (remap).
    pub len: usize,
    /// Pilots (one byte each) of the perfect hash (encode), 0 for the others.
    pub pilots: usize,
    /// Remapped slots (u16 each) of the perfect hash (encode), 0 for the others.
    pub remap: usize,
    /// The bytes it takes.
    pub bytes: usize,
}

impl TableSize {
    fn new(table: &str, kind: TableKind, layout: &str, len: usize, bytes: usize) -> TableSize {
        TableSize {
            table: table.to_string(),
            configuration: "both",
            kind,
            layout: layout.to_string(),
            part: String::new(),
            len,
            pilots: 0,
            remap: 0,
            bytes,
        }
    }

    fn in_configuration(mut self, configuration: Configuration) -> TableSize {
        self.configuration = configuration.name();
        self
    }
}

/// The decode array of an index that is not two-byte (its plane-2 bits too, if it had any),
/// or the two arrays of index gb18030 ranges.
pub fn decode_sizes(index: &Index) -> Result<Vec<TableSize>, DataError> {
    Ok(match &index.data {
        IndexData::Pointers(slots) => {
            let mut out = vec![TableSize::new(
                &index.name,
                TableKind::Decode,
                "u16 per slot",
                slots.len(),
                slots.len() * 2,
            )];
            let bits = crate::emit::plane_2_bits(index)
                .map_err(|e| DataError::new(ErrorKind::Layout(e), "indexes.json"))?;
            if let Some(bits) = bits {
                out.push(TableSize::new(
                    &index.name,
                    TableKind::Plane2,
                    "u32 bitset word",
                    bits.len(),
                    bits.len() * 4,
                ));
            }
            out
        }
        IndexData::Ranges(ranges) => vec![TableSize::new(
            &index.name,
            TableKind::Ranges,
            "2 x u32 per range",
            ranges.len(),
            ranges.len() * 8,
        )],
    })
}

/// A perfect-hash map of `len` code points, given the numbers of pilots and remapped slots
/// of its hash, values of `value` bytes.
fn map_size(
    name: &str,
    layout: &str,
    len: usize,
    value: usize,
    hash: &crate::emit::Hash,
) -> TableSize {
    TableSize {
        pilots: hash.pilots.len(),
        remap: hash.remap.len(),
        ..TableSize::new(
            name,
            TableKind::Encode,
            layout,
            len,
            len * value + hash.pilots.len() + 2 * hash.remap.len(),
        )
    }
}

/// The tables of a two-byte index in `configuration`: its cells, plane-2 bits, parts and
/// encoder lookups.
pub fn two_byte_sizes(
    set: &DataSet,
    index: &Index,
    layout: &IndexLayout,
    configuration: Configuration,
) -> Result<Vec<TableSize>, String> {
    let chosen = ConfiguredIndex::of(set, index, layout, configuration)?;
    let cells = chosen.decode.cells(layout);
    let mut out = Vec::new();
    let (name, stretches) = match &chosen.decode.stored {
        Stored::Dense => ("dense", 0),
        Stored::Banded(banded) => (
            "banded rows",
            2 * banded.lanes.iter().flatten().count()
                + banded.bands.len()
                + chosen.decode.computed.len()
                + if chosen.encoders.is_empty() {
                    0
                } else {
                    2 * banded
                        .lanes
                        .iter()
                        .flatten()
                        .filter(|l| matches!(l, crate::layout::decode::Lane::Stored(_)))
                        .count()
                        + crate::emit::FILTER_BITS
                            * cells.len().div_ceil(crate::emit::SEARCH_BLOCK).div_ceil(8)
                },
        ),
    };
    out.push(TableSize::new(
        &index.name,
        TableKind::Decode,
        name,
        cells.len(),
        2 * cells.len() + layout.columns.len() + stretches,
    ));
    if cells.iter().flatten().any(|&c| c as u32 > 0xFFFF) {
        let words = cells.len().div_ceil(32);
        out.push(TableSize::new(
            &index.name,
            TableKind::Plane2,
            "u32 bitset word",
            words,
            4 * words,
        ));
    }
    let mut counted = Vec::new();
    for &p in &chosen.parts {
        let part = &layout.parts[p];
        let mut bytes = PART + RECTANGLE * part.chain.len();
        let mut kind = part.layout_name().to_string();
        if let PartLayout::Ranked { bitmap, .. } = part.layout {
            let shared = layout.parts.iter().enumerate().any(|(q, other)| {
                q != p
                    && chosen.parts.contains(&q)
                    && matches!(other.layout, PartLayout::Ranked { bitmap: b, .. } if b == bitmap)
            });
            if shared {
                kind += " pair";
            }
            if !counted.contains(&bitmap) {
                counted.push(bitmap);
                bytes += BITMAP + layout.bitmaps[bitmap].size();
            }
        }
        let mut uses = Vec::new();
        if chosen.decode.computed.contains(&p) {
            uses.push("computed".to_string());
        }
        for (table, e) in &chosen.encoders {
            if e.first.contains(&p) {
                uses.push(format!("{table} first"));
            } else if e.then.contains(&p) {
                uses.push(format!("{table} then"));
            }
        }
        out.push(TableSize {
            part: part.describe(),
            ..TableSize::new(
                &index.name,
                TableKind::Part,
                &format!("{kind}: {}", uses.join(", ")),
                part.code_points.len(),
                bytes,
            )
        });
    }
    for (table, e) in &chosen.encoders {
        match configuration {
            Configuration::Default => {
                let code_points: Vec<char> = e.map.keys().copied().collect();
                let hash = crate::emit::hash_code_points(&code_points)?;
                let mut size = map_size(table, "map", e.map.len(), 2, &hash);
                size.bytes += DEFAULT_LOOKUPS;
                out.push(size);
            }
            Configuration::Compact => out.push(TableSize::new(
                table,
                TableKind::Exceptions,
                "exceptions, then search",
                e.exceptions.len(),
                8 * e.exceptions.len() + COMPACT_LOOKUPS,
            )),
        }
    }
    Ok(out
        .into_iter()
        .map(|t| t.in_configuration(configuration))
        .collect())
}

/// Every table the build emits for `set`: for each index of the standard (in
/// [`spec::index_names`] order), its decode array (or its layouts in each configuration, for a
/// two-byte index, with its encoder lookups), then the single-byte encode maps, gb18030's side
/// table and the Shift_JIS remap table.
pub fn table_sizes(set: &DataSet) -> Result<Vec<TableSize>, DataError> {
    let layout_error =
        |e: String| DataError::new(ErrorKind::Layout(e), set.dir.join("indexes.json"));
    let mut out = Vec::new();
    for name in spec::index_names() {
        let Some(index) = set.index(name) else {
            continue;
        };
        match IndexLayout::of(index) {
            Some(layout) => {
                for configuration in Configuration::ALL {
                    out.extend(
                        two_byte_sizes(set, index, &layout, configuration).map_err(layout_error)?,
                    );
                }
            }
            None => out.extend(decode_sizes(index)?),
        }
    }
    for name in derive::all_encoder_tables() {
        if !spec::is_single_byte_index(name) {
            continue;
        }
        let table = derive::encoder_table(set, name)?;
        let Some(index) = set.index(&table.index) else {
            continue;
        };
        let entries = table.map_entries(index).map_err(layout_error)?;
        let code_points: Vec<char> = entries.keys().copied().collect();
        let hash = crate::emit::hash_code_points(&code_points).map_err(layout_error)?;
        out.push(map_size(name, "map", entries.len(), 1, &hash));
    }
    if set.index("gb18030").is_some() {
        let table = derive::encoder_table(set, "gb18030")?;
        out.push(TableSize::new(
            "gb18030",
            TableKind::SideTable,
            "2 x u16 per entry",
            table.side_table.len(),
            4 * table.side_table.len(),
        ));
    }
    if let Some(jis0208) = set.index("jis0208") {
        let len = derive::shift_jis_remap(jis0208).len();
        out.push(TableSize::new(
            "shift_jis",
            TableKind::Remap,
            "u16 per pointer",
            len,
            2 * len,
        ));
    }
    Ok(out)
}

/// The bytes of the tables of `configuration` (those of both and of that one).
pub fn total(tables: &[TableSize], configuration: Configuration) -> usize {
    tables
        .iter()
        .filter(|t| t.configuration == "both" || t.configuration == configuration.name())
        .map(|t| t.bytes)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::IndexMeta;

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
    fn totals_count_both_and_their_own() {
        let t = |configuration, bytes| TableSize {
            configuration,
            ..TableSize::new("x", TableKind::Decode, "", 0, bytes)
        };
        let tables = [t("both", 1), t("default", 10), t("compact", 100)];
        assert_eq!(total(&tables, Configuration::Default), 11);
        assert_eq!(total(&tables, Configuration::Compact), 101);
    }
}
