//! Sniffing in builds with some encodings left out: an encoding whose feature is off counts
//! as unsupported, as the standard lets a user agent treat encodings it does not support (a
//! declaration naming it is passed over; a default that is missing becomes UTF-8). These run
//! in every feature configuration `.ci/features.sh` tests.

#![cfg(feature = "sniff")]

use whatwg_encoding::sniff::{
    content_type_charset, sniff, suggested_default_encoding, Format, Rule, SniffOptions,
};
use whatwg_encoding::{Encoding, UTF_8};

fn html(bytes: &[u8]) -> (&'static str, Rule) {
    let sniffed = sniff(Format::Html, bytes, true, &SniffOptions::default()).unwrap();
    (sniffed.encoding.name(), sniffed.rule)
}

#[test]
fn a_declaration_of_a_missing_encoding_is_passed_over() {
    let koi8 = html(b"<meta charset=koi8-r><meta charset=utf-8>");
    if cfg!(feature = "koi8-r") {
        assert_eq!(koi8, ("KOI8-R", Rule::Meta { offset: 0 }));
    } else {
        assert_eq!(koi8, ("UTF-8", Rule::Meta { offset: 21 }));
    }
    let transport = content_type_charset(b"text/html; charset=koi8-r");
    assert_eq!(transport.is_some(), cfg!(feature = "koi8-r"));
}

#[test]
fn the_default_is_utf_8_when_the_tables_encoding_is_missing() {
    let default = suggested_default_encoding(None);
    if cfg!(feature = "windows-1252") {
        assert_eq!(default.name(), "windows-1252");
    } else {
        assert_eq!(default, UTF_8);
    }
    assert_eq!(SniffOptions::default().default, default);
    let ja = suggested_default_encoding(Some("ja"));
    assert_eq!(
        ja.name(),
        if cfg!(feature = "shift_jis") {
            "Shift_JIS"
        } else {
            "UTF-8"
        }
    );
}

#[test]
fn x_user_defined_needs_windows_1252() {
    let found = html(b"<meta charset=x-user-defined>");
    match (
        cfg!(feature = "x-user-defined"),
        cfg!(feature = "windows-1252"),
    ) {
        (true, true) => assert_eq!(found, ("windows-1252", Rule::Meta { offset: 0 })),
        // windows-1252 is what the rule asks for; without it the meta is passed over.
        _ => assert_eq!(found.1, Rule::Default),
    }
}

#[test]
fn utf_16_declarations_are_utf_8_in_every_build() {
    // UTF-8 is always there; a UTF-16 label needs its encoding to be recognised at all.
    let found = html(b"<meta charset=utf-16le>");
    if cfg!(feature = "utf-16le") {
        assert_eq!(found, ("UTF-8", Rule::Meta { offset: 0 }));
    } else {
        assert_eq!(found.1, Rule::Default);
    }
    let _ = Encoding::for_label(b"utf-8");
}
