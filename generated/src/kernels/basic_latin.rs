//! Spans of UTF-16 code units below a power of two (Basic Latin, Latin1): where they end, and
//! Basic Latin narrowed to ASCII.

use crate::kernels::walk::first_at_least;

/// The length of the longest prefix of `units` whose units are all below `bound`, which
/// must be a power of two.
#[inline]
pub(crate) fn units_below_up_to(units: &[u16], bound: u16) -> usize {
    debug_assert!(bound.is_power_of_two());
    first_at_least::<_, 16>(units, bound, |a, b| a | b)
}

/// Copies the longest Basic Latin prefix of `src` that fits in `dst` into it as ASCII bytes;
/// returns its length. `dst` past it is left as it was.
#[inline]
pub(crate) fn copy_basic_latin(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let basic_latin = units_below_up_to(src, 0x80);
    for (d, s) in dst.iter_mut().zip(src).take(basic_latin) {
        *d = *s as u8;
    }
    basic_latin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{check, check_prefix, counted, unit_steps};
    use crate::kernels::tests::harness::{with_stop_everywhere, Contract};

    #[test]
    fn scans_and_the_copy_stop_at_the_first_unit_at_or_above_the_bound() {
        for stop in [0x80u16, 0xFF, 0x100, 0xD800, 0xFFFF] {
            let texts = with_stop_everywhere(330, |i| (i * 7 % 128) as u16, stop);
            for bound in [0x80u16, 0x100] {
                check_prefix(&texts, |u| u < bound, |s| units_below_up_to(s, bound));
            }
            let steps = unit_steps(|u: u16| (u < 0x80).then(|| vec![u as u8]));
            check(&texts, steps, Contract::EXACT, counted(copy_basic_latin));
        }
    }
}
