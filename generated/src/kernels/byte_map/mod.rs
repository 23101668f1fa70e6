//! Section 9's single-byte encodings: decoding with an index of 128 code points (to UTF-8
//! and to UTF-16), and encoding into it from UTF-16 and from a `&str`, the index's longest
//! linear range a block at a time. The mapping of a block is written here once, both ways:
//! bytes widened to code units ([`widen`]) and code units narrowed to bytes ([`narrow`]),
//! the linear range's by arithmetic in each lane.

use core::mem::MaybeUninit;

use crate::kernels::isa::{Isa, Units, Vector};
use crate::tables::LinearBytes;

pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod encode_str;
#[cfg(test)]
mod tests;

/// Widens the sixteen bytes of `src` into `dst` (each byte its unit), translating the bytes
/// of `linear` (`linear.byte..linear.byte + linear.len`, all above 0x7F, as
/// [`LinearBytes::longest`] finds them) to its code points; returns a mask of the other
/// bytes above 0x7F, bit `i` for byte `i`, whose units the caller must look up (they hold
/// the byte). With [`LinearBytes::NONE`], a plain widening whose mask is the bytes that are
/// not ASCII.
///
/// A byte is in the range when its offset from the range's first byte, compared unsigned,
/// is below the range's length, and then gets the difference between the range's first code
/// point and first byte added.
#[inline(always)]
pub(crate) fn widen<I: Isa>(_: I, src: &[u8; 16], dst: &mut [u16; 16], linear: LinearBytes) -> u32 {
    type V<I> = <I as Isa>::V;
    if V::<I>::widen_ascii(src, dst) {
        return 0;
    }
    let bytes = V::<I>::load(src);
    let (lo, hi) = V::<I>::load_widened(src);
    let first_byte = V::<I>::splat16(linear.byte.into());
    let delta = V::<I>::splat16(linear.first.wrapping_sub(linear.byte.into()));
    let in_range = |v: V<I>| v.sub16(first_byte).below16(linear.len);
    let (in_lo, in_hi) = (in_range(lo), in_range(hi));
    let (lo, hi) = (lo.add16(delta.keep16(in_lo)), hi.add16(delta.keep16(in_hi)));
    // Sixteen bits: the casts keep them.
    let others = bytes.movemask() as u32 & !(V::<I>::movemask16(in_lo, in_hi) as u32);
    let (d0, d1) = dst.split_at_mut(8);
    if let (Some(d0), Some(d1)) = (d0.first_chunk_mut(), d1.first_chunk_mut()) {
        lo.store_units(d0);
        hi.store_units(d1);
    }
    others
}

/// Narrows the sixteen units of `src` into `dst` by `linear` ([`LinearBytes::byte_of`]:
/// ASCII or in the range, which may not cross a multiple of 256), all sixteen bytes
/// stored; returns a mask of the other units, bit `i` for unit `i` (their bytes are not
/// meaningful), 0 when all sixteen are ASCII or in the range.
///
/// [`widen`] the other way, on the units' low and high bytes apart: a unit is in the range
/// when its high byte is the range's first code point's and its low byte's offset from
/// that point's, compared unsigned, is below the range's length; its byte is then its low
/// byte plus the difference between the range's first byte and that point's low byte.
#[inline(always)]
pub(crate) fn narrow<I: Isa>(
    _: I,
    src: &[u16; 16],
    dst: &mut [MaybeUninit<u8>; 16],
    linear: LinearBytes,
) -> u32 {
    type V<I> = <I as Isa>::V;
    // All ASCII (the usual block of markup or Latin text): no mapping.
    if V::<I>::units_below(src, 0x80) {
        V::<I>::narrow_store(src, dst);
        return 0;
    }
    let (Some(lo), Some(hi)) = (src.first_chunk(), src.last_chunk()) else {
        return 0xFFFF;
    };
    let (low, high) = V::<I>::split16(V::<I>::load_units(lo), V::<I>::load_units(hi));
    let [first_low, first_high] = linear.first.to_le_bytes();
    // Below 128: the cast loses nothing.
    let in_range = high.eq(V::<I>::splat(first_high)).and(
        low.add8(V::<I>::splat(first_low.wrapping_neg()))
            .below8(linear.len as u8),
    );
    let delta = V::<I>::splat_where(in_range, linear.byte.wrapping_sub(first_low));
    low.add8(delta).unsplit().store(dst);
    let ascii = high.eq(V::<I>::splat(0)).and_not(low);
    // Sixteen bits: the cast keeps them.
    !(in_range.or(ascii).movemask_split() as u32) & 0xFFFF
}
