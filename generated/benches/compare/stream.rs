//! Streaming: our `Decoder` fed 4 KiB chunks and 64-byte chunks, against our own one-shot
//! `decode_to_utf8`, both into one buffer of `max_utf8_buffer_length` for the whole input.

use crate::corpus::Pair;
use crate::group::{self, Category, Row};
use criterion::Criterion;
use std::hint::black_box;

/// The pairs streamed.
const PAIRS: &[&str] = &[
    "de/windows-1252",
    "ja/Shift_JIS",
    "zh_cn/gb18030",
    "ru/windows-1251",
    "ja/UTF-8",
];

/// The `stream4k` and `stream64` groups, members `ours` (in chunks) and `oneshot`.
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, pairs: &[Pair]) {
    for (category, chunk) in [(Category::Stream4k, 4096), (Category::Stream64, 64)] {
        for pair in pairs.iter().filter(|pair| PAIRS.contains(&&pair.name[..])) {
            let encoding = whatwg_encoding::Encoding::for_label(pair.label.as_bytes());
            let encoding = encoding.expect(pair.label);
            let bytes = &pair.bytes[..];
            let length = encoding
                .new_decoder_without_bom_handling()
                .max_utf8_buffer_length(bytes.len());
            let mut chunked_buffer = vec![0u8; length.expect("buffer length")];
            let mut oneshot_buffer = chunked_buffer.clone();
            let chunked = |buffer: &mut [u8]| {
                let mut decoder = encoding.new_decoder_without_bom_handling();
                let mut written = 0;
                let mut chunks = black_box(bytes).chunks(chunk).peekable();
                while let Some(src) = chunks.next() {
                    let last = chunks.peek().is_none();
                    let (_, _, n, _) = decoder.decode_to_utf8(src, &mut buffer[written..], last);
                    written += n;
                }
                written
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
                also: None,
                bytes: bytes.len() as u64,
            };
            let streamed = chunked(&mut chunked_buffer);
            let whole = oneshot(&mut oneshot_buffer);
            group::check(&row, &chunked_buffer[..streamed], &oneshot_buffer[..whole]);
            group::bench(
                c,
                rows,
                row,
                || chunked(black_box(&mut chunked_buffer)),
                || oneshot(black_box(&mut oneshot_buffer)),
            );
        }
    }
}
