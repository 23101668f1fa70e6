//! "Close to the physical limit": en.html, almost all ASCII, decoded as windows-1252 and as
//! UTF-8 into an owned `String` allocated inside the timed call, by `decode_to_string` (into
//! a `String` of `max_utf8_buffer_length`) and by the one-shot
//! `decode_without_bom_handling(..).into_owned()` (what most users write), against
//! `copy_from_slice` of the same bytes into a buffer allocated once; de.html beside it, with
//! more letters outside ASCII. encoding_rs's same call is a third member, for comparison.

use crate::corpus::{self, Kind};
use crate::group::{self, Category, Row};
use crate::one_shot::encodings;
use criterion::{Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;

/// The articles and the encodings; en.html's are the limit's target ([`Kind::Limit`]).
pub const CASES: &[(&str, &str)] = &[
    ("en.html", "windows-1252"),
    ("en.html", "UTF-8"),
    ("de.html", "windows-1252"),
    ("de.html", "UTF-8"),
];

/// The calls measured, as the group names them.
pub const CALLS: [&str; 2] = ["decode_to_string", "into_owned"];

/// Decodes `bytes` into a new `String` by `call` (one of [`CALLS`]) with our library.
pub fn ours(encoding: &'static whatwg_encoding::Encoding, call: &str, bytes: &[u8]) -> String {
    if call == "into_owned" {
        return encoding.decode_without_bom_handling(bytes).0.into_owned();
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder.max_utf8_buffer_length(bytes.len());
    let mut string = String::with_capacity(capacity.expect("buffer length"));
    let _ = decoder.decode_to_string(bytes, &mut string, true);
    string
}

/// As [`ours`], with encoding_rs.
fn theirs(encoding: &'static encoding_rs::Encoding, call: &str, bytes: &[u8]) -> String {
    if call == "into_owned" {
        return encoding.decode_without_bom_handling(bytes).0.into_owned();
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder.max_utf8_buffer_length(bytes.len());
    let mut string = String::with_capacity(capacity.expect("buffer length"));
    let _ = decoder.decode_to_string(bytes, &mut string, true);
    string
}

/// The `limit` groups, `limit/{file}/{encoding}/{call}`, members `ours`, `copy` and
/// `encoding_rs`.
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, dir: &Path) {
    for &(file, label) in CASES {
        let (our_encoding, their_encoding) = encodings(label);
        let article = String::from_utf8(corpus::read(dir, file)).expect(file);
        let encoded = their_encoding.encode(&article).0;
        let bytes = &encoded[..];
        let mut copy = vec![0u8; bytes.len()];
        for call in CALLS {
            let row = Row {
                category: Category::Limit,
                pair: format!("{file}/{label}/{call}"),
                kind: if file == "en.html" {
                    Kind::Limit
                } else {
                    Kind::Other
                },
                ours: "ours",
                theirs: "copy",
                also: Some("encoding_rs"),
                bytes: bytes.len() as u64,
            };
            group::check(
                &row,
                ours(our_encoding, call, bytes),
                theirs(their_encoding, call, bytes),
            );
            let mut group = c.benchmark_group(row.group());
            group.throughput(Throughput::BytesDecimal(row.bytes));
            group.bench_function(row.ours, |b| {
                b.iter(|| ours(our_encoding, call, black_box(bytes)))
            });
            group.bench_function(row.theirs, |b| {
                b.iter(|| black_box(&mut copy[..]).copy_from_slice(black_box(bytes)))
            });
            group.bench_function("encoding_rs", |b| {
                b.iter(|| theirs(their_encoding, call, black_box(bytes)))
            });
            group.finish();
            rows.push(row);
        }
    }
}
