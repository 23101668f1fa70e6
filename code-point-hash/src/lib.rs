//! The hash of a code point under which the encode maps are built (by the generator, with
//! phf_generator's PtrHash) and looked up (by the runtime, with phf_shared's PtrHash reduction
//! and pilot functions).
//!
//! It lives in a crate of its own, with no dependencies, so that both sides compile the same
//! function: the runtime must not depend on the generator (and its serde and syn stack), and a
//! map built under one hash and read under another would find nothing.
#![no_std]

/// The hash of `code_point` under `seed`: murmur3's 64-bit finaliser of `code_point ^ seed`.
///
/// PtrHash takes the bucket from the low 32 bits and the slot from the high 32 bits, so both
/// halves must depend on every bit of the key; the finaliser's avalanche gives that for the
/// dense runs of code points the indexes hold (CJK ideographs, Hangul), in two multiplications,
/// where phf's default SipHash-1-3 takes several rounds and dominated the encoders' time.
#[inline(always)]
pub const fn hash(code_point: u32, seed: u64) -> u64 {
    let mut h = code_point as u64 ^ seed;
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}
