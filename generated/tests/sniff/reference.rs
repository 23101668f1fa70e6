//! The prescan against a literal model of the standard's steps (the fuzz target's: a byte at
//! a time, strings built and lowercased, the attribute list kept, nothing skipped ahead), on
//! arbitrary bytes and on documents built from the pieces the steps tell apart. The crate's
//! prescan searches sixteen bytes at a time, skips windows without a `<meta` and takes
//! shortcuts through the attributes of tags; none of that may change an answer.

use proptest::prelude::*;
use whatwg_encoding::sniff::{prescan_a_byte_stream_to_determine_its_encoding, Rule};
use whatwg_encoding::Encoding;

#[allow(dead_code)]
#[path = "../../../fuzz/src/sniff_model.rs"]
mod sniff_model;

/// The crate's answer in the model's form: the encoding and, for a meta, its offset.
fn ours(bytes: &[u8]) -> Option<(&'static Encoding, Option<usize>)> {
    let found = prescan_a_byte_stream_to_determine_its_encoding(bytes)?;
    let offset = match found.rule {
        Rule::Meta { offset } => Some(offset),
        _ => None,
    };
    Some((found.encoding, offset))
}

/// Documents built from the pieces the prescan's steps tell apart.
fn document() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => Just(&b" "[..]),
        1 => Just(&b"\n"[..]),
        1 => Just(&b"\x0C"[..]),
        1 => Just(&b"\x0B"[..]),
        2 => Just(&b"<"[..]),
        2 => Just(&b">"[..]),
        1 => Just(&b"/"[..]),
        2 => Just(&b"="[..]),
        2 => Just(&b"\""[..]),
        2 => Just(&b"'"[..]),
        1 => Just(&b"-"[..]),
        1 => Just(&b"<!--"[..]),
        1 => Just(&b"-->"[..]),
        1 => Just(&b"<!"[..]),
        1 => Just(&b"<?"[..]),
        1 => Just(&b"</"[..]),
        3 => Just(&b"<meta "[..]),
        1 => Just(&b"<META/"[..]),
        1 => Just(&b"<html"[..]),
        1 => Just(&b"<a"[..]),
        3 => Just(&b"charset"[..]),
        2 => Just(&b"content"[..]),
        1 => Just(&b"http-equiv"[..]),
        1 => Just(&b"Content-Type"[..]),
        1 => Just(&b"text/html; charset="[..]),
        2 => Just(&b"utf-8"[..]),
        1 => Just(&b"koi8-r"[..]),
        1 => Just(&b"utf-16le"[..]),
        1 => Just(&b"x-user-defined"[..]),
        1 => Just(&b"class=\"client-nojs\""[..]),
        2 => Just(&b" ="[..]),
        2 => Just(&b"=\"a>b\" "[..]),
        1 => Just(&b"='<meta charset=koi8-r>'"[..]),
        1 => Just(&b"lang='en'"[..]),
        1 => Just(&b"x"[..]),
        1 => Just(&b"\xC3\xA9"[..]),
        1 => Just(&b"<?xml version=\"1.0\" encoding=\"koi8-r\"?>"[..]),
    ];
    prop::collection::vec(piece, 0..120).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_prescan_is_the_model_on_documents(bytes in document()) {
        prop_assert_eq!(ours(&bytes), sniff_model::prescan(&bytes));
    }

    #[test]
    fn the_prescan_is_the_model_on_any_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..1200),
    ) {
        prop_assert_eq!(ours(&bytes), sniff_model::prescan(&bytes));
    }
}

/// Every corpus page, as it is and with its `<meta>` removed, and cut at every length up to
/// where the answer comes.
#[test]
fn the_prescan_is_the_model_on_the_corpus_pages() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/bench-corpus/wikipedia");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return; // No corpus beside this clone: the generated documents above stand.
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let page = std::fs::read(&path).expect("a corpus page");
        let page = &page[..page.len().min(1100)];
        for end in 0..=page.len() {
            assert_eq!(
                ours(&page[..end]),
                sniff_model::prescan(&page[..end]),
                "{path:?} cut at {end}"
            );
        }
    }
}
