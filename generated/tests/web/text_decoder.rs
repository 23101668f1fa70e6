//! TextDecoder (section 7.2).

use super::BOM_ABC;
use whatwg_encoding::{data, TextDecodeOptions, TextDecoder, TextDecoderOptions};

const STREAM: TextDecodeOptions = TextDecodeOptions { stream: true };
const FLUSH: TextDecodeOptions = TextDecodeOptions { stream: false };
const FATAL: TextDecoderOptions = TextDecoderOptions {
    fatal: true,
    ignore_bom: false,
};

fn decoder(label: &str) -> TextDecoder {
    TextDecoder::new(label, TextDecoderOptions::default()).unwrap()
}

fn fatal(label: &str) -> TextDecoder {
    TextDecoder::new(label, FATAL).unwrap()
}

/// One-shot decode in the replacement mode.
fn decode(label: &str, bytes: &[u8]) -> String {
    decoder(label).decode(bytes, FLUSH).unwrap()
}

/// api-basics.any.js: "Default encodings", and the decode samples.
#[test]
fn api_basics() {
    assert_eq!(TextDecoder::default().encoding(), "utf-8");
    assert!(!TextDecoder::default().fatal());
    assert!(!TextDecoder::default().ignore_bom());
    // z, cent, CJK water, G-Clef, PUA U+F8FF, PUA U+10FFFD, U+FFFE.
    let sample = "z\u{A2}\u{6C34}\u{1D11E}\u{F8FF}\u{10FFFD}\u{FFFE}";
    let utf8 = [
        0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xEF, 0xA3, 0xBF, 0xF4, 0x8F,
        0xBF, 0xBD, 0xEF, 0xBF, 0xBE,
    ];
    let utf16le = [
        0x7A, 0x00, 0xA2, 0x00, 0x34, 0x6C, 0x34, 0xD8, 0x1E, 0xDD, 0xFF, 0xF8, 0xFF, 0xDB, 0xFD,
        0xDF, 0xFE, 0xFF,
    ];
    let utf16be = [
        0x00, 0x7A, 0x00, 0xA2, 0x6C, 0x34, 0xD8, 0x34, 0xDD, 0x1E, 0xF8, 0xFF, 0xDB, 0xFF, 0xDF,
        0xFD, 0xFF, 0xFE,
    ];
    assert_eq!(decode("utf-8", &utf8), sample);
    assert_eq!(decode("utf-16le", &utf16le), sample);
    assert_eq!(decode("utf-16be", &utf16be), sample);
    assert_eq!(decode("utf-16", &utf16le), sample);
}

/// textdecoder-labels.any.js: every label but replacement's, in either case and with ASCII
/// whitespace around it, gives the encoding's lowercased name; and
/// textencoder-constructor-non-utf.any.js: the encoding names themselves are labels.
#[test]
fn labels_give_the_lowercased_name() {
    let whitespace = [" ", "\t", "\n", "\x0C", "\r"];
    let mut checked = 0;
    for &(label, name) in data::labels() {
        if name == "replacement" {
            continue;
        }
        let expected = name.to_ascii_lowercase();
        assert_eq!(decoder(label).encoding(), expected, "{label}");
        assert_eq!(decoder(&label.to_ascii_uppercase()).encoding(), expected);
        assert_eq!(decoder(name).encoding(), expected);
        for ws in whitespace {
            assert_eq!(decoder(&format!("{ws}{label}")).encoding(), expected);
            assert_eq!(decoder(&format!("{label}{ws}")).encoding(), expected);
            assert_eq!(decoder(&format!("{ws}{label}{ws}")).encoding(), expected);
        }
        checked += 1;
    }
    // Section 4.2 lists 228 labels, 6 of them replacement's (March 2021 and current).
    assert_eq!(checked, 222);
}

