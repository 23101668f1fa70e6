//! EncodeWriter.

use std::io::{ErrorKind, Write};

use super::sample_text;
use whatwg_encoding::io::{EncodeWriter, UnmappableCharacter};
use whatwg_encoding::{
    Encoding, EUC_KR, GB18030, ISO_2022_JP, SHIFT_JIS, UTF_16LE, UTF_8, WINDOWS_1252,
};

fn oracle(encoding: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    encoding.encode(text).0.into_owned()
}

const CASES: [(&Encoding, &encoding_rs::Encoding); 6] = [
    (SHIFT_JIS, encoding_rs::SHIFT_JIS),
    (ISO_2022_JP, encoding_rs::ISO_2022_JP),
    (GB18030, encoding_rs::GB18030),
    (EUC_KR, encoding_rs::EUC_KR),
    (WINDOWS_1252, encoding_rs::WINDOWS_1252),
    (UTF_8, encoding_rs::UTF_8),
];

/// The html error mode, whole and written one byte at a time (every character split
/// between writes), against encoding_rs's encode, which writes the same references.
#[test]
fn html_mode_matches_encoding_rs_however_split() {
    let text = sample_text(30);
    for (ours, theirs) in CASES {
        let expected = oracle(theirs, &text);
        for piece in [1, 2, 5, 64, 100_000] {
            let mut writer = EncodeWriter::builder()
                .buffer_size(64)
                .build(Vec::new(), ours);
            for chunk in text.as_bytes().chunks(piece) {
                writer.write_all(chunk).unwrap();
            }
            assert_eq!(
                writer.finish().unwrap(),
                expected,
                "{} in pieces of {piece}",
                ours.name()
            );
        }
    }
}

/// ISO-2022-JP's return to ASCII comes at the end, from `finish` or from dropping.
#[test]
fn finish_and_drop_end_the_stream() {
    let mut writer = EncodeWriter::new(Vec::new(), ISO_2022_JP);
    writer.write_all("日".as_bytes()).unwrap();
    writer.flush().unwrap();
    assert_eq!(writer.finish().unwrap(), b"\x1B$BF|\x1B(B");
    let mut out = Vec::new();
    EncodeWriter::new(&mut out, ISO_2022_JP)
        .write_all("日".as_bytes())
        .unwrap();
    assert_eq!(out, b"\x1B$BF|\x1B(B");
}

/// The fatal mode: the unmappable code point and its offset in the UTF-8; what came before
/// it is flushed; every later write gives the error again.
#[test]
fn fatal_mode_reports_the_unmappable_character() {
    let mut out = Vec::new();
    let mut writer = EncodeWriter::builder()
        .fatal(true)
        .build(&mut out, SHIFT_JIS);
    writer.write_all("日本".as_bytes()).unwrap();
    let error = writer.write_all("語 €".as_bytes()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidData);
    let unmappable: &UnmappableCharacter = error.get_ref().and_then(|e| e.downcast_ref()).unwrap();
    assert_eq!((unmappable.code_point(), unmappable.offset()), ('€', 10));
    assert_eq!(
        error.to_string(),
        "U+20AC (€) cannot be encoded in Shift_JIS (byte offset 10 of the UTF-8 input)"
    );
    assert!(writer.write_all(b"more").is_err());
    writer.flush().unwrap();
    assert!(writer.finish().is_err());
    assert_eq!(out, b"\x93\xFA\x96\x7B\x8C\xEA ");
}

/// Input that is not UTF-8 is an error, never a panic, and so is a character left
/// incomplete at the end.
#[test]
fn bad_utf8_is_an_error() {
    let mut writer = EncodeWriter::new(Vec::new(), WINDOWS_1252);
    assert_eq!(writer.write(b"ab\xFFcd").unwrap(), 2);
    assert_eq!(
        writer.write(b"\xFFcd").unwrap_err().kind(),
        ErrorKind::InvalidData
    );

    let mut writer = EncodeWriter::new(Vec::new(), WINDOWS_1252);
    writer.write_all(b"\xE2").unwrap();
    let error = writer.write_all(b"A").unwrap_err();
    assert!(error.to_string().contains("offset 0"), "{error}");

    let mut writer = EncodeWriter::new(Vec::new(), WINDOWS_1252);
    writer.write_all(b"a\xE2\x82").unwrap();
    let error = writer.finish().unwrap_err();
    assert_eq!(
        error.to_string(),
        "the input ended inside a UTF-8 sequence that starts at byte offset 1"
    );
}

/// UTF-16LE has no encoder: its output encoding, UTF-8, is written (section 4.3).
#[test]
fn output_encoding() {
    let mut writer = EncodeWriter::new(Vec::new(), UTF_16LE);
    assert_eq!(writer.encoding(), UTF_8);
    writer.write_all("é".as_bytes()).unwrap();
    assert_eq!(writer.position(), 2);
    assert_eq!(writer.finish().unwrap(), "é".as_bytes());
}

/// write_str takes text as write_all takes its bytes; it cannot complete a character begun
/// by a byte write.
#[test]
fn write_str_matches_write_all() {
    let text = sample_text(20);
    let mut writer = EncodeWriter::builder()
        .buffer_size(64)
        .build(Vec::new(), SHIFT_JIS);
    for piece in text.split_inclusive(' ') {
        writer.write_str(piece).unwrap();
    }
    assert_eq!(
        writer.finish().unwrap(),
        oracle(encoding_rs::SHIFT_JIS, &text)
    );
    let mut writer = EncodeWriter::new(Vec::new(), SHIFT_JIS);
    writer.write_all(b"\xE6\x97").unwrap();
    assert_eq!(
        writer.write_str("\u{65E5}").unwrap_err().kind(),
        ErrorKind::InvalidData
    );
}
