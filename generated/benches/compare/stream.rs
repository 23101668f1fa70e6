//! Streaming: our `Decoder` fed 4 KiB chunks and 64-byte chunks, against our own one-shot
//! `decode_to_utf8`, both into one buffer of `max_utf8_buffer_length` for the whole input.
//! encoding_rs's `Decoder` fed the same chunks is a third member, for comparison: how far
//! from a one-shot the same work in chunks is in the library the targets are set against.

use crate::corpus::Pair;
use crate::group::{self, Category, Row};
use criterion::{Criterion, Throughput};
use std::hint::black_box;

/// The pairs streamed.
pub const PAIRS: &[&str] = &[
    "de/windows-1252",
    "ja/Shift_JIS",
    "zh_cn/gb18030",
    "ru/windows-1251",
    "ja/UTF-8",
];

/// The `stream4k` and `stream64` groups, members `ours` (in chunks), `oneshot` and
/// `encoding_rs` (in chunks).
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, pairs: &[Pair]) {
    for (category, chunk) in [(Category::Stream4k, 4096), (Category::Stream64, 64)] {
        for pair in pairs.iter().filter(|pair| PAIRS.contains(&&pair.name[..])) {
            let encoding = whatwg_encoding::Encoding::for_label(pair.label.as_bytes());
            let encoding = encoding.expect(pair.label);
            let theirs = encoding_rs::Encoding::for_label(pair.label.as_bytes());
            let theirs = theirs.expect(pair.label);
            let bytes = &pair.bytes[..];
            let length = encoding
                .new_decoder_without_bom_handling()
                .max_utf8_buffer_length(bytes.len());
            let mut chunked_buffer = vec![0u8; length.expect("buffer length")];
            let mut oneshot_buffer = chunked_buffer.clone();
            let mut theirs_buffer = chunked_buffer.clone();
            let chunked = |buffer: &mut [u8]| {
                let mut decoder = encoding.new_decoder_without_bom_handling();
                in_chunks(bytes, chunk, buffer, |src, dst, last| {
                    decoder.decode_to_utf8(src, dst, last).2
                })
            };
            let theirs_chunked = |buffer: &mut [u8]| {
                let mut decoder = theirs.new_decoder_without_bom_handling();
                in_chunks(bytes, chunk, buffer, |src, dst, last| {
                    decoder.decode_to_utf8(src, dst, last).2
                })
            };
            let oneshot = |buffer: &mut [u8]| {
                let mut decoder = encoding.new_decoder_without_bom_handling();
                decoder.decode_to_utf8(black_box(bytes), buffer, true).2
            };

            let row = Row {
                category,
                pair: pair.name.clone(),
                kind: pair.kind,
                ours: "ours",
                theirs: "oneshot",
                also: Some("encoding_rs"),
                bytes: bytes.len() as u64,
            };
            let streamed = chunked(&mut chunked_buffer);
            let whole = oneshot(&mut oneshot_buffer);
            let theirs_streamed = theirs_chunked(&mut theirs_buffer);
            group::check(&row, &chunked_buffer[..streamed], &oneshot_buffer[..whole]);
            group::check(
                &row,
                &chunked_buffer[..streamed],
                &theirs_buffer[..theirs_streamed],
            );

            let mut group = c.benchmark_group(row.group());
            group.throughput(Throughput::BytesDecimal(row.bytes));
            group.bench_function(row.ours, |b| {
                b.iter(|| chunked(black_box(&mut chunked_buffer)))
            });
            group.bench_function(row.theirs, |b| {
                b.iter(|| oneshot(black_box(&mut oneshot_buffer)))
            });
            group.bench_function("encoding_rs", |b| {
                b.iter(|| theirs_chunked(black_box(&mut theirs_buffer)))
            });
            group.finish();
            rows.push(row);
        }
    }
}

/// Feeds `bytes` to `decode` in pieces of `chunk` bytes, each with the rest of `buffer` and
/// whether it is the last (a decoder's `decode_to_utf8`, giving the bytes it wrote); returns
/// the bytes written in all.
pub fn in_chunks(
    bytes: &[u8],
    chunk: usize,
    buffer: &mut [u8],
    mut decode: impl FnMut(&[u8], &mut [u8], bool) -> usize,
) -> usize {
    let mut written = 0;
    let mut chunks = black_box(bytes).chunks(chunk).peekable();
    while let Some(src) = chunks.next() {
        let last = chunks.peek().is_none();
        written += decode(src, &mut buffer[written..], last);
    }
    written
}
