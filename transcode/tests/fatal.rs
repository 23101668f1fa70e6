//! `--fatal`: the first malformed sequence or unmappable character stops the run with the
//! input file, the byte offset and the bytes (or the code point), exit status 1, and no
//! output file. Offsets and bytes are worked out by hand from the inputs built here.

mod common;

use common::{arg, files_in, run, stderr};

#[test]
fn malformed_utf8_at_a_known_offset() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    let mut bytes = "ok ".repeat(100_000).into_bytes();
    bytes.extend_from_slice(b"\xF0\x9F\x92 and more");
    std::fs::write(&input, &bytes).unwrap();
    let out = dir.path().join("out.txt");
    let output = run(&["--fatal", "-o", arg(&out), arg(&input)], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!("whatwg-transcode: {}: malformed UTF-8 sequence at byte offset 300000: 0xF0 0x9F 0x92\n", arg(&input))
    );
    assert_eq!(
        files_in(dir.path()),
        ["input.txt"],
        "no output file, no temporary file"
    );
}

#[test]
fn malformed_shift_jis_keeps_an_existing_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.sjis");
    // 日本 then a lead byte followed by a byte that cannot trail it.
    std::fs::write(&input, b"\x93\xFA\x96\x7Babc\x81\x7F").unwrap();
    let out = dir.path().join("out.txt");
    std::fs::write(&out, b"before").unwrap();
    let output = run(
        &["-f", "sjis", "--fatal", "-o", arg(&out), arg(&input)],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).ends_with("malformed Shift_JIS sequence at byte offset 7: 0x81\n"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"before");
    assert_eq!(files_in(dir.path()), ["input.sjis", "out.txt"]);
}

#[test]
fn unmappable_character_in_a_file_gives_its_input_offset_and_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.sjis");
    std::fs::write(&first, "café\n").unwrap();
    // "abc" and 日 in Shift_JIS: 日 is at byte 3 of the second file.
    std::fs::write(&second, b"abc\x93\xFA").unwrap();
    let out = dir.path().join("out.txt");
    let output = run(
        &[
            "-f",
            "shift_jis",
            "-t",
            "latin1",
            "--fatal",
            "-o",
            arg(&out),
            arg(&second),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "whatwg-transcode: {}: U+65E5 (日) cannot be encoded in windows-1252: at byte offset 3 (0x93 0xFA)\n",
            arg(&second)
        )
    );
    // Offsets count from the start of the file the character is in.
    let output = run(
        &[
            "-t",
            "latin1",
            "--fatal",
            "-o",
            arg(&out),
            arg(&first),
            arg(&first),
            "-",
        ],
        "ab日".as_bytes(),
    );
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: U+65E5 (日) cannot be encoded in windows-1252: at byte offset 2 of the decoded text\n"
    );
    assert_eq!(files_in(dir.path()), ["first.txt", "second.sjis"]);
}

/// Without --fatal: U+FFFD for malformed input, numeric character references for unmappable
/// characters (the replacement and html error modes).
#[test]
fn without_fatal_errors_are_replaced() {
    let output = run(&["-t", "latin1"], b"a\xFFb \xE6\x97\xA5");
    assert!(output.status.success());
    // U+FFFD is not in windows-1252 either: it becomes &#65533;.
    assert_eq!(output.stdout, b"a&#65533;b &#26085;");
}

/// UTF-16 output has no unmappable characters: --fatal stops at malformed input as with any
/// other output, and without it malformed input becomes U+FFFD (FD FF in UTF-16LE).
#[test]
fn utf16_output_stops_only_at_malformed_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, b"ab\xE6\x97 c").unwrap();
    let out = dir.path().join("out");
    let output = run(
        &[
            "-t",
            "utf-16le",
            "--bom",
            "--fatal",
            "-o",
            arg(&out),
            arg(&input),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "whatwg-transcode: {}: malformed UTF-8 sequence at byte offset 2: 0xE6 0x97\n",
            arg(&input)
        )
    );
    assert_eq!(files_in(dir.path()), ["input.txt"]);

    let output = run(&["-t", "utf-16le", "-o", arg(&out), arg(&input)], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        std::fs::read(&out).unwrap(),
        b"a\x00b\x00\xFD\xFF \x00c\x00"
    );
}
