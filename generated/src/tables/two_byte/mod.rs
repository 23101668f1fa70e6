//! A two-byte index as the decoders and encoders read it, whatever its layout: the cells it
//! stores (every pointer's in the default configuration, `dense.rs`; each row's stored bands
//! with `compact`, `banded.rs`), the parts it computes, and the one lookup per direction the
//! handlers go through ([`TwoByteIndex::value`] from a lead's and a trail's part,
//! [`TwoByteIndex::value_at`] from a pointer, and [`super::EncodeIndex::pointer`] from a
//! code point).
//!
//! The handlers turn bytes into the parts of a sequence with two tables of 256 entries, which
//! [`TwoByteIndex::lead_parts`] and [`TwoByteIndex::trail_parts`] build at compile time from
//! the handler's byte ranges and the index's layout: the lookup is then the same few loads for
//! every layout of a configuration, and a handler does not change with the layout.

#[cfg(feature = "compact")]
mod banded;
#[cfg(feature = "compact")]
mod banded_rows;
#[cfg(not(feature = "compact"))]
mod dense;
#[cfg(not(feature = "compact"))]
mod dense_cells;

use super::part::Part;

#[cfg(feature = "compact")]
pub(crate) use banded_rows::{BandedRows, BandedRows as Stored, LeadPart, NO_LEAD};
#[cfg(not(feature = "compact"))]
pub(crate) use dense_cells::{DenseCells, DenseCells as Stored, LeadPart, NO_LEAD};

/// A trail's part for a byte that cannot be one: the lookup answers 0.
pub(crate) const NO_PART: u16 = 0xFFFF;

/// One two-byte index, emitted by `two_byte_index!`.
pub(crate) struct TwoByteIndex {
    /// Pointers per row.
    pub(crate) row: u16,
    /// The column (0 to `row` − 1) of each kept column: the columns with a code point in
    /// some row.
    pub(crate) columns: &'static [u8],
    /// The stored cells: the low 16 bits of their code points, 0 for none.
    pub(crate) cells: &'static [u16],
    /// A bit per stored cell (bit `i % 32` of word `i / 32`), set where the code point is in
    /// plane 2: 0x20000 plus the cell's value. Empty for an index of the BMP.
    pub(crate) plane_2: &'static [u32],
    /// The computed parts, in the order the encoders try them.
    pub(crate) parts: &'static [Part],
    /// Which cells are stored.
    #[cfg_attr(not(feature = "compact"), allow(dead_code))]
    pub(crate) stored: Stored,
}

impl TwoByteIndex {
    /// The code point at `pointer` (the standard's "index code point"), if any.
    #[inline]
    pub(crate) fn code_point(&self, pointer: usize) -> Option<char> {
        match self.value_at(pointer) {
            0 => None,
            v => char::from_u32(v),
        }
    }

    /// Whether stored cell `i` holds a code point in plane 2.
    #[inline(always)]
    fn in_plane_2(&self, i: usize) -> bool {
        !self.plane_2.is_empty()
            && self
                .plane_2
                .get(i / 32)
                .is_some_and(|w| w >> (i % 32) & 1 != 0)
    }

    /// The pointer of `part`'s cell holding `c`, if the part has `c`.
    #[inline(always)]
    pub(crate) fn part_pointer(&self, part: &Part, c: char) -> Option<u16> {
        part.pointer_of(c as u32, self.row as u32, self.columns)
            .map(|p| p as u16)
    }

    /// Each byte's part as a lead: for the `k`-th byte of `leads` (inclusive ranges, in
    /// order), the part of row `k × rows_per_lead` (a lead takes that many rows), marked with
    /// `PLANE_2_ROWS` (of the layout) if its rows hold a code point in plane 2; [`NO_LEAD`] for the other
    /// bytes. For the handlers' tables, at compile time.
    pub(crate) const fn lead_parts(
        &self,
        leads: &[(u8, u8)],
        rows_per_lead: u16,
    ) -> [LeadPart; 256] {
        let mut table = [NO_LEAD; 256];
        let mut range = 0;
        let mut row = 0;
        while range < leads.len() {
            let (first, last) = leads[range];
            let mut lead = first as usize;
            while lead <= last as usize {
                let mut part = self.row_part(row, rows_per_lead);
                if self.rows_hold_plane_2(row, rows_per_lead) {
                    part = Self::plane_2_part(part);
                }
                table[lead] = part;
                row += rows_per_lead;
                lead += 1;
            }
            range += 1;
        }
        table
    }

    /// Each byte's part as a trail: for the `j`-th byte of `trails` (inclusive ranges, in
    /// order), the part of column `j` of the lead's rows (taken together); [`NO_PART`] for the
    /// other bytes. For the handlers' tables, at compile time.
    pub(crate) const fn trail_parts(&self, trails: &[(u8, u8)]) -> [u16; 256] {
        let mut table = [NO_PART; 256];
        let mut range = 0;
        let mut column = 0;
        while range < trails.len() {
            let (first, last) = trails[range];
            let mut trail = first as usize;
            while trail <= last as usize {
                table[trail] = self.column_part(column);
                column += 1;
                trail += 1;
            }
            range += 1;
        }
        table
    }

    /// The kept column of `column` (0 to `row` − 1), if it is kept.
    #[cfg_attr(not(feature = "compact"), allow(dead_code))]
    const fn kept_column(&self, column: u16) -> Option<u16> {
        let mut k = 0;
        while k < self.columns.len() {
            if self.columns[k] as u16 == column {
                return Some(k as u16);
            }
            k += 1;
        }
        None
    }
}
