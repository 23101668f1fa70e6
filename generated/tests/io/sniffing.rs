//! DecodeReader with sniffing: the encoding the standards' rules choose, decoded from the
//! bytes the sniffing read (the text is encoding_rs's decode of the whole input with that
//! encoding), however the input arrives; the byte order mark removed; error offsets counted
//! from the start of the input.

use std::io::Read;

use whatwg_encoding::io::DecodeReader;
use whatwg_encoding::sniff::{Format, Rule, SniffOptions};

use super::Trickle;

/// The whole input through a sniffing reader fed `step` bytes at a time: the text, the
/// encoding's name and the rule.
fn read(
    format: Format,
    options: SniffOptions,
    input: &[u8],
    step: usize,
) -> (String, &'static str, Rule) {
    let mut reader = DecodeReader::builder()
        .sniff(format, options)
        .buffer_size(64)
        .build(Trickle { data: input, step });
    let mut text = String::new();
    reader.read_to_string(&mut text).unwrap();
    let sniffed = reader.sniffed().unwrap();
    assert_eq!(
        reader.encoding().map(|e| e.name()),
        Some(sniffed.encoding.name())
    );
    (text, sniffed.encoding.name(), sniffed.rule)
}

/// encoding_rs's decode of `input` with the encoding named `name` (its BOM sniffing too).
fn expected(input: &[u8], name: &str) -> String {
    let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
    encoding.decode(input).0.into_owned()
}

fn page(head: &[u8], body: &str, encoding: &str) -> Vec<u8> {
    let mut page = head.to_vec();
    let encoding = encoding_rs::Encoding::for_label(encoding.as_bytes()).unwrap();
    page.extend_from_slice(&encoding.encode(body).0);
    page
}

#[test]
fn html_by_its_meta_at_every_step() {
    let body = "<p>Привет, мир</p>".repeat(200);
    let input = page(b"<!DOCTYPE html><meta charset=koi8-r>", &body, "koi8-r");
    for step in [1, 2, 3, 7, 64, 100, 1023, 1024, 5000] {
        let (text, name, rule) = read(Format::Html, SniffOptions::default(), &input, step);
        assert_eq!(
            (name, rule),
            ("KOI8-R", Rule::Meta { offset: 15 }),
            "step {step}"
        );
        assert_eq!(text, expected(&input, "koi8-r"), "step {step}");
    }
}

#[test]
fn html_without_a_declaration_reads_1024_bytes_first() {
    let input = page(
        b"<!DOCTYPE html>",
        &"<p>Grüße</p>".repeat(300),
        "windows-1252",
    );
    for step in [1, 5, 1000, 4096] {
        let (text, name, rule) = read(Format::Html, SniffOptions::default(), &input, step);
        assert_eq!((name, rule), ("windows-1252", Rule::Default));
        assert_eq!(text, expected(&input, "windows-1252"));
    }
    // A short document ends before 1024 bytes.
    let (text, name, _) = read(
        Format::Html,
        SniffOptions::new().locale(Some("ja")),
        b"<p>\x93\xfa",
        1,
    );
    assert_eq!((text.as_str(), name), ("<p>日", "Shift_JIS"));
    // An empty one.
    let (text, name, _) = read(Format::Html, SniffOptions::default(), b"", 1);
    assert_eq!((text.as_str(), name), ("", "windows-1252"));
}

