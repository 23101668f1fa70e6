//! The whole-document mode: `sniff::sniff_whole_document` of every `.html` page of the corpus
//! with its `<meta charset>` removed (the sniffing answers windows-1252, tentatively) against
//! decoding the same bytes as windows-1252 with `decode_to_str`, in two forms:
//!
//! - `sniff_document/{page}`: the page so, what a user pays for it. Its last `<meta` is in its
//!   head (by byte 5,712 on every page): the text is followed to the end of that tag, the rest
//!   of the bytes only searched for `<meta`.
//! - `sniff_document_full/{page}`: the page with `<meta name=end>` after its last byte, which
//!   declares nothing: the text is followed to its end through the tokenizer and the tree
//!   construction (what `sniff_document` measured before the search, and what a page with a
//!   `<meta>` late in its body costs).

use crate::corpus::{self, Kind};
use crate::group::{self, Category, Row};
use crate::sniff::{without_meta, PAGES};
use criterion::Criterion;
use std::hint::black_box;
use std::path::Path;
use whatwg_encoding::sniff::{sniff_whole_document, Rule, SniffOptions};
use whatwg_encoding::WINDOWS_1252;

/// What `sniff_document_full` puts after each page.
const AT_THE_END: &[u8] = b"<meta name=end>";

/// The page of `category` for `language`, checked to answer as a page without a declaration.
pub fn page(dir: &Path, language: &str, category: Category) -> Vec<u8> {
    let mut page = without_meta(&corpus::read(dir, &format!("{language}.html")));
    if category == Category::SniffDocumentFull {
        page.extend(AT_THE_END);
    }
    let sniffed = sniff_whole_document(&page, &SniffOptions::default());
    if sniffed.rule != Rule::Default {
        eprintln!(
            "compare: warning: {}/{language}.html: answered {sniffed}",
            category.name()
        );
    }
    page
}

/// The `sniff_document` and `sniff_document_full` groups (`sniff_document/en.html`), members
/// `whole_document` and `decode_to_str`.
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, dir: &Path) {
    let options = SniffOptions::default();
    for category in [Category::SniffDocument, Category::SniffDocumentFull] {
        for &language in PAGES {
            let page = page(dir, language, category);
            let mut buffer = "\0".repeat(3 * page.len() + 16);
            let row = Row {
                category,
                pair: format!("{language}.html"),
                kind: Kind::Other,
                ours: "whole_document",
                theirs: "decode_to_str",
                also: None,
                bytes: page.len() as u64,
            };
            group::bench(
                c,
                rows,
                row,
                || sniff_whole_document(black_box(&page), &options),
                || {
                    let mut decoder = WINDOWS_1252.new_decoder_without_bom_handling();
                    decoder.decode_to_str(black_box(&page), buffer.as_mut_str(), true)
                },
            );
        }
    }
}
