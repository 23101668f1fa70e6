//! Runs of UTF-16 code units below a power of two (Basic Latin below 0x80, Latin1 below
//! 0x100), sixteen units at a time: where a run ends, and narrowing a Basic Latin run to
//! ASCII bytes.

use crate::kernels::walk::prefix_len;

/// Units per test: 32 bytes, which the OR below turns into vector operations.
const BLOCK: usize = 16;

/// The index in `block` of its first unit not below `bound` (a power of two), if any. The
/// OR of all units is below a power of two exactly when every unit is.
#[inline(always)]
fn first_at_least(block: &[u16; BLOCK], bound: u16) -> Option<usize> {
    debug_assert!(bound.is_power_of_two());
    if block.iter().fold(0, |acc, &u| acc | u) < bound {
        return None;
    }
    block.iter().position(|&u| u >= bound)
}

/// The length of the longest prefix of `units` whose units are all below `bound`, which
/// must be a power of two.
#[inline]
pub(crate) fn units_below_up_to(units: &[u16], bound: u16) -> usize {
    prefix_len(units, |block| first_at_least(block, bound))
}

/// Copies the longest Basic Latin prefix of `src` that fits in `dst` into it as ASCII
/// bytes; returns its length. `dst` past it is left as it was. A scan, then a copy, as
/// [`copy_ascii`](crate::kernels::ascii::copy_ascii) does, for the same reason.
#[inline]
pub(crate) fn copy_basic_latin(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let basic_latin = units_below_up_to(src, 0x80);
    for (d, s) in dst.iter_mut().zip(src).take(basic_latin) {
        // Below 0x80, so the cast loses nothing.
        *d = *s as u8;
    }
    basic_latin
}

#[cfg(test)]
mod tests {
    use super::*;

    fn basic_latin_text(align: usize, len: usize) -> Vec<u16> {
        (0..align + len).map(|i| 0x20 + (i % 0x5F) as u16).collect()
    }

    #[test]
    fn units_below_up_to_finds_every_unit_at_every_length_and_alignment() {
        for align in 0..BLOCK {
            for len in 0..=64 {
                let buf = basic_latin_text(align, len);
                assert_eq!(units_below_up_to(&buf[align..], 0x80), len);
                assert_eq!(units_below_up_to(&buf[align..], 0x100), len);
                for bad in 0..len {
                    for (unit, below_0x80, below_0x100) in [
                        (0x80, bad, len),
                        (0xFF, bad, len),
                        (0x100, bad, bad),
                        (0xD800, bad, bad),
                        (0xFFFF, bad, bad),
                    ] {
                        let mut buf = buf.clone();
                        buf[align + bad] = unit;
                        let src = &buf[align..];
                        assert_eq!(units_below_up_to(src, 0x80), below_0x80, "{unit:#x}");
                        assert_eq!(units_below_up_to(src, 0x100), below_0x100, "{unit:#x}");
                    }
                }
            }
        }
    }

    #[test]
    fn copy_basic_latin_narrows_the_prefix_and_nothing_past_it() {
        for align in 0..BLOCK {
            for len in 0..=64 {
                for bad in (0..len).chain([len]) {
                    let mut buf = basic_latin_text(align, len);
                    if bad < len {
                        buf[align + bad] = 0x80;
                    }
                    let src = &buf[align..];
                    for room in [0, bad / 2, bad, len, len + 1] {
                        let expected = bad.min(room);
                        let mut dst = vec![0xAAu8; room];
                        assert_eq!(copy_basic_latin(src, &mut dst), expected);
                        assert!(dst[..expected]
                            .iter()
                            .zip(src)
                            .all(|(&b, &u)| u16::from(b) == u));
                        assert!(dst[expected..].iter().all(|&b| b == 0xAA));
                    }
                }
            }
        }
    }
}
