//! Sniffing as bytes arrive: the answer comes as soon as the rules allow (after a byte order
//! mark, after a meta ending at byte 100, at byte 1024), it is the one-shot answer however
//! the bytes are cut, and the held bytes decode once into the text of the whole.

use proptest::prelude::*;
use whatwg_encoding::sniff::{
    sniff, Format, Rule, SniffOptions, Sniffed, Sniffer, SniffingDecoder, Utf8Autodetect,
};
use whatwg_encoding::{CoderResult, KOI8_R, UTF_16LE, UTF_8, WINDOWS_1251};

use super::filler;

/// Pushes `bytes` one at a time: how many were pushed when the answer came, and the answer.
fn answered_after(format: Format, options: SniffOptions, bytes: &[u8]) -> (usize, Sniffed) {
    let mut sniffer = Sniffer::new(format, options);
    for (i, byte) in bytes.iter().enumerate() {
        let (taken, answer) = sniffer.push(std::slice::from_ref(byte));
        assert_eq!(taken, 1);
        if let Some(answer) = answer {
            return (i + 1, answer);
        }
    }
    (bytes.len(), sniffer.finish())
}

#[test]
fn right_after_a_byte_order_mark() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(filler(2000));
    let (n, answer) = answered_after(Format::Html, SniffOptions::default(), &bytes);
    assert_eq!(
        (n, answer.encoding, answer.rule),
        (3, UTF_8, Rule::ByteOrderMark)
    );
    let (n, answer) = answered_after(Format::Css, SniffOptions::default(), b"\xFF\xFEa\0");
    assert_eq!(
        (n, answer.encoding, answer.rule),
        (2, UTF_16LE, Rule::ByteOrderMark)
    );
    let (n, answer) = answered_after(Format::Xml, SniffOptions::default(), b"\xFF\xFE<\0");
    assert_eq!((n, answer.encoding), (2, UTF_16LE));
}

#[test]
fn right_after_a_meta_ending_at_byte_100() {
    let declaration = b"<meta charset=\"windows-1251\">";
    let mut bytes = b"<!DOCTYPE html><html><head>".to_vec();
    bytes.extend(filler(100 - bytes.len() - declaration.len()));
    bytes.extend_from_slice(declaration);
    assert_eq!(bytes.len(), 100);
    bytes.extend(filler(3000));
    let (n, answer) = answered_after(Format::Html, SniffOptions::default(), &bytes);
    assert_eq!(n, 100);
    assert_eq!(answer.encoding, WINDOWS_1251);
    assert_eq!(
        answer.rule,
        Rule::Meta {
            offset: 100 - declaration.len()
        }
    );
}

#[test]
fn at_once_with_a_transport_charset_or_an_override() {
    // One byte rules out a byte order mark; the transport layer then decides.
    let options = SniffOptions::new().content_type(b"text/html;charset=koi8-r");
    let (n, answer) = answered_after(Format::Html, options, b"<p>");
    assert_eq!(
        (n, answer.encoding, answer.rule),
        (1, KOI8_R, Rule::TransportLayer)
    );
    let options = SniffOptions::new().user_override(Some(KOI8_R));
    let (n, answer) = answered_after(Format::Html, options, b"\xEF\xBB<p>");
    assert_eq!(
        (n, answer.encoding, answer.rule),
        (3, KOI8_R, Rule::UserOverride)
    );
}

#[test]
fn at_byte_1024_without_a_declaration() {
    let (n, answer) = answered_after(Format::Html, SniffOptions::default(), &filler(5000));
    assert_eq!((n, answer.rule), (1024, Rule::Default));
    // A meta cut by byte 1024 is not waited for.
    let mut bytes = filler(1010);
    bytes.extend_from_slice(b"<meta charset=koi8-r>");
    let (n, answer) = answered_after(Format::Html, SniffOptions::default(), &bytes);
    assert_eq!((n, answer.rule), (1024, Rule::Default));
}

