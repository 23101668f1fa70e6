//! The UTF-8 of a block of code units computed lane by lane, each unit's bytes in a lane of
//! their own, then stored a lane at a time: how the instruction sets without a byte
//! shuffle pack a block ([`super::block::Isa::utf8_one_or_two_bytes`]).

use super::block::{BLOCK_OUT, UNITS};

/// The UTF-8 of a block of [`UNITS`] code units, lane by lane: two bytes a lane (`B = u16`)
/// for units below 0x800, three (`B = u32`) for any unit that is not a surrogate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8Lanes<B> {
    /// Each unit's bytes, the first in the low byte; the bytes past its length are not
    /// meaningful.
    pub(crate) bytes: [B; UNITS],
    /// Where each unit's bytes start, counted from the first unit's.
    pub(crate) at: [u16; UNITS],
    /// The length of the whole block's UTF-8.
    pub(crate) len: usize,
}

/// Stores the lanes of units below 0x800 at the start of `out`, each unit's bytes stored as
/// two, the second overwritten by the next unit's when the first is ASCII; returns the
/// bytes written.
#[inline(always)]
pub(crate) fn store_two(lanes: Utf8Lanes<u16>, out: &mut [u8; BLOCK_OUT]) -> usize {
    // Starts are at most 14 (seven units of two bytes before the last).
    store::<_, 2, 15>(lanes, out, u16::to_le_bytes)
}

/// Stores the lanes of units that are not surrogates at the start of `out`, each unit's
/// bytes stored as four, of which the next unit's overwrite what is not its own; returns
/// the bytes written.
#[inline(always)]
pub(crate) fn store_three(lanes: Utf8Lanes<u32>, out: &mut [u8; BLOCK_OUT]) -> usize {
    // Starts are at most 21 (seven units of three bytes before the last).
    store::<_, 4, 31>(lanes, out, u32::to_le_bytes)
}

/// Stores each lane's bytes, `W` of them, at its start in `out`, in order, so that each
/// lane's overwrites what the one before wrote past its own; returns the block's length.
/// `MASK` (one less than a power of two at least every start) changes no start; it lets
/// the compiler see most stores are within `out`.
#[inline(always)]
fn store<B: Copy, const W: usize, const MASK: usize>(
    lanes: Utf8Lanes<B>,
    out: &mut [u8; BLOCK_OUT],
    to_bytes: impl Fn(B) -> [u8; W],
) -> usize {
    for (&bytes, &at) in lanes.bytes.iter().zip(&lanes.at) {
        let at = usize::from(at) & MASK;
        if let Some(o) = out.get_mut(at..).and_then(|o| o.first_chunk_mut::<W>()) {
            *o = to_bytes(bytes);
        }
    }
    lanes.len
}
