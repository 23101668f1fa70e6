//! The `compact` configuration's stored cells (banded rows) and lead parts, as `banded.rs`
//! reads them: the types the index and the handlers' tables hold.

/// A lead's part: two lanes, which a trail's part chooses between.
pub(crate) type LeadPart = [u16; 2];

/// A lead's part for a byte that cannot be one: both lanes [`NO_LANE`].
pub(crate) const NO_LEAD: LeadPart = [NO_LANE; 2];

/// The first lane of the part of a lead whose rows have a code point in plane 2 (index Big5's,
/// of one band: its second lane is free, and holds the first's start; see
/// `TwoByteIndex::plane_2_part`): past every cell, and neither [`NO_LANE`] nor a computed
/// lane.
pub(crate) const PLANE_2_ROWS: u16 = 0xFFFE;

/// Cells per search block.
pub(crate) const BLOCK: usize = 128;

/// Bits of a block's filter.
pub(crate) const FILTER_BITS: usize = code_point_hash::FILTER_BITS;

/// A lane with nothing stored or computed: any column past it is past every cell.
pub(crate) const NO_LANE: u16 = 0xFFFF;

/// A lane whose code points are computed, with its row in the low 14 bits (past every cell
/// too; rows below 0x3FFE).
pub(crate) const COMPUTED_LANE: u16 = 0xC000;

/// The lanes and bands of banded rows, and what the search reads.
pub(crate) struct BandedRows {
    /// The kept column each band starts at.
    pub(crate) bands: &'static [u8],
    /// Each row's lanes, one per band.
    pub(crate) lanes: &'static [u16],
    /// Each stored lane (its place in `lanes`), in the order of their cells: where a stored
    /// cell is. Empty for an index no encoder searches.
    pub(crate) stored_lanes: &'static [u16],
    /// The parts (of `TwoByteIndex::parts`) whose cells are computed, not stored.
    pub(crate) computed: &'static [u8],
    /// The search's filters, transposed: for each of [`FILTER_BITS`] bits, a row of bits, one
    /// per block of [`BLOCK`] cells, eight to a byte. Bit `code_point_hash::filter_bit(c)` of
    /// a block's filter is set for each code point `c` of the block (about half the bits of
    /// a full block's filter). Empty for an index no encoder searches.
    pub(crate) filters: &'static [u8],
}
