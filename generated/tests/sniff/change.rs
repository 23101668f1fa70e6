//! HTML Standard 13.2.3.4, changing the encoding while parsing: each of its steps.

use whatwg_encoding::sniff::{change_the_encoding as change, EncodingChange};
use whatwg_encoding::{
    ISO_2022_JP, KOI8_R, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252,
    X_USER_DEFINED,
};

#[test]
fn step_1_utf_16_in_use_is_kept() {
    assert_eq!(change(UTF_16LE, KOI8_R, b""), EncodingChange::Keep);
    assert_eq!(change(UTF_16BE, UTF_8, b""), EncodingChange::Keep);
}

#[test]
fn steps_2_to_4_the_new_encodings_own_rules_then_the_same_encoding() {
    assert_eq!(change(UTF_8, UTF_16LE, b"<p>"), EncodingChange::Keep);
    assert_eq!(change(UTF_8, UTF_16BE, b"\xC3\xA9"), EncodingChange::Keep);
    assert_eq!(
        change(WINDOWS_1252, X_USER_DEFINED, b"\xE9"),
        EncodingChange::Keep
    );
    assert_eq!(change(KOI8_R, KOI8_R, b"\xE9"), EncodingChange::Keep);
    assert_eq!(
        change(KOI8_R, X_USER_DEFINED, b"<p>"),
        EncodingChange::ChangeInPlace(WINDOWS_1252)
    );
    assert_eq!(
        change(WINDOWS_1252, UTF_16LE, b"<p>"),
        EncodingChange::ChangeInPlace(UTF_8)
    );
}

#[test]
fn step_5_on_the_fly_when_the_bytes_so_far_mean_the_same() {
    assert_eq!(
        change(WINDOWS_1252, KOI8_R, b""),
        EncodingChange::ChangeInPlace(KOI8_R)
    );
    assert_eq!(
        change(WINDOWS_1252, KOI8_R, b"<html><head>"),
        EncodingChange::ChangeInPlace(KOI8_R)
    );
    // Long ASCII, longer than any buffer of the comparison.
    let long = b"<p>ascii</p>".repeat(200);
    assert_eq!(
        change(WINDOWS_1252, WINDOWS_1251, &long),
        EncodingChange::ChangeInPlace(WINDOWS_1251)
    );
    // Bytes that mean the same outside ASCII: 0xA0 is U+00A0 in both.
    assert_eq!(
        change(WINDOWS_1252, WINDOWS_1251, b"a\xA0b"),
        EncodingChange::ChangeInPlace(WINDOWS_1251)
    );
    // ISO-2022-JP's escapes write nothing: "ab" both ways.
    assert_eq!(
        change(ISO_2022_JP, UTF_8, b"a\x1B(Bb"),
        EncodingChange::Reparse(UTF_8)
    );
    assert_eq!(
        change(UTF_8, ISO_2022_JP, b"ab"),
        EncodingChange::ChangeInPlace(ISO_2022_JP)
    );
}

#[test]
fn step_6_otherwise_reparse() {
    assert_eq!(
        change(WINDOWS_1252, KOI8_R, b"caf\xE9"),
        EncodingChange::Reparse(KOI8_R)
    );
    // A difference far from the start, after more text than a buffer of the comparison.
    let mut late = b"<p>ascii</p>".repeat(100);
    late.push(0xE9);
    assert_eq!(
        change(WINDOWS_1252, WINDOWS_1251, &late),
        EncodingChange::Reparse(WINDOWS_1251)
    );
    // A lead byte that the new encoding would still be waiting on is not the same text.
    assert_eq!(
        change(WINDOWS_1252, SHIFT_JIS, b"<p>\x82"),
        EncodingChange::Reparse(SHIFT_JIS)
    );
    // Malformed in one, text in the other.
    assert_eq!(
        change(WINDOWS_1252, UTF_8, b"\xC3\xA9"),
        EncodingChange::Reparse(UTF_8)
    );
}
