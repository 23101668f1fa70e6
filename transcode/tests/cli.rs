//! The command line: --list, labels, UTF-16 output, byte order marks in and out, inputs, -o,
//! the progress bar.

mod common;

use common::{arg, files_in, run, stderr};

#[test]
fn list_prints_every_encoding_with_its_labels() {
    let output = run(&["--list"], b"");
    assert!(output.status.success());
    let list = String::from_utf8(output.stdout).unwrap();
    // Section 4.2 has 40 encodings.
    assert_eq!(list.lines().count(), 40);
    assert!(list.contains("\nShift_JIS: csshiftjis, ms932, ms_kanji, shift-jis, shift_jis, sjis, windows-31j, x-sjis\n"));
    assert!(list.contains(
        "\nUTF-8: unicode-1-1-utf-8, unicode11utf8, unicode20utf8, utf-8, utf8, x-unicode20utf8\n"
    ));
}

#[test]
fn an_unknown_label_says_how_to_see_the_valid_ones() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let output = run(&["-f", "latin-1", "-o", arg(&out)], b"x");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: -f \"latin-1\" is not a label of any encoding; run `whatwg-transcode --list` for the encodings and their labels\n"
    );
    assert!(files_in(dir.path()).is_empty());
    // iso-2022-kr is a label of the replacement encoding, which has no encoder.
    let output = run(&["-t", "iso-2022-kr", "-o", arg(&out)], b"x");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: -t \"iso-2022-kr\": the Encoding Standard defines no encoder for replacement (its output encoding is UTF-8, section 4.3); use -t utf-8\n"
    );
    assert!(files_in(dir.path()).is_empty());
}

/// UTF-16 output, outside the standard, by any label of UTF-16LE or UTF-16BE.
#[test]
fn utf16_output_by_its_labels() {
    // U+20AC and U+1F600 (D83D DE00).
    let text = "€😀".as_bytes();
    for label in ["utf-16le", "UTF-16", "unicode", "ucs-2"] {
        let output = run(&["-t", label], text);
        assert!(output.status.success(), "{label}: {}", stderr(&output));
        assert_eq!(output.stdout, b"\xAC\x20\x3D\xD8\x00\xDE", "{label}");
    }
    for label in ["utf-16be", "unicodefffe"] {
        let output = run(&["-t", label], text);
        assert!(output.status.success(), "{label}: {}", stderr(&output));
        assert_eq!(output.stdout, b"\x20\xAC\xD8\x3D\xDE\x00", "{label}");
    }
}

#[test]
fn bom_begins_the_output_once() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::write(&a, b"\xEF\xBB\xBFone ").unwrap();
    std::fs::write(&b, b"two").unwrap();
    let cases: [(&str, &[u8]); 3] = [
        ("utf-8", b"\xEF\xBB\xBFone two"),
        ("utf-16le", b"\xFF\xFEo\x00n\x00e\x00 \x00t\x00w\x00o\x00"),
        ("utf-16be", b"\xFE\xFF\x00o\x00n\x00e\x00 \x00t\x00w\x00o"),
    ];
    for (label, expected) in cases {
        let output = run(&["--bom", "-t", label, arg(&a), arg(&b)], b"");
        assert!(output.status.success(), "{label}: {}", stderr(&output));
        assert_eq!(output.stdout, expected, "{label}");
    }
    // An empty input: the mark alone.
    assert_eq!(run(&["--bom"], b"").stdout, b"\xEF\xBB\xBF");
    // Without --bom, none.
    assert_eq!(run(&["-t", "utf-16be"], b"").stdout, b"");
}

/// --bom with an encoding that has no byte order mark is a usage error, before any output.
#[test]
fn bom_with_another_encoding_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for (label, name) in [
        ("sjis", "Shift_JIS"),
        ("gb18030", "gb18030"),
        ("latin1", "windows-1252"),
    ] {
        let output = run(&["--bom", "-t", label, "-o", arg(&out)], b"x");
        assert_eq!(output.status.code(), Some(2), "{label}");
        assert_eq!(
            stderr(&output),
            format!("whatwg-transcode: --bom: {name} has no byte order mark; BOM sniffing (section 6.1) recognises only UTF-8's, UTF-16LE's and UTF-16BE's\n")
        );
        assert!(output.stdout.is_empty());
    }
    assert!(files_in(dir.path()).is_empty());
}

/// Reading back output written with --bom: without -f the mark is sniffed and removed; with
/// -f, only the named encoding's own mark is removed and another's is decoded as text.
#[test]
fn bom_output_read_back() {
    let le = run(&["--bom", "-t", "utf-16le"], b"hi").stdout;
    assert_eq!(run(&[], &le).stdout, b"hi");
    assert_eq!(run(&["-f", "utf-16le"], &le).stdout, b"hi");
    // FF FE read as UTF-16BE is U+FFFE, a noncharacter but not an error; "h\0" is U+6800.
    assert_eq!(
        run(&["-f", "utf-16be"], &le).stdout,
        "\u{FFFE}\u{6800}\u{6900}".as_bytes()
    );
    let utf8 = run(&["--bom"], b"hi").stdout;
    assert_eq!(run(&["-f", "utf-8"], &utf8).stdout, b"hi");
    assert_eq!(run(&["-f", "utf-8", "--bom"], &utf8).stdout, utf8);
}

#[test]
fn labels_are_matched_as_the_standard_says() {
    let output = run(&["-f", " LATIN1\t", "-t", "Shift-JIS"], b"\xA5");
    assert!(output.status.success(), "{}", stderr(&output));
    // windows-1252 0xA5 is U+00A5, which Shift_JIS encodes as 0x5C (its encoder step 4).
    assert_eq!(output.stdout, b"\x5C");
}

#[test]
fn a_byte_order_mark_decides_unless_f_is_given() {
    assert_eq!(run(&[], b"\xFE\xFF\x00h\x00i").stdout, b"hi");
    assert_eq!(run(&[], b"\xEF\xBB\xBFhi").stdout, b"hi");
    // With -f, only the encoding's own mark is removed.
    assert_eq!(
        run(&["-f", "windows-1252"], b"\xEF\xBB\xBFhi").stdout,
        "ï»¿hi".as_bytes()
    );
    assert_eq!(run(&["-f", "utf-16le"], b"\xFF\xFEh\x00").stdout, b"h");
}

#[test]
fn inputs_are_transcoded_in_order_into_one_output() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::write(&a, b"\xEF\xBB\xBFone ").unwrap();
    std::fs::write(&b, b"\xFF\xFEt\x00w\x00o\x00 \x00").unwrap();
    let out = dir.path().join("out");
    std::fs::write(&out, b"old").unwrap();
    let output = run(&["-o", arg(&out), arg(&a), "-", arg(&b)], b"stdin ");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    assert_eq!(std::fs::read(&out).unwrap(), b"one stdin two ");
    assert_eq!(files_in(dir.path()), ["a", "b", "out"]);
}

#[test]
fn a_missing_input_fails_before_any_output() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let out = dir.path().join("out");
    let output = run(&["-o", arg(&out), arg(&missing)], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).starts_with(&format!("whatwg-transcode: {}: ", arg(&missing))));
    assert!(files_in(dir.path()).is_empty());
}

/// Piped, a large input shows no progress bar.
#[test]
fn no_progress_bar_when_piped() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("big");
    std::fs::write(&input, vec![b'a'; 6 << 20]).unwrap();
    let output = run(&[arg(&input)], b"");
    assert!(output.status.success());
    assert_eq!(output.stdout.len(), 6 << 20);
    assert!(output.stderr.is_empty());
}
