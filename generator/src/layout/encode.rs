//! What an encoder table looks up, in which order, in each configuration.
//!
//! A part can answer for its code points only if the encoder's rule gives each of them the
//! part's pointer (an index pointer is the first of a code point's pointers; Big5 and
//! Shift_JIS have their own rules): such a part is *usable*. Then:
//!
//! - default: the linear parts of the tables in [`derive::LINEAR_FIRST`] are looked up before
//!   the map (the code point's range decides at once); the usable parts whose code points text
//!   uses least ([`text_uses_least`]: extensions, Private Use) after it, when the map has
//!   nothing, so that what the map holds costs nothing more than before; the map holds every
//!   other code point, a script's selection such as KS X 1001's Hangul among them (the map
//!   answers those in fewer instructions than a ranked part's lookup does).
//! - compact: no map. The usable parts, then the *exceptions* (code points for which the
//!   search would not find the encoder's pointer: a later pointer chosen by the rule, a
//!   pointer in a part the table cannot use), then the search of the stored cells from the
//!   table's first pointer on.

use std::collections::BTreeMap;

use super::decode::DecodeLayout;
use super::{Configuration, IndexLayout, PartLayout};
use crate::code_points::{btree_map, CodePointMap, CodePointSet};
use crate::derive::{self, EncodeTable};
use crate::model::{Index, Pointer};

/// The Private Use Area of the BMP: code points interchanged text does not use.
const PRIVATE_USE: std::ops::RangeInclusive<char> = '\u{E000}'..='\u{F8FF}';

/// Whether part `p`'s code points are those text uses least: a ranked part that holds at least
/// half of its bitmap's span, a block filled in code point order as an extension fills the
/// gaps of the set before it (UHC's Hangul beside KS X 1001's, GBK's ideographs beside
/// GB2312's), rather than a selection of a script (KS X 1001's Hangul); or a part of Private
/// Use code points.
pub fn text_uses_least(layout: &IndexLayout, p: usize) -> bool {
    let (lo, hi) = span(layout, p);
    if PRIVATE_USE.contains(&lo) && PRIVATE_USE.contains(&hi) {
        return true;
    }
    matches!(layout.parts[p].layout, PartLayout::Ranked { .. })
        && 2 * layout.parts[p].code_points.len() > hi as usize - lo as usize
}

/// An encoder table's lookups in one configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeLayout {
    /// Which.
    pub configuration: Configuration,
    /// The parts looked up first (of [`IndexLayout::parts`]), in order.
    pub first: Vec<usize>,
    /// Default: the encode map's entries.
    pub map: BTreeMap<char, u16>,
    /// Default: the parts looked up when the map has nothing, by their first code point.
    pub then: Vec<usize>,
    /// Compact: the code points whose pointer the search would not find, and their
    /// pointers (None: the encoder has none, though the search would find one).
    pub exceptions: BTreeMap<char, Option<u16>>,
    /// Compact: the first pointer searched.
    pub search_from: Pointer,
}

