//! The HTML sniffing against an implementation outside this code: Chromium's
//! `document.characterSet` for documents served as `text/html` without a charset, recorded
//! by `spec-tests/chromium/oracle.py` in `spec-tests/fixtures/chromium-sniff/` (documents and
//! `expected.tsv`). Each document is held against two answers: the sniffing algorithm's
//! alone ([`sniff`]), and the encoding the document ends with
//! ([`sniff_whole_document`]: the sniffing, then changing the encoding while parsing), which
//! is what a browser shows. Where Chromium departs from the HTML Standard, the departure is
//! listed below with the standard's answer, which the crate must give instead.

use std::path::Path;

use whatwg_encoding::sniff::{sniff, sniff_whole_document, Format, SniffOptions};

/// The sniffing algorithm alone: (document, the standard's answer, why Chromium answers
/// otherwise).
const SNIFFING_DEPARTURES: &[(&str, &str, &str)] = &[
    ("charset-twice", "KOI8-R", "prescan step 7 skips a repeated attribute; Chromium takes the last"),
    ("charset-twice-first-bogus", "windows-1252", "prescan step 7 skips a repeated attribute (the first is failure); Chromium takes the last"),
    ("content-twice-first-wins", "KOI8-R", "prescan step 7 skips a repeated attribute; Chromium takes the last"),
    ("pragma-twice-first-wins", "windows-1252", "the first http-equiv (refresh) counts; Chromium takes any"),
    ("meta-then-vt", "windows-1252", "0x0B does not end `<meta`; nothing is declared, and Chromium's content-based detector (step 8, left off here) guesses"),
    ("in-script", "KOI8-R", "the prescan does not tokenize: a <meta> in a script's text counts; Chromium's meta parser tokenizes"),
    ("in-title", "KOI8-R", "the prescan does not tokenize: a <meta> in a title's text counts; Chromium's meta parser tokenizes"),
    ("in-textarea", "KOI8-R", "the prescan does not tokenize: a <meta> in a textarea counts; Chromium's meta parser tokenizes"),
];

/// The sniffing algorithm alone ends at the prescan's 1024 bytes: documents whose `<meta>`
/// comes later end with another encoding, which [`sniff_whole_document`] gives (and
/// Chromium, which follows the head further).
const PRESCAN_ENDS: &[&str] = &[
    "ends-at-byte-1025",
    "starts-at-byte-1100",
    "comment-past-1024",
    "late-in-head",
    "late-in-head-after-style",
    "late-in-noscript",
    "late-after-non-ascii",
    "late-after-late",
];

