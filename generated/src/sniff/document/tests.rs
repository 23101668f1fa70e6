//! The whole-document answer: each insertion-mode fact modelled, each tokenizer state that
//! hides a `<meta>`, and where the bytes are.

use super::*;
use crate::sniff::Confidence;

/// A comment long enough that the prescan's 1024 bytes end in it, so that only the parser
/// can find what follows.
fn late(document: &str) -> Vec<u8> {
    let mut bytes = b"<!--".to_vec();
    bytes.extend([b'x'; 1100]);
    bytes.extend(b"-->");
    bytes.extend(document.as_bytes());
    bytes
}

/// The encoding `document` (after the long comment) ends with, by name, with scripting on;
/// "windows-1252" where no `<meta>` counts.
fn ends(document: &str) -> &'static str {
    ends_with(document, &SniffOptions::default())
}

fn ends_with(document: &str, options: &SniffOptions) -> &'static str {
    let sniffed = sniff_whole_document(&late(document), options);
    match sniffed.rule {
        Rule::LateMeta { .. } => assert_eq!(sniffed.confidence, Confidence::Certain),
        _ => assert_eq!(sniffed.confidence, Confidence::Tentative, "{document}"),
    }
    sniffed.encoding.name()
}

const META: &str = "<meta charset=koi8-r>";

#[test]
fn a_meta_counts_in_every_mode_that_reaches_the_in_head_rules() {
    for document in [
        // Before the head, in it, after it.
        "<meta charset=koi8-r>",
        "<html><meta charset=koi8-r>",
        "<!DOCTYPE html><html><head><title>t</title><meta charset=koi8-r>",
        "<head></head><meta charset=koi8-r>",
        "<head></head> <meta charset=koi8-r>",
        // In the body, in a table, after the body and the html end tags.
        "<body><p>text<meta charset=koi8-r>",
        "<p>text</p><div><meta charset=koi8-r></div>",
        "<table><tr><td><meta charset=koi8-r></td></tr></table>",
        "<table><meta charset=koi8-r></table>",
        "<table><caption><meta charset=koi8-r>",
        "<table><colgroup><meta charset=koi8-r>",
        "<body></body><meta charset=koi8-r>",
        "<body></body></html><meta charset=koi8-r>",
        // Inside select: no "in select" mode any more.
        "<select><option>a<meta charset=koi8-r></select>",
        "<table><tr><td><select><meta charset=koi8-r>",
        // In a template, first or after other content.
        "<template><meta charset=koi8-r></template>",
        "<body><template><div><meta charset=koi8-r></div></template>",
        "<template><table><meta charset=koi8-r>",
        "<template><colgroup><meta charset=koi8-r>",
        // Foreign content hands `meta` back to HTML content, and an integration point's
        // start tags are HTML content's.
        "<svg><meta charset=koi8-r></svg>",
        "<svg><g><rect><meta charset=koi8-r>",
        "<math><mi><meta charset=koi8-r>",
        "<svg><foreignObject><meta charset=koi8-r>",
        "<svg><desc><meta charset=koi8-r>",
        // In foreign content a style, title or script is no raw text.
        "<svg><style><meta charset=koi8-r></style></svg>",
        "<svg><script><meta charset=koi8-r></script></svg>",
        "<math><title><meta charset=koi8-r>",
        // A frameset start tag that the body ignores: text, a `body` start tag or another
        // element that sets the frameset-ok flag to "not ok" came first.
        "<body>text<frameset><meta charset=koi8-r>",
        "<body><frameset><meta charset=koi8-r>",
        "<p>x</p><frameset><meta charset=koi8-r>",
        "<input><frameset><meta charset=koi8-r>",
        // A type of an earlier input is not this one's.
        "<input type=hidden><input><frameset><meta charset=koi8-r>",
        // `</noscript>` in the head ends it; with scripting the content was raw text.
        "<head><noscript></noscript><meta charset=koi8-r>",
    ] {
        assert_eq!(ends(document), "KOI8-R", "{document}");
    }
}

