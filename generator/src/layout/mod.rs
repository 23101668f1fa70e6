//! How a two-byte index is stored and looked up: its pointer space cut into parts, each with
//! a layout, chosen from the data by the same rules for every index.
//!
//! An index's pointers run along rows ([`spec::row_shape`]); the columns that are empty in
//! every row are left out (the *kept* columns), so that a part is a rectangle of cells that
//! all hold code points. The layouts:
//!
//! - **dense**: a u16 per pointer, in pointer order, up to the last pointer with a code point
//!   (the default configuration's decode array: the decoders look a sequence up with one
//!   load);
//! - **banded rows**: the kept columns cut into one or two bands, and a u16 per cell of each
//!   row's bands that hold a code point no computed part has (the `compact` configuration's
//!   decode array: a lead's part holds where each of its bands' cells begin, so that the
//!   decoders look a sequence up with one load more than dense);
//! - **linear**: a part whose code points are consecutive, code point = first + offset;
//! - **ranked**: a part whose code points increase, as a bitmap over the code points from its
//!   first to its last with the number of code points before each 8 of them: a code point's
//!   offset in the part is its *rank* (a table lookup past a sample), an offset's code point a
//!   *select*. Two ranked parts whose code points together fill their span share one bitmap
//!   (a *pair*: one part's code points are its ones, the other's its zeros);
//! - **map**: the perfect-hash encode map (see [`crate::emit::encode_map`]), for what no part
//!   computes;
//! - **search**: the `compact` configuration's encoder, which finds a code point no part
//!   computes among the stored cells, in pointer order, skipping blocks of 128 cells whose
//!   code points do not include it, with a short list of *exceptions* where that would not
//!   give the encoder's pointer.
//!
//! [`IndexLayout::of`] cuts an index into parts (`find.rs`); [`decode`] chooses what each
//! configuration stores; [`encode`] what each encoder table looks up, in which order.

pub mod decode;
pub mod encode;
mod find;
mod rank;

use crate::derive;
use crate::model::{DataSet, Index, Pointer};
use crate::spec::{self, RowShape};

pub use rank::Bitmap;

/// The two configurations of the runtime crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Configuration {
    /// The default features: every layout that costs the decoders and encoders no speed.
    Default,
    /// The `compact` feature: the smallest layouts, where they cost speed.
    Compact,
}

impl Configuration {
    /// Both, default first.
    pub const ALL: [Configuration; 2] = [Configuration::Default, Configuration::Compact];

    /// The name `check` prints and the macros are given (`default`, `compact`).
    pub fn name(self) -> &'static str {
        match self {
            Configuration::Default => "default",
            Configuration::Compact => "compact",
        }
    }

    /// The configuration named `name`.
    pub fn from_name(name: &str) -> Option<Configuration> {
        Configuration::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A rectangle of cells in row order: `len` cells from (`first_row`, `first_column`), rows of
/// `columns` kept columns, the last row possibly cut short.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rectangle {
    /// The row of the first cell.
    pub first_row: usize,
    /// The kept column of each row's first cell.
    pub first_column: usize,
    /// Cells per row.
    pub columns: usize,
    /// Cells in all.
    pub len: usize,
}

impl Rectangle {
    /// The (row, kept column) of cell `i` (below `len`).
    pub fn cell(&self, i: usize) -> (usize, usize) {
        (
            self.first_row + i / self.columns,
            self.first_column + i % self.columns,
        )
    }

    /// The offset of (row, kept column) in the rectangle, if it is one of its cells.
    pub fn offset(&self, row: usize, column: usize) -> Option<usize> {
        let r = row.checked_sub(self.first_row)?;
        let c = column.checked_sub(self.first_column)?;
        let i = r * self.columns + c;
        (c < self.columns && i < self.len).then_some(i)
    }

    /// The rows it has cells in.
    pub fn rows(&self) -> std::ops::Range<usize> {
        self.first_row..self.first_row + self.len.div_ceil(self.columns)
    }

    /// The kept columns of its cells in `row` (empty if none).
    pub fn columns_in(&self, row: usize) -> std::ops::Range<usize> {
        if !self.rows().contains(&row) {
            return 0..0;
        }
        let before = (row - self.first_row) * self.columns;
        let n = (self.len - before).min(self.columns);
        self.first_column..self.first_column + n
    }

    /// Whether the two share a cell (in a row both have cells in).
    pub fn overlaps(&self, other: &Rectangle) -> bool {
        let (a, b) = (self.rows(), other.rows());
        (a.start.max(b.start)..a.end.min(b.end)).any(|row| {
            let (a, b) = (self.columns_in(row), other.columns_in(row));
            a.start < b.end && b.start < a.end
        })
    }
}

