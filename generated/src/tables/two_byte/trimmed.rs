//! The `compact` configuration's decode layout: each row's stretch of kept columns, from the
//! first to the last cell that no computed part covers, the stretches end to end; the cells
//! outside a stretch are a computed part's or empty. A lead's part is its first row and a
//! trail's its column (and, for a lead of two rows, which of them), so that the lookup reads
//! the row's stretch, then the cell, or asks the computed parts.
//!
//! The compact encoders search the cells ([`TwoByteIndex::search`]) in blocks of
//! [`BLOCK`], skipping a block whose code points do not include the one sought.

use super::{TwoByteIndex, NO_PART, PLANE_2_ROWS};

/// Cells per search block.
pub(crate) const BLOCK: usize = 128;

/// A row's stored cells: `len` cells from kept column `first_column`, at `start` in the
/// cells.
pub(crate) struct Stretch {
    /// Where the row's cells begin.
    pub(crate) start: u16,
    /// The kept column of its first cell.
    pub(crate) first_column: u8,
    /// Cells (0 for a row with none stored).
    pub(crate) len: u8,
}

/// The rows' stretches, the parts computed, and the search's blocks.
pub(crate) struct TrimmedRows {
    /// Each row's stretch.
    pub(crate) rows: &'static [Stretch],
    /// The parts (of [`TwoByteIndex::parts`]) whose cells are computed, not stored.
    pub(crate) computed: &'static [u8],
    /// The lowest and highest value of each [`BLOCK`] cells (none: (0xFFFF, 0)).
    pub(crate) blocks: &'static [(u16, u16)],
}

impl TwoByteIndex {
    /// The part of a lead whose rows start at `row`: the row.
    pub(super) const fn row_part(&self, row: u16) -> u16 {
        row
    }

    /// The part of a trail choosing column `column` of the lead's rows: which of them (high
    /// byte) and the kept column in it (low byte, 0xFF if that column is not kept).
    pub(super) const fn column_part(&self, column: u16) -> u16 {
        let kept = match self.kept_column(column % self.row) {
            Some(k) => k,
            None => 0xFF,
        };
        (column / self.row) << 8 | kept
    }

    /// Whether the `n` rows from `row` hold a code point in plane 2.
    pub(super) const fn rows_hold_plane_2(&self, row: u16, n: u16) -> bool {
        let rows = self.stored.rows;
        let mut r = row as usize;
        while r < row as usize + n as usize && r < rows.len() {
            let mut i = rows[r].start as usize;
            while i < rows[r].start as usize + rows[r].len as usize && i / 32 < self.plane_2.len() {
                if self.plane_2[i / 32] >> (i % 32) & 1 != 0 {
                    return true;
                }
                i += 1;
            }
            r += 1;
        }
        false
    }

    /// The stored cell of (row, kept column), if it is stored.
    #[inline(always)]
    fn cell(&self, row: usize, column: usize) -> Option<usize> {
        let s = self.stored.rows.get(row)?;
        let offset = column.wrapping_sub(s.first_column as usize);
        (offset < s.len as usize).then(|| s.start as usize + offset)
    }

    /// The value of the sequence whose lead and trail parts are given (from tables built by
    /// [`TwoByteIndex::lead_parts`] and [`TwoByteIndex::trail_parts`]): its code point if it
    /// is in the BMP, 0 for none, for a byte that is no lead or trail, and for the rows with
    /// code points in plane 2.
    #[inline(always)]
    pub(crate) fn value(&self, lead: u16, trail: u16) -> u16 {
        let row = lead as usize + (trail >> 8) as usize;
        let column = (trail & 0xFF) as usize;
        match self.cell(row, column) {
            Some(i) => self.cells.get(i).copied().unwrap_or(0),
            None if row < self.stored.rows.len() && !self.stored.computed.is_empty() => {
                self.computed_value(row as u32, column as u32) as u16
            }
            None => 0,
        }
    }