#[test]
fn a_meta_does_not_count_where_the_modes_ignore_it() {
    for document in [
        // In a frameset and after it.
        "<frameset><meta charset=koi8-r></frameset>",
        "<frameset></frameset><meta charset=koi8-r>",
        "<frameset></frameset></html><meta charset=koi8-r>",
        "<head></head><frameset><frame><meta charset=koi8-r>",
        // A frameset start tag that replaces a body with nothing in it yet: only elements
        // that leave the frameset-ok flag "ok" came first.
        "<p><frameset><meta charset=koi8-r>",
        "<div> <frameset><meta charset=koi8-r>",
        "<input type=HIDDEN><frameset><meta charset=koi8-r>",
        // In a template whose first start tag is `col`.
        "<template><col><meta charset=koi8-r></template>",
        "<template><col><template></template><meta charset=koi8-r>",
    ] {
        assert_eq!(ends(document), "windows-1252", "{document}");
    }
    // A template ended, a meta counts again.
    assert_eq!(
        ends("<template><col></template><meta charset=koi8-r>"),
        "KOI8-R"
    );
}

#[test]
fn a_meta_in_text_does_not_count() {
    for document in [
        // Comments, however they end.
        "<!-- <meta charset=koi8-r> -->",
        "<!-- -- > <meta charset=koi8-r> --!>",
        "<!-- <!-- <meta charset=koi8-r> -->",
        "<? <meta charset=koi8-r> >",
        "</ <meta charset=koi8-r>",
        "<!x <meta charset=koi8-r>",
        "<!DOCTYPE html PUBLIC \"<meta charset=koi8-r>",
        "<![CDATA[ <meta charset=koi8-r> ]]>",
        // RCDATA, RAWTEXT, script data, PLAINTEXT.
        "<title><meta charset=koi8-r></title>",
        "<textarea><meta charset=koi8-r></textarea>",
        "<style><meta charset=koi8-r></style>",
        "<xmp><meta charset=koi8-r></xmp>",
        "<iframe><meta charset=koi8-r></iframe>",
        "<noembed><meta charset=koi8-r></noembed>",
        "<noframes><meta charset=koi8-r></noframes>",
        "<noscript><meta charset=koi8-r></noscript>",
        "<body><noscript><meta charset=koi8-r></noscript>",
        "<script>document.write('<meta charset=koi8-r>')</script>",
        "<title></titlex><meta charset=koi8-r></title>",
        "<script><!--<script></script><meta charset=koi8-r>--></script>",
        "<plaintext></plaintext><meta charset=koi8-r>",
        // Attribute values, however quoted.
        "<a title=\"<meta charset=koi8-r>\">",
        "<a title='<meta charset=koi8-r>'>",
        "<p<meta charset=koi8-r>",
        // CDATA in foreign content.
        "<svg><![CDATA[ > <meta charset=koi8-r> ]]></svg>",
        // Not a meta: 0x0B does not end a tag name.
        "<meta\u{B}charset=koi8-r>",
    ] {
        assert_eq!(ends(document), "windows-1252", "{document}");
    }
    // The same tags, ended, let the meta after them count.
    for document in [
        "<!-- x --><meta charset=koi8-r>",
        "<!--><meta charset=koi8-r>",
        "<!---><meta charset=koi8-r>",
        "<title>x</TITLE ><meta charset=koi8-r>",
        "<script>x</script><meta charset=koi8-r>",
        "<script><!--<script></script>--></script><meta charset=koi8-r>",
        "<script><!--x--></script><meta charset=koi8-r>",
        "<![CDATA[ > <meta charset=koi8-r> ]]>",
        "<svg><![CDATA[ x ]]><meta charset=koi8-r>",
        "<a title=\"x>\"><meta charset=koi8-r>",
    ] {
        assert_eq!(ends(document), "KOI8-R", "{document}");
    }
}