/// How a part's code points follow from its cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartLayout {
    /// Cell i holds `first` + i.
    Linear {
        /// The first cell's code point.
        first: char,
    },
    /// Cell i holds the i-th code point of bitmap `bitmap` of the index's layout that is a
    /// one (`ones`) or a zero (not `ones`).
    Ranked {
        /// Which of [`IndexLayout::bitmaps`].
        bitmap: usize,
        /// Whether the part's code points are the bitmap's ones or its zeros.
        ones: bool,
    },
}

/// A part: a chain of rectangles whose cells, in order, hold increasing code points, and how
/// they follow from the cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The rectangles, in the order of their code points.
    pub chain: Vec<Rectangle>,
    /// The code point of each cell, in order.
    pub code_points: Vec<char>,
    /// Linear or ranked.
    pub layout: PartLayout,
}

impl Part {
    /// Its cells in order: (row, kept column).
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.chain
            .iter()
            .flat_map(|rect| (0..rect.len).map(move |i| rect.cell(i)))
    }

    /// Its first and last code points.
    pub fn span(&self) -> (char, char) {
        (
            self.code_points.first().copied().unwrap_or('\0'),
            self.code_points.last().copied().unwrap_or('\0'),
        )
    }

    /// `linear` or `ranked`.
    pub fn layout_name(&self) -> &'static str {
        match self.layout {
            PartLayout::Linear { .. } => "linear",
            PartLayout::Ranked { .. } => "ranked",
        }
    }

    /// "rows 0-31 × columns 0-177, rows 32-69 × columns 0-83 (18 in the last)": where its
    /// cells are, in the index's rows and kept columns.
    pub fn describe(&self) -> String {
        let rects: Vec<String> = self
            .chain
            .iter()
            .map(|r| {
                let rows = r.rows();
                let mut s = if rows.len() == 1 {
                    format!("row {}", rows.start)
                } else {
                    format!("rows {}-{}", rows.start, rows.end - 1)
                };
                s += &format!(
                    " × columns {}-{}",
                    r.first_column,
                    r.first_column + r.columns - 1
                );
                let rem = r.len % r.columns;
                if rem != 0 && rows.len() > 1 {
                    s += &format!(" ({rem} in the last)");
                }
                s
            })
            .collect();
        rects.join(", ")
    }
}

/// An index cut into parts: the kept columns of its rows and its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexLayout {
    /// The index's name.
    pub index: String,
    /// Its rows.
    pub shape: RowShape,
    /// The number of rows (of [`RowShape::row`] pointers) the decoders can address.
    pub rows: usize,
    /// The column (0 to row − 1) of each kept column, in order.
    pub columns: Vec<usize>,
    /// The code point at each pointer, up to the last that has one.
    pub pointers: Vec<Option<char>>,
    /// The computed parts, in the order the encoders and the compact decoder try them.
    pub parts: Vec<Part>,
    /// The bitmaps of the ranked parts.
    pub bitmaps: Vec<Bitmap>,
}

impl IndexLayout {
    /// Cuts `index` (a two-byte index: [`spec::row_shape`] has its rows) into parts. None for
    /// the other indexes.
    pub fn of(index: &Index) -> Option<IndexLayout> {
        let shape = spec::row_shape(&index.name)?;
        let mut pointers = index.pointers().to_vec();
        while pointers.last() == Some(&None) {
            pointers.pop();
        }
        let rows = index.pointers().len().div_ceil(shape.row).max(1);
        let columns: Vec<usize> = (0..shape.row)
            .filter(|&col| {
                (0..rows).any(|row| {
                    pointers
                        .get(row * shape.row + col)
                        .is_some_and(Option::is_some)
                })
            })
            .collect();
        let mut layout = IndexLayout {
            index: index.name.clone(),
            shape,
            rows,
            columns,
            pointers,
            parts: Vec::new(),
            bitmaps: Vec::new(),
        };
        let (parts, bitmaps) = find::parts(&layout);
        layout.parts = parts;
        layout.bitmaps = bitmaps;
        Some(layout)
    }

    /// The pointer of (row, kept column).
    pub fn pointer(&self, row: usize, column: usize) -> Pointer {
        (row * self.shape.row + self.columns[column]) as Pointer
    }

    /// The code point of (row, kept column), if any.
    pub fn code_point(&self, row: usize, column: usize) -> Option<char> {
        self.pointers
            .get(self.pointer(row, column) as usize)
            .copied()
            .flatten()
    }

    /// The part and the offset in it of (row, kept column), if a part has that cell.
    pub fn part_of(&self, row: usize, column: usize) -> Option<(usize, usize)> {
        self.parts.iter().enumerate().find_map(|(p, part)| {
            let mut before = 0;
            for rect in &part.chain {
                if let Some(i) = rect.offset(row, column) {
                    return Some((p, before + i));
                }
                before += rect.len;
            }
            None
        })
    }
}

