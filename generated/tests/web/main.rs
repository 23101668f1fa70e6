//! Section 7 (TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream) against the
//! behaviours the web-platform-tests `encoding/` suite holds browsers to. Each test names the
//! WPT file its vectors were transcribed from (by hand, from the files' public assertions);
//! the expected values are the WPT's, never this crate's output.

#![cfg(all(feature = "alloc", feature = "all"))]

mod streams;
mod text_decoder;
mod text_encoder;

/// A JavaScript string literal's code units: `js("a")` is `[0x61]`. Lone surrogates, which
/// a `&str` cannot hold, are written as arrays of `u16` where the tests need them.
fn js(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

/// "abc" after each encoding's byte order mark, as in textdecoder-ignorebom.any.js and
/// streams/decode-ignore-bom.any.js.
const BOM_ABC: [(&str, &[u8]); 3] = [
    ("utf-8", &[0xEF, 0xBB, 0xBF, 0x61, 0x62, 0x63]),
    (
        "utf-16le",
        &[0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00, 0x63, 0x00],
    ),
    (
        "utf-16be",
        &[0xFE, 0xFF, 0x00, 0x61, 0x00, 0x62, 0x00, 0x63],
    ),
];