#[test]
fn noscript_follows_the_scripting_flag() {
    let off = SniffOptions::new().scripting(false);
    assert_eq!(
        ends_with("<head><noscript><meta charset=koi8-r>", &off),
        "KOI8-R"
    );
    assert_eq!(
        ends_with(
            "<head><noscript><meta charset=koi8-r>",
            &SniffOptions::new()
        ),
        "windows-1252"
    );
    // In the body without scripting, noscript is an ordinary element.
    assert_eq!(
        ends_with("<body><noscript><meta charset=koi8-r>", &off),
        "KOI8-R"
    );
}

#[test]
fn the_attributes_as_the_tokenizer_reads_them() {
    for (document, expected) in [
        ("<meta charset=\"koi8-r\">", "KOI8-R"),
        ("<META CHARSET=KOI8-R>", "KOI8-R"),
        ("<meta charset=' koi8-r '>", "KOI8-R"),
        ("<meta charset=koi8&#45;r>", "KOI8-R"),
        ("<meta charset=koi8&#x2d;r>", "KOI8-R"),
        ("<meta charset='&Tab;koi8-r'>", "KOI8-R"),
        ("<meta charset=koi8-r/>", "windows-1252"),
        // The first of repeated attributes counts.
        ("<meta charset=koi8-r charset=windows-1251>", "KOI8-R"),
        ("<meta charset=bogus charset=koi8-r>", "windows-1252"),
        // A charset that is no encoding gives way to http-equiv and content.
        (
            "<meta charset=bogus http-equiv=content-type content='charset=koi8-r'>",
            "KOI8-R",
        ),
        (
            "<meta http-equiv=Content-Type content=\"text/html; charset=koi8-r\">",
            "KOI8-R",
        ),
        (
            "<meta content='charset=koi8-r' http-equiv=content-type>",
            "KOI8-R",
        ),
        (
            "<meta http-equiv=refresh http-equiv=content-type content='charset=koi8-r'>",
            "windows-1252",
        ),
        (
            "<meta http-equiv=content&#45;type content='charset&equals;koi8-r'>",
            "KOI8-R",
        ),
        (
            "<meta http-equiv=content-type content='charset=&quot;koi8-r&quot;'>",
            "KOI8-R",
        ),
        ("<meta content='charset=koi8-r'>", "windows-1252"),
        // UTF-16 means UTF-8; x-user-defined, windows-1252 (the default again: certain).
        ("<meta charset=utf-16le>", "UTF-8"),
        ("<meta charset=x-user-defined>", "windows-1252"),
    ] {
        assert_eq!(ends(document), expected, "{document}");
    }
    let sniffed =
        sniff_whole_document(&late("<meta charset=x-user-defined>"), &SniffOptions::new());
    assert_eq!(sniffed.rule, Rule::LateMeta { offset: 1107 });
    assert_eq!(sniffed.confidence, Confidence::Certain);
}

#[test]
fn a_font_with_color_face_or_size_leaves_foreign_content() {
    // A plain font is an SVG element; the style in it is no raw text.
    assert_eq!(ends("<svg><font><style><meta charset=koi8-r>"), "KOI8-R");
    // With color it leaves: the style is HTML's, raw text.
    assert_eq!(
        ends("<svg><font color=red><style><meta charset=koi8-r>"),
        "windows-1252"
    );
    // An annotation-xml with an HTML encoding is an integration point.
    assert_eq!(
        ends("<math><annotation-xml encoding=text/html><style><meta charset=koi8-r>"),
        "windows-1252"
    );
    assert_eq!(
        ends("<math><annotation-xml><style><meta charset=koi8-r>"),
        "KOI8-R"
    );
    // An encoding of an earlier one is not this one's.
    assert_eq!(
        ends("<math><annotation-xml encoding=text/html></annotation-xml><annotation-xml><style><meta charset=koi8-r>"),
        "KOI8-R"
    );
    // End tags close foreign content back to HTML.
    assert_eq!(
        ends("<svg></svg><style><meta charset=koi8-r>"),
        "windows-1252"
    );
    assert_eq!(
        ends("<div><svg><g></div><style><meta charset=koi8-r>"),
        "windows-1252"
    );
    assert_eq!(ends("<svg><p><style><meta charset=koi8-r>"), "windows-1252");
}

