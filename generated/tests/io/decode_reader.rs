//! DecodeReader.

use std::io::{ErrorKind, Read};

use super::{sample_text, Trickle};
use whatwg_encoding::io::{BomHandling, DecodeReader, MalformedSequence};
use whatwg_encoding::{
    Encoding, GB18030, ISO_2022_JP, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
};

fn read_all(mut reader: impl Read) -> std::io::Result<String> {
    let mut text = String::new();
    reader.read_to_string(&mut text)?;
    Ok(text)
}

fn oracle(encoding: &'static encoding_rs::Encoding, bytes: &[u8]) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// The malformed sequence inside an io::Error.
fn malformed(error: &std::io::Error) -> &MalformedSequence {
    assert_eq!(error.kind(), ErrorKind::InvalidData);
    error
        .get_ref()
        .and_then(|e| e.downcast_ref())
        .expect("a MalformedSequence")
}

/// Section 6.1, "decode" with UTF-8 as the fallback: a BOM picks the encoding and goes.
#[test]
fn new_sniffs_the_bom() {
    assert_eq!(
        read_all(DecodeReader::new(&b"\xEF\xBB\xBFa\xC3\xA9"[..])).unwrap(),
        "aé"
    );
    assert_eq!(
        read_all(DecodeReader::new(&b"\xFF\xFEa\x00"[..])).unwrap(),
        "a"
    );
    assert_eq!(
        read_all(DecodeReader::new(&b"\xFE\xFF\x00a"[..])).unwrap(),
        "a"
    );
    assert_eq!(
        read_all(DecodeReader::new(&b"a\xFF"[..])).unwrap(),
        "a\u{FFFD}"
    );
    assert_eq!(
        read_all(DecodeReader::new(&b"\xEF\xBB"[..])).unwrap(),
        "\u{FFFD}"
    );
    assert_eq!(read_all(DecodeReader::new(&b""[..])).unwrap(), "");
    let windows_1252 = DecodeReader::builder().encoding(WINDOWS_1252);
    assert_eq!(
        read_all(windows_1252.build(&b"\xEF\xBB\xBF\xC3\xA9"[..])).unwrap(),
        "é"
    );
    assert_eq!(
        read_all(windows_1252.build(&b"\xC3\xA9"[..])).unwrap(),
        "Ã©"
    );
}

/// `Remove` drops only the encoding's own mark; `Off` keeps any mark as text.
#[test]
fn remove_and_off() {
    let remove = DecodeReader::builder().bom(BomHandling::Remove);
    assert_eq!(
        read_all(remove.encoding(UTF_16LE).build(&b"\xFF\xFEa\x00"[..])).unwrap(),
        "a"
    );
    let bytes = b"\xEF\xBB\xBF\x82\xA0";
    let expected = oracle(encoding_rs::SHIFT_JIS, bytes);
    assert_eq!(
        read_all(remove.encoding(SHIFT_JIS).build(&bytes[..])).unwrap(),
        expected
    );
    let off = DecodeReader::builder().bom(BomHandling::Off);
    assert_eq!(
        read_all(off.build(&b"\xEF\xBB\xBFa"[..])).unwrap(),
        "\u{FEFF}a"
    );
    assert_eq!(
        read_all(off.encoding(UTF_16BE).build(&b"\xFE\xFF\x00a"[..])).unwrap(),
        "\u{FEFF}a"
    );
}

/// The same text whatever the inner reader's chunks and the caller's buffer sizes, equal to
/// encoding_rs's decode.
#[test]
fn any_split_gives_the_same_text() {
    let text = sample_text(40);
    let cases: [(&'static Encoding, &'static encoding_rs::Encoding); 5] = [
        (SHIFT_JIS, encoding_rs::SHIFT_JIS),
        (GB18030, encoding_rs::GB18030),
        (ISO_2022_JP, encoding_rs::ISO_2022_JP),
        (WINDOWS_1252, encoding_rs::WINDOWS_1252),
        (UTF_8, encoding_rs::UTF_8),
    ];
    for (ours, theirs) in cases {
        let (bytes, _, _) = theirs.encode(&text);
        let expected = oracle(theirs, &bytes);
        for step in [1, 2, 3, 5, 7, 4096] {
            for read_size in [1, 3, 17, 8192] {
                let trickle = Trickle { data: &bytes, step };
                let mut reader = DecodeReader::builder()
                    .encoding(ours)
                    .buffer_size(64)
                    .build(trickle);
                let mut out = Vec::new();
                let mut buf = vec![0; read_size];
                loop {
                    let n = reader.read(&mut buf).unwrap();
                    if n == 0 {
                        break;
                    }
                    out.extend_from_slice(&buf[..n]);
                }
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    expected,
                    "{}, {step}, {read_size}",
                    ours.name()
                );
            }
        }
    }
}

/// UTF-16 with its BOM, from a reader giving one byte at a time.
#[test]
fn utf16_from_a_trickle() {
    let text = sample_text(10);
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let reader = DecodeReader::new(Trickle {
        data: &bytes,
        step: 1,
    });
    assert_eq!(read_all(reader).unwrap(), text);
}

