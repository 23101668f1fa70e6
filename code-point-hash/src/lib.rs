//! The hash of a code point under which the encode maps are built (by the generator, with
//! phf_generator's PtrHash) and looked up (by the runtime, with phf_shared's PtrHash reduction
//! and pilot functions), and the byte of it that the compact encoders' search filters are
//! built and read with.
//!
//! It lives in a crate of its own, with no dependencies, so that both sides compile the same
//! function: the runtime must not depend on the generator (and its serde and syn stack), and a
//! map built under one hash and read under another would find nothing.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![no_std]

/// The hash of `code_point` under `seed`: `code_point ^ seed` times 2^64 / φ (Fibonacci
/// hashing's odd constant), with the high half of the product folded into the low half.
///
/// PtrHash takes the bucket from the top bits of the low 32 bits and the slot from the high
/// 32 bits. The multiplication carries every bit of the key (21 bits at most) into both, and
/// the fold mixes the high bits back into the bucket; PtrHash finds every map of the standard
/// on its first seed. It is one multiplication because the encoders are bound by the number
/// of instructions per code point: murmur3's 64-bit finaliser (two multiplications, three
/// shifts) encoded CJK text about 5% slower, and phf's SipHash-1-3, a call of several rounds,
/// took most of the encoders' time.
#[inline(always)]
pub const fn hash(code_point: u32, seed: u64) -> u64 {
    let h = (code_point as u64 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 32)
}

/// Bits of a compact search block's filter.
pub const FILTER_BITS: usize = 160;

/// The bit of a [`FILTER_BITS`]-bit filter that stands for `code_point` (from its [`hash`]
/// under seed 0): the bit of a block's filter that says the block may hold the code point,
/// which the generator sets for each code point of the block and the compact encoders' search
/// tests before reading the block.
#[inline(always)]
pub const fn filter_bit(code_point: u32) -> u8 {
    ((hash(code_point, 0) >> 32) as u32 % FILTER_BITS as u32) as u8
}
