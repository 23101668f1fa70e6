//! Walking a slice a block at a time, a test of a whole block answering with the index of
//! its first unit that ends the prefix; the last, partial block is padded.

/// The index of the first unit of `src` that `stop` stops at, or `src.len()`; `stop` must
/// not stop at `pad`.
#[inline(always)]
pub(crate) fn prefix_len<S: Copy, const N: usize>(
    src: &[S],
    pad: S,
    stop: impl Fn(&[S; N]) -> Option<usize>,
) -> usize {
    let mut chunks = src.chunks_exact(N);
    let mut done = 0;
    for chunk in &mut chunks {
        let Some(block) = chunk.first_chunk::<N>() else {
            break;
        };
        if let Some(i) = stop(block) {
            return done + i;
        }
        done += N;
    }
    let tail = chunks.remainder();
    done + padded(tail, pad, stop).map_or(tail.len(), |i| i.min(tail.len()))
}

/// `stop` applied to `tail` (shorter than a block) padded with `pad`.
#[inline(always)]
fn padded<S: Copy, const N: usize>(
    tail: &[S],
    pad: S,
    stop: impl Fn(&[S; N]) -> Option<usize>,
) -> Option<usize> {
    if tail.is_empty() {
        return None;
    }
    let mut block = [pad; N];
    for (b, s) in block.iter_mut().zip(tail) {
        *b = *s;
    }
    stop(&block)
}

/// The index of the first unit of `src` that is `bound` (not 0) or more, or `src.len()`,
/// `N` units a test: `merge` folds a block into a unit below `bound` exactly when every unit
/// is (`max`, or `|` for a power of two), a fold the compiler vectorizes.
#[inline(always)]
pub(crate) fn first_at_least<T: Copy + Default + Ord, const N: usize>(
    src: &[T],
    bound: T,
    merge: impl Fn(T, T) -> T,
) -> usize {
    debug_assert!(bound > T::default());
    prefix_len(src, T::default(), |block: &[T; N]| {
        if block.iter().fold(T::default(), |acc, &u| merge(acc, u)) < bound {
            return None;
        }
        block.iter().position(|&u| u >= bound)
    })
}

/// The index of the first byte of `bytes` that is `bound` (not 0) or more, or `bytes.len()`.
#[inline]
pub(crate) fn first_byte_at_least(bytes: &[u8], bound: u8) -> usize {
    first_at_least::<_, 32>(bytes, bound, u8::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{check_prefix, with_stop_everywhere};

    /// Bytes below 0xC4 of every value, with one at or above it at every place.
    #[test]
    fn first_byte_at_least_finds_every_position_at_every_length_and_alignment() {
        for stop in [0xC4, 0xFF] {
            let texts = with_stop_everywhere(330, |i| (i % 0xC4) as u8, stop);
            for bound in [0xC4, 0xC5, 0xD6] {
                check_prefix(&texts, |b| b < bound, |s| first_byte_at_least(s, bound));
            }
        }
    }

    #[test]
    fn prefix_len_finds_every_position_in_whole_and_partial_blocks() {
        let above_nine = |block: &[u8; 4]| block.iter().position(|&b| b > 9);
        for len in 0..=13 {
            assert_eq!(prefix_len(&vec![1u8; len], 0, above_nine), len);
            for bad in 0..len {
                let mut v = vec![1u8; len];
                v[bad] = 10;
                assert_eq!(prefix_len(&v, 0, above_nine), bad, "len {len} bad {bad}");
            }
        }
    }
}
