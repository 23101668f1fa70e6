//! Instruction counts instead of times: with `COMPARE_INSTRUCTIONS` set, the benchmark runs
//! our member of each group once to warm it (first-call work: run-time CPU detection, tables
//! filled as bytes are met) and once more inside [`measured`], printing the group's name;
//! `benches/instructions.sh` runs the binary under callgrind, which counts what each call of
//! `measured` executed, and pairs the counts with the names. Decisions are taken on these
//! counts: on a shared machine a time can be off by half, an instruction count cannot.
//!
//! The calls are the criterion groups' own (`decode`, `decode_utf16`, `encode`,
//! `encode_utf16`, `limit`, `stream4k`, `stream64`, `hostile`, `sniff`, `sniff_document`,
//! `sniff_document_full`), our member only (and for the last three, the other member too); the
//! value of `COMPARE_INSTRUCTIONS`, if not empty, keeps the groups whose names contain it. With
//! `COMPARE_INSTRUCTIONS_OF=encoding_rs`, the `decode`, `decode_utf16`, `encode` and
//! `encode_utf16` groups count encoding_rs's member instead (of the build the benchmark has:
//! its default, or `--features encoding_rs/fast-legacy-encode`), and the other groups are
//! skipped.

use crate::corpus::{Kind, Pair};
use crate::group::Category;
use crate::{corpus, hostile, limit, one_shot::encodings, sniff, sniff_document, stream};
use std::hint::black_box;
use std::path::Path;

/// The one call callgrind counts: `--toggle-collect` and `--dump-after` name this function.
#[inline(never)]
fn measured(call: &mut dyn FnMut()) {
    call();
}

/// Runs `call` once to warm it, then once in [`measured`], and prints `group` (callgrind's
/// dumps come in the same order).
fn count(filter: &str, group: &str, mut call: impl FnMut()) {
    if !group.contains(filter) {
        return;
    }
    call();
    measured(&mut call);
    println!("measured {group}");
}

/// Every group's call, in the benchmark's order.
pub fn run(dir: &Path, pairs: &[Pair], filter: &str) {
    if std::env::var_os("COMPARE_INSTRUCTIONS_OF").is_some_and(|of| of == "encoding_rs") {
        return encoding_rs_one_shot(pairs, filter);
    }
    for pair in pairs {
        let (ours, _) = encodings(pair.label);
        let bytes = &pair.bytes[..];
        count(filter, &format!("decode/{}", pair.name), || {
            black_box(ours.decode_without_bom_handling(black_box(bytes)));
        });
    }
    for pair in pairs {
        let (ours, _) = encodings(pair.label);
        let bytes = &pair.bytes[..];
        let decoder = ours.new_decoder_without_bom_handling();
        let length = decoder.max_utf16_buffer_length(bytes.len());
        let mut buffer = vec![0u16; length.expect("buffer length")];
        count(filter, &format!("decode_utf16/{}", pair.name), || {
            let mut decoder = ours.new_decoder_without_bom_handling();
            let _ = black_box(decoder.decode_to_utf16(black_box(bytes), &mut buffer, true));
        });
    }
    for pair in pairs.iter().filter(|pair| pair.kind == Kind::Legacy) {
        let (ours, _) = encodings(pair.label);
        let text = &pair.text[..];
        count(filter, &format!("encode/{}", pair.name), || {
            black_box(ours.encode(black_box(text)));
        });
    }
    for pair in pairs
        .iter()
        .filter(|pair| matches!(pair.kind, Kind::Legacy | Kind::Utf8))
    {
        let (ours, _) = encodings(pair.label);
        let units = &pair.utf16[..];
        let length = ours
            .new_encoder()
            .max_buffer_length_from_utf16_if_no_unmappables(units.len());
        let mut buffer = vec![0u8; length.expect("buffer length")];
        count(filter, &format!("encode_utf16/{}", pair.name), || {
            let mut encoder = ours.new_encoder();
            let _ = black_box(encoder.encode_from_utf16(black_box(units), &mut buffer, true));
        });
    }
    for &(file, label) in limit::CASES {
        let (ours, theirs) = encodings(label);
        let article = String::from_utf8(corpus::read(dir, file)).expect(file);
        let encoded = theirs.encode(&article).0;
        let bytes = &encoded[..];
        for call in limit::CALLS {
            count(filter, &format!("limit/{file}/{label}/{call}"), || {
                black_box(limit::ours(ours, call, black_box(bytes)));
            });
        }
    }
    for (category, chunk) in [("stream4k", 4096), ("stream64", 64)] {
        for pair in pairs
            .iter()
            .filter(|p| stream::PAIRS.contains(&&p.name[..]))
        {
            let (ours, _) = encodings(pair.label);
            let bytes = &pair.bytes[..];
            let decoder = ours.new_decoder_without_bom_handling();
            let length = decoder.max_utf8_buffer_length(bytes.len());
            let mut buffer = vec![0u8; length.expect("buffer length")];
            count(filter, &format!("{category}/{}", pair.name), || {
                let mut decoder = ours.new_decoder_without_bom_handling();
                black_box(stream::in_chunks(
                    bytes,
                    chunk,
                    &mut buffer,
                    |src, dst, last| decoder.decode_to_utf8(src, dst, last).2,
                ));
            });
        }
    }
    let random = hostile::random_bytes();
    for &label in hostile::LABELS {
        let (ours, _) = encodings(label);
        count(filter, &format!("hostile/random/{label}"), || {
            black_box(ours.decode_without_bom_handling(black_box(&random[..])));
        });
    }
    for &language in sniff::PAGES {
        let page = corpus::read(dir, &format!("{language}.html"));
        for (form, page) in [
            ("as-is", page.clone()),
            ("no-meta", sniff::without_meta(&page)),
        ] {
            let bytes = &page[..page.len().min(1024)];
            count(filter, &format!("sniff/{language}.html/{form}"), || {
                use whatwg_encoding::sniff::prescan_a_byte_stream_to_determine_its_encoding;
                black_box(prescan_a_byte_stream_to_determine_its_encoding(black_box(
                    bytes,
                )));
            });
            // The group's other member, for its ratio in instructions.
            count_decode_to_str(filter, &format!("sniff/{language}.html/{form}"), bytes);
        }
    }
    for category in [Category::SniffDocument, Category::SniffDocumentFull] {
        let group = category.name();
        for &language in sniff::PAGES {
            let page = sniff_document::page(dir, language, category);
            count(filter, &format!("{group}/{language}.html"), || {
                use whatwg_encoding::sniff::{sniff_whole_document, SniffOptions};
                black_box(sniff_whole_document(
                    black_box(&page),
                    &SniffOptions::default(),
                ));
            });
            count_decode_to_str(filter, &format!("{group}/{language}.html"), &page);
        }
    }
}

