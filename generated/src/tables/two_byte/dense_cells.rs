//! The default configuration's stored cells and lead parts, as `dense.rs` reads them: the
//! types the index and the handlers' tables hold.

/// The cells are the pointers' (see the module's documentation).
pub(crate) struct DenseCells;

/// A lead's part: the pointer of its rows' first cell.
pub(crate) type LeadPart = u16;

/// A lead's part for a byte that cannot be one: any sum with it is past every cell.
pub(crate) const NO_LEAD: LeadPart = 0xFFFF;

/// What `TwoByteIndex::lead_parts` adds to the part of a lead whose rows have a code point
/// in plane 2 (index Big5's): `TwoByteIndex::value` answers 0 for them (the sum is past
/// every cell), and `TwoByteIndex::value_plane_2` the code point.
pub(crate) const PLANE_2_ROWS: LeadPart = 0x8000;
