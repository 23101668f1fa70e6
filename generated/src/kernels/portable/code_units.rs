//! The code unit blocks of the portable implementation: loops over arrays.

use super::Words;
use crate::kernels::block::{Bytes, BLOCK};
use crate::kernels::utf8::pack::{bmp, Utf8Lanes};
use crate::table::LinearRun;

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

/// Narrows `src` into `dst` by `run` ([`LinearRun::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
/// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
///
/// Four units a 64-bit word at a time, every lane at once: the usual block, all ASCII, is
/// one OR of the words and a packing of each; otherwise, with no branch, each lane's offset
/// from the run's first code point tested against its length, and the bytes chosen by masks.
#[inline(always)]
pub(super) fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> u32 {
    let mut words = [0u64; BLOCK / 4];
    for (w, units) in words.iter_mut().zip(src.chunks_exact(4)) {
        for (j, &u) in units.iter().enumerate() {
            *w |= u64::from(u) << (16 * j);
        }
    }
    let all_ascii = words.iter().fold(0, |acc, w| acc | w) & (0xFF80 * LANES) == 0;
    let mut others = 0;
    for (i, (&w, d)) in words.iter().zip(dst.chunks_exact_mut(4)).enumerate() {
        let lanes = if all_ascii {
            w
        } else {
            let ascii = lanes_below(w, 0x80);
            let offset = lanes_sub(w, u64::from(run.first) * LANES);
            let taken = lanes_below(offset, run.len);
            let taken_mask = lane_mask(taken);
            others |= lane_bits(HIGH16 & !(ascii | taken)) << (4 * i);
            (w & lane_mask(ascii))
                | ((offset & taken_mask) + ((u64::from(run.byte) * LANES) & taken_mask))
        };
        d.copy_from_slice(&gather_bytes(lanes).to_le_bytes());
    }
    others
}

/// Widens `src` into `dst` (each byte its unit), translating the bytes of `run`
/// (`run.byte..run.byte + run.len`, all above 0x7F, as [`LinearRun::longest`] finds them)
/// to its code points; returns a mask of the other bytes above 0x7F, bit `i` for byte `i`,
/// whose units the caller must look up (they hold the byte).
///
/// As [`narrow_block`]: the widening first, a loop the compiler vectorizes, then the test
/// of the block's bytes a word at a time; only a block with bytes above 0x7F goes lane by
/// lane through the run.
#[inline(always)]
pub(super) fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearRun) -> u32 {
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

/// The UTF-8 of eight code units, lane by lane, from `utf8`: each unit's bytes and their
/// length; the starts are the running sum of the lengths.
#[inline(always)]
fn lanes<B: Copy + Default>(src: &[u16; 8], utf8: impl Fn(u16) -> (B, u16)) -> Utf8Lanes<B> {
    let mut lanes = Utf8Lanes {
        bytes: [B::default(); 8],
        at: [0; 8],
        len: 0,
    };
    let mut at = 0;
    for ((&u, bytes), start) in src.iter().zip(&mut lanes.bytes).zip(&mut lanes.at) {
        let (b, len) = utf8(u);
        *bytes = b;
        *start = at;
        at += len;
    }
    lanes.len = usize::from(at);
    lanes
}

/// The UTF-8 of eight code units all below 0x800, lane by lane: each unit's one or two
/// bytes (the first in the low byte; the high byte of an ASCII lane is zero), and where
/// they start, counted from the first unit's; returns the total length as well.
#[inline(always)]
pub(super) fn utf8_below_0x800(src: &[u16; 8]) -> Utf8Lanes<u16> {
    lanes(src, |u| {
        let (bytes, len) = bmp(u);
        // Two bytes at most below 0x800: the casts keep them.
        (bytes as u16, len as u16)
    })
}

/// The UTF-8 of eight code units none of which is a surrogate, lane by lane: each unit's
/// one, two or three bytes (the first in the low byte), and where they start, counted from
/// the first unit's; returns the total length as well.
#[inline(always)]
pub(super) fn utf8_non_surrogates(src: &[u16; 8]) -> Utf8Lanes<u32> {
    lanes(src, |u| {
        let (bytes, len) = bmp(u);
        // At most three: the cast keeps it.
        (bytes, len as u16)
    })
}
