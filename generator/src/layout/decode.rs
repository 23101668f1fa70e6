//! What each configuration stores of an index for its decoders: every pointer (dense), or
//! each row's bands of columns that hold a code point no computed part has (banded rows).

use super::{Configuration, IndexLayout};

/// What a row stores of one band of columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Nothing: no code point.
    Empty,
    /// Nothing: its code points are computed parts'.
    Computed,
    /// The band's cells, at `start` in the stored cells.
    Stored(usize),
}

/// Banded rows: the kept columns cut into one or two bands, and for each row and band what is
/// stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Banded {
    /// The kept column each band starts at (0 first); a band runs to the next's start or to
    /// the last kept column.
    pub bands: Vec<usize>,
    /// Each row's lanes, a lane per band.
    pub lanes: Vec<Vec<Lane>>,
}

impl Banded {
    /// The kept columns of band `b`.
    pub fn columns(&self, b: usize, kept: usize) -> std::ops::Range<usize> {
        self.bands[b]..self.bands.get(b + 1).copied().unwrap_or(kept)
    }
}

/// How the cells are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// A cell per pointer, from 0 to the last pointer with a code point.
    Dense,
    /// A band of cells per row and band that holds a code point no computed part has.
    Banded(Banded),
}

/// An index's decode layout in one configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeLayout {
    /// Which.
    pub configuration: Configuration,
    /// The stored cells.
    pub stored: Stored,
    /// The parts whose cells are computed rather than stored (some of them, at least), in the
    /// order the decoder tries them.
    pub computed: Vec<usize>,
}

/// The most lanes a lead's part holds: a lead's rows times the bands (see the runtime's
/// `two_byte::banded`, whose lead parts are two lanes of 16 bits).
pub const LANES: usize = 2;

impl DecodeLayout {
    /// The decode layout of `layout` in `configuration`. Compact computes the parts whose code
    /// points text uses least ([`text_uses_least`]: the extensions, whose select then reads a
    /// byte or two past the sample it starts from, and Private Use); the others (a national
    /// standard's selection of a script, kana, symbols) are stored, so that text decodes
    /// them at a load. The kept columns are cut into the two bands (or one) that store fewest
    /// cells: a band of a row is stored whole if it holds a code point that is not computed.
    ///
    /// [`text_uses_least`]: super::encode::text_uses_least
    pub fn of(layout: &IndexLayout, configuration: Configuration) -> DecodeLayout {
        if configuration == Configuration::Default {
            return DecodeLayout {
                configuration,
                stored: Stored::Dense,
                computed: Vec::new(),
            };
        }
        let width = layout.columns.len();
        let candidates: Vec<usize> = (0..layout.parts.len())
            .filter(|&p| super::encode::text_uses_least(layout, p))
            .collect();
        let mut is_computed = vec![false; layout.rows * width];
        for &p in &candidates {
            for (row, column) in layout.parts[p].cells() {
                is_computed[row * width + column] = true;
            }
        }
        // Per row, the code points not computed before each kept column (a prefix sum), and
        // whether any computed one.
        let stored_before: Vec<Vec<usize>> = (0..layout.rows)
            .map(|row| {
                let mut sums = vec![0; width + 1];
                for column in 0..width {
                    let keeps = layout.code_point(row, column).is_some()
                        && !is_computed[row * width + column];
                    sums[column + 1] = sums[column] + keeps as usize;
                }
                sums
            })
            .collect();
        let stores = |row: usize, columns: std::ops::Range<usize>| {
            stored_before[row][columns.end] > stored_before[row][columns.start]
        };
        // Two bands only where a lead takes one row and the index is of the BMP (a plane-2
        // index's second lane says which rows have plane 2).
        let plane_2 = layout.pointers.iter().flatten().any(|&c| c as u32 > 0xFFFF);
        let two_bands = layout.shape.rows_per_lead * 2 <= LANES && !plane_2;
        let mut best = (vec![0], usize::MAX);
        let splits = if two_bands { 1..width } else { 0..0 };
        for bands in [vec![0]].into_iter().chain(splits.map(|k| vec![0, k])) {
            let cells: usize = (0..layout.rows)
                .map(|row| {
                    (0..bands.len())
                        .map(|b| {
                            let end = bands.get(b + 1).copied().unwrap_or(width);
                            if stores(row, bands[b]..end) {
                                end - bands[b]
                            } else {
                                0
                            }
                        })
                        .sum::<usize>()
                })
                .sum();
            if cells < best.1 {
                best = (bands, cells);
            }
        }
        let bands = best.0;
        let mut start = 0;
        let mut has_computed_lane = vec![false; layout.parts.len()];
        let lanes: Vec<Vec<Lane>> = (0..layout.rows)
            .map(|row| {
                (0..bands.len())
                    .map(|b| {
                        let columns = bands[b]..bands.get(b + 1).copied().unwrap_or(width);
                        if stores(row, columns.clone()) {
                            let lane = Lane::Stored(start);
                            start += columns.len();
                            return lane;
                        }
                        let computed = columns.clone().any(|c| is_computed[row * width + c]);
                        if !computed {
                            return Lane::Empty;
                        }
                        for c in columns {
                            if let Some((p, _)) = layout.part_of(row, c) {
                                has_computed_lane[p] = true;
                            }
                        }
                        Lane::Computed
                    })
                    .collect()
            })
            .collect();
        let computed = candidates
            .into_iter()
            .filter(|&p| has_computed_lane[p])
            .collect();
        DecodeLayout {
            configuration,
            stored: Stored::Banded(Banded { bands, lanes }),
            computed,
        }
    }

