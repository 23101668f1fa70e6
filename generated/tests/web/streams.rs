//! TextDecoderStream (section 7.5) and TextEncoderStream (section 7.6): the chunks a pipe
//! through the stream gives, where an empty output chunk is not enqueued.

use super::{js, BOM_ABC};
use whatwg_encoding::{TextDecoderOptions, TextDecoderStream, TextEncoderStream};

const ASTRAL: [u8; 4] = [0xF0, 0x9F, 0x92, 0x99];
const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];
/// U+1F499's two code units.
const LEADING: u16 = 0xD83D;
const TRAILING: u16 = 0xDC99;

/// A stream's chunks.
type Chunks<T> = Vec<Vec<T>>;

/// The chunks a TextEncoderStream enqueues for `input`, close included.
fn encode_chunks(input: &[Vec<u16>]) -> Vec<Vec<u8>> {
    let mut stream = TextEncoderStream::new();
    let mut chunks: Vec<Vec<u8>> = input.iter().map(|chunk| stream.write(chunk)).collect();
    chunks.push(stream.close());
    chunks.retain(|chunk| !chunk.is_empty());
    chunks
}

/// encode-utf8.any.js: every test case.
#[test]
fn encode_utf8() {
    let input_string = js("I \u{1F499} streams");
    let expected: Vec<u8> = "I \u{1F499} streams".into();
    let astral = vec![LEADING, TRAILING];
    let cat = |parts: &[&[u16]]| parts.concat();
    let bytes = |parts: &[&[u8]]| parts.concat();
    let cases: Vec<(Chunks<u16>, Chunks<u8>)> = vec![
        (vec![input_string.clone()], vec![expected.clone()]),
        (vec![vec![LEADING], vec![TRAILING]], vec![ASTRAL.to_vec()]),
        (
            vec![vec![LEADING], cat(&[&[TRAILING], &astral])],
            vec![bytes(&[&ASTRAL, &ASTRAL])],
        ),
        (
            vec![vec![LEADING], vec![TRAILING, LEADING], vec![TRAILING]],
            vec![ASTRAL.to_vec(), ASTRAL.to_vec()],
        ),
        (
            vec![
                vec![LEADING],
                vec![TRAILING, LEADING, LEADING],
                vec![TRAILING],
            ],
            vec![bytes(&[&ASTRAL, &REPLACEMENT]), ASTRAL.to_vec()],
        ),
        (vec![vec![LEADING]], vec![REPLACEMENT.to_vec()]),
        (
            vec![vec![LEADING], astral.clone()],
            vec![bytes(&[&REPLACEMENT, &ASTRAL])],
        ),
        (
            vec![vec![LEADING], js("A")],
            vec![bytes(&[&REPLACEMENT, b"A"])],
        ),
        (
            vec![vec![LEADING], vec![LEADING], vec![TRAILING]],
            vec![REPLACEMENT.to_vec(), ASTRAL.to_vec()],
        ),
        (
            vec![vec![LEADING], vec![LEADING]],
            vec![REPLACEMENT.to_vec(), REPLACEMENT.to_vec()],
        ),
        (
            vec![vec![LEADING, LEADING], vec![TRAILING]],
            vec![REPLACEMENT.to_vec(), ASTRAL.to_vec()],
        ),
        (
            vec![vec![TRAILING], astral.clone()],
            vec![REPLACEMENT.to_vec(), ASTRAL.to_vec()],
        ),
        (
            vec![vec![LEADING], vec![], vec![TRAILING]],
            vec![ASTRAL.to_vec()],
        ),
        (vec![vec![LEADING], vec![]], vec![REPLACEMENT.to_vec()]),
        (vec![vec![]], vec![]),
        (vec![vec![], input_string.clone()], vec![expected.clone()]),
        (vec![input_string.clone(), vec![]], vec![expected.clone()]),
        (vec![js("A")], vec![vec![65]]),
        (vec![js("\u{FF}")], vec![vec![195, 191]]),
    ];
    for (input, output) in cases {
        assert_eq!(encode_chunks(&input), output, "{input:04X?}");
    }
}

/// write_str after a pending high surrogate: the surrogate cannot pair with a `&str`.
#[test]
fn encode_str_chunks() {
    let mut stream = TextEncoderStream::default();
    assert_eq!(stream.encoding(), "utf-8");
    assert_eq!(stream.write(&[0x41, LEADING]), b"A");
    assert_eq!(stream.write_str(""), b"");
    assert_eq!(stream.write_str("B"), b"\xEF\xBF\xBDB");
    assert_eq!(stream.write_str("\u{1F499}"), ASTRAL);
    assert_eq!(stream.close(), b"");
}

