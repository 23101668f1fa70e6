//! Bytes a 64-bit word at a time: the portable implementation's blocks.

use core::mem::MaybeUninit;

use crate::kernels::block::{Bytes, Mask};
use crate::kernels::uninit::put;

/// The high bit of every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The low seven bits of every byte of a word.
const LOW7: u64 = !HIGH;

/// One in every byte of a word: times a byte, the byte in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte of `x` that is zero, clear elsewhere: the sum of a byte's low
/// seven bits and 0x7F sets its high bit unless they are all zero, and cannot carry into the
/// next byte, so the test is exact (the classic `(x - ONES) & !x & HIGH` is wrong above a
/// zero byte).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
}

/// `8 × K` bytes as `K` 64-bit words, the first byte in the low bits of the first word
/// (read little-endian whatever the target's byte order).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Words<const K: usize>([u64; K]);

/// `Bytes<N>` for `Words<K>`, `N = 8 × K`.
macro_rules! words {
    ($($k:literal => $n:literal),*) => {$(
        impl Bytes<$n> for Words<$k> {
            #[inline(always)]
            fn load(src: &[u8; $n]) -> Self {
                let mut words = [0; $k];
                for (w, bytes) in words.iter_mut().zip(src.chunks_exact(8)) {
                    *w = u64::from_le_bytes(bytes.try_into().unwrap_or_default());
                }
                Words(words)
            }

            #[inline(always)]
            fn store_uninit(self, dst: &mut [MaybeUninit<u8>; $n]) {
                for (d, w) in dst.chunks_exact_mut(8).zip(self.0) {
                    if let Some(d) = d.first_chunk_mut::<8>() {
                        put(d, w.to_le_bytes());
                    }
                }
            }

            #[inline(always)]
            fn eq(self, needle: u8) -> Self {
                let splat = ONES * u64::from(needle);
                Words(self.0.map(|w| zero_bytes(w ^ splat)))
            }

            #[inline(always)]
            fn and(self, other: Self) -> Self {
                let mut words = self.0;
                for (w, o) in words.iter_mut().zip(other.0) {
                    *w &= o;
                }
                Words(words)
            }

            #[inline(always)]
            fn or(self, other: Self) -> Self {
                let mut words = self.0;
                for (w, o) in words.iter_mut().zip(other.0) {
                    *w |= o;
                }
                Words(words)
            }

            #[inline(always)]
            fn or_byte(self, byte: u8) -> Self {
                Words(self.0.map(|w| w | ONES * u64::from(byte)))
            }

            /// Each word's high bits gathered into its byte of the mask by one
            /// multiplication: bit `8j + 7` moves to bit `56 + j`, and no two partial
            /// products meet.
            #[inline(always)]
            fn high_bits(self) -> Mask {
                let mut mask = 0;
                for (i, w) in self.0.iter().enumerate() {
                    let gathered = ((w & HIGH) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                    mask |= gathered << (8 * i);
                }
                mask
            }

            #[inline(always)]
            fn is_ascii(self) -> bool {
                self.0.iter().fold(0, |acc, w| acc | w) & HIGH == 0
            }

            /// The first word with a high bit, and its lowest high bit's byte.
            #[inline(always)]
            fn first_non_ascii(self) -> Option<usize> {
                if self.is_ascii() {
                    return None;
                }
                for (i, w) in self.0.iter().enumerate() {
                    let high = w & HIGH;
                    if high != 0 {
                        return Some(8 * i + (high.trailing_zeros() / 8) as usize);
                    }
                }
                None
            }
        }
    )*};
}

words!(2 => 16, 4 => 32, 8 => 64);
