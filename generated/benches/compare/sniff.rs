//! Sniffing: the HTML prescan of a page's first 1024 bytes against `decode_to_str` of the same
//! bytes as windows-1252 (what a page with no declaration would be decoded as), for every
//! `.html` of the corpus, once as the page is (its `<meta charset>` comes early) and once
//! with that `<meta>` removed (the prescan reads all 1024 bytes).

use crate::corpus::{self, Kind};
use crate::group::{self, Category, Row};
use criterion::Criterion;
use std::hint::black_box;
use std::path::Path;
use whatwg_encoding::sniff::prescan_a_byte_stream_to_determine_its_encoding as prescan;
use whatwg_encoding::WINDOWS_1252;

/// The pages.
pub const PAGES: &[&str] = &[
    "ar", "cs", "de", "el", "en", "fr", "he", "ja", "ko", "pt", "ru", "th", "tr", "vi", "zh_cn",
    "zh_tw",
];

/// `page` without its first `<meta …>` that declares a charset.
pub fn without_meta(page: &[u8]) -> Vec<u8> {
    let mut from = 0;
    while let Some(start) = find(page, b"<meta", from) {
        let end = find(page, b">", start).map_or(page.len(), |end| end + 1);
        if find(&page[start..end], b"charset", 0).is_some() {
            return [&page[..start], &page[end..]].concat();
        }
        from = end;
    }
    page.to_vec()
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack[from..]
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
        .map(|i| from + i)
}

/// The `sniff` groups (`sniff/en.html/as-is`, `sniff/en.html/no-meta`), members `prescan`
/// and `decode_to_str`.
pub fn bench(c: &mut Criterion, rows: &mut Vec<Row>, dir: &Path) {
    for &language in PAGES {
        let page = corpus::read(dir, &format!("{language}.html"));
        for (form, page) in [("as-is", page.clone()), ("no-meta", without_meta(&page))] {
            let bytes = &page[..page.len().min(1024)];
            let declared = prescan(bytes).is_some();
            if declared != (form == "as-is") {
                eprintln!(
                    "compare: warning: sniff/{language}.html/{form}: the prescan found {declared}"
                );
            }
            let mut buffer = "\0".repeat(3 * bytes.len() + 16);
            let row = Row {
                category: Category::Sniff,
                pair: format!("{language}.html/{form}"),
                kind: Kind::Other,
                ours: "prescan",
                theirs: "decode_to_str",
                also: None,
                bytes: bytes.len() as u64,
            };
            group::bench(
                c,
                rows,
                row,
                || prescan(black_box(bytes)),
                || {
                    let mut decoder = WINDOWS_1252.new_decoder_without_bom_handling();
                    decoder.decode_to_str(black_box(bytes), buffer.as_mut_str(), true)
                },
            );
        }
    }
}
