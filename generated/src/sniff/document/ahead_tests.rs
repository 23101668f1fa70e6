//! The search ahead (`ahead.rs`) held against what it relies on, every decoder's way with
//! ASCII bytes, and against the full path: the same answer for every document, whether the
//! follower stops after the last `<meta` or follows the text to its end.

use super::ahead::{ascii_is_its_own_bytes, last_meta};
use super::{single_byte, whole_document, Ahead};
use crate::encoding::Encoding;
use crate::sniff::SniffOptions;
use crate::statics::{by_name, NAMES};
use proptest::prelude::*;
use std::path::Path;

/// Every encoding this build has.
fn encodings() -> impl Iterator<Item = &'static Encoding> {
    NAMES.iter().filter_map(|name| by_name(name))
}

/// `bytes` decoded in `encoding` from its start to its end, as UTF-8.
fn decode(encoding: &'static Encoding, bytes: &[u8]) -> Vec<u8> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = vec![0; 4 * bytes.len() + 16];
    let (_, read, written, _) = decoder.decode_to_utf8(bytes, &mut text, true);
    assert_eq!(read, bytes.len());
    text.truncate(written);
    text
}

/// How many places of `s` start a tag named `meta`: `<`, the letters in either case, and one
/// of tab, LF, FF, CR, space, `/`, `>` (a literal reading of the tag open and tag name
/// states, apart from the code under test).
fn metas(s: &[u8]) -> usize {
    s.windows(6)
        .filter(|w| {
            w[0] == b'<'
                && w[1..5].eq_ignore_ascii_case(b"meta")
                && [b'\t', b'\n', b'\x0C', b'\r', b' ', b'/', b'>'].contains(&w[5])
        })
        .count()
}

/// The bytes that leave each decoder in each state it can be in between characters: every
/// byte; for the multi-byte encodings every byte at or above 0x80 followed by any byte; and
/// the three-byte beginnings of gb18030's four-byte sequences and of UTF-8's.
fn pending(encoding: &'static Encoding) -> Vec<Vec<u8>> {
    let mut prefixes: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
    if single_byte(encoding) {
        return prefixes;
    }
    for lead in 0x80..=0xFFu8 {
        prefixes.extend((0..=255u8).map(|b| vec![lead, b]));
    }
    match encoding.name {
        "gb18030" | "GBK" => {
            for first in 0x81..=0xFEu8 {
                for second in 0x30..=0x39u8 {
                    prefixes.extend((0x81..=0xFEu8).map(|third| vec![first, second, third]));
                }
            }
        }
        "UTF-8" => {
            for lead in 0xF0..=0xF4u8 {
                for second in 0x80..=0xBFu8 {
                    prefixes.extend((0x80..=0xBFu8).map(|third| vec![lead, second, third]));
                }
            }
        }
        _ => {}
    }
    prefixes
}

/// What `ahead` relies on, for every encoding it takes, after every state a decoder can be
/// in: the six bytes of a `<meta` tag's start decode as themselves, and bytes put anywhere
/// inside them leave no such start in the text. (With every byte its own character, or a
/// lead and what it swallows one, the places correspond one to one: the proptest below
/// counts them on longer bytes.)
#[test]
fn ascii_is_its_own_bytes_after_every_state_of_every_decoder() {
    let spellings: [&[u8; 6]; 4] = [b"<meta ", b"<META>", b"<mEtA/", b"<MeTa\n"];
    let mut checked = 0;
    // (Buffers on the stack: this decodes some four million short inputs.)
    let mut text = [0u8; 64];
    let mut decode = |encoding: &'static Encoding, bytes: &[u8]| {
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let (_, read, written, _) = decoder.decode_to_utf8(bytes, &mut text, true);
        assert_eq!(read, bytes.len());
        text[..written].to_owned()
    };
    for encoding in encodings().filter(|&e| ascii_is_its_own_bytes(e)) {
        let replacement = encoding.name == "replacement";
        for prefix in pending(encoding) {
            for spelling in spellings {
                let mut bytes = [0u8; 9];
                let len = prefix.len() + 6;
                bytes[..prefix.len()].copy_from_slice(&prefix);
                bytes[prefix.len()..len].copy_from_slice(spelling);
                // Replacement decodes everything to one U+FFFD.
                if !replacement {
                    let text = decode(encoding, &bytes[..len]);
                    assert!(
                        text.ends_with(spelling),
                        "{}: {prefix:02X?} then {spelling:?}",
                        encoding.name
                    );
                }
                for cut in 1..6 {
                    bytes[..cut].copy_from_slice(&spelling[..cut]);
                    bytes[cut..cut + prefix.len()].copy_from_slice(&prefix);
                    bytes[cut + prefix.len()..len].copy_from_slice(&spelling[cut..]);
                    let text = decode(encoding, &bytes[..len]);
                    assert!(
                        metas(&text) <= metas(&bytes[..len]),
                        "{}: {:02X?} decodes to {:?}",
                        encoding.name,
                        &bytes[..len],
                        String::from_utf8_lossy(&text)
                    );
                    checked += 1;
                }
            }
        }
    }
    // Every encoding of the build but ISO-2022-JP and UTF-16 was checked (a build without any
    // multi-byte encoding still has UTF-8).
    assert!(checked >= 256 * 4 * 5);
}