    /// The (row, kept column) of each stored cell of banded rows, in order (the rows and bands
    /// in turn).
    fn banded_cells(banded: &Banded, layout: &IndexLayout) -> Vec<(usize, usize)> {
        let width = layout.columns.len();
        let mut out = Vec::new();
        for (row, lanes) in banded.lanes.iter().enumerate() {
            for (b, lane) in lanes.iter().enumerate() {
                if let Lane::Stored(_) = lane {
                    out.extend(banded.columns(b, width).map(|c| (row, c)));
                }
            }
        }
        out
    }

    /// The stored cells' code points, in order (None for an empty cell).
    pub fn cells(&self, layout: &IndexLayout) -> Vec<Option<char>> {
        match &self.stored {
            Stored::Dense => layout.pointers.clone(),
            Stored::Banded(banded) => Self::banded_cells(banded, layout)
                .into_iter()
                .map(|(row, column)| layout.code_point(row, column))
                .collect(),
        }
    }

    /// The pointer of each stored cell, in order.
    pub fn cell_pointers(&self, layout: &IndexLayout) -> Vec<u32> {
        match &self.stored {
            Stored::Dense => (0..layout.pointers.len() as u32).collect(),
            Stored::Banded(banded) => Self::banded_cells(banded, layout)
                .into_iter()
                .map(|(row, column)| layout.pointer(row, column))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Index, IndexData, IndexMeta};

    #[test]
    fn compact_computes_extensions_and_bands_the_rest() {
        // Rows of 190: rows 0-3 hold an extension in columns 0-95 (every other code point of
        // U+AC00.., a ranked part filling half its span and more), symbols in 96-189 of row 3.
        let mut p = vec![None; 190 * 5];
        let mut c = 0xAC00;
        for row in 0..4 {
            for col in 0..96 {
                p[row * 190 + col] = char::from_u32(c);
                c += 1 + (col % 2) as u32;
            }
        }
        p[3 * 190 + 100] = Some('a');
        p[4 * 190 + 5] = Some('b');
        p[4 * 190 + 95] = Some('c');
        let index = Index {
            name: "euc-kr".into(),
            meta: IndexMeta::default(),
            data: IndexData::Pointers(p),
        };
        let layout = IndexLayout::of(&index).unwrap();
        assert_eq!(layout.parts.len(), 1);
        let compact = DecodeLayout::of(&layout, Configuration::Compact);
        assert_eq!(compact.computed, [0]);
        let Stored::Banded(banded) = &compact.stored else {
            panic!("banded");
        };
        // Kept columns: 0-95 and 100 (the 97th kept column). Cut before the 97th, row 3
        // stores one cell and row 4 its first band (96): 97 cells, fewer than any other cut
        // (before kept column k < 96, row 4 stores both bands: 194 - k) or one band (194).
        assert_eq!(layout.columns.len(), 97);
        assert_eq!(banded.bands, [0, 96]);
        assert_eq!(banded.lanes[0], [Lane::Computed, Lane::Empty]);
        assert_eq!(banded.lanes[3], [Lane::Computed, Lane::Stored(0)]);
        assert_eq!(banded.lanes[4], [Lane::Stored(1), Lane::Empty]);
        let cells = compact.cells(&layout);
        assert_eq!(cells.len(), 1 + 96);
        assert_eq!(cells[0], Some('a'));
        assert_eq!(cells[1 + 5], Some('b'));
        assert_eq!(cells[1 + 95], Some('c'));
        assert_eq!(compact.cell_pointers(&layout)[0], 3 * 190 + 100);
        let default = DecodeLayout::of(&layout, Configuration::Default);
        assert_eq!(default.cells(&layout).len(), 4 * 190 + 96);
    }
}