/// The fatal mode: the text before the error is read, then the error with its offset (a BOM
/// counted) and bytes, again on every read.
#[test]
fn fatal_error_gives_offset_and_bytes() {
    let mut reader = DecodeReader::builder()
        .fatal(true)
        .build(&b"\xEF\xBB\xBFab\xE2\x82A"[..]);
    let mut buf = [0; 64];
    assert_eq!(reader.read(&mut buf).unwrap(), 2);
    assert_eq!(&buf[..2], b"ab");
    let error = reader.read(&mut buf).unwrap_err();
    let sequence = malformed(&error);
    assert_eq!(
        (sequence.offset(), sequence.bytes(), sequence.encoding()),
        (5, &b"\xE2\x82"[..], UTF_8)
    );
    assert_eq!(
        error.to_string(),
        "malformed UTF-8 sequence at byte offset 5: 0xE2 0x82"
    );
    assert_eq!(malformed(&reader.read(&mut buf).unwrap_err()), sequence);
}

/// A malformed sequence deep in the input, split between the inner reader's chunks.
#[test]
fn fatal_offsets_across_chunks() {
    let prefix = sample_text(2000);
    let (encoded, _, _) = encoding_rs::SHIFT_JIS.encode(&prefix);
    let mut bytes = encoded.into_owned();
    let offset = bytes.len() as u64;
    // 0x82 is a lead byte; 0x20 cannot follow it, and is ASCII, so it is not part of the error.
    bytes.extend_from_slice(b"\x82 tail");
    for step in [1, 3, 1000] {
        let trickle = Trickle { data: &bytes, step };
        let reader = DecodeReader::builder()
            .encoding(SHIFT_JIS)
            .fatal(true)
            .buffer_size(100)
            .build(trickle);
        let error = read_all(reader).unwrap_err();
        let sequence = malformed(&error);
        assert_eq!(
            (sequence.offset(), sequence.bytes()),
            (offset, &b"\x82"[..]),
            "step {step}"
        );
    }
    // At the very end: the stream ends inside a sequence.
    let bytes = b"abc\xE3\x81";
    let reader = DecodeReader::builder().fatal(true).build(Trickle {
        data: bytes,
        step: 1,
    });
    let error = read_all(reader).unwrap_err();
    assert_eq!(
        (malformed(&error).offset(), malformed(&error).bytes()),
        (3, &b"\xE3\x81"[..])
    );
}

/// utf8_passthru passes UTF-8 unchecked, after removing a sniffed BOM; not in fatal mode.
#[test]
fn utf8_passthru() {
    let passthru = DecodeReader::builder().utf8_passthru(true);
    let mut out = Vec::new();
    passthru
        .build(&b"\xEF\xBB\xBFfoo\xFFbar"[..])
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, b"foo\xFFbar");
    let mut out = Vec::new();
    passthru
        .build(&b"\xFF\xFEa\x00"[..])
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, b"a");
    assert!(passthru
        .fatal(true)
        .build(&b"foo\xFF"[..])
        .read_to_end(&mut out)
        .is_err());
}

/// `encoding` is known once the BOM is sniffed; `position` counts input bytes.
#[test]
fn encoding_and_position() {
    let mut reader = DecodeReader::new(&b"\xFE\xFF\x00a\x00b"[..]);
    assert_eq!(reader.encoding(), None);
    assert_eq!(read_all(&mut reader).unwrap(), "ab");
    assert_eq!((reader.encoding(), reader.position()), (Some(UTF_16BE), 6));
    assert_eq!(reader.into_inner(), b"");
}

/// read_str gives whole characters as text, the same as read gives bytes.
#[test]
fn read_str_gives_the_same_text() {
    let text = sample_text(50);
    let (bytes, _, _) = encoding_rs::EUC_JP.encode(&text);
    let trickle = Trickle {
        data: &bytes,
        step: 7,
    };
    let mut reader = DecodeReader::builder()
        .encoding(whatwg_encoding::EUC_JP)
        .buffer_size(64)
        .build(trickle);
    let (mut all, mut chunk) = (String::new(), String::with_capacity(20));
    loop {
        chunk.clear();
        let n = reader.read_str(&mut chunk).unwrap();
        assert_eq!(n, chunk.len());
        if n == 0 {
            break;
        }
        all.push_str(&chunk);
    }
    assert!(
        all == oracle(encoding_rs::EUC_JP, &bytes),
        "not encoding_rs's text"
    );
    let mut passthru = DecodeReader::builder().utf8_passthru(true).build(&b"a"[..]);
    let error = passthru.read_str(&mut String::new()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidInput);
}

/// A gb18030 four-byte sequence that fails at its fourth byte (section 10.2.1's decoder: 0x81
/// 0x30 0x81 then 0x20, not 0x30 to 0x39, prepends the last three bytes): the malformed
/// sequence is the first byte, at offset 2, even when the bytes after it came in earlier reads
/// (the decoder reports them as read after it, `Malformed(1, 2)`).
#[test]
fn fatal_offset_of_a_sequence_whose_restored_bytes_came_earlier() {
    for step in [1, 2, 3, 100] {
        let trickle = Trickle {
            data: b"ab\x81\x30\x81\x20cd",
            step,
        };
        let reader = DecodeReader::builder()
            .encoding(GB18030)
            .fatal(true)
            .build(trickle);
        let error = read_all(reader).unwrap_err();
        let sequence = malformed(&error);
        assert_eq!(
            (sequence.offset(), sequence.bytes()),
            (2, &b"\x81"[..]),
            "step {step}"
        );
    }
}
