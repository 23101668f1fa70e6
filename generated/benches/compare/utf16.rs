//! The UTF-16 forms: `Decoder::decode_to_utf16` on every pair and `Encoder::encode_from_utf16`
//! on every legacy and UTF-8 pair (UTF-8's being UTF-16 → UTF-8, the conversion
//! `mem::convert_utf16_to_utf8` shares), ours against encoding_rs, each into a buffer
//! allocated once, of the length its own library's `max_*_buffer_length` asks for.

use crate::corpus::{Kind, Pair};
use crate::group::{self, Category, Row};
use crate::one_shot::encodings;
use criterion::Criterion;
use std::hint::black_box;

/// The `decode_utf16` groups.
pub fn decode(c: &mut Criterion, rows: &mut Vec<Row>, pairs: &[Pair]) {
    for pair in pairs {
        let (ours, theirs) = encodings(pair.label);
        let bytes = &pair.bytes[..];
        let ours_length = ours
            .new_decoder_without_bom_handling()
            .max_utf16_buffer_length(bytes.len());
        let theirs_length = theirs
            .new_decoder_without_bom_handling()
            .max_utf16_buffer_length(bytes.len());
        run(
            c,
            rows,
            Row::against_encoding_rs(Category::DecodeUtf16, &pair.name, pair.kind, bytes.len()),
            (ours_length, theirs_length),
            |buffer| {
                let mut decoder = ours.new_decoder_without_bom_handling();
                let (_, read, written, _) = decoder.decode_to_utf16(black_box(bytes), buffer, true);
                (read, written)
            },
            |buffer| {
                let mut decoder = theirs.new_decoder_without_bom_handling();
                let (_, read, written, _) = decoder.decode_to_utf16(black_box(bytes), buffer, true);
                (read, written)
            },
        );
    }
}

/// The `encode_utf16` groups.
pub fn encode(c: &mut Criterion, rows: &mut Vec<Row>, pairs: &[Pair]) {
    for pair in pairs
        .iter()
        .filter(|pair| matches!(pair.kind, Kind::Legacy | Kind::Utf8))
    {
        let (ours, theirs) = encodings(pair.label);
        let units = &pair.utf16[..];
        let ours_length = ours
            .new_encoder()
            .max_buffer_length_from_utf16_if_no_unmappables(units.len());
        let theirs_length = theirs
            .new_encoder()
            .max_buffer_length_from_utf16_if_no_unmappables(units.len());
        // Throughput counts the input's bytes, two a code unit.
        run(
            c,
            rows,
            Row::against_encoding_rs(
                Category::EncodeUtf16,
                &pair.name,
                pair.kind,
                units.len() * 2,
            ),
            (ours_length, theirs_length),
            |buffer| {
                let mut encoder = ours.new_encoder();
                let (_, read, written, _) =
                    encoder.encode_from_utf16(black_box(units), buffer, true);
                (read, written)
            },
            |buffer| {
                let mut encoder = theirs.new_encoder();
                let (_, read, written, _) =
                    encoder.encode_from_utf16(black_box(units), buffer, true);
                (read, written)
            },
        );
    }
}

/// Runs `row`'s group: `ours` and `theirs` each write into a buffer of their own, of the
/// `lengths` their libraries asked for, and return what they read and wrote; once before
/// timing, both are checked to read and write the same.
fn run<T, O, E>(
    c: &mut Criterion,
    rows: &mut Vec<Row>,
    row: Row,
    lengths: (Option<usize>, Option<usize>),
    ours: O,
    theirs: E,
) where
    T: Copy + Default + PartialEq,
    O: Fn(&mut [T]) -> (usize, usize),
    E: Fn(&mut [T]) -> (usize, usize),
{
    let mut ours_buffer = vec![T::default(); lengths.0.expect("buffer length")];
    let mut theirs_buffer = vec![T::default(); lengths.1.expect("buffer length")];
    let (ours_read, ours_written) = ours(&mut ours_buffer);
    let (theirs_read, theirs_written) = theirs(&mut theirs_buffer);
    group::check(
        &row,
        (ours_read, &ours_buffer[..ours_written]),
        (theirs_read, &theirs_buffer[..theirs_written]),
    );
    group::bench(
        c,
        rows,
        row,
        || ours(black_box(&mut ours_buffer)),
        || theirs(black_box(&mut theirs_buffer)),
    );
}
