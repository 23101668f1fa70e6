//! Spans of two-byte sequences decoded by the decoder's `lookup` of lead and trail (a BMP
//! code point of at least U+0080, not a surrogate; below 0x80 where unmapped), one kernel per
//! output form. A span ends before an unmapped sequence, a lone last byte, or a character
//! that does not fit.

use crate::kernels::utf8::pack::write_bmp_non_ascii;

/// The span at the start of `src` into UTF-16 in `dst`; returns (bytes read, units written).
/// Writes nothing past what it counts.
#[inline(always)]
pub(crate) fn to_utf16(
    src: &[u8],
    dst: &mut [u16],
    lookup: impl Fn(u8, u8) -> u16,
) -> (usize, usize) {
    let mut n = 0;
    for (bytes, out) in src.chunks_exact(2).zip(dst.iter_mut()) {
        let &[lead, trail] = bytes else {
            break;
        };
        let code_point = lookup(lead, trail);
        if code_point < 0x80 {
            break;
        }
        *out = code_point;
        n += 1;
    }
    (2 * n, n)
}

/// The span at the start of `src` into UTF-8 in `dst`; returns (bytes read, bytes written).
/// Takes a sequence only with room for four bytes, of which it may overwrite the one past its
/// character's three.
#[inline(always)]
pub(crate) fn to_utf8(
    src: &[u8],
    dst: &mut [u8],
    lookup: impl Fn(u8, u8) -> u16,
) -> (usize, usize) {
    let mut read = 0;
    // A slice that shrinks from the front costs one length test a sequence; an index, two.
    let mut out_rest: &mut [u8] = dst;
    let dst_len = out_rest.len();
    while let Some(&[lead, trail]) = src.get(read..).and_then(|s| s.first_chunk::<2>()) {
        let Some((out, _)) = out_rest.split_first_chunk_mut::<4>() else {
            break;
        };
        let code_point = lookup(lead, trail);
        if code_point < 0x80 {
            break;
        }
        let n = write_bmp_non_ascii(code_point, out);
        read += 2;
        out_rest = core::mem::take(&mut out_rest)
            .get_mut(n..)
            .unwrap_or_default();
    }
    (read, dst_len - out_rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{check, utf16, utf8, with_each_at, Contract, Steps};

    /// A made-up table: leads and trails 0xA1 to 0xFE, (0xA1, 0xA1) unmapped, lead 0xA2's
    /// two bytes of UTF-8, the rest three.
    fn lookup(lead: u8, trail: u8) -> u16 {
        let (l, t) = (lead.wrapping_sub(0xA1), trail.wrapping_sub(0xA1));
        match (l, t) {
            (0, 0) => 0,
            (1, t) if t < 94 => 0x100 + t as u16,
            (l, t) if l < 94 && t < 94 => 0x4E00 + l as u16 * 94 + t as u16,
            _ => 0,
        }
    }

    /// A sequence a step while the table maps it: one unit of UTF-16, or its UTF-8.
    fn steps<D>(units: impl Fn(char) -> Vec<D>) -> impl Fn(&[u8]) -> Steps<D> {
        move |src| {
            src.chunks_exact(2)
                .map_while(|p| {
                    char::from_u32(u32::from(lookup(p[0], p[1]))).filter(|&c| c >= '\u{80}')
                })
                .map(|c| (2, units(c)))
                .collect()
        }
    }

    /// Spans with an unmapped sequence, a lone lead at the end, or an ASCII byte at every
    /// place, into every room: to UTF-16 exactly, to UTF-8 taking a sequence with room for
    /// four bytes.
    #[test]
    fn spans_stop_at_an_unmapped_sequence_a_lone_byte_and_the_end_of_room() {
        let base: Vec<u8> = (0..330)
            .map(|i| {
                if i % 2 == 0 {
                    [0xB0, 0xA2, 0xC8][i / 2 % 3]
                } else {
                    0xA1 + (i * 7 % 90) as u8
                }
            })
            .collect();
        let stops: [&[u8]; 3] = [&[0xA1, 0xA1], &[0xB0, 0xFF], &[0x41, 0x42]];
        let texts = with_each_at(&base, &stops, (0..80).step_by(2), true);
        check(&texts, steps(utf16), Contract::EXACT, |s, d| {
            to_utf16(s, d, lookup)
        });
        let four = Contract { spill: 2, slack: 2 };
        check(&texts, steps(utf8), four, |s, d| to_utf8(s, d, lookup));
    }
}
