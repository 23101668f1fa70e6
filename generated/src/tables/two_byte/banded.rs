//! The `compact` configuration's decode layout, banded rows: the kept columns cut into one or
//! two bands (the generator chooses the cut that stores fewest cells), and for each row and
//! band a *lane*: where its cells begin among the stored cells, if it holds a code point that
//! no computed part has; [`COMPUTED_LANE`] and its row if its code points are computed;
//! [`NO_LANE`] if it has none. A lead's part holds the lanes of its rows (two rows of
//! Shift_JIS's lead) or of its row's bands, 16 bits each, and a trail's part which lane and
//! the column in it: a sequence's cell is then the lane's start plus the column, one load
//! more than the dense layout's sum.
//!
//! The compact encoders search the cells ([`TwoByteIndex::search`]) in blocks of [`BLOCK`],
//! reading only the blocks whose filter says they may hold the code point sought.

use super::banded_rows::{LeadPart, BLOCK, COMPUTED_LANE, FILTER_BITS, NO_LANE, PLANE_2_ROWS};
use super::{TwoByteIndex, NO_PART};

impl TwoByteIndex {
    /// The number of bands.
    const fn bands(&self) -> usize {
        self.stored.bands.len()
    }

    /// The lane of `row` and band `band`, [`NO_LANE`] past the rows.
    const fn lane(&self, row: usize, band: usize) -> u16 {
        let i = row * self.bands() + band;
        if i < self.stored.lanes.len() {
            self.stored.lanes[i]
        } else {
            NO_LANE
        }
    }

    /// The part of a lead whose rows start at `row`, taking `rows` rows: the lanes of its
    /// rows (two rows) or of its row's bands.
    pub(super) const fn row_part(&self, row: u16, rows: u16) -> LeadPart {
        let row = row as usize;
        let (first, second) = if rows == 2 {
            (self.lane(row, 0), self.lane(row + 1, 0))
        } else if self.bands() == 2 {
            (self.lane(row, 0), self.lane(row, 1))
        } else {
            // A second lane that no trail's part chooses (a byte that is no trail's takes
            // its 0x7FFF column past every cell).
            (self.lane(row, 0), 0)
        };
        [first, second]
    }

    /// A lead's part whose rows hold a code point in plane 2 (one row, one band: the second
    /// lane is free): no first lane, so that [`TwoByteIndex::value`] answers 0, and the
    /// first's start in the second.
    pub(super) const fn plane_2_part(part: LeadPart) -> LeadPart {
        [PLANE_2_ROWS, part[0]]
    }

    /// Whether `lead` is the part of a lead whose rows hold a code point in plane 2.
    #[inline(always)]
    pub(crate) fn is_plane_2_lead(&self, lead: LeadPart) -> bool {
        !self.plane_2.is_empty() && lead[0] == PLANE_2_ROWS && lead[1] < COMPUTED_LANE
    }

    /// The part of a trail choosing column `column` of the lead's rows: which lane (bit 15)
    /// and the column in the lane's band (0x7FFF if that column is not kept).
    pub(super) const fn column_part(&self, column: u16) -> u16 {
        let row = self.row;
        let (lane, column) = (column / row, column % row);
        let Some(kept) = self.kept_column(column) else {
            return 0x7FFF;
        };
        if lane == 1 {
            return 1 << 15 | kept;
        }
        let bands = self.stored.bands;
        if bands.len() == 2 && kept >= bands[1] as u16 {
            1 << 15 | (kept - bands[1] as u16)
        } else {
            kept
        }
    }

    /// Whether the `n` rows from `row` hold a code point in plane 2.
    pub(super) const fn rows_hold_plane_2(&self, row: u16, n: u16) -> bool {
        let mut r = row as usize;
        while r < row as usize + n as usize {
            let start = self.lane(r, 0);
            if start < COMPUTED_LANE {
                let mut i = start as usize;
                while i < start as usize + self.columns.len() && i / 32 < self.plane_2.len() {
                    if self.plane_2[i / 32] >> (i % 32) & 1 != 0 {
                        return true;
                    }
                    i += 1;
                }
            }
            r += 1;
        }
        false
    }

    /// The value of the sequence whose lead and trail parts are given (from tables built by
    /// [`TwoByteIndex::lead_parts`] and [`TwoByteIndex::trail_parts`]): its code point if it
    /// is in the BMP, 0 for none, for a byte that is no lead or trail, and for the rows with
    /// code points in plane 2.
    #[inline(always)]
    pub(crate) fn value(&self, lead: &LeadPart, trail: u16) -> u16 {
        let start = lead[(trail >> 15) as usize];
        match self.cells.get(start as usize + (trail & 0x7FFF) as usize) {
            Some(&v) => v,
            None if start & COMPUTED_LANE == COMPUTED_LANE && start < PLANE_2_ROWS => {
                self.computed_value(start, trail) as u16
            }
            None => 0,
        }
    }