/// api-invalid-label.any.js: a label with any other whitespace around it is no label.
#[test]
fn invalid_labels_are_range_errors() {
    let error =
        TextDecoder::new("invalid-invalidLabel", TextDecoderOptions::default()).unwrap_err();
    assert!(error.message().contains("invalid-invalidLabel"), "{error}");
    for &(label, _) in data::labels() {
        for ws in ["\u{0}", "\u{B}", "\u{A0}", "\u{2028}", "\u{2029}"] {
            for input in [
                format!("{ws}{label}"),
                format!("{label}{ws}"),
                format!("{ws}{label}{ws}"),
            ] {
                assert!(
                    TextDecoder::new(&input, TextDecoderOptions::default()).is_err(),
                    "{input:?}"
                );
            }
        }
    }
}

/// api-replacement-encodings.any.js: replacement's labels (section 4.2's table) are refused.
#[test]
fn replacement_labels_are_range_errors() {
    for label in [
        "csiso2022kr",
        "hz-gb-2312",
        "iso-2022-cn",
        "iso-2022-cn-ext",
        "iso-2022-kr",
        "replacement",
    ] {
        let error = TextDecoder::new(label, TextDecoderOptions::default()).unwrap_err();
        assert!(error.message().contains("replacement"), "{error}");
        assert!(
            whatwg_encoding::TextDecoderStream::new(label, TextDecoderOptions::default()).is_err()
        );
    }
}

/// textdecoder-fatal.any.js: malformed UTF-8 and UTF-16 throw with the fatal flag; and the
/// `fatal` attribute.
#[test]
fn fatal_flag() {
    let bad: &[(&str, &[u8])] = &[
        ("utf-8", &[0xFF]),
        ("utf-8", &[0xC0]),
        ("utf-8", &[0xE0]),
        ("utf-8", &[0xC0, 0x00]),
        ("utf-8", &[0xC0, 0xC0]),
        ("utf-8", &[0xE0, 0x00]),
        ("utf-8", &[0xE0, 0xC0]),
        ("utf-8", &[0xE0, 0x80, 0x00]),
        ("utf-8", &[0xE0, 0x80, 0xC0]),
        ("utf-8", &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80]),
        ("utf-8", &[0xFE, 0x80, 0x80, 0x80, 0x80, 0x80]),
        ("utf-8", &[0xC0, 0x80]),
        ("utf-8", &[0xE0, 0x80, 0x80]),
        ("utf-8", &[0xF0, 0x80, 0x80, 0x80]),
        ("utf-8", &[0xF8, 0x80, 0x80, 0x80, 0x80]),
        ("utf-8", &[0xC1, 0xBF]),
        ("utf-8", &[0xE0, 0x81, 0xBF]),
        ("utf-8", &[0xF0, 0x80, 0x81, 0xBF]),
        ("utf-8", &[0xE0, 0x9F, 0xBF]),
        ("utf-8", &[0xF0, 0x80, 0x9F, 0xBF]),
        ("utf-8", &[0xF0, 0x8F, 0xBF, 0xBF]),
        ("utf-8", &[0xF8, 0x84, 0x8F, 0xBF, 0xBF]),
        ("utf-8", &[0xED, 0xA0, 0x80]),
        ("utf-8", &[0xED, 0xB0, 0x80]),
        ("utf-8", &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80]),
        ("utf-16le", &[0x00]),
    ];
    for (label, input) in bad {
        let error = fatal(label).decode(input, FLUSH).unwrap_err();
        assert!(error.message().contains(label), "{error}");
    }
    assert!(!decoder("utf-8").fatal());
    assert!(fatal("utf-8").fatal());
}

/// textdecoder-fatal-streaming.any.js, both tests.
#[test]
fn fatal_flag_streaming() {
    for (label, sequence) in [
        ("utf-8", [0xC0]),
        ("utf-16le", [0x00]),
        ("utf-16be", [0x00]),
    ] {
        assert!(fatal(label).decode(&sequence, FLUSH).is_err());
        assert_eq!(decode(label, &sequence), "\u{FFFD}");
    }
    let mut decoder = fatal("utf-16le");
    let (odd, even) = ([0x00], [0x00, 0x00]);
    assert_eq!(decoder.decode(&odd, STREAM).unwrap(), "");
    assert_eq!(decoder.decode(&odd, FLUSH).unwrap(), "\u{0}");
    assert_eq!(decoder.decode(&even, STREAM).unwrap(), "\u{0}");
    assert!(decoder.decode(&odd, FLUSH).is_err());
    assert_eq!(decoder.decode(&odd, STREAM).unwrap(), "");
    assert!(decoder.decode(&even, FLUSH).is_err());
    assert_eq!(decoder.decode(&even, STREAM).unwrap(), "\u{0}");
    assert_eq!(decoder.decode(&even, FLUSH).unwrap(), "\u{0}");
}

