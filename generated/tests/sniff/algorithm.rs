//! HTML Standard 13.2.3.2, the encoding sniffing algorithm: each step, in order, with its
//! confidence, and when it waits for more bytes.

use whatwg_encoding::sniff::{
    sniff, Autodetect, Confidence, Format, Rule, SniffOptions, Sniffed, Utf8Autodetect,
};
use whatwg_encoding::{
    Encoding, EUC_KR, KOI8_R, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252,
};

use super::{filler, html};

fn with(bytes: &[u8], options: &SniffOptions) -> (&'static Encoding, Confidence, Rule) {
    let sniffed = sniff(Format::Html, bytes, true, options).unwrap();
    (sniffed.encoding, sniffed.confidence, sniffed.rule)
}

const META: &[u8] = b"<meta charset=koi8-r>";

#[test]
fn step_1_a_byte_order_mark_is_certain() {
    let everything = SniffOptions::new()
        .user_override(Some(KOI8_R))
        .transport(Some(KOI8_R))
        .parent(Some(KOI8_R));
    for (bom, encoding) in [
        (&b"\xEF\xBB\xBF"[..], UTF_8),
        (b"\xFF\xFE", UTF_16LE),
        (b"\xFE\xFF", UTF_16BE),
    ] {
        let mut bytes = bom.to_vec();
        bytes.extend_from_slice(META);
        assert_eq!(
            with(&bytes, &everything),
            (encoding, Confidence::Certain, Rule::ByteOrderMark)
        );
    }
    // Part of a mark is no mark.
    assert_eq!(html(b"\xEF\xBB<meta charset=koi8-r>").encoding, KOI8_R);
}

#[test]
fn step_2_the_users_override_is_certain() {
    let options = SniffOptions::new()
        .user_override(Some(SHIFT_JIS))
        .transport(Some(KOI8_R));
    assert_eq!(
        with(META, &options),
        (SHIFT_JIS, Confidence::Certain, Rule::UserOverride)
    );
}

#[test]
fn step_4_the_transport_layer_is_certain() {
    let options = SniffOptions::new().content_type(b"text/html; charset=windows-1251");
    assert_eq!(
        with(META, &options),
        (WINDOWS_1251, Confidence::Certain, Rule::TransportLayer)
    );
    // A Content-Type without a usable charset says nothing.
    for value in [
        &b"text/html"[..],
        b"text/html; charset=bogus",
        b"charset=windows-1251",
        b"",
    ] {
        let options = SniffOptions::new().content_type(value);
        assert_eq!(
            with(META, &options),
            (KOI8_R, Confidence::Tentative, Rule::Meta { offset: 0 })
        );
    }
}

#[test]
fn step_5_the_prescan_is_tentative() {
    let options = SniffOptions::new()
        .parent(Some(WINDOWS_1251))
        .likely(Some(WINDOWS_1251));
    assert_eq!(
        with(b"<p><meta charset=koi8-r>", &options),
        (KOI8_R, Confidence::Tentative, Rule::Meta { offset: 3 })
    );
    assert_eq!(
        with(b"<?xml encoding='koi8-r'?>", &options),
        (KOI8_R, Confidence::Tentative, Rule::XmlDeclaration)
    );
    assert_eq!(
        with(b"<\0?\0x\0", &options),
        (UTF_16LE, Confidence::Tentative, Rule::XmlDeclaration)
    );
}

#[test]
fn step_6_the_parent_unless_it_is_utf_16() {
    let parent = |encoding| {
        SniffOptions::new()
            .parent(Some(encoding))
            .likely(Some(EUC_KR))
    };
    assert_eq!(
        with(b"<p>", &parent(WINDOWS_1251)),
        (WINDOWS_1251, Confidence::Tentative, Rule::Parent)
    );
    assert_eq!(
        with(b"<p>", &parent(UTF_16LE)),
        (EUC_KR, Confidence::Tentative, Rule::LikelyEncoding)
    );
    assert_eq!(
        with(b"<p>", &parent(UTF_16BE)),
        (EUC_KR, Confidence::Tentative, Rule::LikelyEncoding)
    );
}

