//! The default configuration's decode layout: a cell per pointer, from 0 to the last pointer
//! with a code point. A sequence's cell is the sum of its lead's part (the pointer of the
//! lead's first row) and its trail's (the column): one load, as a pointer is an index.

use super::dense_cells::{LeadPart, PLANE_2_ROWS};
use super::TwoByteIndex;

impl TwoByteIndex {
    /// The part of a lead whose rows start at `row`: the pointer of its first cell.
    pub(super) const fn row_part(&self, row: u16, _rows: u16) -> LeadPart {
        row * self.row
    }

    /// A lead's part whose rows hold a code point in plane 2.
    pub(super) const fn plane_2_part(part: LeadPart) -> LeadPart {
        part | PLANE_2_ROWS
    }

    /// Whether `lead` is the part of a lead whose rows hold a code point in plane 2.
    #[cfg(test)]
    pub(crate) fn is_plane_2_lead(&self, lead: LeadPart) -> bool {
        lead != super::dense_cells::NO_LEAD && lead & PLANE_2_ROWS != 0
    }

    /// The part of a trail choosing column `column` of the lead's rows: the column.
    pub(super) const fn column_part(&self, column: u16) -> u16 {
        column
    }

    /// Whether the `n` rows from `row` hold a code point in plane 2.
    pub(super) const fn rows_hold_plane_2(&self, row: u16, n: u16) -> bool {
        let mut i = row as usize * self.row as usize;
        let end = (row as usize + n as usize) * self.row as usize;
        while i < end && i / 32 < self.plane_2.len() {
            if self.plane_2[i / 32] >> (i % 32) & 1 != 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The value of the sequence whose lead and trail parts are given (from tables built by
    /// [`TwoByteIndex::lead_parts`] and [`TwoByteIndex::trail_parts`]): its code point if it
    /// is in the BMP, 0 for none, for a byte that is no lead or trail, and for the rows with
    /// code points in plane 2.
    #[inline(always)]
    pub(crate) fn value(&self, lead: &LeadPart, trail: u16) -> u16 {
        self.cells
            .get(*lead as usize + trail as usize)
            .copied()
            .unwrap_or(0)
    }

    /// Whether `pointer` holds `c`: the encode map's check of the pointer in `c`'s slot.
    #[inline(always)]
    pub(crate) fn holds(&self, pointer: usize, c: char) -> bool {
        if self.plane_2.is_empty() {
            return u16::try_from(c as u32).is_ok_and(|c| self.cells.get(pointer) == Some(&c));
        }
        match self.cells.get(pointer) {
            Some(&low) => low as u32 | (self.in_plane_2(pointer) as u32) << 17 == c as u32,
            None => false,
        }
    }

    /// As [`TwoByteIndex::value`], for any lead's part: the code point in any plane of a lead
    /// whose part has [`PLANE_2_ROWS`], 0 for none and for every other lead.
    #[inline(always)]
    pub(crate) fn value_plane_2(&self, lead: u16, trail: u16) -> u32 {
        match (lead as usize + trail as usize).checked_sub(PLANE_2_ROWS as usize) {
            Some(pointer) => self.value_at(pointer),
            None => 0,
        }
    }

    /// The code point at `pointer`, 0 for none.
    #[inline(always)]
    pub(crate) fn value_at(&self, pointer: usize) -> u32 {
        let Some(&low) = self.cells.get(pointer) else {
            return 0;
        };
        low as u32 | (self.in_plane_2(pointer) as u32) << 17
    }
}