    /// The code point of the column of a computed lane (`lane`, as the lead's part held it),
    /// 0 if no part has the cell.
    #[inline(never)]
    #[cold]
    fn computed_value(&self, lane: u16, trail: u16) -> u32 {
        let row = (lane & !COMPUTED_LANE) as u32;
        let band = (trail >> 15) as usize;
        let first = match self.stored.bands.get(band) {
            Some(&first) if self.bands() == 2 => first as u32,
            _ => 0,
        };
        let column = first + (trail & 0x7FFF) as u32;
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
    pub(crate) fn value_plane_2(&self, lead: LeadPart, trail: u16) -> u32 {
        if !self.is_plane_2_lead(lead) {
            return 0;
        }
        let i = lead[1] as usize + (trail & 0x7FFF) as usize;
        match self.cells.get(i) {
            Some(&low) => low as u32 | (self.in_plane_2(i) as u32) << 17,
            None => 0,
        }
    }

    /// The code point at `pointer`, 0 for none.
    pub(crate) fn value_at(&self, pointer: usize) -> u32 {
        let row = self.row as usize;
        let Some(kept) = self.kept_column((pointer % row) as u16) else {
            return 0;
        };
        let kept = kept as usize;
        let bands = self.stored.bands;
        let band = (bands.len() == 2 && kept >= bands[1] as usize) as usize;
        let column = kept - bands.get(band).map_or(0, |&b| b as usize);
        let lane = self.lane(pointer / row, band);
        if lane < COMPUTED_LANE {
            let i = lane as usize + column;
            return match self.cells.get(i) {
                Some(&low) => low as u32 | (self.in_plane_2(i) as u32) << 17,
                None => 0,
            };
        }
        if lane >= PLANE_2_ROWS {
            return 0;
        }
        self.computed_value(lane, (band as u16) << 15 | column as u16)
    }

    /// The pointer of the first stored cell from `from` on that holds `c`: the compact
    /// encoders' search, for the code points no part or exception answers. The blocks that
    /// may hold `c` are the set bits of one row of the filters; each is read at once
    /// ([`holds`]), and the one that holds `c` 32 cells at a time ([`position`]).
    pub(crate) fn search(&self, c: char, from: usize) -> Option<u16> {
        let c = c as u32;
        // A cell of 0 holds nothing (no index has U+0000).
        if c == 0 || c > 0xFFFF && self.plane_2.is_empty() {
            return None;
        }
        let low = c as u16;
        let filters = self.stored.filters;
        let row = filters.len() / FILTER_BITS;
        let bit = code_point_hash::filter_bit(c) as usize;
        let blocks = filters.get(bit * row..(bit + 1) * row).unwrap_or_default();
        let first = from / BLOCK;
        for (byte, &bits) in blocks.iter().enumerate().skip(first / 8) {
            // The blocks before the first are not read.
            let mut bits = if byte == first / 8 {
                bits & (0xFF << (first % 8))
            } else {
                bits
            };
            while bits != 0 {
                let block = byte * 8 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let start = (block * BLOCK).max(from);
                let cells = self
                    .cells
                    .get(start..((block + 1) * BLOCK).min(self.cells.len()))
                    .unwrap_or_default();
                if !holds(cells, low) {
                    continue;
                }
                let mut at = 0;
                while let Some(i) = position(cells.get(at..).unwrap_or_default(), low) {
                    let cell = start + at + i;
                    // A cell of plane 2 holds the low 16 bits of its code point.
                    if ((self.in_plane_2(cell) as u32) << 17 | (c & 0xFFFF)) == c {
                        return self.pointer_of_cell(cell);
                    }
                    at += i + 1;
                }
            }
        }
        None
    }

    /// The pointer of stored cell `i`.
    fn pointer_of_cell(&self, i: usize) -> Option<u16> {
        let lanes = self.stored.stored_lanes;
        let start = |lane: u16| {
            self.stored
                .lanes
                .get(lane as usize)
                .map_or(0, |&s| s as usize)
        };
        let lane = *lanes.get(
            lanes
                .partition_point(|&lane| start(lane) <= i)
                .checked_sub(1)?,
        )?;
        let start = start(lane);
        let (row, band) = (lane as usize / self.bands(), lane as usize % self.bands());
        let kept = *self.stored.bands.get(band)? as usize + (i - start);
        let column = *self.columns.get(kept)?;
        Some((row * self.row as usize + column as usize) as u16)
    }
}

/// Whether one of `cells` (a block, or the end of one) is `value`: a whole block's comparisons
/// and their OR compile to vector instructions, without a branch until the end.
#[inline(never)]
fn holds(cells: &[u16], value: u16) -> bool {
    match <&[u16; BLOCK]>::try_from(cells) {
        Ok(block) => block.iter().fold(false, |any, &v| any | (v == value)),
        Err(_) => cells.contains(&value),
    }
}

/// The first of `cells` that is `value`: 32 cells compared at a time (the comparisons and
/// their OR compile to vector instructions).
fn position(cells: &[u16], value: u16) -> Option<usize> {
    let mut chunks = cells.chunks_exact(32);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        if chunk.iter().fold(false, |any, &v| any | (v == value)) {
            return chunk.iter().position(|&v| v == value).map(|i| at + i);
        }
        at += 32;
    }
    chunks
        .remainder()
        .iter()
        .position(|&v| v == value)
        .map(|i| at + i)
}

const _: () = assert!(NO_PART & 0x7FFF == 0x7FFF && NO_LANE & COMPUTED_LANE == COMPUTED_LANE);
