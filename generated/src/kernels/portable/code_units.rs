//! The code unit blocks of the portable implementation: loops over arrays.

use crate::kernels::block::BLOCK;
use crate::kernels::utf8::pack::{bmp, Utf8Lanes};
use crate::table::LinearRun;

/// Narrows `src` into `dst` by `run` ([`LinearRun::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
/// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
#[inline(always)]
pub(super) fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> u32 {
    let mut taken = 0u32;
    for (i, (&u, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u.wrapping_sub(run.first);
        let ascii = u < 0x80;
        // The low byte is the contract: exact for the units counted.
        *d = if ascii {
            u as u8
        } else {
            run.byte.wrapping_add(offset as u8)
        };
        taken |= u32::from(ascii || offset < run.len) << i;
    }
    !taken & 0xFFFF
}

/// Widens `src` into `dst` (each byte its unit), translating the bytes of `run`
/// (`run.byte..run.byte + run.len`, all above 0x7F, as [`LinearRun::longest`] finds them)
/// to its code points; returns a mask of the other bytes above 0x7F, bit `i` for byte `i`,
/// whose units the caller must look up (they hold the byte).
#[inline(always)]
pub(super) fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearRun) -> u32 {
    let mut others = 0;
    for (i, (&b, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u16::from(b.wrapping_sub(run.byte));
        *d = if offset < run.len {
            run.first.wrapping_add(offset)
        } else {
            others |= u32::from(b >= 0x80) << i;
            u16::from(b)
        };
    }
    others
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