#[test]
fn the_rule_says_which_meta_and_where() {
    // The prescan's own meta, met again: its rule, now certain.
    let page = b"<meta charset=koi8-r><p>x";
    let sniffed = sniff_whole_document(page, &SniffOptions::new());
    assert_eq!(sniffed.rule, Rule::Meta { offset: 0 });
    assert_eq!(sniffed.confidence, Confidence::Certain);
    // The prescan's meta in a title, a real one later.
    let page = b"<title><meta charset=koi8-r></title><meta charset=windows-1251>";
    let sniffed = sniff_whole_document(page, &SniffOptions::new());
    assert_eq!(
        (sniffed.encoding.name(), sniffed.rule),
        ("windows-1251", Rule::LateMeta { offset: 36 })
    );
    // The prescan's meta in a title, and no other: the prescan's answer stands, tentative.
    let page = b"<title><meta charset=koi8-r></title>";
    let sniffed = sniff_whole_document(page, &SniffOptions::new());
    assert_eq!(
        (sniffed.encoding.name(), sniffed.confidence),
        ("KOI8-R", Confidence::Tentative)
    );
    // Certain from the start: nothing is followed.
    let options = SniffOptions::new().content_type(b"text/html; charset=utf-8");
    let sniffed = sniff_whole_document(&late(META), &options);
    assert_eq!(
        (sniffed.encoding.name(), sniffed.rule),
        ("UTF-8", Rule::TransportLayer)
    );
}

#[test]
fn where_the_meta_needs_a_reparse_and_where_it_changes_in_place() {
    // Only ASCII before: in place. An "é" in windows-1252 before: parse again.
    for (document, in_place) in [("<p>cafe</p>", true), ("<p>caf\u{E9}</p>", false)] {
        let mut bytes = late("");
        let (encoded, _, _) = crate::WINDOWS_1252.encode(document);
        bytes.extend(&*encoded);
        bytes.extend(META.as_bytes());
        // Followed to the end, or to the last `<meta` (here the one found).
        let last = ahead::last_meta(&bytes);
        assert_eq!(last, Some(bytes.len() - META.len()));
        let found = follow_all(crate::WINDOWS_1252, &bytes, true, None).unwrap();
        let searched = follow_all(crate::WINDOWS_1252, &bytes, true, last).unwrap();
        let place = |found: Found| (found.encoding, found.offset, found.end);
        assert_eq!(place(searched), place(found));
        assert_eq!(found.offset as usize, bytes.len() - META.len());
        assert_eq!(found.end as usize, bytes.len());
        let koi8_r = found.encoding;
        let change = change_the_encoding(crate::WINDOWS_1252, koi8_r, &bytes[..found.end as usize]);
        let expected = if in_place {
            EncodingChange::ChangeInPlace(koi8_r)
        } else {
            EncodingChange::Reparse(koi8_r)
        };
        assert_eq!(change, expected, "{document}");
        // The streaming forms' summary agrees here.
        let mut converted = Converted::default();
        converted.note(&bytes);
        assert_eq!(converted.change(crate::WINDOWS_1252, koi8_r), expected);
    }
}