#[test]
fn xml_and_css_answer_as_soon_as_their_rule_cannot_match() {
    let (n, answer) = answered_after(Format::Xml, SniffOptions::default(), b"<feed>");
    assert_eq!((n, answer.rule), (2, Rule::Default));
    let (n, answer) = answered_after(
        Format::Xml,
        SniffOptions::default(),
        b"<?xml encoding='koi8-r'?><a/>",
    );
    assert_eq!(
        (n, answer.encoding, answer.rule),
        (25, KOI8_R, Rule::XmlDeclaration)
    );
    let (n, answer) = answered_after(Format::Css, SniffOptions::default(), b"body { }");
    assert_eq!((n, answer.rule), (1, Rule::Default));
    let (n, answer) = answered_after(
        Format::Css,
        SniffOptions::default(),
        b"@charset \"koi8-r\"; a{}",
    );
    assert_eq!(
        (n, answer.encoding, answer.rule),
        (18, KOI8_R, Rule::CssCharset)
    );
    let (n, answer) = answered_after(
        Format::Css,
        SniffOptions::default(),
        b"@charset 'koi8-r'; a{}",
    );
    assert_eq!((n, answer.rule), (10, Rule::Default));
}

#[test]
fn finish_answers_for_what_is_held() {
    let mut sniffer = Sniffer::new(Format::Html, SniffOptions::default());
    assert_eq!(sniffer.push(b"<p>short"), (8, None));
    let answer = sniffer.finish();
    assert_eq!(answer.rule, Rule::Default);
    assert_eq!(sniffer.sniffed(), Some(answer));
    // An empty stream.
    let mut sniffer = Sniffer::new(Format::Html, SniffOptions::default());
    assert_eq!(sniffer.push(b""), (0, None));
    assert_eq!(sniffer.finish().rule, Rule::Default);
}

#[test]
fn it_holds_at_most_1024_bytes() {
    let bytes = filler(5000);
    let mut sniffer = Sniffer::new(Format::Html, SniffOptions::default());
    let (taken, answer) = sniffer.push(&bytes);
    assert_eq!((taken, answer.map(|a| a.rule)), (1024, Some(Rule::Default)));
    assert_eq!(sniffer.held(), &bytes[..1024]);
    // Once answered, it takes no more.
    assert_eq!(sniffer.push(&bytes).0, 0);
}

/// Decodes `bytes` cut at `cuts` through a SniffingDecoder into a `String`, a small room at a
/// time.
fn decode_in_pieces(
    format: Format,
    options: SniffOptions,
    bytes: &[u8],
    cuts: &[usize],
) -> (String, Sniffed) {
    let mut decoder = SniffingDecoder::new(format, options);
    let mut text = String::new();
    let mut pieces = Vec::new();
    let mut start = 0;
    for &cut in cuts.iter().chain(std::iter::once(&bytes.len())) {
        let cut = cut.clamp(start, bytes.len());
        pieces.push(&bytes[start..cut]);
        start = cut;
    }
    let count = pieces.len();
    for (i, mut piece) in pieces.into_iter().enumerate() {
        let last = i + 1 == count;
        loop {
            text.reserve(7);
            let (result, read, _) = decoder.decode_to_string(piece, &mut text, last);
            piece = &piece[read..];
            if result == CoderResult::InputEmpty {
                break;
            }
        }
    }
    (
        text,
        decoder.sniffed().expect("an answer after the last piece"),
    )
}

#[test]
fn the_sniffing_decoder_gives_the_held_bytes_to_the_decoder() {
    let mut page = b"\xEF\xBB\xBF<meta charset=koi8-r>".to_vec();
    page.extend_from_slice("<p>Grüße</p>".as_bytes());
    let (text, sniffed) =
        decode_in_pieces(Format::Html, SniffOptions::default(), &page, &[1, 2, 5, 40]);
    assert_eq!(sniffed.rule, Rule::ByteOrderMark);
    assert_eq!(
        text, "<meta charset=koi8-r><p>Grüße</p>",
        "the mark removed, the rest as UTF-8"
    );
    // Into a byte buffer of 5 bytes at a time.
    let page = b"<meta charset=koi8-r><p>\xED\xC1\xD2\xD3</p>";
    let mut decoder = SniffingDecoder::new(Format::Html, SniffOptions::default());
    let (mut out, mut src) = (Vec::new(), &page[..]);
    loop {
        let mut buffer = [0u8; 5];
        let (result, read, written, _) = decoder.decode_to_utf8(src, &mut buffer, true);
        out.extend_from_slice(&buffer[..written]);
        src = &src[read..];
        if result == CoderResult::InputEmpty {
            break;
        }
    }
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "<meta charset=koi8-r><p>Марс</p>"
    );
}

