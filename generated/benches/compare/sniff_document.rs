//! The whole-document mode: `sniff::sniff_whole_document` of every `.html` page of the
//! corpus with its `<meta charset>` removed (the sniffing answers windows-1252, tentatively,
//! and no late `<meta>` comes, so the page is decoded and followed to its end) against
//! decoding the same page as windows-1252 with `decode_to_str`.

use crate::corpus::{self, Kind};
use crate::group::{self, Category, Row};
use crate::sniff::{without_meta, PAGES};
use criterion::Criterion;
use std::hint::black_box;
use std::path::Path;
use whatwg_encoding::sniff::{sniff_whole_document, Rule, SniffOptions};
use whatwg_encoding::WINDOWS_1252;

/// The page without its declaration, checked to read to its end.
pub fn page(dir: &Path, language: &str) -> Vec<u8> {
    let page = without_meta(&corpus::read(dir, &format!("{language}.html")));
    let sniffed = sniff_whole_document(&page, &SniffOptions::default());
    if sniffed.rule != Rule::Default {
        eprintln!("compare: warning: sniff_document/{language}.html: answered {sniffed}");
    }
    page
}

/// The `sniff_document` groups (`sniff_document/en.html`), members `whole_document` and
/// `decode_to_str`.
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, dir: &Path) {
    let options = SniffOptions::default();
    for &language in PAGES {
        let page = page(dir, language);
        let mut buffer = "\0".repeat(3 * page.len() + 16);
        let row = Row {
            category: Category::SniffDocument,
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