#[test]
fn the_text_is_tokenized_in_the_encoding_not_as_bytes() {
    // In ISO-2022-JP, the bytes of `<meta …>` after ESC $ B are kanji, no tag.
    let mut page = late("");
    page.extend(b"\x1b$B<meta charset=koi8-r>\x1b(B");
    let options = SniffOptions::new().default_encoding(crate::ISO_2022_JP);
    assert_eq!(
        sniff_whole_document(&page, &options).encoding,
        crate::ISO_2022_JP
    );
    page.extend(META.as_bytes());
    let sniffed = sniff_whole_document(&page, &options);
    assert_eq!(sniffed.encoding.name(), "KOI8-R");
    assert_eq!(
        sniffed.rule,
        Rule::LateMeta {
            offset: page.len() - META.len()
        }
    );
    // A UTF-16 document (by the prescan's `<?x`) keeps UTF-16 at its meta, certain; the
    // offset is the `<`'s first byte.
    let text = "<?xml version='1.0'?><meta charset=koi8-r>";
    let page: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let sniffed = sniff_whole_document(&page, &SniffOptions::new());
    assert_eq!(sniffed.encoding, crate::UTF_16LE);
    assert_eq!(sniffed.rule, Rule::LateMeta { offset: 2 * 21 });
    assert_eq!(sniffed.confidence, Confidence::Certain);
}

#[test]
fn a_tag_cut_across_pieces_is_located() {
    // The follower's pieces are 2,728 bytes: put a meta's `<` on every side of that cut.
    for pad in 2700..2740 {
        let mut page = b"<!--".to_vec();
        page.extend(std::iter::repeat_n(b'x', pad));
        page.extend(b"-->");
        let at = page.len();
        page.extend(b"<meta http-equiv=content-type content='text/html; charset=koi8-r'>");
        let sniffed = sniff_whole_document(&page, &SniffOptions::new());
        assert_eq!(sniffed.rule, Rule::LateMeta { offset: at }, "{pad}");
        assert_eq!(sniffed.encoding.name(), "KOI8-R");
    }
}

#[test]
fn a_sniffer_in_pieces_answers_as_the_whole_bytes() {
    use crate::sniff::Sniffer;
    let documents = [
        late(META),
        late("<p>caf\u{E9}</p><meta charset=koi8-r>"),
        late("<title><meta charset=koi8-r></title>"),
        late("<plaintext><meta charset=koi8-r>"),
        b"<meta charset=bogus http-equiv=content-type content='charset=koi8-r'>".to_vec(),
        b"<meta charset=koi8-r>".to_vec(),
        b"<p>".to_vec(),
        Vec::new(),
    ];
    for document in &documents {
        let expected = sniff_whole_document(document, &SniffOptions::new());
        for size in [1, 7, 512, 1023, 1024, 5000] {
            let mut sniffer = Sniffer::whole_document(SniffOptions::new());
            let mut answer = None;
            for chunk in document.chunks(size) {
                let (taken, sniffed) = sniffer.push(chunk);
                if sniffed.is_some() {
                    answer = sniffed;
                    break;
                }
                assert_eq!(taken, chunk.len());
            }
            let answer = answer.unwrap_or_else(|| sniffer.finish());
            assert_eq!(
                answer,
                expected,
                "{size}: {:?}",
                String::from_utf8_lossy(document)
            );
            assert!(document.starts_with(sniffer.held()));
        }
    }
}