/// Why ISO-2022-JP and UTF-16 are followed to the end: their text holds a `<meta` that their
/// bytes do not.
#[test]
fn iso_2022_jp_and_utf_16_hide_a_meta_from_the_bytes() {
    if let Some(jis) = by_name("ISO-2022-JP") {
        assert!(!ascii_is_its_own_bytes(jis));
        let bytes = b"<\x1B(Bmeta charset=koi8-r>";
        assert_eq!(last_meta(bytes), None);
        assert_eq!(metas(&decode(jis, bytes)), 1);
    }
    for (name, bytes) in [
        ("UTF-16LE", b"<\0m\0e\0t\0a\0 \0"),
        ("UTF-16BE", b"\0<\0m\0e\0t\0a\0 "),
    ] {
        if let Some(utf_16) = by_name(name) {
            assert!(!ascii_is_its_own_bytes(utf_16));
            assert_eq!(last_meta(bytes), None);
            assert_eq!(metas(&decode(utf_16, bytes)), 1);
        }
    }
}

/// Where the search would be wrong: the late `<meta>` of an ISO-2022-JP or UTF-16 text, which
/// its bytes do not show, is found on both paths (in UTF-16 it keeps the encoding, certain).
#[test]
fn iso_2022_jp_and_utf_16_are_followed_to_the_end() {
    let mut filler = b"<!--".to_vec();
    filler.extend([b'x'; 1100]);
    filler.extend(b"-->");
    for (name, late, declared) in [
        ("ISO-2022-JP", &b"<\x1B(Bmeta charset=utf-8>"[..], "UTF-8"),
        (
            "UTF-16LE",
            b"<\0m\0e\0t\0a\0 \0c\0h\0a\0r\0s\0e\0t\0=\0u\0t\0f\0-\08\0>\0",
            "UTF-16LE",
        ),
        (
            "UTF-16BE",
            b"\0<\0m\0e\0t\0a\0 \0c\0h\0a\0r\0s\0e\0t\0=\0u\0t\0f\0-\08\0>",
            "UTF-16BE",
        ),
    ] {
        let Some(default) = by_name(name) else {
            continue;
        };
        let filler = match name {
            "UTF-16LE" => filler.iter().flat_map(|&b| [b, 0]).collect(),
            "UTF-16BE" => filler.iter().flat_map(|&b| [0, b]).collect(),
            _ => filler.clone(),
        };
        let bytes = [&filler[..], late].concat();
        let [searched, followed] = both(&bytes, default, true);
        assert_eq!(searched, followed, "{name}");
        let offset = filler.len();
        assert_eq!(
            searched.rule,
            crate::sniff::Rule::LateMeta { offset },
            "{name}"
        );
        assert_eq!(searched.encoding.name, declared, "{name}");
    }
}

/// The last `<meta`'s tag is read to its end however long it is, and so is a tag around it.
#[test]
fn the_tag_at_the_last_meta_is_read_to_its_end() {
    let mut filler = b"<!--".to_vec();
    filler.extend([b'x'; 1100]);
    filler.extend(b"-->");
    let long = "z".repeat(5000);
    for late in [
        format!("<meta content='{long}' charset=utf-8>"),
        format!("<meta content='<meta {long}' charset=utf-8>"),
        format!("<meta name=x><p title='<meta '>{long}<meta charset=utf-8 {long}>"),
    ] {
        let bytes = [&filler[..], late.as_bytes()].concat();
        let [searched, followed] = both(&bytes, crate::statics::UTF_8, true);
        assert_eq!(searched, followed, "{}", &late[..40]);
        let rule = searched.rule;
        assert!(
            matches!(rule, crate::sniff::Rule::LateMeta { .. }),
            "{}",
            &late[..40]
        );
    }
}

