//! The one-shot calls: `decode_without_bom_handling` on every pair, `encode` on every legacy
//! pair, ours against encoding_rs.

use crate::corpus::{Kind, Pair};
use crate::group::{self, Category, Row};
use criterion::Criterion;
use std::hint::black_box;

/// The `decode` groups.
pub fn decode(c: &mut Criterion, rows: &mut Vec<Row>, pairs: &[Pair]) {
    for pair in pairs {
        let (ours, theirs) = encodings(pair.label);
        let row =
            Row::against_encoding_rs(Category::Decode, &pair.name, pair.kind, pair.bytes.len());
        group::check(
            &row,
            ours.decode_without_bom_handling(&pair.bytes),
            theirs.decode_without_bom_handling(&pair.bytes),
        );
        let bytes = &pair.bytes[..];
        group::bench(
            c,
            rows,
            row,
            || ours.decode_without_bom_handling(black_box(bytes)),
            || theirs.decode_without_bom_handling(black_box(bytes)),
        );
    }
}

/// The `encode` groups, legacy pairs only (one-shot `encode` to UTF-16 encodes UTF-8).
pub fn encode(c: &mut Criterion, rows: &mut Vec<Row>, pairs: &[Pair]) {
    for pair in pairs.iter().filter(|pair| pair.kind == Kind::Legacy) {
        let (ours, theirs) = encodings(pair.label);
        let row =
            Row::against_encoding_rs(Category::Encode, &pair.name, pair.kind, pair.text.len());
        group::check(&row, ours.encode(&pair.text).0, theirs.encode(&pair.text).0);
        let text = &pair.text[..];
        group::bench(
            c,
            rows,
            row,
            || ours.encode(black_box(text)),
            || theirs.encode(black_box(text)),
        );
    }
}

/// Our encoding and encoding_rs's for `label`.
pub fn encodings(
    label: &str,
) -> (
    &'static whatwg_encoding::Encoding,
    &'static encoding_rs::Encoding,
) {
    let ours = whatwg_encoding::Encoding::for_label(label.as_bytes());
    let theirs = encoding_rs::Encoding::for_label(label.as_bytes());
    (ours.expect(label), theirs.expect(label))
}