/// Section 7.2, `decode()`: after a fatal error in a call with `stream`, do not flush stays
/// true, so the next call keeps the decoder and the rest of the I/O queue; the failed call's
/// output is lost. (Derived from the standard's steps; no WPT file covers it.)
#[test]
fn a_fatal_error_with_stream_leaves_the_rest_of_the_queue() {
    let mut decoder = fatal("utf-8");
    // 'A' is output before the error and lost with it; 'B' stays in the queue.
    assert!(decoder.decode(b"A\xFFB", STREAM).is_err());
    assert_eq!(decoder.decode(b"C", FLUSH).unwrap(), "BC");
    // A sequence split before the error is still pending after it.
    assert!(decoder.decode(b"\xFF\xE2\x82", STREAM).is_err());
    assert_eq!(decoder.decode(b"\xAC", FLUSH).unwrap(), "\u{20AC}");
    // Nothing was serialized, so BOM seen is still false and a later BOM is dropped.
    assert!(decoder.decode(b"\xFF", STREAM).is_err());
    assert_eq!(decoder.decode(b"\xEF\xBB\xBFA", FLUSH).unwrap(), "A");
}

/// Section 7.2, `decode()`: after a fatal error in a call without `stream`, the next call
/// starts afresh (step 1), dropping what was left in the I/O queue.
#[test]
fn a_fatal_error_without_stream_is_followed_by_a_fresh_start() {
    let mut decoder = fatal("utf-8");
    assert_eq!(decoder.decode(b"\xE2\x82", STREAM).unwrap(), "");
    // E2 82 41: the 0x41 is prepended back to the queue, then the error.
    assert!(decoder.decode(b"A", FLUSH).is_err());
    assert_eq!(decoder.decode(b"B", FLUSH).unwrap(), "B");
}

/// The TypeError says where the malformed sequence is, counted from the start of the stream.
#[test]
fn the_type_error_gives_the_offset_and_bytes() {
    let mut decoder = fatal("shift_jis");
    assert_eq!(decoder.decode(b"ab", STREAM).unwrap(), "ab");
    let error = decoder.decode(b"c\xA0d", STREAM).unwrap_err();
    assert_eq!(
        error.to_string(),
        "TypeError: The encoded data was not valid shift_jis: a malformed sequence of 1 byte(s) \
         (A0) at byte 3 of the stream."
    );
}

/// textdecoder-byte-order-marks.any.js: a matching BOM is dropped, a mismatching one is
/// decoded as garbage.
#[test]
fn byte_order_marks() {
    let cases: [(&str, &[u8], &[u8]); 3] = [
        (
            "utf-8",
            &[0xEF, 0xBB, 0xBF],
            &[
                0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xF4, 0x8F, 0xBF, 0xBD,
            ],
        ),
        (
            "utf-16le",
            &[0xFF, 0xFE],
            &[
                0x7A, 0x00, 0xA2, 0x00, 0x34, 0x6C, 0x34, 0xD8, 0x1E, 0xDD, 0xFF, 0xDB, 0xFD, 0xDF,
            ],
        ),
        (
            "utf-16be",
            &[0xFE, 0xFF],
            &[
                0x00, 0x7A, 0x00, 0xA2, 0x6C, 0x34, 0xD8, 0x34, 0xDD, 0x1E, 0xDB, 0xFF, 0xDF, 0xFD,
            ],
        ),
    ];
    let string = "z\u{A2}\u{6C34}\u{1D11E}\u{10FFFD}";
    for (label, bom, bytes) in cases {
        let mut decoder = decoder(label);
        assert_eq!(decoder.decode(bytes, FLUSH).unwrap(), string);
        assert_eq!(
            decoder.decode(&[bom, bytes].concat(), FLUSH).unwrap(),
            string
        );
        for (other, other_bom, _) in cases {
            if other != label {
                assert_ne!(
                    decoder.decode(&[other_bom, bytes].concat(), FLUSH).unwrap(),
                    string
                );
            }
        }
    }
}

