//! Section 9's single-byte encodings: decoding with an index of 128 code points and encoding
//! into it, a block at a time, the index's longest linear range mapped by arithmetic in each
//! lane ([`widen`] and [`narrow`]).

use core::mem::MaybeUninit;

use crate::kernels::isa::{Isa, Units, Vector};
use crate::tables::LinearBytes;

pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod encode_str;
#[cfg(test)]
mod tests;

/// Widens the sixteen bytes of `src` into `dst`, the bytes of `linear` translated to its code
/// points; returns a mask of the other bytes above 0x7F (bit `i` for byte `i`), whose units
/// hold the byte for the caller to look up.
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
    let others = bytes.movemask() as u32 & !(V::<I>::movemask16(in_lo, in_hi) as u32);
    let (d0, d1) = dst.split_at_mut(8);
    if let (Some(d0), Some(d1)) = (d0.first_chunk_mut(), d1.first_chunk_mut()) {
        lo.store_units(d0);
        hi.store_units(d1);
    }
    others
}

/// Narrows the sixteen units of `src` into `dst` as [`LinearBytes::byte_of`] does (the range
/// within one block of 256), on the units' low and high bytes apart; returns a mask of the
/// units neither ASCII nor in the range (bit `i` for unit `i`), whose bytes are meaningless.
#[inline(always)]
pub(crate) fn narrow<I: Isa>(
    _: I,
    src: &[u16; 16],
    dst: &mut [MaybeUninit<u8>; 16],
    linear: LinearBytes,
) -> u32 {
    type V<I> = <I as Isa>::V;
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
    let delta = i16::from(linear.byte) - i16::from(first_low);
    low.add8_where(in_range, delta).unsplit().store(dst);
    let ascii = high.eq(V::<I>::splat(0)).and_not(low);
    !(in_range.or(ascii).movemask_split() as u32) & 0xFFFF
}