/// The sniffing groups' other member, our windows-1252 `decode_to_str` of `bytes`, counted
/// as `{group}/decode_to_str` for the group's ratio in instructions.
fn count_decode_to_str(filter: &str, group: &str, bytes: &[u8]) {
    let mut buffer = "\0".repeat(3 * bytes.len() + 16);
    count(filter, &format!("{group}/decode_to_str"), || {
        let mut decoder = whatwg_encoding::WINDOWS_1252.new_decoder_without_bom_handling();
        let _ = black_box(decoder.decode_to_str(black_box(bytes), buffer.as_mut_str(), true));
    });
}

/// The `decode`, `decode_utf16`, `encode` and `encode_utf16` groups' calls of encoding_rs.
fn encoding_rs_one_shot(pairs: &[Pair], filter: &str) {
    for pair in pairs {
        let (_, theirs) = encodings(pair.label);
        let bytes = &pair.bytes[..];
        count(filter, &format!("decode/{}", pair.name), || {
            black_box(theirs.decode_without_bom_handling(black_box(bytes)));
        });
    }
    for pair in pairs {
        let (_, theirs) = encodings(pair.label);
        let bytes = &pair.bytes[..];
        let decoder = theirs.new_decoder_without_bom_handling();
        let length = decoder.max_utf16_buffer_length(bytes.len());
        let mut buffer = vec![0u16; length.expect("buffer length")];
        count(filter, &format!("decode_utf16/{}", pair.name), || {
            let mut decoder = theirs.new_decoder_without_bom_handling();
            let _ = black_box(decoder.decode_to_utf16(black_box(bytes), &mut buffer, true));
        });
    }
    for pair in pairs.iter().filter(|pair| pair.kind == Kind::Legacy) {
        let (_, theirs) = encodings(pair.label);
        let text = &pair.text[..];
        count(filter, &format!("encode/{}", pair.name), || {
            black_box(theirs.encode(black_box(text)));
        });
    }
    for pair in pairs
        .iter()
        .filter(|pair| matches!(pair.kind, Kind::Legacy | Kind::Utf8))
    {
        let (_, theirs) = encodings(pair.label);
        let units = &pair.utf16[..];
        let length = theirs
            .new_encoder()
            .max_buffer_length_from_utf16_if_no_unmappables(units.len());
        let mut buffer = vec![0u8; length.expect("buffer length")];
        count(filter, &format!("encode_utf16/{}", pair.name), || {
            let mut encoder = theirs.new_encoder();
            let _ = black_box(encoder.encode_from_utf16(black_box(units), &mut buffer, true));
        });
    }
}
