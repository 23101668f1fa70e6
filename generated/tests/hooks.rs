//! Section 6's hooks and section 6.1's legacy hooks. Expected values come from the
//! standard's text (the BOM table, the decoders' steps) and the spec's index (日 is JIS X
//! 0208 row 38 cell 92, 0x46 0x7C in ISO-2022-JP).

#![cfg(all(feature = "alloc", feature = "all"))]

use whatwg_encoding::hooks::{self, NoEncoder};
use whatwg_encoding::{
    LabelError, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
};

#[test]
fn utf8_decode_removes_only_a_utf8_bom() {
    assert_eq!(hooks::utf8_decode(b"\xEF\xBB\xBFa"), "a");
    assert_eq!(
        hooks::utf8_decode(b"\xEF\xBB\xBF\xEF\xBB\xBFa"),
        "\u{FEFF}a"
    );
    assert_eq!(
        hooks::utf8_decode(b"\xFF\xFEa\x00"),
        "\u{FFFD}\u{FFFD}a\u{0}"
    );
    assert_eq!(hooks::utf8_decode(b"\xF0\x9F\x41"), "\u{FFFD}A");
}

#[test]
fn utf8_decode_without_bom_keeps_the_bom() {
    assert_eq!(
        hooks::utf8_decode_without_bom(b"\xEF\xBB\xBFa"),
        "\u{FEFF}a"
    );
    assert_eq!(
        hooks::utf8_decode_without_bom(b"\xE0\x80\x80"),
        "\u{FFFD}\u{FFFD}\u{FFFD}"
    );
}

#[test]
fn utf8_decode_without_bom_or_fail_fails_where_the_utf8_stops() {
    assert_eq!(
        hooks::utf8_decode_without_bom_or_fail(b"\xEF\xBB\xBFa"),
        Ok("\u{FEFF}a")
    );
    let error = hooks::utf8_decode_without_bom_or_fail(b"ab\xC0\x80").unwrap_err();
    assert_eq!((error.valid_up_to(), error.error_len()), (2, Some(1)));
    assert!(hooks::utf8_decode_without_bom_or_fail(b"\xED\xA0\x80").is_err());
}

#[test]
fn utf8_encode_is_the_utf8() {
    assert_eq!(hooks::utf8_encode("a\u{1F4A9}"), b"a\xF0\x9F\x92\xA9");
}

/// Section 6.1, "decode": the BOM wins over the fallback encoding.
#[test]
fn decode_lets_the_bom_win() {
    assert_eq!(hooks::decode(b"\xFF\xFEa\x00", WINDOWS_1252), "a");
    assert_eq!(hooks::decode(b"\xEF\xBB\xBF\xC3\xA9", WINDOWS_1252), "é");
    assert_eq!(hooks::decode(b"\xC3\xA9", WINDOWS_1252), "Ã©");
}

/// Section 6.1, "BOM sniff": the table, row by row, and the prefixes that are no mark.
#[test]
fn bom_sniff_reads_the_table() {
    assert_eq!(hooks::bom_sniff(b"\xEF\xBB\xBFx"), Some(UTF_8));
    assert_eq!(hooks::bom_sniff(b"\xFE\xFF"), Some(UTF_16BE));
    assert_eq!(hooks::bom_sniff(b"\xFF\xFE\x00"), Some(UTF_16LE));
    for none in [&b""[..], b"\xEF\xBB", b"\xFE", b"\xBB\xBF", b"a"] {
        assert_eq!(hooks::bom_sniff(none), None);
    }
}

/// Section 6.1, "encode": the html error mode, and the output encoding for UTF-16.
#[test]
fn encode_writes_numeric_character_references() {
    assert_eq!(&*hooks::encode("€✓", WINDOWS_1252), b"\x80&#10003;");
    assert_eq!(&*hooks::encode("é", UTF_16LE), "é".as_bytes());
}

#[test]
fn get_an_encoding_and_output_encoding() {
    assert_eq!(hooks::get_an_encoding(" Latin1\n"), Ok(WINDOWS_1252));
    assert_eq!(hooks::get_an_encoding("x-sjis"), Ok(SHIFT_JIS));
    assert_eq!(hooks::get_an_encoding("latin 1"), Err(LabelError::Unknown));
    for encoding in [REPLACEMENT, UTF_16BE, UTF_16LE] {
        assert_eq!(hooks::get_an_output_encoding(encoding), UTF_8);
    }
    assert_eq!(hooks::get_an_output_encoding(SHIFT_JIS), SHIFT_JIS);
}

/// Section 6.1, "get an encoder": its assertion is an error naming the encoding.
#[test]
fn get_an_encoder_refuses_encodings_without_one() {
    for encoding in [REPLACEMENT, UTF_16BE, UTF_16LE] {
        let error = hooks::get_an_encoder(encoding).err();
        assert_eq!(error, Some(NoEncoder { encoding }));
        assert!(error.unwrap().to_string().starts_with(encoding.name()));
    }
    assert_eq!(
        hooks::get_an_encoder(ISO_2022_JP).unwrap().encoding(),
        ISO_2022_JP
    );
}

/// Section 6.1, "encode or fail", used as URL percent-encoding does: the same ISO-2022-JP
/// encoder across calls. The encoder returns to ASCII (ESC ( B) before it reports € (step
/// 9 of its handler), and the caller's "&#8364;" goes between the calls.
#[test]
fn encode_or_fail_keeps_the_encoder_across_calls() {
    let mut encoder = hooks::get_an_encoder(ISO_2022_JP).unwrap();
    let mut queue = "a日€b";
    let mut output = Vec::new();
    assert_eq!(
        hooks::encode_or_fail(&mut queue, &mut encoder, &mut output),
        Some('€')
    );
    assert_eq!(output, b"a\x1B$BF|\x1B(B");
    assert_eq!(queue, "b");
    output.extend_from_slice(b"&#8364;");
    assert_eq!(
        hooks::encode_or_fail(&mut queue, &mut encoder, &mut output),
        None
    );
    assert_eq!(output, b"a\x1B$BF|\x1B(B&#8364;b");
    assert_eq!(queue, "");
}