#[test]
fn step_7_the_likely_encoding() {
    let options = SniffOptions::new()
        .likely(Some(EUC_KR))
        .autodetect(Some(&Utf8Autodetect));
    assert_eq!(
        with("<p>é".as_bytes(), &options),
        (EUC_KR, Confidence::Tentative, Rule::LikelyEncoding)
    );
}

#[test]
fn step_8_autodetection_only_when_asked() {
    let utf8 = "<p>Grüße</p>".as_bytes();
    assert_eq!(html(utf8).rule, Rule::Default);
    let options = SniffOptions::new().autodetect(Some(&Utf8Autodetect));
    assert_eq!(
        with(utf8, &options),
        (UTF_8, Confidence::Tentative, Rule::Autodetection)
    );
    // ASCII, and bytes that are not UTF-8, get the default.
    assert_eq!(
        with(b"<p>Gruss</p>", &options),
        (WINDOWS_1252, Confidence::Tentative, Rule::Default)
    );
    assert_eq!(
        with(b"<p>Gr\xFC\xDFe</p>", &options),
        (WINDOWS_1252, Confidence::Tentative, Rule::Default)
    );
    // The detector sees every byte given, not only the first 1024.
    let mut late = filler(3000);
    late.extend_from_slice("ü".as_bytes());
    assert_eq!(with(&late, &options).2, Rule::Autodetection);
    // A meta comes first.
    let mut bytes = META.to_vec();
    bytes.extend_from_slice(utf8);
    assert_eq!(with(&bytes, &options).0, KOI8_R);
}

/// A detector that says Shift_JIS for anything.
struct Always;

impl Autodetect for Always {
    fn autodetect(&self, _bytes: &[u8], _end: bool) -> Option<&'static Encoding> {
        Some(SHIFT_JIS)
    }
}

#[test]
fn step_8_any_detector() {
    let options = SniffOptions::new().autodetect(Some(&Always));
    assert_eq!(
        with(b"", &options),
        (SHIFT_JIS, Confidence::Tentative, Rule::Autodetection)
    );
}

#[test]
fn step_9_the_default() {
    assert_eq!(
        with(b"<p>", &SniffOptions::default()),
        (WINDOWS_1252, Confidence::Tentative, Rule::Default)
    );
    assert_eq!(
        with(b"<p>", &SniffOptions::new().locale(Some("ja"))),
        (SHIFT_JIS, Confidence::Tentative, Rule::Default)
    );
    assert_eq!(
        with(b"<p>", &SniffOptions::new().default_encoding(UTF_8)),
        (UTF_8, Confidence::Tentative, Rule::Default)
    );
}

#[test]
fn step_3_it_waits_until_1024_bytes_or_the_end() {
    let options = SniffOptions::default();
    let bytes = filler(1024);
    for n in [0, 1, 2, 100, 1023] {
        assert_eq!(
            sniff(Format::Html, &bytes[..n], false, &options),
            None,
            "{n}"
        );
    }
    let at_1024 = sniff(Format::Html, &bytes, false, &options).unwrap();
    assert_eq!(
        (at_1024.encoding, at_1024.rule),
        (WINDOWS_1252, Rule::Default)
    );
    let at_end = sniff(Format::Html, &bytes[..10], true, &options).unwrap();
    assert_eq!(at_end, at_1024);
    // The first bytes of a byte order mark wait even at the end of the bytes so far.
    assert_eq!(sniff(Format::Html, b"\xEF\xBB", false, &options), None);
    assert_eq!(sniff(Format::Html, b"\xFE", false, &options), None);
    let cut_mark = sniff(Format::Html, b"\xEF\xBB", true, &options).unwrap();
    assert_eq!(cut_mark.rule, Rule::Default);
}

#[test]
fn the_answer_says_why() {
    let sniffed: Sniffed = html(b"<!DOCTYPE html><meta charset=koi8-r>");
    assert_eq!(
        sniffed.to_string(),
        "KOI8-R (tentative), by a <meta> at byte 15"
    );
    let bom = html(b"\xEF\xBB\xBF");
    assert_eq!(bom.to_string(), "UTF-8 (certain), by a byte order mark");
}