/// textdecoder-ignorebom.any.js: with ignoreBOM the BOM stays as U+FEFF; and the attribute.
#[test]
fn ignore_bom() {
    let ignoring = TextDecoderOptions {
        ignore_bom: true,
        ..TextDecoderOptions::default()
    };
    for (label, bytes) in BOM_ABC {
        let mut with = TextDecoder::new(label, ignoring).unwrap();
        assert!(with.ignore_bom());
        assert_eq!(with.decode(bytes, FLUSH).unwrap(), "\u{FEFF}abc");
        assert_eq!(decode(label, bytes), "abc");
    }
    assert!(!TextDecoder::default().ignore_bom());
}

/// textdecoder-utf16-surrogates.any.js: lone and swapped surrogates.
#[test]
fn utf16_surrogates() {
    let bad: [(&[u8], &str); 5] = [
        (&[0x00, 0xD8], "\u{FFFD}"),
        (&[0x00, 0xDC], "\u{FFFD}"),
        (&[0x00, 0xD8, 0x00, 0x00], "\u{FFFD}\u{0}"),
        (&[0x00, 0xDC, 0x00, 0x00], "\u{FFFD}\u{0}"),
        (&[0x00, 0xDC, 0x00, 0xD8], "\u{FFFD}\u{FFFD}"),
    ];
    for (input, expected) in bad {
        assert_eq!(decode("utf-16le", input), expected);
        assert!(fatal("utf-16le").decode(input, FLUSH).is_err());
    }
}

/// textdecoder-streaming.any.js: the same output however the input is split into windows
/// of 1 to 5 bytes.
#[test]
fn streaming_windows() {
    let string = "\u{0}123ABCabc\u{80}\u{FF}\u{100}\u{1000}\u{FFFD}\u{10000}\u{10FFFF}";
    let octets: [(&str, &[u8]); 3] = [
        (
            "utf-8",
            &[
                0x00, 0x31, 0x32, 0x33, 0x41, 0x42, 0x43, 0x61, 0x62, 0x63, 0xc2, 0x80, 0xc3, 0xbf,
                0xc4, 0x80, 0xe1, 0x80, 0x80, 0xef, 0xbf, 0xbd, 0xf0, 0x90, 0x80, 0x80, 0xf4, 0x8f,
                0xbf, 0xbf,
            ],
        ),
        (
            "utf-16le",
            &[
                0x00, 0x00, 0x31, 0x00, 0x32, 0x00, 0x33, 0x00, 0x41, 0x00, 0x42, 0x00, 0x43, 0x00,
                0x61, 0x00, 0x62, 0x00, 0x63, 0x00, 0x80, 0x00, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x10,
                0xFD, 0xFF, 0x00, 0xD8, 0x00, 0xDC, 0xFF, 0xDB, 0xFF, 0xDF,
            ],
        ),
        (
            "utf-16be",
            &[
                0x00, 0x00, 0x00, 0x31, 0x00, 0x32, 0x00, 0x33, 0x00, 0x41, 0x00, 0x42, 0x00, 0x43,
                0x00, 0x61, 0x00, 0x62, 0x00, 0x63, 0x00, 0x80, 0x00, 0xFF, 0x01, 0x00, 0x10, 0x00,
                0xFF, 0xFD, 0xD8, 0x00, 0xDC, 0x00, 0xDB, 0xFF, 0xDF, 0xFF,
            ],
        ),
    ];
    for (label, encoded) in octets {
        for len in 1..=5 {
            let mut decoder = decoder(label);
            let mut out = String::new();
            for chunk in encoded.chunks(len) {
                out += &decoder.decode(chunk, STREAM).unwrap();
            }
            out += &decoder.decode(&[], FLUSH).unwrap();
            assert_eq!(out, string, "{label}, {len}-byte windows");
        }
    }
}

