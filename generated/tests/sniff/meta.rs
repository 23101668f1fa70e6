//! HTML Standard 2.5.3, the algorithm for extracting a character encoding from a meta
//! element: each of its six steps.

use whatwg_encoding::sniff::extract_a_character_encoding_from_a_meta_element as extract;
use whatwg_encoding::{Encoding, KOI8_R, UTF_16LE, WINDOWS_1251};

fn name(s: &[u8]) -> Option<&'static str> {
    extract(s).map(Encoding::name)
}

#[test]
fn step_2_finds_charset_case_insensitively_anywhere() {
    assert_eq!(extract(b"charset=koi8-r"), Some(KOI8_R));
    assert_eq!(extract(b"text/html; CharSet=koi8-r"), Some(KOI8_R));
    assert_eq!(extract(b"text/html;charset=koi8-r"), Some(KOI8_R));
    // Even inside another word.
    assert_eq!(extract(b"xcharset=koi8-r"), Some(KOI8_R));
    assert_eq!(extract(b"text/html"), None);
    assert_eq!(extract(b""), None);
    assert_eq!(extract(b"charse=koi8-r"), None);
}

#[test]
fn steps_3_and_4_whitespace_then_equals_or_the_next_charset() {
    assert_eq!(extract(b"charset \t\n\x0C\r= koi8-r"), Some(KOI8_R));
    // No `=` after the first "charset": look for the next one.
    assert_eq!(extract(b"charset; charset=koi8-r"), Some(KOI8_R));
    assert_eq!(extract(b"charsetcharset=koi8-r"), Some(KOI8_R));
    assert_eq!(extract(b"charset charset"), None);
    assert_eq!(extract(b"charset"), None);
    assert_eq!(extract(b"charset  "), None);
    // 0x0B is no ASCII whitespace.
    assert_eq!(extract(b"charset\x0B=koi8-r"), None);
}

#[test]
fn step_5_whitespace_after_the_equals_sign() {
    assert_eq!(extract(b"charset= \t koi8-r"), Some(KOI8_R));
    // "If there is no next character": nothing.
    assert_eq!(extract(b"charset="), None);
    assert_eq!(extract(b"charset=  "), None);
}

#[test]
fn step_6_quoted_values() {
    assert_eq!(extract(b"charset=\"koi8-r\""), Some(KOI8_R));
    assert_eq!(extract(b"charset='koi8-r'"), Some(KOI8_R));
    // Everything up to the matching quote, spaces and semicolons included (get an encoding
    // removes the outer whitespace).
    assert_eq!(extract(b"charset=\" koi8-r \"; x"), Some(KOI8_R));
    assert_eq!(extract(b"charset='koi8-r;x'"), None);
    assert_eq!(extract(b"charset=\"cp1251' x\""), None);
    assert_eq!(name(b"charset=\"cp1251\"'"), Some("windows-1251"));
    // An unmatched quote is nothing, even with a label after it.
    assert_eq!(extract(b"charset=\"koi8-r"), None);
    assert_eq!(extract(b"charset='koi8-r"), None);
    assert_eq!(extract(b"charset=\"koi8-r'"), None);
    // Only the first charset= is read.
    assert_eq!(extract(b"charset=\"; charset=koi8-r"), None);
}

#[test]
fn step_6_unquoted_values() {
    // Up to whitespace, `;` or the end.
    assert_eq!(extract(b"charset=koi8-r;x"), Some(KOI8_R));
    assert_eq!(extract(b"charset=koi8-r x"), Some(KOI8_R));
    assert_eq!(extract(b"charset=koi8-r\x0Cx"), Some(KOI8_R));
    assert_eq!(extract(b"charset=cp1251"), Some(WINDOWS_1251));
    // Quotes later in the value are part of it.
    assert_eq!(extract(b"charset=koi8-r\""), None);
    assert_eq!(extract(b"charset=koi8-r,utf-8"), None);
    // A label of no encoding: nothing.
    assert_eq!(extract(b"charset=bogus"), None);
    // The algorithm has no UTF-16 rule of its own (the prescan has).
    assert_eq!(extract(b"charset=utf-16le"), Some(UTF_16LE));
}
