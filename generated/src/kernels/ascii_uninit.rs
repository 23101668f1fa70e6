//! An ASCII prefix copied into memory not yet written: a `String`'s spare capacity, which
//! `Decoder::decode_to_string` appends to.
//!
//! Safe code can only write into a slice of bytes that is initialised, and zeroing the
//! spare capacity before decoding into it is a pass over the output as long as the copy
//! itself: en.html as windows-1252 decoded into a `String` took 2.7 to 3.0 times a plain
//! copy's time that way. Copied here, its ASCII runs cost one pass: sixty-four bytes are
//! loaded, stored and tested at once.

use core::mem::MaybeUninit;

use super::block::{Bytes, Isa};
use super::Baseline;

/// Bytes per step: four SSE2 registers.
const STEP: usize = 64;

/// Copies the longest ASCII prefix of `src` that fits in `dst` into `dst`, and returns its
/// length: the first that many elements of `dst` are then written. Elements of `dst` past
/// them may be written too (with bytes of `src`, at most sixty-three).
#[inline]
pub(crate) fn copy_ascii_uninit(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let mut done = 0;
    // After the first step, the stores start at a multiple of sixteen bytes of memory, where
    // none of them straddles two cache lines: the first step goes only as far as that.
    // Straddling stores made en.html (each letter outside ASCII shifting the output against
    // the input by one or two bytes) 1.15 times as slow.
    let mut advance = STEP - (dst.as_ptr() as usize & 15);
    while let (Some(s), Some(d)) = (
        src.get(done..).and_then(|s| s.first_chunk::<STEP>()),
        dst.get_mut(done..)
            .and_then(|d| d.first_chunk_mut::<STEP>()),
    ) {
        match copy_step(s, d) {
            None => done += advance,
            Some(first_non_ascii) => return done + first_non_ascii,
        }
        advance = STEP;
    }
    // Under a step of `src` or of `dst` left: a byte at a time.
    let tail = src.get(done..).unwrap_or_default();
    for (d, &s) in dst.get_mut(done..).unwrap_or_default().iter_mut().zip(tail) {
        if !s.is_ascii() {
            break;
        }
        d.write(s);
        done += 1;
    }
    done
}

/// Copies all of `src` into `dst` and returns the index of the first byte of `src` that is
/// not ASCII, if any.
#[inline(always)]
fn copy_step(src: &[u8; STEP], dst: &mut [MaybeUninit<u8>; STEP]) -> Option<usize> {
    let block = <Baseline as Isa>::Bytes64::load(src);
    block.store_uninit(dst);
    block.first_non_ascii()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Bytes with a non-ASCII byte at `at` (if within `len`), the rest ASCII and varied.
    fn bytes(len: usize, at: Option<usize>) -> Vec<u8> {
        (0..len)
            .map(|i| match at {
                Some(at) if i == at => 0x80 | (i as u8 & 0x7F),
                _ => (i * 7 % 128) as u8,
            })
            .collect()
    }

    /// Every source length 0 to 64 and more, every position of the first non-ASCII byte
    /// (and none), every alignment of source and destination 0 to 15, and every room from
    /// none to more than enough: the prefix copied is the ASCII prefix that fits, its bytes
    /// are the source's, and nothing is written outside the destination slice.
    #[test]
    fn copies_the_ascii_prefix_that_fits() {
        let mut checked = 0;
        for len in (0..=64).chain([65, 127, 128, 129, 200]) {
            let stops = (0..len).map(Some).chain([None]);
            for at in stops.filter(|at| len <= 64 || at.is_none_or(|at| at % 13 == 0)) {
                let src = bytes(len, at);
                let want_ascii = at.unwrap_or(len);
                for src_align in 0..16 {
                    let mut shifted = alloc::vec![b'x'; src_align];
                    shifted.extend_from_slice(&src);
                    let src = &shifted[src_align..];
                    for dst_align in 0..16 {
                        for room in [0, 1, want_ascii.saturating_sub(1), want_ascii, len + 70] {
                            // A guard byte either side of the destination slice.
                            let mut buf =
                                alloc::vec![MaybeUninit::new(0xEEu8); dst_align + room + 1];
                            let dst = &mut buf[dst_align..dst_align + room];
                            let n = copy_ascii_uninit(src, dst);
                            assert_eq!(n, want_ascii.min(room), "{len} {at:?} {room}");
                            for (i, d) in dst[..n].iter().enumerate() {
                                // SAFETY: the kernel's contract: the first `n` are written.
                                assert_eq!(unsafe { d.assume_init() }, src[i]);
                            }
                            // SAFETY: the guard bytes were initialised by `vec!`.
                            assert_eq!(unsafe { buf[dst_align + room].assume_init() }, 0xEE);
                            if dst_align > 0 {
                                // SAFETY: as above.
                                assert_eq!(unsafe { buf[dst_align - 1].assume_init() }, 0xEE);
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
