//! CSS Syntax 3, section 3.2: decode's byte order mark, then determine the fallback encoding,
//! with the exact `@charset "…";` bytes and everything that is not them.

use whatwg_encoding::sniff::{determine_the_fallback_encoding, sniff, Format, Rule, SniffOptions};
use whatwg_encoding::{Encoding, KOI8_R, WINDOWS_1251};

fn css(bytes: &[u8], options: &SniffOptions) -> (&'static str, Rule) {
    let sniffed = sniff(Format::Css, bytes, true, options).unwrap();
    assert_eq!(
        sniffed.confidence,
        whatwg_encoding::sniff::Confidence::Certain
    );
    (sniffed.encoding.name(), sniffed.rule)
}

fn plain(bytes: &[u8]) -> (&'static str, Rule) {
    css(bytes, &SniffOptions::default())
}

#[test]
fn the_charset_rule() {
    assert_eq!(
        plain(b"@charset \"koi8-r\"; a { }"),
        ("KOI8-R", Rule::CssCharset)
    );
    assert_eq!(plain(b"@charset \"KOI8-R\";"), ("KOI8-R", Rule::CssCharset));
    // XX is any byte 0x00-0x21 or 0x23-0x7F: get an encoding then removes the whitespace.
    assert_eq!(
        plain(b"@charset \" koi8-r\t\";"),
        ("KOI8-R", Rule::CssCharset)
    );
    assert_eq!(
        plain(b"@charset \"l9\";"),
        ("ISO-8859-15", Rule::CssCharset)
    );
}

#[test]
fn anything_but_the_exact_bytes_is_no_rule() {
    for bytes in [
        &b"@Charset \"koi8-r\";"[..],
        b"@CHARSET \"koi8-r\";",
        b"@charst \"koi8-r\";",
        b"@charsets \"koi8-r\";",
        b"@charset  \"koi8-r\";",
        b"@charset\t\"koi8-r\";",
        b"@charset\"koi8-r\";",
        b"@charset 'koi8-r';",
        b"@charset \"koi8-r';",
        b"@charset \"koi8-r\" ;",
        b"@charset \"koi8-r\"",
        b"@charset \"koi8-r",
        b"@charset \"koi8-r\":",
        b" @charset \"koi8-r\";",
        b"/**/@charset \"koi8-r\";",
        b"@charset koi8-r;",
        b"@charset \"koi8\xE9r\";",
        b"\xEF\xBB@charset \"koi8-r\";",
    ] {
        assert_eq!(
            plain(bytes),
            ("UTF-8", Rule::Default),
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}

#[test]
fn a_label_of_no_encoding_falls_through() {
    assert_eq!(plain(b"@charset \"bogus\";"), ("UTF-8", Rule::Default));
    assert_eq!(plain(b"@charset \"\";"), ("UTF-8", Rule::Default));
    let environment = SniffOptions::new().parent(Some(WINDOWS_1251));
    assert_eq!(
        css(b"@charset \"bogus\";", &environment),
        ("windows-1251", Rule::Parent)
    );
}

#[test]
fn utf_16_labels_are_utf_8() {
    for label in ["utf-16be", "utf-16le", "utf-16", "UTF-16BE", "unicodefffe"] {
        let bytes = format!("@charset \"{label}\";");
        assert_eq!(
            plain(bytes.as_bytes()),
            ("UTF-8", Rule::CssCharset),
            "{label}"
        );
    }
    // CSS has no x-user-defined rule, and the replacement encoding's labels name it.
    assert_eq!(
        plain(b"@charset \"x-user-defined\";"),
        ("x-user-defined", Rule::CssCharset)
    );
    assert_eq!(
        plain(b"@charset \"iso-2022-kr\";"),
        ("replacement", Rule::CssCharset)
    );
}

#[test]
fn the_order_of_the_rules() {
    let rule = b"@charset \"koi8-r\";";
    // A byte order mark first (decode), then the transport layer, then @charset, then the
    // environment encoding, then UTF-8.
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend_from_slice(rule);
    let everything = SniffOptions::new()
        .transport(Some(WINDOWS_1251))
        .parent(Some(WINDOWS_1251));
    assert_eq!(css(&with_bom, &everything), ("UTF-8", Rule::ByteOrderMark));
    assert_eq!(
        css(b"\xFF\xFE@\0", &everything),
        ("UTF-16LE", Rule::ByteOrderMark)
    );
    assert_eq!(
        css(b"\xFE\xFF\0@", &everything),
        ("UTF-16BE", Rule::ByteOrderMark)
    );
    assert_eq!(
        css(rule, &everything),
        ("windows-1251", Rule::TransportLayer)
    );
    let environment = SniffOptions::new().parent(Some(WINDOWS_1251));
    assert_eq!(css(rule, &environment), ("KOI8-R", Rule::CssCharset));
    assert_eq!(css(b"a { }", &environment), ("windows-1251", Rule::Parent));
    assert_eq!(plain(b"a { }"), ("UTF-8", Rule::Default));
    assert_eq!(plain(b""), ("UTF-8", Rule::Default));
    // HTML's override, likely encoding and locale are not CSS's.
    let html_only = SniffOptions::new()
        .user_override(Some(KOI8_R))
        .likely(Some(KOI8_R))
        .locale(Some("ru"));
    assert_eq!(css(b"a { }", &html_only), ("UTF-8", Rule::Default));
}

#[test]
fn the_rule_must_end_within_1024_bytes() {
    // `@charset "` is 10 bytes, `";` 2: a label of 1012 bytes ends the rule at byte 1024.
    let rule = |label_length: usize| {
        let mut bytes = b"@charset \"".to_vec();
        bytes.extend(std::iter::repeat_n(b' ', label_length - 6));
        bytes.extend_from_slice(b"koi8-r\";");
        bytes
    };
    assert_eq!(rule(1012).len(), 1024);
    assert_eq!(plain(&rule(1012)), ("KOI8-R", Rule::CssCharset));
    assert_eq!(plain(&rule(1013)), ("UTF-8", Rule::Default));
}

#[test]
fn determine_the_fallback_encoding_alone() {
    let sniffed =
        determine_the_fallback_encoding(b"@charset \"koi8-r\";", None, Some(WINDOWS_1251));
    assert_eq!((sniffed.encoding, sniffed.rule), (KOI8_R, Rule::CssCharset));
    let sniffed =
        determine_the_fallback_encoding(b"@charset \"koi8-r\";", Some(WINDOWS_1251), None);
    assert_eq!(
        (sniffed.encoding, sniffed.rule),
        (WINDOWS_1251, Rule::TransportLayer)
    );
    // It does not look for a byte order mark (decode does, before it).
    let sniffed = determine_the_fallback_encoding(b"\xEF\xBB\xBFa{}", None, None);
    assert_eq!(
        (sniffed.encoding.name(), sniffed.rule),
        ("UTF-8", Rule::Default)
    );
    let _: Option<&Encoding> = None;
}