/// The encodings the differential tests take as the default, where this build has them: one
/// of each decoder family, and those the search does not apply to.
fn defaults() -> Vec<&'static Encoding> {
    [
        "windows-1252",
        "KOI8-R",
        "UTF-8",
        "Shift_JIS",
        "EUC-JP",
        "ISO-2022-JP",
        "gb18030",
        "GBK",
        "Big5",
        "EUC-KR",
        "x-user-defined",
        "UTF-16LE",
        "UTF-16BE",
        "replacement",
    ]
    .into_iter()
    .filter_map(by_name)
    .collect()
}

/// The two paths' answers for `bytes` with `default` and the scripting flag.
fn both(bytes: &[u8], default: &'static Encoding, scripting: bool) -> [crate::sniff::Sniffed; 2] {
    let options = SniffOptions::new()
        .default_encoding(default)
        .scripting(scripting);
    [
        whole_document(bytes, &options, Ahead::Searched),
        whole_document(bytes, &options, Ahead::Unknown),
    ]
}

/// Pieces of documents: late and early declarations and what hides them (comments, text
/// elements, attribute values, bogus comments, foreign content), near misses of `<meta`,
/// lead bytes of each multi-byte encoding before ASCII, ISO-2022-JP's escapes, and filler that
/// takes the rest past the prescan's 1024 bytes.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    let pieces: &[&[u8]] = &[
        b"<meta charset=koi8-r>",
        b"<meta charset=\"shift_jis\">",
        b"<META HTTP-EQUIV=Content-Type CONTENT='text/html; charset=gb18030'>",
        b"<meta name=description content=\"x\">",
        b"<meta/charset=utf-8>",
        b"<meta",
        b"<meta ",
        b"<metadata>",
        b"<m",
        b"eta ",
        b"<",
        b">",
        b" ",
        b"\"",
        b"'",
        b"=",
        b"/",
        b"a",
        b"&amp;",
        b"&#x3c;",
        b"<!--",
        b"-->",
        b"--!>",
        b"<!DOCTYPE html>",
        b"<?x",
        b"<![CDATA[",
        b"]]>",
        b"<title>",
        b"</title>",
        b"<textarea>",
        b"<script>",
        b"<!--<script>",
        b"</script>",
        b"<style>",
        b"</style>",
        b"<noscript>",
        b"</noscript>",
        b"<plaintext>",
        b"<head>",
        b"</head>",
        b"<body>",
        b"<p>text",
        b"<table><tr><td>",
        b"<svg>",
        b"</svg>",
        b"<math><mi>",
        b"<frameset>",
        b"<template>",
        b"</template>",
        b"<select>",
        b"\x81",
        b"\x8E",
        b"\x8F",
        b"\xA4",
        b"\xE3\x81",
        b"\xF0\x9F",
        b"\x81\x30",
        b"\x81\x30\x81",
        b"<\x1B(Bmeta charset=koi8-r>",
        b"<\0m\0e\0t\0a\0 \0c\0h\0a\0r\0s\0e\0t\0=\0k\0o\0i\08\0-\0r\0>\0",
        b"\0<\0m\0e\0t\0a\0 \0c\0h\0a\0r\0s\0e\0t\0=\0k\0o\0i\08\0-\0r\0>",
        b"\x1B$B",
        b"\x1B(B",
        b"\x1B(J",
        b"\x0E",
        b"\0",
        b"\r\n",
    ];
    prop_oneof![
        8 => prop::sample::select(pieces).prop_map(<[u8]>::to_vec),
        1 => (1usize..1200).prop_map(|n| {
            let mut meta = b"<meta content='".to_vec();
            meta.extend(vec![b'z'; n]);
            meta.extend(b"' charset=koi8-r>");
            meta
        }),
        1 => (1usize..1200).prop_map(|n| vec![b'x'; n]),
        1 => (1usize..600).prop_map(|n| {
            let mut comment = b"<!--".to_vec();
            comment.extend(std::iter::repeat_n(b'-', n % 3));
            comment.extend(vec![b'y'; n]);
            comment.extend(b"-->");
            comment
        }),
    ]
}

