//! The code unit blocks of the portable implementation: loops over arrays.

use super::Words;
use crate::kernels::block::{Bytes, BLOCK};
use crate::kernels::uninit::put;
use crate::tables::LinearBytes;
use core::mem::MaybeUninit;

/// One in every 16-bit lane of a word: times a value, the value in every lane.
const LANES: u64 = 0x0001_0001_0001_0001;

/// The high bit of every 16-bit lane of a word.
const HIGH16: u64 = 0x8000 * LANES;

/// The low fifteen bits of every 16-bit lane of a word.
const LOW15: u64 = 0x7FFF * LANES;

/// The low byte of each 16-bit lane of `lanes`, the first lane's lowest.
#[inline(always)]
fn gather_bytes(lanes: u64) -> u32 {
    let x = lanes & 0x00FF_00FF_00FF_00FF;
    let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    // The four bytes are in the low 32 bits: the cast keeps them.
    (x | x >> 16) as u32
}

/// The high bits of the four 16-bit lanes of `flags` (every other bit clear) as bits 0 to
/// 3: one multiplication moves lane `j`'s bit to bit `45 + j`, and no two partial products
/// meet.
#[inline(always)]
fn lane_bits(flags: u64) -> u32 {
    // Four bits: the cast keeps them.
    ((flags >> 15).wrapping_mul(1 | 1 << 15 | 1 << 30 | 1 << 45) >> 45) as u32 & 0xF
}

/// Every lane all ones where `flags` has the lane's high bit set, zero elsewhere.
#[inline(always)]
fn lane_mask(flags: u64) -> u64 {
    (flags >> 15) * 0xFFFF
}

/// The lanes of `x` below `bound` (at most 0x8000), as high bits: a lane's low fifteen
/// bits plus `0x8000 - bound` reach its high bit exactly when they are at least `bound`,
/// and cannot carry into the next lane.
#[inline(always)]
fn lanes_below(x: u64, bound: u16) -> u64 {
    !((x & LOW15) + (0x8000 - u64::from(bound)) * LANES) & !x & HIGH16
}

/// `a - b` in each 16-bit lane, wrapping within the lane (no borrow crosses lanes).
#[inline(always)]
fn lanes_sub(a: u64, b: u64) -> u64 {
    ((a | HIGH16) - (b & !HIGH16)) ^ ((a ^ !b) & HIGH16)
}

/// Narrows `src` into `dst` by `run` ([`LinearBytes::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
/// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
///
/// The usual block, all ASCII, is one OR of the units and a truncation of each, loops the
/// compiler vectorizes; otherwise four units a 64-bit word at a time, every lane at once,
/// with no branch: each lane's offset from the run's first code point tested against its
/// length, and the bytes chosen by masks.
#[inline(always)]
pub(super) fn narrow_block(
    src: &[u16; BLOCK],
    dst: &mut [MaybeUninit<u8>; BLOCK],
    run: LinearBytes,
) -> u32 {
    // A copy the compiler knows `dst` does not overlap, so that it vectorizes the loops.
    let units = *src;
    if units.iter().fold(0, |acc, &u| acc | u) < 0x80 {
        let mut bytes = [0u8; BLOCK];
        for (b, &u) in bytes.iter_mut().zip(&units) {
            // Below 0x80: the cast keeps it.
            *b = u as u8;
        }
        put(dst, bytes);
        return 0;
    }
    let mut words = [0u64; BLOCK / 4];
    for (w, units) in words.iter_mut().zip(src.chunks_exact(4)) {
        for (j, &u) in units.iter().enumerate() {
            *w |= u64::from(u) << (16 * j);
        }
    }
    let mut others = 0;
    for (i, (&w, d)) in words.iter().zip(dst.chunks_exact_mut(4)).enumerate() {
        let ascii = lanes_below(w, 0x80);
        let offset = lanes_sub(w, u64::from(run.first) * LANES);
        let taken = lanes_below(offset, run.len);
        let taken_mask = lane_mask(taken);
        others |= lane_bits(HIGH16 & !(ascii | taken)) << (4 * i);
        let lanes = (w & lane_mask(ascii))
            | ((offset & taken_mask) + ((u64::from(run.byte) * LANES) & taken_mask));
        if let Some(d) = d.first_chunk_mut::<4>() {
            put(d, gather_bytes(lanes).to_le_bytes());
        }
    }
    others
}

/// Widens `src` into `dst` (each byte its unit), translating the bytes of `run`
/// (`run.byte..run.byte + run.len`, all above 0x7F, as [`LinearBytes::longest`] finds them)
/// to its code points; returns a mask of the other bytes above 0x7F, bit `i` for byte `i`,
/// whose units the caller must look up (they hold the byte).
///
/// As [`narrow_block`]: the widening first, a loop the compiler vectorizes, then the test
/// of the block's bytes a word at a time; only a block with bytes above 0x7F goes lane by
/// lane through the run.
#[inline(always)]
pub(super) fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearBytes) -> u32 {
    for (d, &b) in dst.iter_mut().zip(src) {
        *d = u16::from(b);
    }
    let bytes = Words::<2>::load(src);
    if bytes.is_ascii() {
        return 0;
    }
    let mut in_run = [0u8; BLOCK];
    for ((d, r), &b) in dst.iter_mut().zip(&mut in_run).zip(src) {
        let offset = u16::from(b.wrapping_sub(run.byte));
        let taken = offset < run.len;
        *d = if taken {
            run.first.wrapping_add(offset)
        } else {
            *d
        };
        *r = if taken { 0x80 } else { 0 };
    }
    // Sixteen bits: the casts lose nothing.
    (bytes.high_bits() & !Words::<2>::load(&in_run).high_bits()) as u32
}