/// An index's layouts in one configuration: what is stored for its decoders, what each of its
/// encoder tables looks up, and which of its parts and bitmaps the program holds (the parts
/// some decoder computes or some encoder looks up, numbered in this order at run time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfiguredIndex {
    /// Which configuration.
    pub configuration: Configuration,
    /// The decoders' layout.
    pub decode: decode::DecodeLayout,
    /// Each encoder table over the index ([`derive::tables_of_index`], but shift_jis, which
    /// remaps jis0208's pointers), with its lookups.
    pub encoders: Vec<(&'static str, encode::EncodeLayout)>,
    /// The parts the program holds (of [`IndexLayout::parts`]), in order.
    pub parts: Vec<usize>,
    /// The bitmaps the program holds (of [`IndexLayout::bitmaps`]), in order.
    pub bitmaps: Vec<usize>,
}

impl ConfiguredIndex {
    /// The layouts of `layout` (of `index`, in `set`) in `configuration`.
    pub fn of(
        set: &DataSet,
        index: &Index,
        layout: &IndexLayout,
        configuration: Configuration,
    ) -> Result<ConfiguredIndex, String> {
        let mut tables = Vec::new();
        for name in Self::encoder_tables(index) {
            tables.push((
                name,
                derive::encoder_table(set, name).map_err(|e| e.to_string())?,
            ));
        }
        let tables: Vec<_> = tables.iter().map(|(name, table)| (*name, table)).collect();
        Self::with_tables(index, layout, configuration, &tables)
    }

    /// The encoder tables over `index` whose lookups a configuration chooses
    /// ([`derive::tables_of_index`], but shift_jis, which remaps jis0208's pointers).
    pub fn encoder_tables(index: &Index) -> Vec<&'static str> {
        derive::tables_of_index(&index.name)
            .into_iter()
            .filter(|&name| name != "shift_jis")
            .collect()
    }

    /// [`ConfiguredIndex::of`] with the encoder tables already derived: each of
    /// [`ConfiguredIndex::encoder_tables`], by name.
    pub fn with_tables(
        index: &Index,
        layout: &IndexLayout,
        configuration: Configuration,
        tables: &[(&'static str, &derive::EncodeTable)],
    ) -> Result<ConfiguredIndex, String> {
        let decode = decode::DecodeLayout::of(layout, configuration);
        let mut encoders = Vec::new();
        for &(name, table) in tables {
            encoders.push((
                name,
                encode::EncodeLayout::of(table, index, layout, &decode)?,
            ));
        }
        let mut used = vec![false; layout.parts.len()];
        for &p in decode.computed.iter().chain(
            encoders
                .iter()
                .flat_map(|(_, e)| e.first.iter().chain(&e.then)),
        ) {
            used[p] = true;
        }
        let parts: Vec<usize> = (0..layout.parts.len()).filter(|&p| used[p]).collect();
        let mut bitmaps: Vec<usize> = parts
            .iter()
            .filter_map(|&p| match layout.parts[p].layout {
                PartLayout::Ranked { bitmap, .. } => Some(bitmap),
                PartLayout::Linear { .. } => None,
            })
            .collect();
        bitmaps.sort_unstable();
        bitmaps.dedup();
        Ok(ConfiguredIndex {
            configuration,
            decode,
            encoders,
            parts,
            bitmaps,
        })
    }

    /// The run-time number of part `p` (of [`IndexLayout::parts`]), if the program holds it.
    pub fn part_number(&self, p: usize) -> Option<usize> {
        self.parts.iter().position(|&q| q == p)
    }

    /// The run-time number of bitmap `b`, if the program holds it.
    pub fn bitmap_number(&self, b: usize) -> Option<usize> {
        self.bitmaps.iter().position(|&q| q == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_cut_short_in_their_last_row() {
        let r = Rectangle {
            first_row: 2,
            first_column: 3,
            columns: 4,
            len: 10,
        };
        assert_eq!(r.cell(0), (2, 3));
        assert_eq!(r.cell(9), (4, 4));
        assert_eq!(r.rows(), 2..5);
        assert_eq!(r.columns_in(4), 3..5);
        assert_eq!(r.columns_in(5), 0..0);
        assert_eq!(r.offset(4, 4), Some(9));
        assert_eq!(r.offset(4, 5), None);
        assert_eq!(r.offset(2, 7), None);
        let right = Rectangle {
            first_row: 4,
            first_column: 5,
            columns: 2,
            len: 2,
        };
        assert!(!r.overlaps(&right));
        assert!(r.overlaps(&Rectangle {
            first_column: 4,
            ..right
        }));
    }
}
