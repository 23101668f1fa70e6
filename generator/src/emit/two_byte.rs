//! A two-byte index in its layout ([`crate::layout`]): the `crate::tables::TwoByteIndex` its
//! decoders read, with its parts and their bitmaps, and the `crate::tables::EncodeIndex` of
//! each encoder table over it.

use std::fmt::Write;

use super::{array, byte_string, encode, provenance, static_item, u16_array};
use crate::derive::EncodeTable;
use crate::layout::decode::{Lane, Stored};
use crate::layout::{Configuration, ConfiguredIndex, IndexLayout, Part, PartLayout, Rectangle};
use crate::model::Index;

/// Cells per block of the compact encoders' search (the runtime's `two_byte::banded::BLOCK`).
pub const SEARCH_BLOCK: usize = 128;

/// A lane of banded rows with nothing stored or computed (the runtime's `NO_LANE`).
const NO_LANE: u16 = 0xFFFF;

/// A lane of banded rows whose code points are computed, with its row in the low 14 bits (the
/// runtime's `COMPUTED_LANE`).
const COMPUTED_LANE: u16 = 0xC000;

/// Bits of a search block's filter: one is set for each code point of the block, at
/// [`code_point_hash::filter_bit`].
pub const FILTER_BITS: usize = code_point_hash::FILTER_BITS;

/// The filters of the blocks of `cells`, transposed: for each filter bit in turn, a bit per
/// block (eight blocks to a byte), so that the search reads the blocks that may hold a code
/// point from one row of bits.
pub fn search_filters(cells: &[Option<char>]) -> Vec<u8> {
    let row = cells.len().div_ceil(SEARCH_BLOCK).div_ceil(8);
    let mut filters = vec![0u8; FILTER_BITS * row];
    for (block, cells) in cells.chunks(SEARCH_BLOCK).enumerate() {
        for &c in cells.iter().flatten() {
            let bit = code_point_hash::filter_bit(c as u32) as usize;
            filters[bit * row + block / 8] |= 1 << (block % 8);
        }
    }
    filters
}

