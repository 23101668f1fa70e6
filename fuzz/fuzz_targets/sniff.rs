//! Sniffing: the prescan, get an XML encoding, the meta extraction algorithm and the
//! Content-Type charset against literal models of the standards' steps (fuzz/src/sniff_model.rs);
//! the prescan reads nothing past byte 1024; every format's sniffing answers at the end and
//! never panics; an early answer is final; a Sniffer fed any cuts answers as the one-shot
//! sniffing of the bytes it held, and (without a detector) of the whole input; a
//! SniffingDecoder in pieces and a sniffing DecodeReader decode as the one-shot decode with
//! the encoding chosen; get an attribute stays within the bytes; changing the encoding and
//! the locale table take anything. The whole-document mode: sniff_whole_document, which stops
//! after the last `<meta` of the bytes, answers as the whole-document Sniffer, which follows
//! the text to its end (the input as it is, and after 1100 bytes of comment, with a late
//! declaration or not, in any default encoding).

#![no_main]

use std::io::Read;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use whatwg_encoding::io::{DecodeReader, EncodingChangeNeedsReparse};
use whatwg_encoding::sniff::{
    self, Format, SniffOptions, Sniffer, SniffingDecoder, Utf8Autodetect,
};
use whatwg_encoding::{CoderResult, Encoding};
use whatwg_encoding_fuzz::sniff_model;

#[derive(Arbitrary, Debug)]
struct Input {
    format: u8,
    /// A Content-Type value.
    content_type: Option<Vec<u8>>,
    /// Indexes of encodings (by name) for the parent, the override and the likely encoding.
    parent: Option<u8>,
    user_override: Option<u8>,
    likely: Option<u8>,
    autodetect: bool,
    locale: Option<String>,
    /// Chunk lengths for the Sniffer, the SniffingDecoder and the DecodeReader.
    cuts: Vec<u16>,
    /// Where to run get an attribute.
    attribute_at: u16,
    bytes: Vec<u8>,
}

fn encoding(index: Option<u8>) -> Option<&'static Encoding> {
    let names = whatwg_encoding_fuzz::names();
    index.and_then(|i| Encoding::for_label(names[i as usize % names.len()].as_bytes()))
}

/// The sniffing's first answer (as a SniffingDecoder starts decoding with it).
fn sniffer_first(bytes: &[u8], options: &SniffOptions, input: &Input) -> sniff::Sniffed {
    let _ = input;
    let mut sniffer = Sniffer::new(Format::Html, *options);
    let (_, answer) = sniffer.push(bytes);
    answer.unwrap_or_else(|| sniffer.finish())
}