/// Runs `steps` (input, stream, expected output) through one decoder in order.
fn run(label: &str, steps: &[(&[u8], bool, &str)]) {
    let mut decoder = decoder(label);
    for (i, &(input, stream, expected)) in steps.iter().enumerate() {
        let options = TextDecodeOptions { stream };
        assert_eq!(
            decoder.decode(input, options).unwrap(),
            expected,
            "{label}, step {i}"
        );
    }
}

/// textdecoder-streaming.any.js: "UTF-8 chunk tests".
#[test]
fn streaming_utf8_chunks() {
    run(
        "utf-8",
        &[
            (&[0xC1], true, "\u{FFFD}"),
            (&[], false, ""),
            (&[0xF5], true, "\u{FFFD}"),
            (&[], false, ""),
            (&[0xE0, 0x41], true, "\u{FFFD}A"),
            (&[0x42], false, "B"),
            (&[0xE0, 0x80], true, "\u{FFFD}\u{FFFD}"),
            (&[0x80], false, "\u{FFFD}"),
            (&[0xED, 0xA0], true, "\u{FFFD}\u{FFFD}"),
            (&[0x80], false, "\u{FFFD}"),
            (&[0xF0, 0x41], true, "\u{FFFD}A"),
            (&[0x42], true, "B"),
            (&[0x43], false, "C"),
            (&[0xF0, 0x80], true, "\u{FFFD}\u{FFFD}"),
            (&[0x80], true, "\u{FFFD}"),
            (&[0x80], false, "\u{FFFD}"),
            (&[0xF4, 0xA0], true, "\u{FFFD}\u{FFFD}"),
            (&[0x80], true, "\u{FFFD}"),
            (&[0x80], false, "\u{FFFD}"),
            (&[0xF0, 0x90, 0x41], true, "\u{FFFD}A"),
            (&[0x42], false, "B"),
            (&[0xF0, 0x9F, 0x92], true, ""),
            (&[0xA9], false, "\u{1F4A9}"),
        ],
    );
}

