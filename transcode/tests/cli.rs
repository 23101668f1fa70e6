//! The command line: --list, labels, byte order marks, inputs, -o, the progress bar.

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
    let output = run(&["-t", "utf-16be"], b"x");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no encoder for UTF-16BE"));
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
