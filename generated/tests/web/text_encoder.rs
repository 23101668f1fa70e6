//! TextEncoder (section 7.4).

use super::js;
use whatwg_encoding::{TextDecodeOptions, TextDecoder, TextEncoder, TextEncoderEncodeIntoResult};

const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];

/// api-basics.any.js: "Default encodings", "Default inputs" and the UTF-8 round trip.
#[test]
fn api_basics() {
    let encoder = TextEncoder::new();
    assert_eq!(encoder.encoding(), "utf-8");
    assert_eq!(<TextEncoder as Default>::default().encoding(), "utf-8");
    assert_eq!(encoder.encode(""), b"");
    assert_eq!(encoder.encode_utf16(&[]), b"");
    let sample = "z\u{A2}\u{6C34}\u{1D11E}\u{F8FF}\u{10FFFD}\u{FFFE}";
    let bytes = [
        0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xEF, 0xA3, 0xBF, 0xF4, 0x8F,
        0xBF, 0xBD, 0xEF, 0xBF, 0xBE,
    ];
    assert_eq!(encoder.encode(sample), bytes);
    assert_eq!(encoder.encode_utf16(&js(sample)), bytes);
}

/// api-surrogates-utf8.any.js and textencoder-utf16-surrogates.any.js: lone surrogates in a
/// JavaScript string encode as U+FFFD; a pair encodes as its scalar value.
#[test]
fn lone_surrogates_become_replacement_characters() {
    let cases: [(&[u16], &[u8]); 8] = [
        (&[0x61, 0x62, 0x63, 0x31, 0x32, 0x33], b"abc123"),
        (&[0xD800], &REPLACEMENT),
        (&[0xDC00], &REPLACEMENT),
        (
            &[0x61, 0x62, 0x63, 0xD800, 0x31, 0x32, 0x33],
            b"abc\xEF\xBF\xBD123",
        ),
        (
            &[0x61, 0x62, 0x63, 0xDC00, 0x31, 0x32, 0x33],
            b"abc\xEF\xBF\xBD123",
        ),
        (&[0xDC00, 0xD800], b"\xEF\xBF\xBD\xEF\xBF\xBD"),
        (&[0xD800, 0x0000], b"\xEF\xBF\xBD\x00"),
        (&[0xD834, 0xDD1E], b"\xF0\x9D\x84\x9E"),
    ];
    for (input, expected) in cases {
        let encoded = TextEncoder::new().encode_utf16(input);
        assert_eq!(encoded, expected, "{input:04X?}");
        let decoded = TextDecoder::default().decode(&encoded, TextDecodeOptions::default());
        assert_eq!(decoded.unwrap().as_bytes(), expected);
    }
}

/// encodeInto.any.js: the test data, each into a destination of the given length, alone or
/// at offset 4 of a larger buffer, over fillers 0x00, 0x80 and pseudo-random bytes: `read`
/// counts UTF-16 code units, only whole scalar values are written, and the bytes around
/// them are left as they were.
#[test]
fn encode_into() {
    let cases: [(&[u16], usize, usize, &[u8]); 7] = [
        (&[0x48, 0x69], 0, 0, &[]),
        (&[0x41], 10, 1, &[0x41]),
        (&[0xD834, 0xDF06], 4, 2, &[0xF0, 0x9D, 0x8C, 0x86]),
        (&[0xD834, 0xDF06, 0x41], 3, 0, &[]),
        (
            &[0xD834, 0x41, 0xDF06, 0x41, 0xA5, 0x48, 0x69],
            10,
            5,
            &[0xEF, 0xBF, 0xBD, 0x41, 0xEF, 0xBF, 0xBD, 0x41, 0xC2, 0xA5],
        ),
        (&[0x41, 0xDF06], 4, 2, &[0x41, 0xEF, 0xBF, 0xBD]),
        (&[0xA5, 0xA5], 4, 2, &[0xC2, 0xA5, 0xC2, 0xA5]),
    ];
    let mut seed = 0x2545F491u32;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as u8
    };
    for (input, destination_length, read, written) in cases {
        for (increase, offset) in [(0, 0), (10, 4)] {
            for filler in [Some(0x00), Some(0x80), None] {
                let control: Vec<u8> = (0..destination_length + increase)
                    .map(|_| filler.unwrap_or_else(&mut random))
                    .collect();
                let mut expected = control.clone();
                expected[offset..offset + written.len()].copy_from_slice(written);

                let mut buffer = control.clone();
                let destination = &mut buffer[offset..offset + destination_length];
                let result = TextEncoder::new().encode_into_utf16(input, destination);
                let want = TextEncoderEncodeIntoResult {
                    read,
                    written: written.len(),
                };
                assert_eq!(result, want, "{input:04X?} into {destination_length}");
                assert_eq!(buffer, expected);

                // The same through a &str, where the input has no lone surrogate.
                if let Ok(text) = String::from_utf16(input) {
                    let mut buffer = control.clone();
                    let destination = &mut buffer[offset..offset + destination_length];
                    assert_eq!(TextEncoder::new().encode_into(&text, destination), want);
                    assert_eq!(buffer, expected);
                }
            }
        }
    }
}

/// Section 7.4, `encodeInto()` step 7.4.1: a scalar value that does not fit stops the
/// encoding even if later ones would fit.
#[test]
fn encode_into_stops_at_the_first_scalar_value_that_does_not_fit() {
    let mut destination = [0; 3];
    let result = TextEncoder::new().encode_into("a\u{20AC}b", &mut destination);
    assert_eq!(
        result,
        TextEncoderEncodeIntoResult {
            read: 1,
            written: 1
        }
    );
    assert_eq!(destination, [0x61, 0, 0]);
    let result = TextEncoder::new().encode_into_utf16(&[0x61, 0x20AC, 0x62], &mut destination);
    assert_eq!(
        result,
        TextEncoderEncodeIntoResult {
            read: 1,
            written: 1
        }
    );
}
