//! The HTML sniffing against an implementation outside this code: Chromium's
//! `document.characterSet` for documents served as `text/html` without a charset, recorded
//! by `spec-tests/chromium/oracle.py` in `spec-tests/fixtures/chromium-sniff/` (documents and
//! `expected.tsv`). Where Chromium departs from the HTML Standard, the departure is listed
//! below with the standard's answer, which the crate must give instead.

use std::path::Path;

use whatwg_encoding::sniff::{change_the_encoding, sniff, EncodingChange, Format, SniffOptions};
use whatwg_encoding::Encoding;

/// (document, the standard's answer, why Chromium answers otherwise).
const DEPARTURES: &[(&str, &str, &str)] = &[
    ("charset-twice", "KOI8-R", "prescan step 7 skips a repeated attribute; Chromium takes the last"),
    ("charset-twice-first-bogus", "windows-1252", "prescan step 7 skips a repeated attribute (the first is failure); Chromium takes the last"),
    ("content-twice-first-wins", "KOI8-R", "prescan step 7 skips a repeated attribute; Chromium takes the last"),
    ("pragma-twice-first-wins", "windows-1252", "the first http-equiv (refresh) counts; Chromium takes any"),
    ("meta-then-vt", "windows-1252", "0x0B does not end `<meta`; nothing is declared, and Chromium's content-based detector (step 8, left off here) guesses"),
    ("in-script", "KOI8-R", "the prescan does not tokenize: a <meta> in a script's text counts; Chromium's meta parser tokenizes"),
    ("in-title", "KOI8-R", "the prescan does not tokenize: a <meta> in a title's text counts; Chromium's meta parser tokenizes"),
    ("in-textarea", "KOI8-R", "the prescan does not tokenize: a <meta> in a textarea counts; Chromium's meta parser tokenizes"),
    ("ends-at-byte-1025", "windows-1252", "the prescan stops at byte 1024; Chromium goes on in the head (changing the encoding while parsing ends there too)"),
    ("starts-at-byte-1100", "windows-1252", "the prescan stops at byte 1024; Chromium goes on in the head (changing the encoding while parsing ends there too)"),
    ("comment-past-1024", "windows-1252", "the prescan stops at byte 1024; Chromium goes on in the head (changing the encoding while parsing ends there too)"),
];

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/chromium-sniff")
}

#[test]
fn the_sniffing_agrees_with_chromium_but_where_chromium_departs_from_the_standard() {
    let expected = std::fs::read_to_string(fixture().join("expected.tsv")).unwrap();
    let mut checked = 0;
    let mut departures = 0;
    for line in expected.lines().filter(|line| !line.starts_with('#')) {
        let (name, chromium) = line.split_once('\t').unwrap();
        let bytes = std::fs::read(fixture().join(format!("{name}.html"))).unwrap();
        let ours = sniff(Format::Html, &bytes, true, &SniffOptions::default()).unwrap();
        checked += 1;
        match DEPARTURES
            .iter()
            .find(|(departing, _, _)| *departing == name)
        {
            None => assert_eq!(ours.encoding.name(), chromium, "{name}"),
            Some((_, standard, why)) => {
                departures += 1;
                assert_eq!(ours.encoding.name(), *standard, "{name}");
                assert_ne!(
                    chromium, *standard,
                    "{name}: Chromium no longer departs ({why})"
                );
            }
        }
    }
    assert_eq!(checked, 105, "every document of the fixture");
    assert_eq!(departures, DEPARTURES.len());
}

/// A parser that meets the late `<meta>` and changes the encoding while parsing (13.2.3.4)
/// ends with Chromium's encoding: only ASCII came before, so it changes on the fly.
#[test]
fn changing_the_encoding_reaches_chromiums_answer_for_a_late_meta() {
    for name in [
        "ends-at-byte-1025",
        "starts-at-byte-1100",
        "comment-past-1024",
    ] {
        let bytes = std::fs::read(fixture().join(format!("{name}.html"))).unwrap();
        let sniffed = sniff(Format::Html, &bytes, true, &SniffOptions::default()).unwrap();
        let at = bytes
            .windows(5)
            .rposition(|window| window == b"<meta")
            .unwrap();
        let declared = Encoding::for_label(b"koi8-r").unwrap();
        assert_eq!(
            change_the_encoding(sniffed.encoding, declared, &bytes[..at]),
            EncodingChange::ChangeInPlace(declared),
            "{name}"
        );
    }
}