fn document() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(piece(), 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The search and the full path agree on documents of the pieces above and on any bytes,
    /// in every default encoding.
    #[test]
    fn the_search_answers_as_the_whole_document_followed(
        bytes in prop_oneof![document(), prop::collection::vec(any::<u8>(), 0..2500)],
        which in any::<prop::sample::Index>(),
        scripting in any::<bool>(),
    ) {
        let defaults = defaults();
        let default = defaults[which.index(defaults.len())];
        let [searched, followed] = both(&bytes, default, scripting);
        prop_assert_eq!(searched, followed);
    }

    /// The places of a `<meta` tag's start in the bytes and in the text are as many, for every
    /// encoding `ahead` takes but replacement.
    #[test]
    fn the_text_holds_as_many_metas_as_the_bytes(
        pieces in prop::collection::vec(piece(), 0..60),
        which in any::<prop::sample::Index>(),
    ) {
        let bytes = pieces.concat();
        let takes: Vec<_> = encodings()
            .filter(|&e| ascii_is_its_own_bytes(e) && e.name != "replacement")
            .collect();
        let encoding = takes[which.index(takes.len())];
        prop_assert_eq!(metas(&decode(encoding, &bytes)), metas(&bytes), "{}", encoding.name);
        prop_assert_eq!(last_meta(&bytes).is_some(), metas(&bytes) > 0);
    }
}

/// The documents of a directory with `extension`, or none where it is missing (the corpus is
/// beside the clone, not in it: then the tests above stand, unless
/// WHATWG_ENCODING_REQUIRE_CORPUS=1 says it must be there).
fn documents(dir: &Path, extension: &str) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        assert!(
            std::env::var_os("WHATWG_ENCODING_REQUIRE_CORPUS").is_none_or(|v| v != "1"),
            "{} is missing",
            dir.display()
        );
        return Vec::new();
    };
    let mut documents: Vec<_> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .map(|path| {
            let bytes = std::fs::read(&path).expect("a document");
            (path, bytes)
        })
        .collect();
    documents.sort();
    documents
}

/// The Chromium oracle's documents, in every default encoding, scripting on and off.
#[test]
fn the_search_answers_as_the_whole_document_followed_on_chromiums_documents() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-tests/fixtures/chromium-sniff");
    let documents = documents(&dir, "html");
    assert!(
        documents.len() > 100,
        "the oracle's documents are in the repository"
    );
    for (path, bytes) in &documents {
        for default in defaults() {
            for scripting in [true, false] {
                let [searched, followed] = both(bytes, default, scripting);
                assert_eq!(searched, followed, "{path:?} in {}", default.name);
            }
        }
    }
}

/// `page` without the `<meta …>` that the prescan finds.
fn without_meta(page: &[u8]) -> Vec<u8> {
    let found = crate::sniff::prescan_a_byte_stream_to_determine_its_encoding(page);
    let Some(crate::sniff::Rule::Meta { offset }) = found.map(|found| found.rule) else {
        return page.to_vec();
    };
    let end = page[offset..]
        .iter()
        .position(|&b| b == b'>')
        .map_or(page.len(), |gt| offset + gt + 1);
    [&page[..offset], &page[end..]].concat()
}

/// Each corpus page without its `<meta charset>`, and so with a `<meta>` that declares nothing
/// at its end, and with its declaration moved to its end: in windows-1252 (what the sniffing
/// answers for them), UTF-8, Shift_JIS and gb18030.
#[test]
fn the_search_answers_as_the_whole_document_followed_on_the_corpus_pages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench-corpus/wikipedia");
    let defaults: Vec<_> = ["windows-1252", "UTF-8", "Shift_JIS", "gb18030"]
        .into_iter()
        .filter_map(by_name)
        .collect();
    for (path, page) in documents(&dir, "html") {
        let bare = without_meta(&page);
        assert!(bare.len() < page.len(), "{path:?} declares its encoding");
        let ends = |tail: &[u8]| [&bare[..], tail].concat();
        for variant in [
            bare.clone(),
            ends(b"<meta name=end>"),
            ends(b"<meta charset=koi8-r>"),
        ] {
            for &default in &defaults {
                let [searched, followed] = both(&variant, default, true);
                assert_eq!(searched, followed, "{path:?} in {}", default.name);
            }
        }
    }
}
