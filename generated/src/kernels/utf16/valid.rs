//! How far UTF-16 is valid: spans without surrogates are skipped sixteen units at a time,
//! surrogate pairs one at a time.

use crate::kernels::walk::prefix_len;

const UNITS_AT_ONCE: usize = 16;

/// The index in `block` of its first surrogate, if any; the test of the block, a minimum of
/// the units' distances above 0xD800, vectorizes.
#[inline(always)]
fn first_surrogate(block: &[u16; UNITS_AT_ONCE]) -> Option<usize> {
    let nearest = block
        .iter()
        .fold(u16::MAX, |acc, &u| acc.min(u.wrapping_sub(0xD800)));
    if nearest >= 0x800 {
        return None;
    }
    block.iter().position(|&u| u & 0xF800 == 0xD800)
}

/// The index of the first unpaired surrogate of `units`, or `units.len()`.
#[inline]
pub(crate) fn utf16_valid_up_to(units: &[u16]) -> usize {
    let mut i = 0;
    loop {
        i += prefix_len(units.get(i..).unwrap_or_default(), 0, first_surrogate);
        match units.get(i..).unwrap_or_default() {
            [0xD800..=0xDBFF, 0xDC00..=0xDFFF, ..] => i += 2,
            _ => return i,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{check_scan, with_each_at};

    fn reference(units: &[u16]) -> usize {
        char::decode_utf16(units.iter().copied())
            .map_while(Result::ok)
            .map(char::len_utf16)
            .sum()
    }

    #[test]
    fn finds_every_unpaired_surrogate_at_every_length_and_alignment() {
        let base: Vec<u16> = (0..330).map(|i| 0x41 + i as u16).collect();
        let inserts: [&[u16]; 7] = [
            &[0xD800],
            &[0xDBFF],
            &[0xDC00],
            &[0xDFFF],
            &[0xD83D, 0xDE00],
            &[0xDC00, 0xD800],
            &[0xD800, 0xD800, 0xDC00],
        ];
        let texts = with_each_at(&base, &inserts, 0..80, false);
        check_scan(&texts, reference, utf16_valid_up_to);
    }
}
