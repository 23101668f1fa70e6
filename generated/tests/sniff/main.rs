//! `whatwg_encoding::sniff` against the standards' text: every step and branch of the
//! prescan, of get an attribute and of the meta extraction algorithm, get an XML encoding,
//! CSS's fallback, the locale table, the sniffing algorithm's steps, the MIME type parser,
//! changing the encoding, and sniffing as bytes arrive. The expected values are worked out
//! by hand from the steps quoted in the source (and, in spec-tests, checked against
//! Chromium).

#![cfg(all(feature = "sniff", feature = "alloc", feature = "all"))]

mod algorithm;
mod change;
mod content_type;
mod css;
mod get_an_attribute;
mod incremental;
mod locale;
mod meta;
mod prescan;
mod reference;
mod xml;

use whatwg_encoding::sniff::{sniff, Format, SniffOptions, Sniffed};

/// The whole document, at its end, with the default options.
fn html(bytes: &[u8]) -> Sniffed {
    sniff(Format::Html, bytes, true, &SniffOptions::default()).expect("an answer at the end")
}

/// `n` bytes of ASCII text with no `<`.
fn filler(n: usize) -> Vec<u8> {
    b"text ".iter().copied().cycle().take(n).collect()
}
