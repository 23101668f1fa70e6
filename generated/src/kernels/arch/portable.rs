//! The portable implementation: plain Rust, which every target compiles (and x86-64 under
//! `--cfg whatwg_encoding_portable`). A register of `8 × K` bytes is `K` 64-bit words
//! ([`Words`]), the first byte in the low bits of the first word whatever the target's byte
//! order, a 16-bit lane in each quarter of a word (SWAR). The stores that widen and narrow,
//! and the test of units in memory, are loops from memory to memory, which the compiler
//! makes wide where the target has vectors.

use core::mem::MaybeUninit;

use crate::kernels::isa::{Implementation, Isa, Mask, Units, Vector};
use crate::kernels::uninit::put;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Isa for Portable {
    const IMPLEMENTATION: Implementation = Implementation::Portable;
    type V = Words<2>;
    type W = Words<4>;
    type X = Words<8>;

    #[inline(always)]
    fn halves(w: Words<4>) -> (Words<2>, Words<2>) {
        let [a, b, c, d] = w.0;
        (Words([a, b]), Words([c, d]))
    }

    #[inline(always)]
    fn from_halves(lo: Words<2>, hi: Words<2>) -> Words<4> {
        let ([a, b], [c, d]) = (lo.0, hi.0);
        Words([a, b, c, d])
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Words<const K: usize>([u64; K]);

/// One in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte of a word.
const HIGH: u64 = 0x80 * ONES;
/// One in every 16-bit lane of a word.
const LANES: u64 = 0x0001_0001_0001_0001;
/// The high bit of every 16-bit lane of a word.
const HIGH16: u64 = 0x8000 * LANES;

/// The high bit of each byte of `x` that is zero, clear elsewhere: a byte's low seven bits
/// plus 0x7F set its high bit unless all zero, and carry into no other byte.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    !(((x & !HIGH).wrapping_add(!HIGH)) | x | !HIGH)
}

/// Every 16-bit lane all ones where `high` has the lane's high bit set, zero elsewhere.
#[inline(always)]
fn lanes_of(high: u64) -> u64 {
    (high >> 15 & LANES).wrapping_mul(0xFFFF)
}

/// `a - b` in each 16-bit lane, wrapping within the lane (no borrow crosses lanes).
#[inline(always)]
fn lanes_sub(a: u64, b: u64) -> u64 {
    ((a | HIGH16) - (b & !HIGH16)) ^ ((a ^ !b) & HIGH16)
}

/// The high bit of each 16-bit lane of `x` as bits 0 to 3: one multiplication moves lane
/// `j`'s bit to bit `45 + j`, and no two partial products meet.
#[inline(always)]
fn lane_bits(x: u64) -> u64 {
    ((x >> 15) & LANES).wrapping_mul(1 | 1 << 15 | 1 << 30 | 1 << 45) >> 45 & 0xF
}

/// The low byte of each 16-bit lane of `x`, the first lane's lowest.
#[inline(always)]
fn low_bytes(x: u64) -> u64 {
    let x = x & 0x00FF_00FF_00FF_00FF;
    let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// The four bytes of `x`'s low half, each in a 16-bit lane.
#[inline(always)]
fn spread(x: u64) -> u64 {
    let x = x & 0xFFFF_FFFF;
    let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    (x | x << 8) & 0x00FF_00FF_00FF_00FF
}

/// The two 16-bit lanes of `x`'s low half in the low halves of 32-bit lanes.
#[inline(always)]
fn spread32(x: u64) -> u64 {
    (x & 0xFFFF) | (x & 0xFFFF_0000) << 16
}

#[inline(always)]
fn words_of_units<const K: usize>(units: &[u16]) -> [u64; K] {
    let mut words = [0; K];
    for (w, units) in words.iter_mut().zip(units.chunks_exact(4)) {
        for (j, &u) in units.iter().enumerate() {
            *w |= u64::from(u) << (16 * j);
        }
    }
    words
}

/// The high bit of each byte of `words` moved by a multiplication by `by` to the top byte of
/// its word, no two partial products meeting: eight bits a word.
#[inline(always)]
fn gather<const K: usize>(words: [u64; K], by: u64) -> Mask {
    let mut mask = 0;
    for (i, w) in words.iter().enumerate() {
        mask |= ((w & HIGH) >> 7).wrapping_mul(by) >> 56 << (8 * i);
    }
    mask
}

macro_rules! words {
    (@zip $($op:ident($a:ident, $b:ident) = $e:expr;)*) => {$(
        #[inline(always)]
        fn $op(self, o: Self) -> Self {
            Words(core::array::from_fn(|i| {
                let ($a, $b) = (self.0[i], o.0[i]);
                $e
            }))
        }
    )*};
    ($($k:literal => $n:literal),*) => {$(
        impl Vector<$n> for Words<$k> {
            methods! {
                fn splat(byte: u8) -> Self = Words([ONES * u64::from(byte); $k]);
                fn splat16(unit: u16) -> Self = Words([LANES * u64::from(unit); $k]);
                fn shl16<const S: i32>(self) -> Self =
                    Words(self.0.map(|w| (w << S) & LANES * ((0xFFFF << S) & 0xFFFF)));
                fn shr16<const S: i32>(self) -> Self =
                    Words(self.0.map(|w| (w >> S) & LANES * (0xFFFF >> S)));
                fn is_ascii(self) -> bool = self.0.iter().fold(0, |acc, w| acc | w) & HIGH == 0;
                fn lanes_below(self, bound: u16) -> bool =
                    self.0.iter().fold(0, |acc, w| acc | w) & LANES * u64::from(!(bound - 1)) == 0;
                fn splat_where(mask: Self, byte: u8) -> Self =
                    Words(mask.0.map(|w| (w >> 7 & ONES).wrapping_mul(byte.into())));
                /// Bit `8j + 7` of each word to bit `56 + j` by one multiplication.
                fn movemask(self) -> Mask = gather(self.0, 0x0102_0408_1020_4080);
                /// As `movemask`, by a multiplier that also moves byte `2i`'s bit to bit `i`
                /// and byte `2i + 1`'s to bit `4 + i`.
                fn movemask_split(self) -> Mask = gather(self.0, 1 << 56 | 1 << 52 | 1 << 41
                    | 1 << 37 | 1 << 26 | 1 << 22 | 1 << 11 | 1 << 7);
            }
            /// The high bits only: a lane's low fifteen bits plus `0x8000 - bound` reach its
            /// high bit exactly when they are at least `bound`.
            #[inline(always)]
            fn below16(self, bound: u16) -> Self {
                let add = LANES * u64::from(0x8000 - bound);
                Words(self.0.map(|w| !(((w & !HIGH16) + add) | w)))
            }
            /// The high bits only, likewise.
            #[inline(always)]
            fn below8(self, bound: u8) -> Self {
                let add = ONES * u64::from(0x80 - bound);
                Words(core::array::from_fn(|i| !(((self.0[i] & !HIGH) + add) | self.0[i])))
            }
            #[inline(always)]
            fn load(src: &[u8; $n]) -> Self {
                let mut words = [0; $k];
                for (w, b) in words.iter_mut().zip(src.chunks_exact(8)) {
                    *w = u64::from_le_bytes(b.try_into().unwrap_or_default());
                }
                Words(words)
            }
            #[inline(always)]
            fn load8(src: &[u8; 8]) -> Self {
                let mut words = [0; $k];
                words[0] = u64::from_le_bytes(*src);
                Words(words)
            }
            #[inline(always)]
            fn store(self, dst: &mut [MaybeUninit<u8>; $n]) {
                for (d, w) in dst.chunks_exact_mut(8).zip(self.0) {
                    if let Some(d) = d.first_chunk_mut::<8>() {
                        put(d, w.to_le_bytes());
                    }
                }
            }
            words!(@zip
                and(a, b) = a & b;
                or(a, b) = a | b;
                xor(a, b) = a ^ b;
                and_not(a, b) = a & !b;
                // The high bits only.
                eq(a, b) = zero_bytes(a ^ b);
                eq16(a, b) = lanes_of(!((((a ^ b) & !HIGH16) + !HIGH16) | (a ^ b)));
                // The borrow out of each lane of `self - other`.
                lt16u(a, b) = lanes_of((!a & b) | ((!a | b) & lanes_sub(a, b)));
                keep16(a, mask) = a & lanes_of(mask);
                add16(a, b) = ((a & !HIGH16) + (b & !HIGH16)) ^ ((a ^ b) & HIGH16);
                sub16(a, b) = lanes_sub(a, b);
                add8(a, b) = ((a & !HIGH) + (b & !HIGH)) ^ ((a ^ b) & HIGH);
            );
            #[inline(always)]
            fn lt16(self, o: Self) -> Self {
                let flip = Self::splat16(0x8000);
                self.xor(flip).lt16u(o.xor(flip))
            }
            #[inline(always)]
            fn movemask16(lo: Self, hi: Self) -> Mask {
                let words = lo.0.into_iter().chain(hi.0);
                words.enumerate().fold(0, |mask, (i, w)| mask | lane_bits(w) << (4 * i))
            }
            #[inline(always)]
            fn first_set(self) -> Option<usize> {
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
            /// The stores first, a loop the compiler makes wide, then the test by words.
            #[inline(always)]
            fn widen_store(src: &[u8; $n], dst: &mut [u16; $n]) -> Option<usize> {
                for (d, &b) in dst.iter_mut().zip(src) {
                    *d = u16::from(b);
                }
                Self::load(src).first_set()
            }
            #[inline(always)]
            fn load_widened(src: &[u8; $n]) -> (Self, Self) {
                let w = Self::load(src).0;
                let lanes = |i: usize| spread(w[i / 2 % $k] >> (32 * (i % 2)));
                (
                    Words(core::array::from_fn(lanes)),
                    Words(core::array::from_fn(|i| lanes(i + $k))),
                )
            }
            #[inline(always)]
            fn narrow(self, o: Self) -> Self {
                let lane = |j: usize| if j < $k { self.0[j] } else { o.0[j % $k] };
                Words(core::array::from_fn(|i| {
                    low_bytes(lane(2 * i)) | low_bytes(lane(2 * i + 1)) << 32
                }))
            }
            /// Word `j` of each from words `2j` and `2j + 1` of `lo` then `hi`, their
            /// bytes alternating.
            #[inline(always)]
            fn split16(lo: Self, hi: Self) -> (Self, Self) {
                let word = |i: usize| if i < $k { lo.0[i] } else { hi.0[i % $k] };
                let low = 0x00FF * LANES;
                (
                    Words(core::array::from_fn(|j| {
                        word(2 * j) & low | (word(2 * j + 1) & low) << 8
                    })),
                    Words(core::array::from_fn(|j| {
                        word(2 * j) >> 8 & low | word(2 * j + 1) & !low
                    })),
                )
            }
            /// Bytes 1 and 2 swapped in each half of each word, then bytes 2 and 3 with 4
            /// and 5.
            #[inline(always)]
            fn unsplit(self) -> Self {
                Words(self.0.map(|w| {
                    let t = (w ^ w >> 8) & 0x0000_FF00_0000_FF00;
                    let w = w ^ t ^ t << 8;
                    let t = (w ^ w >> 16) & 0x0000_0000_FFFF_0000;
                    w ^ t ^ t << 16
                }))
            }
            #[inline(always)]
            fn interleave16(self, o: Self) -> (Self, Self) {
                // Word `i` of a result is half `i / 2`'s: two lanes of each, from the
                // half's first word (`upper` 0) or second.
                let zip = |i: usize, upper: usize| {
                    let word = (2 * (i / 2) + upper) % $k;
                    let part = |w: u64| spread32(w >> (32 * (i % 2)));
                    part(self.0[word]) | part(o.0[word]) << 16
                };
                (
                    Words(core::array::from_fn(|i| zip(i, 0))),
                    Words(core::array::from_fn(|i| zip(i, 1))),
                )
            }
            /// One multiplication: no sum leaves its byte, so the word's addition makes
            /// them all, `delta` times one in each marked byte added modulo 2^64.
            #[inline(always)]
            fn add8_where(self, mask: Self, delta: i16) -> Self {
                let by = i64::from(delta) as u64;
                Words(core::array::from_fn(|i| {
                    self.0[i].wrapping_add((mask.0[i] >> 7 & ONES).wrapping_mul(by))
                }))
            }
        }
    )*};
}

words!(2 => 16, 4 => 32, 8 => 64);

macro_rules! units {
    ($($k:literal => $l:literal, $n:literal);*) => {$(
        impl Units<$l, $n> for Words<$k> {
            #[inline(always)]
            fn load_units(src: &[u16; $l]) -> Self {
                Words(words_of_units(src))
            }
            #[inline(always)]
            fn store_units(self, dst: &mut [u16; $l]) {
                for (units, w) in dst.chunks_exact_mut(4).zip(self.0) {
                    for (j, u) in units.iter_mut().enumerate() {
                        *u = (w >> (16 * j)) as u16;
                    }
                }
            }
            #[inline(always)]
            fn narrow_store<const M: usize>(src: &[u16; M], dst: &mut [MaybeUninit<u8>; M]) {
                let mut bytes = [0u8; M];
                for (d, &u) in bytes.iter_mut().zip(src) {
                    *d = u as u8;
                }
                put(dst, bytes);
            }
            #[inline(always)]
            fn units_below<const M: usize>(src: &[u16; M], bound: u16) -> bool {
                src.iter().fold(0, |acc, &u| acc | u) < bound
            }
        }
    )*};
}

units!(2 => 8, 16; 4 => 16, 32);
