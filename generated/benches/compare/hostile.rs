//! Hostile input: 64 KiB of random bytes through every multi-byte decoder, one-shot
//! `decode_without_bom_handling`, ours against encoding_rs.

use crate::corpus::Kind;
use crate::group::{self, Category, Row};
use crate::one_shot::encodings;
use criterion::Criterion;
use std::hint::black_box;

/// The decoders given random bytes.
pub const LABELS: &[&str] = &[
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "UTF-8",
    "UTF-16LE",
];

/// The input's length.
const LENGTH: usize = 64 * 1024;

/// `LENGTH` bytes from xorshift64 with a fixed seed: the same input on every run.
pub fn random_bytes() -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut bytes = Vec::with_capacity(LENGTH);
    while bytes.len() < LENGTH {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.extend_from_slice(&state.to_le_bytes());
    }
    bytes
}

/// The `hostile` groups (`hostile/random/GBK`, ...).
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>) {
    let random = random_bytes();
    let bytes = &random[..];
    for &label in LABELS {
        let (ours, theirs) = encodings(label);
        let row = Row::against_encoding_rs(
            Category::Hostile,
            &format!("random/{label}"),
            Kind::Other,
            bytes.len(),
        );
        group::check(
            &row,
            ours.decode_without_bom_handling(bytes),
            theirs.decode_without_bom_handling(bytes),
        );
        group::bench(
            c,
            rows,
            row,
            || ours.decode_without_bom_handling(black_box(bytes)),
            || theirs.decode_without_bom_handling(black_box(bytes)),
        );
    }
}