/// textdecoder-eof.any.js: "TextDecoder end-of-queue handling".
#[test]
fn end_of_queue() {
    let cases: [(&str, &[u8], &str); 10] = [
        ("utf-8", &[0xF0], "\u{FFFD}"),
        ("utf-8", &[0xF0, 0x9F], "\u{FFFD}"),
        ("utf-8", &[0xF0, 0x9F, 0x92], "\u{FFFD}"),
        ("utf-8", &[0xF0, 0x9F, 0x41], "\u{FFFD}A"),
        ("utf-8", &[0xF0, 0x41, 0x42], "\u{FFFD}AB"),
        ("utf-8", &[0xF0, 0x41, 0xF0], "\u{FFFD}A\u{FFFD}"),
        ("utf-8", &[0xF0, 0x8F, 0x92], "\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("big5", &[0x81, 0x40], "\u{FFFD}@"),
        ("big5", &[0x81, 0x81], "\u{FFFD}"),
        ("big5", &[0x87, 0x87, 0x40], "\u{FFFD}@"),
    ];
    for (label, input, expected) in cases {
        assert_eq!(decode(label, input), expected, "{label} {input:02X?}");
    }
}

/// textdecoder-eof.any.js: "TextDecoder end-of-queue handling using stream: true".
#[test]
fn end_of_queue_streaming() {
    run(
        "utf-8",
        &[
            (&[0xF0], true, ""),
            (&[], false, "\u{FFFD}"),
            (&[0xF0], true, ""),
            (&[0x9F], true, ""),
            (&[], false, "\u{FFFD}"),
            (&[0xF0, 0x9F], true, ""),
            (&[0x92], false, "\u{FFFD}"),
            (&[0xF0, 0x9F], true, ""),
            (&[0x41], true, "\u{FFFD}A"),
            (&[], false, ""),
            (&[0xF0, 0x41, 0x42], true, "\u{FFFD}AB"),
            (&[], false, ""),
            (&[0xF0, 0x41, 0xF0], true, "\u{FFFD}A"),
            (&[], false, "\u{FFFD}"),
            (&[0xF0], true, ""),
            (&[0x8F], true, "\u{FFFD}\u{FFFD}"),
            (&[0x92], true, "\u{FFFD}"),
            (&[], false, ""),
            (&[0xF0, 0xC2, 0x80, 0x2A], true, "\u{FFFD}\u{80}*"),
            (&[], false, ""),
            (&[0xF0], true, ""),
            (&[0xC2], true, "\u{FFFD}"),
            (&[0x80], true, "\u{80}"),
            (&[0x2A], true, "*"),
            (&[], false, ""),
            (&[0xF0], true, ""),
            (&[0xC2], true, "\u{FFFD}"),
            (&[0x80, 0x2A], true, "\u{80}*"),
            (&[], false, ""),
            (&[0xF0], true, ""),
            (&[0xC2, 0x80, 0x2A], true, "\u{FFFD}\u{80}*"),
            (&[], false, ""),
        ],
    );
    run(
        "big5",
        &[
            (&[0x81, 0x40], true, "\u{FFFD}@"),
            (&[], false, ""),
            (&[0x81], true, ""),
            (&[0x40], true, "\u{FFFD}@"),
            (&[], false, ""),
        ],
    );
}

/// textdecoder-fatal-single-byte.any.js: the bytes each single-byte encoding has no code
/// point for throw with the fatal flag; every other byte decodes.
#[test]
fn fatal_single_byte() {
    let bad: [(&str, &[u8]); 28] = [
        ("IBM866", &[]),
        ("ISO-8859-2", &[]),
        ("ISO-8859-3", &[0xA5, 0xAE, 0xBE, 0xC3, 0xD0, 0xE3, 0xF0]),
        ("ISO-8859-4", &[]),
        ("ISO-8859-5", &[]),
        (
            "ISO-8859-6",
            &[
                0xA1, 0xA2, 0xA3, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAE, 0xAF, 0xB0, 0xB1,
                0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xBC, 0xBD, 0xBE, 0xC0, 0xDB,
                0xDC, 0xDD, 0xDE, 0xDF, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFB, 0xFC,
                0xFD, 0xFE, 0xFF,
            ],
        ),
        ("ISO-8859-7", &[0xAE, 0xD2, 0xFF]),
        ("ISO-8859-8", ISO_8859_8_UNMAPPED),
        ("ISO-8859-8-I", ISO_8859_8_UNMAPPED),
        ("ISO-8859-10", &[]),
        ("ISO-8859-13", &[]),
        ("ISO-8859-14", &[]),
        ("ISO-8859-15", &[]),
        ("ISO-8859-16", &[]),
        ("KOI8-R", &[]),
        ("KOI8-U", &[]),
        ("macintosh", &[]),
        (
            "windows-874",
            &[0xDB, 0xDC, 0xDD, 0xDE, 0xFC, 0xFD, 0xFE, 0xFF],
        ),
        ("windows-1250", &[]),
        ("windows-1251", &[]),
        ("windows-1252", &[]),
        ("windows-1253", &[0xAA, 0xD2, 0xFF]),
        ("windows-1254", &[]),
        (
            "windows-1255",
            &[0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF, 0xFB, 0xFC, 0xFF],
        ),
        ("windows-1256", &[]),
        ("windows-1257", &[0xA1, 0xA5]),
        ("windows-1258", &[]),
        ("x-mac-cyrillic", &[]),
    ];
    for (label, unmapped) in bad {
        for byte in 0..=255u8 {
            let result = fatal(label).decode(&[byte], FLUSH);
            assert_eq!(
                result.is_err(),
                unmapped.contains(&byte),
                "{label} 0x{byte:02X}"
            );
        }
    }
}

const ISO_8859_8_UNMAPPED: &[u8] = &[
    0xA1, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xCB, 0xCC, 0xCD,
    0xCE, 0xCF, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD,
    0xDE, 0xFB, 0xFC, 0xFF,
];