/// `VIS static NAME: crate::tables::TwoByteIndex` for `index` (cut into `layout`) in the
/// configuration `chosen` is of ([`ConfiguredIndex::of`]), and `NAME_BITMAPS`, the bitmaps of
/// its ranked parts (which a pair of parts shares).
pub fn two_byte_index(
    vis: &str,
    name: &str,
    index: &Index,
    layout: &IndexLayout,
    chosen: &ConfiguredIndex,
) -> Result<String, String> {
    let configuration = chosen.configuration;
    let decode = &chosen.decode;
    let cells = decode.cells(layout);
    let values = cells.iter().map(|c| c.map_or(0, |c| c as u32 as u16));
    let plane_2 = plane_2_bits(index, &cells)?;
    let mut text = String::new();
    let bitmaps_name = format!("{name}_BITMAPS");
    if !chosen.bitmaps.is_empty() {
        let items: Vec<String> = chosen
            .bitmaps
            .iter()
            .map(|&b| {
                let b = &layout.bitmaps[b];
                format!(
                    "crate::tables::RankBitmap {{ bytes: {}, samples: &{} }}",
                    byte_string(b.bytes.iter().copied()),
                    u16_array(b.samples.iter().copied()),
                )
            })
            .collect();
        let doc = format!(
            "The bitmaps of the ranked parts of `{name}`, {}: bit i is code point first + i of the part, with the ones before each word.",
            provenance(index)
        );
        text += &static_item(
            &doc,
            vis,
            &bitmaps_name,
            &format!("[crate::tables::RankBitmap; {}]", items.len()),
            &array(items),
        );
    }
    let parts: Vec<String> = chosen
        .parts
        .iter()
        .map(|&p| part_literal(&layout.parts[p], &bitmaps_name, layout, chosen))
        .collect::<Result<_, _>>()?;
    let stored = match &decode.stored {
        Stored::Dense => "crate::tables::DenseCells".to_string(),
        Stored::Banded(banded) => {
            let lanes = banded.lanes.iter().enumerate().flat_map(|(row, lanes)| {
                lanes.iter().map(move |lane| match *lane {
                    Lane::Stored(start) => start as u16,
                    Lane::Empty => NO_LANE,
                    Lane::Computed => COMPUTED_LANE | row as u16,
                })
            });
            let stored_lanes = banded
                .lanes
                .iter()
                .flatten()
                .enumerate()
                .filter_map(|(i, lane)| match *lane {
                    Lane::Stored(_) => Some(i as u16),
                    _ => None,
                });
            // The search's filters and stored lanes, for an index an encoder searches.
            let searched = !chosen.encoders.is_empty();
            let stored_lanes = stored_lanes.filter(|_| searched);
            let filters = byte_string(if searched {
                search_filters(&cells)
            } else {
                Vec::new()
            });
            format!(
                "crate::tables::BandedRows {{ bands: {}, lanes: &{}, stored_lanes: &{}, computed: &{}, filters: {filters} }}",
                byte_string(banded.bands.iter().map(|&b| b as u8)),
                u16_array(lanes),
                u16_array(stored_lanes),
                array(decode.computed.iter().filter_map(|&p| chosen.part_number(p)))
            )
        }
    };
    let mapped = cells.iter().flatten().count();
    let doc = format!(
        "The decode layout of {} in the {} configuration: {} rows of {} pointers, {} kept columns; {} cells stored ({mapped} with a code point{}){}; {} computed parts ({}).",
        provenance(index),
        configuration.name(),
        layout.rows,
        layout.shape.row,
        layout.columns.len(),
        cells.len(),
        if plane_2.is_empty() {
            String::new()
        } else {
            ", the low 16 bits of those in plane 2".to_string()
        },
        match decode.stored {
            Stored::Dense => ", by pointer".to_string(),
            Stored::Banded(_) => ", each row's stored bands in turn".to_string(),
        },
        chosen.parts.len(),
        chosen
            .parts
            .iter()
            .map(|&p| {
                let p = &layout.parts[p];
                format!("{} {}", p.layout_name(), p.describe())
            })
            .collect::<Vec<_>>()
            .join("; "),
    );
    let value = format!(
        "crate::tables::TwoByteIndex {{ row: {}, columns: {}, cells: &{}, plane_2: &{}, parts: &{}, stored: {stored} }}",
        layout.shape.row,
        byte_string(layout.columns.iter().map(|&c| c as u8)),
        u16_array(values),
        array(&plane_2),
        array(parts),
    );
    text += &static_item(&doc, vis, name, "crate::tables::TwoByteIndex", &value);
    Ok(text)
}

/// The plane-2 bits of the stored cells: empty if every code point of the index is in the
/// BMP, an error if one is beyond the BMP but not in plane 2.
fn plane_2_bits(index: &Index, cells: &[Option<char>]) -> Result<Vec<u32>, String> {
    if super::plane_2_bits(index)?.is_none() {
        return Ok(Vec::new());
    }
    let mut bits = vec![0u32; cells.len().div_ceil(32)];
    for (i, c) in cells.iter().enumerate() {
        if c.is_some_and(|c| c as u32 > 0xFFFF) {
            bits[i / 32] |= 1 << (i % 32);
        }
    }
    Ok(bits)
}

/// ⌈2³¹ / `columns`⌉, checked to divide every offset of `rect` exactly.
fn reciprocal(rect: &Rectangle) -> Result<u32, String> {
    let m = (1u64 << 31).div_ceil(rect.columns as u64);
    let exact = (0..rect.len as u64).all(|i| (i * m) >> 31 == i / rect.columns as u64);
    match u32::try_from(m) {
        Ok(m) if exact => Ok(m),
        _ => Err(format!(
            "a rectangle of {} columns and {} cells: no 31-bit reciprocal divides its offsets",
            rect.columns, rect.len
        )),
    }
}

