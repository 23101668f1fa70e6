//! The code unit blocks of the portable implementation: loops over arrays.

use super::Words;
use crate::kernels::block::{Bytes, BLOCK};
use crate::kernels::utf8::pack::{bmp, Utf8Lanes};
use crate::table::LinearRun;

/// Narrows `src` into `dst` by `run` ([`LinearRun::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
/// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
///
/// Lane by lane with no dependence between lanes, which the compiler vectorizes where the
/// target has vectors: the usual block, all ASCII, is one OR of the units and a narrowing;
/// otherwise each lane's byte and whether it is taken, the mask gathered from bytes of 0x80
/// a word at a time ([`Words`]).
#[inline(always)]
pub(super) fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> u32 {
    if src.iter().fold(0, |acc, &u| acc | u) < 0x80 {
        for (d, &u) in dst.iter_mut().zip(src) {
            // Below 0x80: the cast loses nothing.
            *d = u as u8;
        }
        return 0;
    }
    let mut others = [0u8; BLOCK];
    for ((d, other), &u) in dst.iter_mut().zip(&mut others).zip(src) {
        let offset = u.wrapping_sub(run.first);
        let ascii = u < 0x80;
        // The low byte is the contract: exact for the units counted.
        *d = if ascii {
            u as u8
        } else {
            run.byte.wrapping_add(offset as u8)
        };
        *other = if ascii || offset < run.len { 0 } else { 0x80 };
    }
    // Sixteen bits: the cast loses nothing.
    Words::<2>::load(&others).high_bits() as u32
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
