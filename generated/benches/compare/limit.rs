//! "Close to the physical limit": en.html, almost all ASCII, decoded as windows-1252 and as
//! UTF-8 into a `String` of enough capacity, against `copy_from_slice` of the same bytes into
//! a buffer allocated once. encoding_rs's same call is a third member, for comparison.

use crate::corpus::{self, Kind};
use crate::group::{self, Category, Row};
use crate::one_shot::encodings;
use criterion::{Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;

/// The article and the encodings.
pub const CASES: &[(&str, &str)] = &[("en.html", "windows-1252"), ("en.html", "UTF-8")];

/// The `limit` groups, members `ours`, `copy` and `encoding_rs`.
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, dir: &Path) {
    for &(file, label) in CASES {
        let (ours, theirs) = encodings(label);
        let article = String::from_utf8(corpus::read(dir, file)).expect(file);
        let encoded = theirs.encode(&article).0;
        let bytes = &encoded[..];
        let capacity = ours
            .new_decoder_without_bom_handling()
            .max_utf8_buffer_length(bytes.len());
        let mut ours_string = String::with_capacity(capacity.expect("buffer length"));
        let capacity = theirs
            .new_decoder_without_bom_handling()
            .max_utf8_buffer_length(bytes.len());
        let mut theirs_string = String::with_capacity(capacity.expect("buffer length"));
        let mut copy = vec![0u8; bytes.len()];

        let row = Row {
            category: Category::Limit,
            pair: format!("{file}/{label}"),
            kind: Kind::Other,
            ours: "ours",
            theirs: "copy",
            also: Some("encoding_rs"),
            bytes: bytes.len() as u64,
        };
        let mut ours_decode = move || {
            ours_string.clear();
            let mut decoder = ours.new_decoder_without_bom_handling();
            let (result, _, _) = decoder.decode_to_string(black_box(bytes), &mut ours_string, true);
            (
                result == whatwg_encoding::CoderResult::InputEmpty,
                ours_string.len(),
            )
        };
        let mut theirs_decode = move || {
            theirs_string.clear();
            let mut decoder = theirs.new_decoder_without_bom_handling();
            let (result, _, _) =
                decoder.decode_to_string(black_box(bytes), &mut theirs_string, true);
            (
                result == encoding_rs::CoderResult::InputEmpty,
                theirs_string.len(),
            )
        };
        group::check(&row, ours_decode(), theirs_decode());

        let mut group = c.benchmark_group(row.group());
        group.throughput(Throughput::BytesDecimal(row.bytes));
        group.bench_function(row.ours, |b| b.iter(&mut ours_decode));
        group.bench_function(row.theirs, |b| {
            b.iter(|| black_box(&mut copy[..]).copy_from_slice(black_box(bytes)))
        });
        group.bench_function("encoding_rs", |b| b.iter(&mut theirs_decode));
        group.finish();
        rows.push(row);
    }
}