/// The chunks a TextDecoderStream enqueues for `input`, close included.
fn decode_chunks(label: &str, options: TextDecoderOptions, input: &[&[u8]]) -> Vec<String> {
    let mut stream = TextDecoderStream::new(label, options).unwrap();
    let mut chunks: Vec<String> = input
        .iter()
        .map(|chunk| stream.write(chunk).unwrap())
        .collect();
    chunks.push(stream.close().unwrap());
    chunks.retain(|chunk| !chunk.is_empty());
    chunks
}

const INPUT: &[u8] = &[
    73, 32, 240, 159, 146, 153, 32, 115, 116, 114, 101, 97, 109, 115,
];

/// decode-utf8.any.js: one chunk, and empty chunks before and after it.
#[test]
fn decode_utf8() {
    let expected = vec!["I \u{1F499} streams".to_owned()];
    let default = TextDecoderOptions::default();
    assert_eq!(decode_chunks("utf-8", default, &[INPUT]), expected);
    assert!(decode_chunks("utf-8", default, &[&[]]).is_empty());
    assert_eq!(decode_chunks("utf-8", default, &[&[], INPUT]), expected);
    assert_eq!(decode_chunks("utf-8", default, &[INPUT, &[]]), expected);
}

/// decode-split-character.any.js: a code point split between chunks comes out whole with
/// the chunk that completes it, also across an empty chunk.
#[test]
fn decode_split_character() {
    let default = TextDecoderOptions::default();
    for split in [2, 3, 4, 5] {
        let (a, b) = INPUT.split_at(split);
        assert_eq!(
            decode_chunks("utf-8", default, &[a, b]),
            ["I ", "\u{1F499} streams"]
        );
    }
    let (a, b) = INPUT.split_at(6);
    assert_eq!(
        decode_chunks("utf-8", default, &[a, b]),
        ["I \u{1F499}", " streams"]
    );
    for split in 1..7 {
        let (a, b) = INPUT.split_at(split);
        let chunks = decode_chunks("utf-8", default, &[a, &[], b]);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks.concat(), "I \u{1F499} streams");
    }
}

/// decode-ignore-bom.any.js: the BOM split at every point, kept or dropped.
#[test]
fn decode_ignore_bom() {
    for (label, bytes) in BOM_ABC {
        for split in 0..4 {
            let (a, b) = bytes.split_at(split);
            let keep = TextDecoderOptions {
                ignore_bom: true,
                ..Default::default()
            };
            assert_eq!(decode_chunks(label, keep, &[a, b]).concat(), "\u{FEFF}abc");
            let drop = TextDecoderOptions::default();
            assert_eq!(decode_chunks(label, drop, &[a, b]).concat(), "abc");
        }
    }
}

/// decode-incomplete-input.any.js: a stream ending inside a sequence ends with U+FFFD, or
/// with the fatal flag errors the stream.
#[test]
fn decode_incomplete_input() {
    let default = TextDecoderOptions::default();
    assert_eq!(decode_chunks("utf-8", default, &[&[229]]), ["\u{FFFD}"]);
    let fatal = TextDecoderOptions {
        fatal: true,
        ..Default::default()
    };
    let mut stream = TextDecoderStream::new("utf-8", fatal).unwrap();
    assert!(stream.fatal());
    assert_eq!(stream.write(&[229]).unwrap(), "");
    assert!(stream.close().is_err());
}

/// Section 7.5: a TypeError errors the stream for good, and a closed stream takes no chunks.
#[test]
fn errored_and_closed_streams_refuse_chunks() {
    let fatal = TextDecoderOptions {
        fatal: true,
        ..Default::default()
    };
    let mut stream = TextDecoderStream::new("utf-8", fatal).unwrap();
    assert_eq!(stream.write(b"ok").unwrap(), "ok");
    let error = stream.write(b"\xFF").unwrap_err();
    assert_eq!(stream.write(b"more").unwrap_err(), error);
    assert_eq!(stream.close().unwrap_err(), error);

    let mut stream = TextDecoderStream::new("utf-16be", TextDecoderOptions::default()).unwrap();
    assert_eq!(stream.encoding(), "utf-16be");
    assert_eq!(stream.close().unwrap(), "");
    assert!(stream
        .write(b"\x00a")
        .unwrap_err()
        .message()
        .contains("closed"));
}