    /// The code point of (row, kept column) in a computed part, 0 if none has the cell.
    #[inline(never)]
    #[cold]
    fn computed_value(&self, row: u32, column: u32) -> u32 {
        self.stored
            .computed
            .iter()
            .filter_map(|&p| self.parts.get(p as usize))
            .find_map(|part| part.code_point_at(row, column))
            .unwrap_or(0)
    }

    /// As [`TwoByteIndex::value`], for any lead's part: the code point in any plane of a lead
    /// whose part has [`PLANE_2_ROWS`], 0 for none and for every other lead.
    #[inline(always)]
    pub(crate) fn value_plane_2(&self, lead: u16, trail: u16) -> u32 {
        if lead & PLANE_2_ROWS == 0 || lead == NO_PART {
            return 0;
        }
        let row = (lead & !PLANE_2_ROWS) as usize + (trail >> 8) as usize;
        self.value_of(row, (trail & 0xFF) as usize)
    }

    /// The code point of (row, kept column), stored or computed, 0 for none.
    fn value_of(&self, row: usize, column: usize) -> u32 {
        match self.cell(row, column) {
            Some(i) => match self.cells.get(i) {
                Some(&low) => low as u32 | (self.in_plane_2(i) as u32) << 17,
                None => 0,
            },
            None if row < self.stored.rows.len() => self.computed_value(row as u32, column as u32),
            None => 0,
        }
    }

    /// The code point at `pointer`, 0 for none.
    pub(crate) fn value_at(&self, pointer: usize) -> u32 {
        let row = self.row as usize;
        let Some(column) = self.kept_column((pointer % row) as u16) else {
            return 0;
        };
        self.value_of(pointer / row, column as usize)
    }

    /// The pointer of the first stored cell from `from` on that holds `c`: the compact
    /// encoders' search, for the code points no part or exception answers. Blocks whose
    /// lowest and highest values leave `c` out are skipped; in the others, sixteen cells are
    /// compared at a time.
    pub(crate) fn search(&self, c: char, from: usize) -> Option<u16> {
        let c = c as u32;
        if c > 0xFFFF && self.plane_2.is_empty() {
            return None;
        }
        let low = c as u16;
        let blocks = self.stored.blocks.get(from / BLOCK..).unwrap_or_default();
        for (b, &(lo, hi)) in blocks.iter().enumerate() {
            if low < lo || low > hi {
                continue;
            }
            let block = from / BLOCK + b;
            let start = (block * BLOCK).max(from);
            let end = ((block + 1) * BLOCK).min(self.cells.len());
            let cells = self.cells.get(start..end).unwrap_or_default();
            let mut chunks = cells.chunks_exact(16);
            let mut at = start;
            for chunk in chunks.by_ref() {
                if chunk.iter().fold(false, |any, &v| any | (v == low)) {
                    if let Some(p) = self.first_match(chunk, at, c) {
                        return Some(p);
                    }
                }
                at += 16;
            }
            if let Some(p) = self.first_match(chunks.remainder(), at, c) {
                return Some(p);
            }
        }
        None
    }

    /// The pointer of the first of `cells` (stored cells from `at` on) that holds `c`.
    fn first_match(&self, cells: &[u16], at: usize, c: u32) -> Option<u16> {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == c as u16)
            .map(|(i, _)| at + i)
            .find(|&i| ((self.in_plane_2(i) as u32) << 17 | (c & 0xFFFF)) == c)
            .and_then(|i| self.pointer_of_cell(i))
    }

    /// The pointer of stored cell `i`.
    fn pointer_of_cell(&self, i: usize) -> Option<u16> {
        let rows = self.stored.rows;
        let row = rows.partition_point(|s| (s.start as usize + s.len as usize) <= i);
        let s = rows.get(row)?;
        let column = *self
            .columns
            .get(s.first_column as usize + (i - s.start as usize))?;
        Some((row * self.row as usize + column as usize) as u16)
    }
}

const _: () = assert!(NO_PART >> 8 == 0xFF);
