//! The masks of [`super`] a word at a time, for targets without SSE2: exact zero-byte tests
//! (no carry between bytes), then the top bit of each byte gathered by a multiplication.

use super::{BLOCK, RUN};

const WORD: usize = 8;
const LOW7: u64 = u64::from_ne_bytes([0x7F; WORD]);
const ONES: u64 = u64::from_ne_bytes([0x01; WORD]);

/// 0x80 in each byte of `x` that is zero, 0x00 elsewhere (the sum of a byte's low seven bits
/// and 0x7F sets its top bit unless they are all zero, and cannot carry into the next byte).
fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
}

/// One bit per byte of `word`'s top bits (little-endian order), in the low eight bits.
fn gather(top_bits: u64) -> u32 {
    // Each 0x80 moved down to bit 0 of its byte; the multiplication sums them, shifted, into
    // the top byte (no two products land on the same bit, so nothing carries).
    ((((top_bits >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) & 0xFF) as u32
}

fn word(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; WORD];
    word.copy_from_slice(&bytes[at..at + WORD]);
    u64::from_le_bytes(word)
}

/// A bit for each byte of `block` that is `needle`.
pub(super) fn equal(block: &[u8; BLOCK], needle: u8) -> u32 {
    let splat = ONES * u64::from(needle);
    let low = gather(zero_bytes(word(block, 0) ^ splat));
    let high = gather(zero_bytes(word(block, WORD) ^ splat));
    low | high << WORD
}

/// A bit for each of the first sixteen bytes of `block` that is `<` followed by `m` or `M`.
pub(super) fn less_than_m(block: &[u8; BLOCK + 1]) -> u32 {
    let mut mask = 0;
    for half in [0, WORD] {
        let less_than = zero_bytes(word(block, half) ^ (ONES * u64::from(b'<')));
        let m = zero_bytes((word(block, half + 1) | (ONES * 0x20)) ^ (ONES * u64::from(b'm')));
        mask |= gather(less_than & m) << half;
    }
    mask
}

/// Whether any byte of `run` is `needle`.
pub(super) fn contains(run: &[u8; RUN], needle: u8) -> bool {
    let splat = ONES * u64::from(needle);
    (0..RUN)
        .step_by(WORD)
        .fold(0, |zeros, at| zeros | zero_bytes(word(run, at) ^ splat))
        != 0
}
