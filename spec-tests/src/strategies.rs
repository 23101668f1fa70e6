//! The random inputs the property and differential tests share: bytes that favour the
//! interesting parts of the encodings, text that most encoders can map, and UTF-16 with
//! surrogates paired and not.

use proptest::prelude::*;

/// Up to `max_len` bytes favouring ASCII, C1, high bytes, the lead and trail ranges of the
/// multi-byte encodings, ISO-2022-JP's escape sequences, gb18030's digits, UTF-16's
/// surrogates and the byte order marks.
pub fn interesting_bytes(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            any::<u8>(),
            0x80u8..=0xFF,
            Just(0x1B),
            Just(b'$'),
            Just(b'('),
            Just(b'B'),
            0x30u8..=0x39,
            0xD8u8..=0xDF,
            Just(0),
            Just(0xEF),
            Just(0xBB),
            Just(0xBF),
            Just(0xFE),
            Just(0xFF),
        ],
        0..max_len,
    )
}

/// Up to `max_len` characters: any, and more often ASCII, two-byte UTF-8, CJK, half-width
/// katakana, and the code points the Japanese encoders treat specially.
pub fn text(max_len: usize) -> impl Strategy<Value = String> {
    let from = |range: core::ops::Range<u32>| range.prop_map(|c| char::from_u32(c).unwrap());
    prop::collection::vec(
        prop_oneof![
            any::<char>(),
            from(0x20..0x7F),
            from(0x80..0x800),
            from(0x3000..0xA000),
            from(0xAC00..0xD7A4),
            from(0xE000..0xE900),
            from(0xFF00..0xFFF0),
            Just('\u{A5}'),
            Just('\u{203E}'),
            Just('\u{2212}'),
        ],
        0..max_len,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// Up to `max_len` UTF-16 code units: any, and more often ASCII, CJK and surrogates, paired
/// and not.
pub fn utf16_units(max_len: usize) -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(
        prop_oneof![
            any::<u16>(),
            0x20u16..0x7F,
            0x80u16..0x800,
            0x3000u16..0x9FFF,
            0xD800u16..0xE000,
            Just(0xD83D),
            Just(0xDE00),
        ],
        0..max_len,
    )
}
