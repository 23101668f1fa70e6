//! The bench corpus (the Mars article in sixteen languages, vendored under
//! tests/fixtures/bench-corpus) through the tool, byte for byte:
//!
//! - through every encoding that can represent a text: UTF-8 to it and back gives the text;
//! - through each legacy encoding the corpus names for the language (../shared/README.md),
//!   most of which cannot represent every character of the article: the text in that
//!   encoding as the benchmarks make it (the html error mode, numeric character references
//!   for the rest), to UTF-8 and back, gives the same bytes;
//! - through UTF-16LE and UTF-16BE, with and without a byte order mark (an extension outside
//!   the standard): to them and back gives the text.
//!
//! encoding_rs says which encodings can represent a text and gives the bytes each encoding
//! must produce.

mod common;

use std::path::{Path, PathBuf};

use common::{arg, run, stderr};
use whatwg_encoding::{data, Encoding};

/// The legacy encodings the bench corpus names for each language (../shared/README.md).
const NAMED: &[(&str, &[&str])] = &[
    ("ar", &["windows-1256"]),
    ("cs", &["windows-1250", "ISO-8859-2"]),
    ("de", &["windows-1252"]),
    ("el", &["windows-1253", "ISO-8859-7"]),
    ("en", &["windows-1252"]),
    ("fr", &["windows-1252"]),
    ("he", &["windows-1255", "ISO-8859-8"]),
    ("ja", &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
    ("ko", &["EUC-KR"]),
    ("pt", &["windows-1252"]),
    ("ru", &["windows-1251", "KOI8-R", "IBM866"]),
    ("th", &["windows-874"]),
    ("tr", &["windows-1254"]),
    ("vi", &["windows-1258"]),
    ("zh_cn", &["gb18030", "GBK"]),
    ("zh_tw", &["Big5"]),
];

/// Every encoding with an encoder of its own (section 4.3: all but replacement, UTF-16BE
/// and UTF-16LE), by name.
fn encoders() -> Vec<&'static str> {
    let mut names: Vec<&str> = data::labels().iter().map(|&(_, name)| name).collect();
    names.sort_unstable();
    names.dedup();
    names.retain(|name| {
        let encoding = Encoding::for_label(name.as_bytes()).expect("a name is a label");
        encoding.output_encoding() == encoding
    });
    assert_eq!(names.len(), 37, "section 4.2's 40 encodings less 3");
    names
}

fn corpus(language: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/fixtures/bench-corpus/{language}.txt"))
}

/// `language`'s text through each encoding that can represent it, and through each that
/// the corpus names; returns the encodings that can represent it.
fn round_trip(language: &str) -> Vec<&'static str> {
    let source = corpus(language);
    let original = std::fs::read(&source).expect("the vendored corpus");
    let text = std::str::from_utf8(&original).expect("UTF-8");
    let named = NAMED
        .iter()
        .find(|(l, _)| *l == language)
        .expect("a named language")
        .1;
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, what: &str| dir.path().join(format!("{language}.{name}.{what}"));
    let mut representable = Vec::new();
    let mut legacy_round_trips = 0;
    for name in encoders() {
        let oracle = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
        let (expected, _, unmappable) = oracle.encode(text);
        if !unmappable {
            // UTF-8 to the encoding and back.
            let encoded = file(name, "encoded");
            transcode(&["-t", name, "--fatal", "-o", arg(&encoded), arg(&source)]);
            assert!(
                read(&encoded) == *expected,
                "{language} in {name}: not encoding_rs's bytes"
            );
            let back = file(name, "back");
            transcode(&["-f", name, "--fatal", "-o", arg(&back), arg(&encoded)]);
            assert!(
                read(&back) == original,
                "{language} through {name}: not the same text"
            );
            representable.push(name);
        }
        if named.contains(&name) {
            // The corpus in the encoding, html mode; then to UTF-8 and back.
            let legacy = file(name, "legacy");
            transcode(&["-t", name, "-o", arg(&legacy), arg(&source)]);
            assert!(
                read(&legacy) == *expected,
                "{language} in {name}: not encoding_rs's bytes"
            );
            let (utf8, again) = (file(name, "utf8"), file(name, "again"));
            transcode(&["-f", name, "--fatal", "-o", arg(&utf8), arg(&legacy)]);
            transcode(&["-t", name, "--fatal", "-o", arg(&again), arg(&utf8)]);
            assert!(
                read(&again) == read(&legacy),
                "{language} in {name}: not the same bytes"
            );
            legacy_round_trips += 1;
        }
    }
    assert_eq!(
        legacy_round_trips,
        named.len(),
        "{language}: every named encoding"
    );
    representable
}

/// Runs the tool; it must succeed.
fn transcode(args: &[&str]) {
    let output = run(args, b"");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("the tool's output")
}

/// UTF-16 output (outside the standard, which has no UTF-16 encoder) in both byte orders,
/// with and without a byte order mark: the tool writes the text's UTF-16 code units (the
/// standard library's `encode_utf16` gives the expected bytes) the same with and without
/// --fatal, and reads them back to the same UTF-8: by -f, which removes the encoding's own
/// byte order mark, and, with the mark, by BOM sniffing alone.
fn utf16_round_trips(language: &str) {
    let source = corpus(language);
    let original = std::fs::read(&source).unwrap();
    let text = std::str::from_utf8(&original).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (label, big_endian) in [("utf-16le", false), ("utf-16be", true)] {
        let bytes = |unit: u16| match big_endian {
            false => unit.to_le_bytes(),
            true => unit.to_be_bytes(),
        };
        let mark = bytes(0xFEFF);
        let units: Vec<u8> = text.encode_utf16().flat_map(bytes).collect();
        for bom in [false, true] {
            let expected = if bom {
                [&mark[..], &units[..]].concat()
            } else {
                units.clone()
            };
            let what = format!(
                "{language} in {label}{}",
                if bom { " with BOM" } else { "" }
            );
            let encoded = dir.path().join(format!("{label}.{bom}"));
            let mut args = vec!["-t", label, "-o", arg(&encoded), arg(&source)];
            if bom {
                args.push("--bom");
            }
            transcode(&args);
            assert!(read(&encoded) == expected, "{what}: not its UTF-16");
            args.push("--fatal");
            transcode(&args);
            assert!(
                read(&encoded) == expected,
                "{what}, --fatal: not its UTF-16"
            );

            let back = dir.path().join(format!("{label}.{bom}.back"));
            transcode(&["-f", label, "--fatal", "-o", arg(&back), arg(&encoded)]);
            assert!(read(&back) == original, "{what}, back by -f: not the text");
            if bom {
                transcode(&["--fatal", "-o", arg(&back), arg(&encoded)]);
                assert!(read(&back) == original, "{what}, back by BOM: not the text");
            }
        }
    }
}

macro_rules! languages {
    ($($language:ident)*) => {$(
        #[test]
        fn $language() {
            let language = stringify!($language);
            let representable = round_trip(language);
            eprintln!("{language}: round trip through {}", representable.join(", "));
            assert!(representable.contains(&"UTF-8"), "{language} in UTF-8");
            assert!(representable.contains(&"gb18030"), "{language} in gb18030");
            utf16_round_trips(language);
        }
    )*};
}

languages!(ar cs de el en fr he ja ko pt ru th tr vi zh_cn zh_tw);