impl EncodeLayout {
    /// The lookups of `table` over `index` (cut into `layout`, stored as `decode`).
    pub fn of(
        table: &EncodeTable,
        index: &Index,
        layout: &IndexLayout,
        decode: &DecodeLayout,
    ) -> Result<EncodeLayout, String> {
        // The table's pointers by code point, none for the side table's.
        let pointers = CodePointMap::from(&table.entries);
        let mut side_table = CodePointSet::new();
        for &c in &table.side_table {
            side_table.insert(c);
        }
        let usable: Vec<usize> = (0..layout.parts.len())
            .filter(|&p| {
                let part = &layout.parts[p];
                part.cells()
                    .zip(&part.code_points)
                    .all(|((row, column), &c)| {
                        !side_table.contains(c)
                            && pointers.get(c).map(|v| v as Pointer)
                                == Some(layout.pointer(row, column))
                    })
            })
            .collect();
        let covered: CodePointSet = usable
            .iter()
            .flat_map(|&p| layout.parts[p].code_points.iter().copied())
            .collect();
        let entries = table.map_entries(index)?;
        match decode.configuration {
            Configuration::Default => {
                let linear_first = derive::LINEAR_FIRST.contains(&table.index.as_str());
                let mut first = Vec::new();
                let mut then = Vec::new();
                for p in usable {
                    match layout.parts[p].layout {
                        PartLayout::Linear { .. } if linear_first => first.push(p),
                        _ if text_uses_least(layout, p) => then.push(p),
                        _ => {}
                    }
                }
                let computed: CodePointSet = first
                    .iter()
                    .chain(&then)
                    .flat_map(|&p| layout.parts[p].code_points.iter().copied())
                    .collect();
                let map = btree_map(
                    entries
                        .into_iter()
                        .filter(|&(c, _)| !computed.contains(c))
                        .collect(),
                );
                // By first code point: the lookup stops at the first part above the code point.
                then.sort_by_key(|&p| span(layout, p).0);
                Ok(EncodeLayout {
                    configuration: Configuration::Default,
                    first,
                    map,
                    then,
                    exceptions: BTreeMap::new(),
                    search_from: 0,
                })
            }
            Configuration::Compact => {
                let search_from = table.entries.values().min().map_or(0, |&v| v as Pointer);
                // What the search finds: the first stored cell from `search_from` on.
                let mut found = CodePointMap::new();
                for (c, p) in decode
                    .cells(layout)
                    .into_iter()
                    .zip(decode.cell_pointers(layout))
                {
                    if let Some(c) = c.filter(|_| p >= search_from) {
                        found.insert_first(c, p as u16);
                    }
                }
                // The code points of the table or the search, in order (both lists are).
                let mut exceptions = BTreeMap::new();
                let (wanted, found) = (pointers.entries(), found.entries());
                let (mut w, mut f) = (0, 0);
                while w < wanted.len() || f < found.len() {
                    let next_wanted = wanted.get(w).map(|&(c, _)| c);
                    let next_found = found.get(f).map(|&(c, _)| c);
                    let c = match (next_wanted, next_found) {
                        (Some(a), Some(b)) => a.min(b),
                        (Some(a), None) => a,
                        (None, Some(b)) => b,
                        (None, None) => break,
                    };
                    let want = (next_wanted == Some(c)).then(|| wanted[w].1);
                    let got = (next_found == Some(c)).then(|| found[f].1);
                    w += usize::from(want.is_some());
                    f += usize::from(got.is_some());
                    if covered.contains(c) || side_table.contains(c) {
                        continue;
                    }
                    if got != want {
                        exceptions.insert(c, want);
                    }
                }
                // Largest first (a pair by its span, its ones first): a code point is likelier
                // in a larger part, and each part tried costs the others a comparison or two.
                let mut first = usable;
                first.sort_by_key(|&p| {
                    let (lo, hi) = span(layout, p);
                    let size = match layout.parts[p].layout {
                        PartLayout::Ranked { .. } => hi as usize - lo as usize + 1,
                        PartLayout::Linear { .. } => layout.parts[p].code_points.len(),
                    };
                    std::cmp::Reverse(size)
                });
                Ok(EncodeLayout {
                    configuration: Configuration::Compact,
                    first,
                    map: BTreeMap::new(),
                    then: Vec::new(),
                    exceptions,
                    search_from,
                })
            }
        }
    }
}

/// The code points from the first to the last of part `p`'s bitmap (a ranked part) or of
/// the part (a linear one).
pub fn span(layout: &IndexLayout, p: usize) -> (char, char) {
    let part = &layout.parts[p];
    match part.layout {
        PartLayout::Ranked { bitmap, .. } => {
            let b = &layout.bitmaps[bitmap];
            (b.first, b.last)
        }
        PartLayout::Linear { .. } => part.span(),
    }
}