/// Pieces of HTML, XML and CSS that exercise the rules, to build documents from.
const PIECES: &[&[u8]] = &[
    b"<meta charset=koi8-r>",
    b"<meta charset='windows-1251'>",
    b"<META http-equiv=Content-Type content=\"text/html; charset=shift_jis\">",
    b"<meta content='charset=euc-kr' http-equiv=content-type>",
    b"<meta charset=utf-16>",
    b"<meta charset=x-user-defined>",
    b"<meta charset=bogus>",
    b"<meta name=description content=\"charset=big5\">",
    b"<!-- <meta charset=gbk> -->",
    b"<!--",
    b"-->",
    b"<!DOCTYPE html>",
    b"<a href='<meta charset=big5>'>",
    b"</p title=x>",
    b"<?php echo 1 ?>",
    b"<?xml version='1.0' encoding='iso-8859-2'?>",
    b"<\0?\0x\0",
    b"\0<\0?\0x",
    b"@charset \"windows-1250\";",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"\xFE\xFF",
    b"<",
    b"'",
    b"\"",
    b">",
    b" ",
    b"<p>",
    b"text ",
    "Grüße".as_bytes(),
    b"\xE9",
];

/// A document from pieces, with runs of filler to move things around byte 1024.
fn document() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(PIECES).prop_map(<[u8]>::to_vec),
            1 => (0usize..700).prop_map(filler),
        ],
        0..12,
    )
    .prop_map(|pieces| pieces.concat())
}

fn format() -> impl Strategy<Value = Format> {
    prop_oneof![Just(Format::Html), Just(Format::Xml), Just(Format::Css)]
}

fn options() -> impl Strategy<Value = SniffOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(transport, parent, autodetect)| {
        let mut options = SniffOptions::new().locale(Some("ru"));
        if transport {
            options = options.content_type(b"text/css; charset=iso-8859-5");
        }
        if parent {
            options = options.parent(Some(whatwg_encoding::GB18030));
        }
        if autodetect {
            options = options.autodetect(Some(&Utf8Autodetect));
        }
        options
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// However the bytes are cut, the sniffer's answer is the one-shot answer for the bytes
    /// it held, and (but for a detector) for the whole document.
    #[test]
    fn the_incremental_answer_is_the_one_shot_answer(
        format in format(),
        options in options(),
        bytes in document(),
        mut cuts in prop::collection::vec(0usize..3000, 0..8),
    ) {
        cuts.sort_unstable();
        let mut sniffer = Sniffer::new(format, options);
        let mut start = 0;
        let mut answered = None;
        for cut in cuts.iter().copied().chain(std::iter::once(bytes.len())) {
            let cut = cut.clamp(start, bytes.len());
            let (taken, answer) = sniffer.push(&bytes[start..cut]);
            prop_assert!(taken <= cut - start);
            start += taken;
            if let Some(answer) = answer {
                answered = Some(answer);
                break;
            }
        }
        let incremental = answered.unwrap_or_else(|| sniffer.finish());
        let held = sniffer.held();
        prop_assert!(held.len() <= 1024);
        prop_assert_eq!(held, &bytes[..held.len()]);
        let end = held.len() == bytes.len();
        prop_assert_eq!(Some(incremental), sniff(format, held, end, &options));
        // Without a detector (which sees only the held bytes here, and every byte there),
        // it is the answer for the whole document.
        if options.autodetect.is_none() {
            prop_assert_eq!(Some(incremental), sniff(format, &bytes, true, &options));
        }
    }

    /// A SniffingDecoder in pieces decodes as the one-shot decode with the sniffed encoding.
    #[test]
    fn the_sniffing_decoder_decodes_as_the_one_shot_decode(
        format in format(),
        bytes in document(),
        mut cuts in prop::collection::vec(0usize..3000, 0..8),
    ) {
        cuts.sort_unstable();
        let options = SniffOptions::default();
        let (text, sniffed) = decode_in_pieces(format, options, &bytes, &cuts);
        prop_assert_eq!(Some(sniffed), sniff(format, &bytes, true, &options));
        let (expected, _, _) = sniffed.encoding.decode(&bytes);
        prop_assert_eq!(text, expected.into_owned());
    }
}