#[test]
fn a_sniffing_decoder_changes_in_place_or_says_to_parse_again() {
    use crate::sniff::SniffingDecoder;
    let koi8_r = crate::Encoding::for_label(b"koi8-r").unwrap();
    // (page, the change, the text expected)
    let ascii = late("<meta charset=koi8-r><p>\u{0}");
    let mut ascii = ascii[..ascii.len() - 1].to_vec();
    ascii.extend(b"\xF0\xD2\xC9\xD7\xC5\xD4");
    let mut non_ascii = late("<p>caf\u{0}</p><meta charset=koi8-r><p>");
    let at = non_ascii.iter().position(|&b| b == 0).unwrap();
    non_ascii[at] = 0xE9;
    non_ascii.extend(b"\xF0\xD2\xC9\xD7\xC5\xD4");
    for size in [1, 3, 100, 1024, 4096] {
        let mut decoder = SniffingDecoder::whole_document(SniffOptions::new());
        let mut text = String::with_capacity(2 * ascii.len());
        for chunk in ascii.chunks(size) {
            let mut rest = chunk;
            while !rest.is_empty() {
                let (_, read, _) = decoder.decode_to_string(rest, &mut text, false);
                rest = &rest[read..];
            }
        }
        let _ = decoder.decode_to_string(b"", &mut text, true);
        assert_eq!(
            decoder.encoding_change(),
            Some(EncodingChange::ChangeInPlace(koi8_r))
        );
        assert_eq!(text, koi8_r.decode_without_bom_handling(&ascii).0, "{size}");
        assert_eq!(decoder.encoding(), Some(koi8_r));
        // Into bytes too.
        let mut decoder = SniffingDecoder::whole_document(SniffOptions::new());
        let mut out = vec![0; 3 * ascii.len() + 16];
        let mut written = 0;
        let mut rest = &ascii[..];
        loop {
            let (_, read, more, _) = decoder.decode_to_utf8(rest, &mut out[written..], true);
            written += more;
            rest = &rest[read..];
            if rest.is_empty() {
                break;
            }
        }
        assert_eq!(&out[..written], text.as_bytes());

        let mut decoder = SniffingDecoder::whole_document(SniffOptions::new());
        let mut text = String::with_capacity(2 * non_ascii.len());
        for chunk in non_ascii.chunks(size) {
            let _ = decoder.decode_to_string(chunk, &mut text, false);
        }
        let _ = decoder.decode_to_string(b"", &mut text, true);
        assert_eq!(
            decoder.encoding_change(),
            Some(EncodingChange::Reparse(koi8_r))
        );
        assert_eq!(decoder.sniffed().map(|s| s.encoding), Some(koi8_r));
        // The text stays in the old encoding throughout.
        assert_eq!(
            text,
            crate::WINDOWS_1252
                .decode_without_bom_handling(&non_ascii)
                .0
        );
        assert_eq!(decoder.encoding(), Some(crate::WINDOWS_1252));
    }
}

#[cfg(feature = "alloc")]
#[test]
fn a_fetched_document_in_one_call() {
    use crate::sniff::decode_document;
    let mut page = late(META);
    page.extend(b"<p>\xF0\xD2\xC9\xD7\xC5\xD4");
    let (text, sniffed) = decode_document(Format::Html, &page, &SniffOptions::new());
    assert!(text.ends_with("<meta charset=koi8-r><p>Привет"));
    assert_eq!(
        sniffed.rule,
        Rule::LateMeta {
            offset: page.len() - 9 - META.len()
        }
    );
    // A byte order mark decides, once: the text leaves it out; a later meta changes nothing.
    let mut marked = b"\xEF\xBB\xBF".to_vec();
    marked.extend(&page);
    let (text, sniffed) = decode_document(Format::Html, &marked, &SniffOptions::new());
    assert_eq!(
        (sniffed.encoding, sniffed.rule),
        (crate::UTF_8, Rule::ByteOrderMark)
    );
    assert!(text.starts_with("<!--xxx"));
    // The transport layer's charset.
    let options = SniffOptions::new().content_type(b"text/html; charset=windows-1251");
    let (text, sniffed) = decode_document(Format::Html, &page, &options);
    assert_eq!(
        (sniffed.encoding.name(), sniffed.rule),
        ("windows-1251", Rule::TransportLayer)
    );
    assert!(text.ends_with("<p>рТЙЧЕФ"));
    // CSS and XML by their own standards.
    let (text, sniffed) = decode_document(
        Format::Css,
        b"@charset \"koi8-r\"; a{content:'\xF0'}",
        &SniffOptions::new(),
    );
    assert_eq!(
        (sniffed.encoding.name(), &*text),
        ("KOI8-R", "@charset \"koi8-r\"; a{content:'П'}")
    );
    let (text, sniffed) = decode_document(Format::Xml, b"<a>\xC3\xA9</a>", &SniffOptions::new());
    assert_eq!((sniffed.encoding, &*text), (crate::UTF_8, "<a>é</a>"));
}
