//! Eight UTF-16 code units that are not surrogates stored as UTF-8 at once: the bytes of
//! every unit computed lane-wise ([`super::wide`]) and stored a lane at a time ([`Lanes`]),
//! or packed by SSSE3's shuffle where the processor has it (`wide::ssse3::Shuffle`, with
//! `std`, which implements [`Utf8Blocks`] where it is compiled). The
//! UTF-16 decoders and the single-byte decoders of scripts outside Latin store their
//! blocks through these.

use super::wide::{utf8_below_0x800, utf8_non_surrogates, Utf8Lanes};

/// Units per block.
pub(crate) const UNITS: usize = 8;

/// Bytes of `dst` a block of [`UNITS`] units is converted in: three bytes a unit at most,
/// stored as four for the last unit ([`Lanes`]), or sixteen for each half of the block, the
/// second after at most twelve bytes (the shuffle).
pub(crate) const BLOCK_OUT: usize = 12 + 16;

/// How a block of [`UNITS`] units none of which is a surrogate is stored as UTF-8: the loop
/// of each kernel that stores such blocks (UTF-16 code units as bytes, a single-byte
/// index's code units) is written once, over either.
pub(crate) trait Utf8Blocks: Copy {
    /// Converts a block of units all below 0x800 into `out`; returns the bytes written.
    fn one_or_two_bytes(self, block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize;
    /// Converts a block of units that are not surrogates into `out`; returns the bytes
    /// written.
    fn one_to_three_bytes(self, block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize;
}

/// The blocks of any target: the lanes of [`super::wide`] stored a unit at a time.
#[derive(Clone, Copy)]
pub(crate) struct Lanes;

impl Utf8Blocks for Lanes {
    #[inline(always)]
    fn one_or_two_bytes(self, block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
        one_or_two_bytes(block, out)
    }

    #[inline(always)]
    fn one_to_three_bytes(self, block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
        one_to_three_bytes(block, out)
    }
}

/// Stores the block `units`, whose largest unit (or all units ORed) is `largest` and none
/// of which is a surrogate, as UTF-8 at the start of `out` with `blocks`, in the form that
/// unit needs; returns the bytes written.
#[inline(always)]
pub(crate) fn store<K: Utf8Blocks>(
    blocks: K,
    units: &[u16; UNITS],
    largest: u16,
    out: &mut [u8; BLOCK_OUT],
) -> usize {
    if largest < 0x800 {
        blocks.one_or_two_bytes(units, out)
    } else {
        blocks.one_to_three_bytes(units, out)
    }
}

/// Converts a block of units all below 0x800 into `out`, each unit's bytes stored as two,
/// the second overwritten by the next unit's when the first is ASCII; returns the bytes
/// written. The bytes and where they go are computed for the whole block at once
/// ([`utf8_below_0x800`]); only the stores go a unit at a time.
#[inline(always)]
pub(crate) fn one_or_two_bytes(block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
    // Starts are at most 14 (seven units of two bytes before the last).
    store_lanes::<_, 2, 15>(utf8_below_0x800(block), out, u16::to_le_bytes)
}

/// Converts a block of units that are not surrogates into `out`, each unit's bytes stored
/// as four, of which the next unit's overwrite what is not its own; returns the bytes
/// written. As [`one_or_two_bytes`], with [`utf8_non_surrogates`].
#[inline(always)]
pub(crate) fn one_to_three_bytes(block: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
    // Starts are at most 21 (seven units of three bytes before the last).
    store_lanes::<_, 4, 31>(utf8_non_surrogates(block), out, u32::to_le_bytes)
}

/// Stores each lane's bytes, `W` of them, at its start in `out`, in order, so that each
/// lane's overwrites what the one before wrote past its own; returns the block's length.
/// `MASK` (one less than a power of two at least every start) changes no start; it lets
/// the compiler see most stores are within `out`.
#[inline(always)]
fn store_lanes<B: Copy, const W: usize, const MASK: usize>(
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