/// The encoding the document ends with: (document, the standard's answer, why Chromium
/// answers otherwise).
const DOCUMENT_DEPARTURES: &[(&str, &str, &str)] = &[
    ("charset-twice", "KOI8-R", "the tokenizer drops a repeated attribute: the first charset counts; Chromium takes the last"),
    ("charset-twice-first-bogus", "windows-1252", "the tokenizer drops a repeated attribute: the first charset, no encoding, counts; Chromium takes the last"),
    ("content-twice-first-wins", "KOI8-R", "the tokenizer drops a repeated attribute: the first content counts; Chromium takes the last"),
    ("pragma-twice-first-wins", "windows-1252", "the tokenizer drops a repeated attribute: the first http-equiv (refresh) counts; Chromium takes any"),
    ("meta-then-vt", "windows-1252", "0x0B does not end a tag name: no meta; Chromium's content-based detector (step 8, left off here) guesses"),
    ("in-script", "KOI8-R", "the prescan's answer stands when the parser meets no <meta> element, and this crate runs no scripts; Chromium's meta parser tokenizes, and a <meta> its script writes does not change the encoding"),
    ("in-title", "KOI8-R", "the prescan's answer stands when the parser meets no <meta> element (a title's text is none); Chromium's meta parser tokenizes"),
    ("in-textarea", "KOI8-R", "the prescan's answer stands when the parser meets no <meta> element (a textarea's text is none); Chromium's meta parser tokenizes"),
    ("bogus-charset-blocks-content", "KOI8-R", "the 'in head' rules fall back to http-equiv and content when the charset is no encoding; Chromium does not"),
    ("content-then-bogus-charset", "KOI8-R", "the 'in head' rules fall back to http-equiv and content when the charset is no encoding; Chromium does not"),
    ("late-in-body", "KOI8-R", "'in body' processes a meta with the 'in head' rules, which change the encoding; Chromium looks for a late <meta> only in the head"),
    ("late-in-table", "KOI8-R", "'in table' hands a meta to 'in body', thence to 'in head'; Chromium looks for a late <meta> only in the head"),
    ("late-in-svg", "KOI8-R", "foreign content hands a meta back to HTML content ('in body'); Chromium looks for a late <meta> only in the head"),
    ("late-in-svg-style", "KOI8-R", "an SVG style is no raw text, and its meta leaves foreign content; Chromium looks for a late <meta> only in the head"),
    ("late-in-select", "KOI8-R", "since the relaxed select parser (2025) there is no 'in select' mode: 'in body' takes the meta; Chromium looks for a late <meta> only in the head"),
    ("late-after-body", "KOI8-R", "'after body' hands a meta to 'in body'; Chromium looks for a late <meta> only in the head"),
    ("late-in-template", "KOI8-R", "'in template' processes a meta with the 'in head' rules; Chromium does not change the encoding for a meta in a template"),
    ("late-in-noscript", "windows-1252", "with scripting on (SniffOptions::scripting, as in Chromium) a noscript's content is raw text; Chromium's meta scanner reads it as elements"),
];

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/chromium-sniff")
}

/// Each document of the fixture with Chromium's answer.
fn documents() -> Vec<(String, String, Vec<u8>)> {
    let expected = std::fs::read_to_string(fixture().join("expected.tsv")).unwrap();
    expected
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (name, chromium) = line.split_once('\t').unwrap();
            let bytes = std::fs::read(fixture().join(format!("{name}.html"))).unwrap();
            (name.to_owned(), chromium.to_owned(), bytes)
        })
        .collect()
}

/// Checks `answer` for each document against Chromium's, but where `departures` list the
/// standard's.
fn check(
    answer: impl Fn(&[u8]) -> &'static str,
    departures: &[(&str, &str, &str)],
    prescan_ends: &[&str],
) {
    let mut departed = 0;
    let mut ended = 0;
    let documents = documents();
    for (name, chromium, bytes) in &documents {
        let ours = answer(bytes);
        match departures
            .iter()
            .find(|(departing, _, _)| departing == name)
        {
            None if prescan_ends.contains(&name.as_str()) => {
                ended += 1;
                assert_eq!(
                    ours, "windows-1252",
                    "{name}: the prescan does not reach it"
                );
                assert_ne!(chromium, ours, "{name}");
            }
            None => assert_eq!(ours, chromium, "{name}"),
            Some((_, standard, why)) => {
                departed += 1;
                assert_eq!(ours, *standard, "{name}");
                assert_ne!(
                    chromium, standard,
                    "{name}: Chromium no longer departs ({why})"
                );
            }
        }
    }
    assert_eq!(documents.len(), 122, "every document of the fixture");
    assert_eq!(departed, departures.len());
    assert_eq!(ended, prescan_ends.len());
}

#[test]
fn the_sniffing_agrees_with_chromium_but_where_chromium_departs_from_the_standard() {
    check(
        |bytes| {
            sniff(Format::Html, bytes, true, &SniffOptions::default())
                .unwrap()
                .encoding
                .name()
        },
        SNIFFING_DEPARTURES,
        PRESCAN_ENDS,
    );
}

#[test]
fn the_encoding_a_document_ends_with_agrees_with_chromium_but_where_chromium_departs() {
    check(
        |bytes| {
            sniff_whole_document(bytes, &SniffOptions::default())
                .encoding
                .name()
        },
        DOCUMENT_DEPARTURES,
        &[],
    );
}