#[test]
fn the_byte_order_mark_decides_and_is_removed() {
    let mut input = b"\xFF\xFE".to_vec();
    input.extend(
        "<meta charset=koi8-r>Привет"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    for step in [1, 2, 3, 1000] {
        let (text, name, rule) = read(Format::Html, SniffOptions::default(), &input, step);
        assert_eq!(
            (text.as_str(), name, rule),
            (
                "<meta charset=koi8-r>Привет",
                "UTF-16LE",
                Rule::ByteOrderMark
            )
        );
    }
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend_from_slice("@charset \"koi8-r\"; a::before { content: 'é' }".as_bytes());
    let (text, name, _) = read(Format::Css, SniffOptions::default(), &input, 1);
    assert_eq!(
        (text.as_str(), name),
        ("@charset \"koi8-r\"; a::before { content: 'é' }", "UTF-8")
    );
}

#[test]
fn the_transport_charset_is_an_argument() {
    let input = page(b"<meta charset=koi8-r>", "Ελληνικά", "windows-1253");
    let options = SniffOptions::new().content_type(b"text/html; charset=windows-1253");
    let (text, name, rule) = read(Format::Html, options, &input, 3);
    assert_eq!((name, rule), ("windows-1253", Rule::TransportLayer));
    assert_eq!(text, expected(&input, "windows-1253"));
}

#[test]
fn xml_and_css() {
    let input = page(
        b"<?xml version='1.0' encoding='iso-8859-2'?>",
        "<a>Łódź</a>",
        "iso-8859-2",
    );
    let (text, name, rule) = read(Format::Xml, SniffOptions::default(), &input, 4);
    assert_eq!((name, rule), ("ISO-8859-2", Rule::XmlDeclaration));
    assert_eq!(text, expected(&input, "iso-8859-2"));
    let input = page(b"", "a::after { content: 'Ł' }", "iso-8859-2");
    let options = SniffOptions::new().parent(whatwg_encoding::Encoding::for_label(b"iso-8859-2"));
    let (text, name, rule) = read(Format::Css, options, &input, 4);
    assert_eq!((name, rule), ("ISO-8859-2", Rule::Parent));
    assert_eq!(text, expected(&input, "iso-8859-2"));
}

#[test]
fn determine_encoding_reads_no_text() {
    let input = b"<meta charset=koi8-r>\xF0\xD2\xC9";
    let mut reader = DecodeReader::builder()
        .sniff(Format::Html, SniffOptions::default())
        .build(&input[..]);
    assert_eq!(reader.sniffed(), None);
    assert_eq!(reader.determine_encoding().unwrap().name(), "KOI8-R");
    assert_eq!(reader.position(), 0);
    let mut text = String::new();
    reader.read_to_string(&mut text).unwrap();
    assert_eq!(text, "<meta charset=koi8-r>При");
    // Without sniffing it is the byte order mark's work.
    let mut reader = DecodeReader::new(&b"\xEF\xBB\xBFa"[..]);
    assert_eq!(reader.determine_encoding().unwrap().name(), "UTF-8");
}

#[test]
fn errors_are_placed_in_the_whole_input() {
    // A UTF-8 byte order mark, then a malformed byte at offset 3 + 4.
    let input = b"\xEF\xBB\xBFabcd\xFFe";
    let mut reader = DecodeReader::builder()
        .sniff(Format::Html, SniffOptions::default())
        .fatal(true)
        .build(Trickle {
            data: input,
            step: 1,
        });
    let error = reader.read_to_string(&mut String::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "malformed UTF-8 sequence at byte offset 7: 0xFF"
    );
    // Passed through unchecked, UTF-8 by its meta.
    let input = b"<meta charset=utf-8>\xFF";
    let mut reader = DecodeReader::builder()
        .sniff(Format::Html, SniffOptions::default())
        .utf8_passthru(true)
        .build(&input[..]);
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).unwrap();
    assert_eq!(bytes, input);
}

#[test]
fn an_autodetector_sees_the_first_1024_bytes_however_the_input_arrives() {
    use whatwg_encoding::sniff::Utf8Autodetect;
    let options = SniffOptions::new().autodetect(Some(&Utf8Autodetect));
    let mut late = b"<p>".repeat(400);
    late.extend_from_slice("Grüße".as_bytes());
    let mut early = "Grüße".as_bytes().to_vec();
    early.extend(b"<p>".repeat(400));
    for step in [1, 1000, 1024, 1025, 5000] {
        let (_, name, rule) = read(Format::Html, options, &late, step);
        assert_eq!((name, rule), ("windows-1252", Rule::Default), "step {step}");
        let (_, name, rule) = read(Format::Html, options, &early, step);
        assert_eq!((name, rule), ("UTF-8", Rule::Autodetection), "step {step}");
    }
}