fuzz_target!(|input: Input| {
    let bytes = &input.bytes[..];
    let format = [Format::Html, Format::Xml, Format::Css][input.format as usize % 3];

    // The standards' named steps against their literal models.
    let found = sniff::prescan_a_byte_stream_to_determine_its_encoding(bytes);
    let modelled = sniff_model::prescan(bytes);
    let offset = |rule| match rule {
        sniff::Rule::Meta { offset } => Some(offset),
        _ => None,
    };
    assert_eq!(
        found.map(|f| (f.encoding, offset(f.rule))),
        modelled,
        "prescan"
    );
    if let Some(at) = found.and_then(|f| offset(f.rule)) {
        assert!(at < 1024);
    }
    // Nothing after byte 1024 changes it.
    let first = &bytes[..bytes.len().min(1024)];
    assert_eq!(
        sniff::prescan_a_byte_stream_to_determine_its_encoding(first),
        found
    );
    assert_eq!(
        sniff::get_an_xml_encoding(bytes),
        sniff_model::xml_encoding(bytes),
        "xml"
    );
    assert_eq!(
        sniff::extract_a_character_encoding_from_a_meta_element(bytes),
        sniff_model::extract(bytes),
        "meta"
    );
    assert_eq!(
        sniff::content_type_charset(bytes),
        sniff_model::content_type_charset(bytes),
        "content type"
    );
    if let Some(value) = &input.content_type {
        assert_eq!(
            sniff::content_type_charset(value),
            sniff_model::content_type_charset(value),
            "content type"
        );
    }

    // Get an attribute from anywhere stays within the bytes.
    let mut position = input.attribute_at as usize % (bytes.len() + 1);
    let before = position;
    if let Ok(attribute) = sniff::get_an_attribute(bytes, &mut position) {
        // A quoted value leaves the position past its closing quote, which may be the end.
        assert!(position >= before && position <= bytes.len());
        if let Some(attribute) = attribute {
            assert!(attribute.name_start < attribute.name_end && attribute.name_end <= bytes.len());
            assert!(
                attribute.value_start <= attribute.value_end && attribute.value_end <= bytes.len()
            );
        } else {
            assert_eq!(bytes[position], b'>');
        }
    }

    // The options, and every format's answer.
    let mut options = SniffOptions::new()
        .user_override(encoding(input.user_override))
        .parent(encoding(input.parent))
        .likely(encoding(input.likely))
        .locale(input.locale.as_deref());
    if let Some(value) = &input.content_type {
        options = options.content_type(value);
    }
    if input.autodetect {
        options = options.autodetect(Some(&Utf8Autodetect));
    }
    let whole = sniff::sniff(format, bytes, true, &options).expect("an answer at the end");
    if let Some(sniffed) = sniff::sniff(format, bytes, false, &options) {
        // An answer before the end is the answer (a detector sees more at the end).
        if !input.autodetect {
            assert_eq!(sniffed, whole, "early answer");
        }
    } else {
        assert!(bytes.len() < 1024, "no answer with 1024 bytes");
    }

    // A Sniffer fed the cuts.
    let mut sniffer = Sniffer::new(format, options);
    let mut start = 0;
    let mut answer = None;
    for &cut in input.cuts.iter().chain(std::iter::once(&u16::MAX)) {
        let end = (start + cut as usize).min(bytes.len());
        let (taken, sniffed) = sniffer.push(&bytes[start..end]);
        start += taken;
        if sniffed.is_some() {
            answer = sniffed;
            break;
        }
        if end == bytes.len() {
            break;
        }
    }
    let incremental = answer.unwrap_or_else(|| sniffer.finish());
    let held = sniffer.held();
    assert!(held.len() <= 1024 && bytes.starts_with(held));
    let ended = held.len() == bytes.len();
    assert_eq!(
        Some(incremental),
        sniff::sniff(format, held, ended, &options),
        "held"
    );
    if !input.autodetect {
        assert_eq!(incremental, whole, "incremental");
    }

    // Decoding through the sniffing: as the one-shot decode with the encoding chosen.
    let expected = incremental.encoding.decode(bytes).0;
    let mut decoder = SniffingDecoder::new(format, options);
    let mut text = String::new();
    let mut rest = bytes;
    let mut cuts = input.cuts.iter().cycle();
    loop {
        let take = cuts
            .next()
            .map_or(rest.len(), |&cut| cut as usize % 300 + 1)
            .min(rest.len());
        let last = take == rest.len();
        let mut piece = &rest[..take];
        loop {
            text.reserve(8);
            let (result, read, _) = decoder.decode_to_string(piece, &mut text, last);
            piece = &piece[read..];
            if result == CoderResult::InputEmpty {
                break;
            }
        }
        rest = &rest[take..];
        if last {
            break;
        }
    }
    assert_eq!(decoder.sniffed(), Some(incremental));
    assert_eq!(text, expected, "SniffingDecoder");
    let mut reader = DecodeReader::builder().sniff(format, options).build(bytes);
    let mut text = String::new();
    reader.read_to_string(&mut text).expect("no fatal mode");
    assert_eq!(reader.sniffed(), Some(incremental));
    assert_eq!(text, expected, "DecodeReader");

    // The whole-document mode.
    let ended = sniff::sniff_whole_document(bytes, &options);
    let sniffed_html = sniff::sniff(Format::Html, bytes, true, &options).expect("an answer");
    if sniffed_html.confidence == sniff::Confidence::Certain {
        assert_eq!(ended, sniffed_html, "certain sniffing stands");
    }
    match ended.rule {
        sniff::Rule::LateMeta { offset } => {
            assert_eq!(ended.confidence, sniff::Confidence::Certain);
            if !matches!(sniffed_html.encoding.name(), "UTF-16LE" | "UTF-16BE") {
                assert!(bytes[offset..].len() >= 5 && bytes[offset..offset + 5].eq_ignore_ascii_case(b"<meta"));
            }
        }
        sniff::Rule::Meta { .. } if ended.confidence == sniff::Confidence::Certain => {
            assert_eq!(ended.rule, sniffed_html.rule);
        }
        _ => assert_eq!(ended, sniffed_html, "no late <meta>: the sniffing's answer"),
    }
    let mut sniffer = Sniffer::whole_document(options);
    let mut start = 0;
    let mut answer = None;
    for &cut in input.cuts.iter().chain(std::iter::once(&u16::MAX)) {
        let end = (start + cut as usize).min(bytes.len());
        let (taken, sniffed) = sniffer.push(&bytes[start..end]);
        start += taken;
        if sniffed.is_some() {
            answer = sniffed;
            break;
        }
        if end == bytes.len() {
            break;
        }
    }
    let whole = answer.unwrap_or_else(|| sniffer.finish());
    assert!(sniffer.held().len() <= 1024 && bytes.starts_with(sniffer.held()));
    // The streaming form sees no bytes ahead and follows every one: the full path, which the
    // one-shot function's search for the last `<meta` must answer as (encoding, confidence
    // and rule).
    if !input.autodetect {
        assert_eq!(whole, ended, "whole-document Sniffer (the full path)");
    }
    let mut decoder = SniffingDecoder::whole_document(options);
    let mut text = String::new();
    let mut cuts = input.cuts.iter().cycle();
    let mut rest = bytes;
    loop {
        let take = cuts
            .next()
            .map_or(rest.len(), |&cut| cut as usize % 300 + 1)
            .min(rest.len());
        let last = take == rest.len();
        let mut piece = &rest[..take];
        loop {
            text.reserve(8);
            let (result, read, _) = decoder.decode_to_string(piece, &mut text, last);
            piece = &piece[read..];
            if result == CoderResult::InputEmpty && piece.is_empty() {
                break;
            }
        }
        rest = &rest[take..];
        if last {
            break;
        }
    }
    let first = sniffer_first(bytes, &options, &input);
    let expected = match decoder.encoding_change() {
        Some(sniff::EncodingChange::ChangeInPlace(new)) => new.decode_with_bom_removal(bytes).0,
        _ => first.encoding.decode(bytes).0,
    };
    assert_eq!(text, expected, "whole-document SniffingDecoder");
    let mut reader = DecodeReader::builder().sniff_whole_document(options).build(bytes);
    let mut read_text = String::new();
    match reader.read_to_string(&mut read_text) {
        Ok(_) => assert_eq!(read_text, text, "whole-document DecodeReader"),
        Err(error) => {
            let reparse = error.get_ref().and_then(|e| e.downcast_ref::<EncodingChangeNeedsReparse>());
            assert!(reparse.is_some(), "{error}");
            assert!(text.starts_with(&read_text));
        }
    }

    // The same bytes past the prescan's 1024 (after a comment), then one of five tails (none;
    // a declaration that the bytes' last state hides or not, plain, inside ISO-2022-JP's
    // escape, in UTF-16LE, or longer than the short pieces read past the last `<meta`), in two
    // default encodings: the one the input names (the parent's index), and one of the two the
    // search leaves out. The search ahead against the full path, on every input.
    let mut late = b"<!--".to_vec();
    late.extend([b'x'; 1100]);
    late.extend(b"-->");
    late.extend(bytes);
    let long = [&b"<meta content='"[..], &[b'z'; 600], b"' charset=utf-8>"].concat();
    let tails: [&[u8]; 5] = [
        b"",
        b"<META charset=utf-8>",
        b"<\x1B(Bmeta charset=utf-8>",
        b"<\0m\0e\0t\0a\0 \0c\0h\0a\0r\0s\0e\0t\0=\0u\0t\0f\0-\08\0>\0",
        &long,
    ];
    late.extend(tails[usize::from(input.attribute_at) % tails.len()]);
    let named = encoding(input.parent).unwrap_or(whatwg_encoding::WINDOWS_1252);
    let left_out = [whatwg_encoding::ISO_2022_JP, whatwg_encoding::UTF_16LE];
    for default in [named, left_out[usize::from(input.attribute_at / 5) % 2]] {
        let late_options = SniffOptions::new().default_encoding(default);
        let searched = sniff::sniff_whole_document(&late, &late_options);
        let mut sniffer = Sniffer::whole_document(late_options);
        let followed = match sniffer.push(&late) {
            (_, Some(answer)) => answer,
            _ => sniffer.finish(),
        };
        assert_eq!(searched, followed, "late, in {}", default.name());
    }

    // Taking anything.
    let _ = sniff::change_the_encoding(whole.encoding, incremental.encoding, bytes);
    let _ = sniff::suggested_default_encoding(input.locale.as_deref());
    let _ = sniff::determine_the_fallback_encoding(
        bytes,
        encoding(input.parent),
        encoding(input.likely),
    );
});