/// A `crate::tables::Part` literal.
fn part_literal(
    part: &Part,
    bitmaps: &str,
    layout: &IndexLayout,
    chosen: &ConfiguredIndex,
) -> Result<String, String> {
    let mut chain = Vec::new();
    for r in &part.chain {
        let fits = u16::try_from(r.first_row).is_ok()
            && u8::try_from(r.first_column).is_ok()
            && u8::try_from(r.columns).is_ok()
            && u16::try_from(r.len).is_ok();
        if !fits {
            return Err(format!(
                "a rectangle of index {} is too large",
                layout.index
            ));
        }
        // Whether its columns have the index's empty columns between them.
        let raw = &layout.columns[r.first_column..r.first_column + r.columns];
        let gaps = raw.last().zip(raw.first()).map(|(b, a)| b - a + 1) != Some(r.columns);
        let first_pointer = layout.pointer(r.first_row, r.first_column);
        chain.push(format!(
            "crate::tables::Rectangle {{ first_row: {}, first_column: {}, columns: {}, len: {}, reciprocal: {}, first_pointer: {first_pointer}, gaps: {gaps} }}",
            r.first_row,
            r.first_column,
            r.columns,
            r.len,
            reciprocal(r)?
        ));
    }
    let (first, last, layout_text) = match part.layout {
        PartLayout::Linear { first } => {
            let (_, last) = part.span();
            (first, last, "crate::tables::PartLayout::Linear".to_string())
        }
        PartLayout::Ranked { bitmap, ones } => {
            let b = &layout.bitmaps[bitmap];
            let number = chosen
                .bitmap_number(bitmap)
                .ok_or("a part's bitmap is not emitted")?;
            (
                b.first,
                b.last,
                format!(
                    "crate::tables::PartLayout::Ranked {{ bitmap: &{bitmaps}[{number}], ones: {ones} }}"
                ),
            )
        }
    };
    Ok(format!(
        "crate::tables::Part {{ first: {}, span: {}, chain: &{}, layout: {layout_text} }}",
        first as u32,
        last as u32 - first as u32,
        array(chain),
    ))
}

/// `VIS static NAME: crate::tables::EncodeIndex`: the lookups of `table` over `index` (cut
/// into `layout`) in the configuration `chosen` is of (the handler passes the index's
/// `TwoByteIndex` with each lookup).
pub fn encode_index(
    vis: &str,
    name: &str,
    table: &EncodeTable,
    index: &Index,
    layout: &IndexLayout,
    chosen: &ConfiguredIndex,
) -> Result<String, String> {
    let configuration = chosen.configuration;
    let decode = &chosen.decode;
    let lookups = &chosen
        .encoders
        .iter()
        .find(|(t, _)| *t == table.index)
        .ok_or_else(|| format!("index {} has no encoder table {}", index.name, table.index))?
        .1;
    let parts = |list: &[usize]| {
        list.iter()
            .map(|&p| {
                format!(
                    "{} {}",
                    layout.parts[p].layout_name(),
                    layout.parts[p].describe()
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let numbers = |list: &[usize]| array(list.iter().filter_map(|&p| chosen.part_number(p)));
    let mut doc = format!(
        "The encoder's lookups of {} by the rule: {}; the {} configuration.\n\n",
        provenance(index),
        table.rule,
        configuration.name()
    );
    let value = match configuration {
        Configuration::Default => {
            let _ = write!(
                doc,
                "First the parts {} ({}), then the perfect-hash map of {} code points (its values are pointers, verified through the index), then the parts {} ({}).",
                numbers(&lookups.first),
                parts(&lookups.first),
                lookups.map.len(),
                numbers(&lookups.then),
                parts(&lookups.then),
            );
            format!(
                "crate::tables::EncodeIndex {{ first: &{}, map: {}, then: &{} }}",
                numbers(&lookups.first),
                encode::perfect_map_literal(&lookups.map, false)?,
                numbers(&lookups.then),
            )
        }
        Configuration::Compact => {
            let cell_pointers = decode.cell_pointers(layout);
            let search_from = cell_pointers.partition_point(|&p| p < lookups.search_from);
            let search_from = u16::try_from(search_from)
                .map_err(|_| format!("index {}: too many cells to search", layout.index))?;
            let exceptions: Vec<String> = lookups
                .exceptions
                .iter()
                .map(|(&c, &p)| format!("({}, {})", c as u32, p.unwrap_or(u16::MAX)))
                .collect();
            let _ = write!(
                doc,
                "First the parts {} ({}), then {} exceptions, then a search of the stored cells from cell {search_from} (pointer {}) on.",
                numbers(&lookups.first),
                parts(&lookups.first),
                exceptions.len(),
                lookups.search_from,
            );
            format!(
                "crate::tables::EncodeIndex {{ first: &{}, exceptions: &{}, search_from: {search_from} }}",
                numbers(&lookups.first),
                array(exceptions),
            )
        }
    };
    Ok(static_item(
        &doc,
        vis,
        name,
        "crate::tables::EncodeIndex",
        &value,
    ))
}
