//! What each configuration stores of an index for its decoders: every pointer (dense), or
//! each row's stretch of cells that no computed part covers (trimmed rows).

use super::{Configuration, IndexLayout, PartLayout};

/// The stretch of a row that trimmed rows store: `len` cells from kept column
/// `first_column`, at `start` in the stored cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stretch {
    /// Where the row's cells begin among the stored cells.
    pub start: usize,
    /// The kept column of its first cell.
    pub first_column: usize,
    /// Cells (0 for a row that stores none).
    pub len: usize,
}

/// How the cells are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// A cell per pointer, from 0 to the last pointer with a code point.
    Dense,
    /// A stretch per row.
    Trimmed(Vec<Stretch>),
}

/// An index's decode layout in one configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeLayout {
    /// Which.
    pub configuration: Configuration,
    /// The stored cells.
    pub stored: Stored,
    /// The parts whose cells are computed rather than stored, in the order the decoder
    /// tries them.
    pub computed: Vec<usize>,
}

impl DecodeLayout {
    /// The decode layout of `layout` in `configuration`. Compact computes the linear parts and
    /// the ranked parts that fill at least half of their span ([`fills_half_its_span`]: an
    /// extension, whose code points text uses least, and whose select then reads a byte or two
    /// past the sample it starts from); sparser parts (a national standard's selection of a
    /// script, which text uses most) are stored.
    ///
    /// [`fills_half_its_span`]: super::encode::fills_half_its_span
    pub fn of(layout: &IndexLayout, configuration: Configuration) -> DecodeLayout {
        if configuration == Configuration::Default {
            return DecodeLayout {
                configuration,
                stored: Stored::Dense,
                computed: Vec::new(),
            };
        }
        let mut computed: Vec<usize> = layout
            .parts
            .iter()
            .enumerate()
            .filter(|&(i, part)| match part.layout {
                PartLayout::Linear { .. } => true,
                PartLayout::Ranked { .. } => super::encode::fills_half_its_span(layout, i),
            })
            .map(|(i, _)| i)
            .collect();
        // A computed part with a cell inside a row's stretch (stored cells on both sides of
        // it) is stored after all; that may widen other stretches, so again until none is.
        loop {
            let rows = stretches(layout, &computed);
            let inside = computed.iter().position(|&p| {
                layout.parts[p].cells().any(|(row, column)| {
                    let s = rows[row];
                    (s.first_column..s.first_column + s.len).contains(&column)
                })
            });
            match inside {
                Some(i) => {
                    computed.remove(i);
                }
                None => {
                    return DecodeLayout {
                        configuration,
                        stored: Stored::Trimmed(rows),
                        computed,
                    }
                }
            }
        }
    }

    /// The stored cells' code points, in order (None for an empty cell).
    pub fn cells(&self, layout: &IndexLayout) -> Vec<Option<char>> {
        match &self.stored {
            Stored::Dense => layout.pointers.clone(),
            Stored::Trimmed(rows) => rows
                .iter()
                .enumerate()
                .flat_map(|(row, s)| {
                    (s.first_column..s.first_column + s.len)
                        .map(move |column| layout.code_point(row, column))
                })
                .collect(),
        }
    }

    /// The pointer of each stored cell, in order.
    pub fn cell_pointers(&self, layout: &IndexLayout) -> Vec<u32> {
        match &self.stored {
            Stored::Dense => (0..layout.pointers.len() as u32).collect(),
            Stored::Trimmed(rows) => rows
                .iter()
                .enumerate()
                .flat_map(|(row, s)| {
                    (s.first_column..s.first_column + s.len)
                        .map(move |column| layout.pointer(row, column))
                })
                .collect(),
        }
    }
}

/// Each row's stretch of cells that have a code point and are in none of `computed`.
fn stretches(layout: &IndexLayout, computed: &[usize]) -> Vec<Stretch> {
    let mut is_computed = vec![false; layout.rows * layout.columns.len()];
    for &p in computed {
        for (row, column) in layout.parts[p].cells() {
            is_computed[row * layout.columns.len() + column] = true;
        }
    }
    let mut start = 0;
    (0..layout.rows)
        .map(|row| {
            let kept = |column: &usize| {
                !is_computed[row * layout.columns.len() + column]
                    && layout.code_point(row, *column).is_some()
            };
            let first = (0..layout.columns.len()).find(kept);
            let last = (0..layout.columns.len()).rev().find(kept);
            let s = match (first, last) {
                (Some(first), Some(last)) => Stretch {
                    start,
                    first_column: first,
                    len: last - first + 1,
                },
                _ => Stretch {
                    start,
                    first_column: 0,
                    len: 0,
                },
            };
            start += s.len;
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Index, IndexData, IndexMeta};

    #[test]
    fn compact_computes_dense_parts_and_trims_rows() {
        // Row 0: a linear stretch of 40 then two stored cells; row 1: stored cells 5 to 7.
        let mut p = vec![None; 94 * 3];
        for (i, cell) in p.iter_mut().take(40).enumerate() {
            *cell = char::from_u32(0x3041 + i as u32);
        }
        p[50] = Some('a');
        p[60] = Some('b');
        p[94 + 5] = Some('c');
        p[94 + 7] = Some('d');
        let index = Index {
            name: "jis0212".into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(p),
        };
        let layout = IndexLayout::of(&index).unwrap();
        assert_eq!(layout.parts.len(), 1);
        let compact = DecodeLayout::of(&layout, Configuration::Compact);
        assert_eq!(compact.computed, [0]);
        let Stored::Trimmed(rows) = &compact.stored else {
            panic!("trimmed");
        };
        // Kept columns: 0-39, 50, 60 (row 0), 5 and 7 are among 0-39.
        assert_eq!(
            rows[0],
            Stretch {
                start: 0,
                first_column: 40,
                len: 2
            }
        );
        assert_eq!(
            rows[1],
            Stretch {
                start: 2,
                first_column: 5,
                len: 3
            }
        );
        assert_eq!(rows[2].len, 0);
        assert_eq!(
            compact.cells(&layout),
            [Some('a'), Some('b'), Some('c'), None, Some('d')]
        );
        assert_eq!(compact.cell_pointers(&layout), [50, 60, 99, 100, 101]);
        let default = DecodeLayout::of(&layout, Configuration::Default);
        assert_eq!(default.cells(&layout).len(), 102);
    }
}
