//! Finding the bytes the prescan stops at, sixteen bytes at a time: the `<` that ends a run of
//! text, the quote or `>` that ends a value or a comment, and the `<m`/`<M` that could start
//! a `<meta`. Each block becomes a bit mask (one bit a byte, the first byte's the lowest), by
//! SSE2 on x86-64 (`sse2.rs`) and a word at a time elsewhere (`portable.rs`).

#[cfg(any(test, not(target_arch = "x86_64")))]
mod portable;
#[cfg(target_arch = "x86_64")]
mod sse2;

#[cfg(not(target_arch = "x86_64"))]
use portable as kernel;
#[cfg(target_arch = "x86_64")]
use sse2 as kernel;

/// Bytes per mask.
pub(super) const BLOCK: usize = 16;

/// The index of the first byte at or after `from` that is `needle`, or None.
#[inline(always)]
pub(in crate::sniff) fn find(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut at = 0;
    while let Some(block) = rest.get(at..at + BLOCK) {
        let mask = block
            .try_into()
            .map_or(0, |block| kernel::equal(block, needle));
        if mask != 0 {
            return Some(from + at + mask.trailing_zeros() as usize);
        }
        at += BLOCK;
    }
    // The last bytes, in a block padded with a byte that is not `needle`.
    let tail = &rest[at..];
    let mut block = [!needle; BLOCK];
    block[..tail.len()].copy_from_slice(tail);
    let mask = kernel::equal(&block, needle);
    (mask != 0).then(|| from + at + mask.trailing_zeros() as usize)
}

/// Bytes per test of [`find_less_than_m`]'s long runs: four masks joined, one test.
const RUN: usize = 4 * BLOCK;

/// The index of the first `<` at or after `from` that is followed by `m` or `M`, or None.
#[inline]
pub(in crate::sniff) fn find_less_than_m(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut at = 0;
    // Four blocks at a time, each with the byte after it (which its last pair needs); text
    // has few `<`, so a run without one is passed over after one test.
    while let Some(run) = rest.get(at..at + RUN + 1) {
        let has_less_than = run[..RUN]
            .try_into()
            .map_or(true, |run| kernel::contains(run, b'<'));
        if !has_less_than {
            at += RUN;
            continue;
        }
        let mask = |i: usize| {
            run.get(i * BLOCK..i * BLOCK + BLOCK + 1)
                .and_then(|block| block.try_into().ok())
                .map_or(0, |block| u64::from(kernel::less_than_m(block)))
        };
        let run_mask = mask(0) | mask(1) << BLOCK | mask(2) << (2 * BLOCK) | mask(3) << (3 * BLOCK);
        if run_mask != 0 {
            return Some(from + at + run_mask.trailing_zeros() as usize);
        }
        at += RUN;
    }
    while let Some(block) = rest.get(at..at + BLOCK + 1) {
        let mask = block.try_into().map_or(0, kernel::less_than_m);
        if mask != 0 {
            return Some(from + at + mask.trailing_zeros() as usize);
        }
        at += BLOCK;
    }
    let tail = &rest[at..];
    let mut block = [0; BLOCK + 1];
    block[..tail.len()].copy_from_slice(tail);
    let mask = kernel::less_than_m(&block);
    (mask != 0).then(|| from + at + mask.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kernels against a byte-at-a-time reference, for every needle position, with
    /// bytes that differ from the needle in one bit (and in its case, for `m`).
    #[test]
    fn the_kernels_agree_with_a_reference() {
        let needles = [b'<', b'>', b'"', b'\'', 0x00, 0xFF, 0x80];
        for &needle in &needles {
            for pattern in 0..=u16::MAX {
                if pattern % 97 != 0 && pattern.count_ones() > 2 {
                    continue;
                }
                let block: [u8; BLOCK] = core::array::from_fn(|i| {
                    if pattern >> i & 1 == 1 {
                        needle
                    } else {
                        needle ^ (1 << (i % 8))
                    }
                });
                let expected = u32::from(pattern);
                assert_eq!(portable::equal(&block, needle), expected);
                #[cfg(target_arch = "x86_64")]
                assert_eq!(sse2::equal(&block, needle), expected);
                for at in 0..RUN / BLOCK {
                    let mut run = [needle ^ 1; RUN];
                    run[at * BLOCK..(at + 1) * BLOCK].copy_from_slice(&block);
                    assert_eq!(portable::contains(&run, needle), expected != 0);
                    #[cfg(target_arch = "x86_64")]
                    assert_eq!(sse2::contains(&run, needle), expected != 0);
                }
            }
        }
        for pattern in 0..=u16::MAX {
            if pattern % 89 != 0 && pattern.count_ones() > 3 {
                continue;
            }
            for second in [b'm', b'M', b'n', b'-', b'<'] {
                let mut block = [b'x'; BLOCK + 1];
                for i in 0..BLOCK {
                    if pattern >> i & 1 == 1 {
                        block[i] = b'<';
                        block[i + 1] = second;
                    }
                }
                let expected = (0..BLOCK)
                    .filter(|&i| block[i] == b'<' && block[i + 1] | 0x20 == b'm')
                    .fold(0, |mask, i| mask | 1 << i);
                assert_eq!(portable::less_than_m(&block), expected, "{block:?}");
                #[cfg(target_arch = "x86_64")]
                assert_eq!(sse2::less_than_m(&block), expected, "{block:?}");
            }
        }
    }

    #[test]
    fn find_sees_every_position_at_every_start() {
        for len in 0..=150 {
            let plain = vec![b'a'; len];
            for from in 0..=len + 1 {
                assert_eq!(find(&plain, from, b'<'), None);
                assert_eq!(find_less_than_m(&plain, from), None);
            }
            for at in 0..len {
                let mut bytes = plain.clone();
                bytes[at] = b'<';
                for from in 0..=len {
                    let expected = (from <= at).then_some(at);
                    assert_eq!(find(&bytes, from, b'<'), expected, "len {len} at {at}");
                    // `<` is followed by `a`, then by `M`.
                    assert_eq!(find_less_than_m(&bytes, from), None);
                    if at + 1 < len {
                        let mut with_m = bytes.clone();
                        with_m[at + 1] = b'M';
                        assert_eq!(find_less_than_m(&with_m, from), expected);
                    }
                }
            }
        }
    }
}
