//! The portable implementation: plain Rust, what every target but x86-64 compiles (and
//! x86-64 under `--cfg whatwg_encoding_portable`). Bytes are tested and copied a 64-bit
//! word at a time ([`Words`]: the word-at-a-time form of the SIMD blocks), and the code
//! unit blocks are loops over arrays written for the compiler to vectorize where the target
//! has vectors.

use core::mem::MaybeUninit;

use super::block::{Bytes, Isa, Mask, BLOCK_OUT, UNITS};
use super::dispatch::Implementation;
use super::linear_run::{LinearRun, BLOCK};
use super::utf8_lanes::{store_three, store_two, Utf8Lanes};

/// The portable implementation of the kernels; every target has it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Isa for Portable {
    const IMPLEMENTATION: Implementation = Implementation::Portable;
    type Bytes16 = Words<2>;
    type Bytes32 = Words<4>;
    type Bytes64 = Words<8>;

    #[inline(always)]
    fn widen(self, src: &[u8; 16], dst: &mut [u16; 16], run: LinearRun) -> u32 {
        widen_block(src, dst, run)
    }

    #[inline(always)]
    fn narrow(self, src: &[u16; 16], dst: &mut [u8; 16], run: LinearRun) -> u32 {
        narrow_block(src, dst, run)
    }

    #[inline(always)]
    fn utf8_one_or_two_bytes(self, units: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
        store_two(utf8_below_0x800(units), out)
    }

    #[inline(always)]
    fn utf8_one_to_three_bytes(self, units: &[u16; UNITS], out: &mut [u8; BLOCK_OUT]) -> usize {
        store_three(utf8_non_surrogates(units), out)
    }
}

/// The high bit of every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

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
            fn store(self, dst: &mut [u8; $n]) {
                for (d, w) in dst.chunks_exact_mut(8).zip(self.0) {
                    for (d, b) in d.iter_mut().zip(w.to_le_bytes()) {
                        *d = b;
                    }
                }
            }

            #[inline(always)]
            fn store_uninit(self, dst: &mut [MaybeUninit<u8>; $n]) {
                for (d, w) in dst.chunks_exact_mut(8).zip(self.0) {
                    for (d, b) in d.iter_mut().zip(w.to_le_bytes()) {
                        d.write(b);
                    }
                }
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

/// Narrows `src` into `dst` by `run` ([`LinearRun::byte_of`]: ASCII or in the run), all
/// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
/// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
#[inline(always)]
fn narrow_block(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], run: LinearRun) -> u32 {
    let mut taken = 0u32;
    for (i, (&u, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u.wrapping_sub(run.first);
        let ascii = u < 0x80;
        // The low byte is the contract: exact for the units counted.
        *d = if ascii {
            u as u8
        } else {
            run.byte.wrapping_add(offset as u8)
        };
        taken |= u32::from(ascii || offset < run.len) << i;
    }
    !taken & 0xFFFF
}

/// Widens `src` into `dst` (each byte its unit), translating the bytes of `run`
/// (`run.byte..run.byte + run.len`, all above 0x7F, as [`LinearRun::longest`] finds them)
/// to its code points; returns a mask of the other bytes above 0x7F, bit `i` for byte `i`,
/// whose units the caller must look up (they hold the byte).
#[inline(always)]
fn widen_block(src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearRun) -> u32 {
    let mut others = 0;
    for (i, (&b, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        let offset = u16::from(b.wrapping_sub(run.byte));
        *d = if offset < run.len {
            run.first.wrapping_add(offset)
        } else {
            others |= u32::from(b >= 0x80) << i;
            u16::from(b)
        };
    }
    others
}

/// The UTF-8 of eight code units, lane by lane, from `utf8`: each unit's bytes and their
/// length; the starts are the running sum of the lengths.
#[inline(always)]
fn lanes<B: Copy + Default>(src: &[u16; 8], utf8: impl Fn(u16) -> (B, u16)) -> Utf8Lanes<B> {
    let mut lanes = Utf8Lanes {
        bytes: [B::default(); 8],
        at: [0; 8],
        len: 0,
    };
    let mut at = 0;
    for ((&u, bytes), start) in src.iter().zip(&mut lanes.bytes).zip(&mut lanes.at) {
        let (b, len) = utf8(u);
        *bytes = b;
        *start = at;
        at += len;
    }
    lanes.len = usize::from(at);
    lanes
}

/// The UTF-8 of eight code units all below 0x800, lane by lane: each unit's one or two
/// bytes (the first in the low byte; the high byte of an ASCII lane is zero), and where
/// they start, counted from the first unit's; returns the total length as well.
#[inline(always)]
pub(crate) fn utf8_below_0x800(src: &[u16; 8]) -> Utf8Lanes<u16> {
    lanes(src, |u| {
        let two = (0xC0 | (u >> 6)) | ((0x80 | (u & 0x3F)) << 8);
        (if u < 0x80 { u } else { two }, 1 + u16::from(u >= 0x80))
    })
}

/// The UTF-8 of eight code units none of which is a surrogate, lane by lane: each unit's
/// one, two or three bytes (the first in the low byte), and where they start, counted from
/// the first unit's; returns the total length as well.
#[inline(always)]
pub(crate) fn utf8_non_surrogates(src: &[u16; 8]) -> Utf8Lanes<u32> {
    lanes(src, |u| {
        let v = u32::from(u);
        let two = (0xC0 | (v >> 6)) | ((0x80 | (v & 0x3F)) << 8);
        let three =
            (0xE0 | (v >> 12)) | ((0x80 | ((v >> 6) & 0x3F)) << 8) | ((0x80 | (v & 0x3F)) << 16);
        let bytes = match u {
            0..0x80 => v,
            0x80..0x800 => two,
            _ => three,
        };
        (bytes, 1 + u16::from(u >= 0x80) + u16::from(u >= 0x800))
    })
}
