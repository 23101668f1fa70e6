//! Tests derived from the standard's text: each names the section and step it checks (section
//! numbers of the 2 March 2021 edition, which the current one keeps). Expected values come
//! from the standard, not from running the code.

use std::borrow::Cow;
use whatwg_encoding::*;

// ---- 4.2 Names and labels ----

#[test]
fn labels_4_2_get_an_encoding_trims_ascii_whitespace_only() {
    // "Remove any leading and trailing ASCII whitespace from label": TAB, LF, FF, CR, SPACE.
    assert_eq!(
        Encoding::for_label(b"\t\n\x0C\r latin1 \r\x0C\n\t"),
        Some(WINDOWS_1252)
    );
    // U+000B VERTICAL TAB is not ASCII whitespace.
    assert_eq!(Encoding::for_label(b"\x0Blatin1"), None);
    // Non-ASCII whitespace (U+00A0 as UTF-8, U+3000) is not trimmed.
    assert_eq!(Encoding::for_label("\u{A0}latin1".as_bytes()), None);
    assert_eq!(Encoding::for_label("latin1\u{3000}".as_bytes()), None);
    // Inner whitespace is part of the label.
    assert_eq!(Encoding::for_label(b"shift jis"), None);
    assert_eq!(Encoding::for_label(b""), None);
    assert_eq!(Encoding::for_label(b"  "), None);
}

#[test]
fn labels_4_2_match_ascii_case_insensitively() {
    assert_eq!(Encoding::for_label(b"SHIFT_JIS"), Some(SHIFT_JIS));
    assert_eq!(Encoding::for_label(b"Windows-1252"), Some(WINDOWS_1252));
    assert_eq!(Encoding::for_label(b"uTf-8"), Some(UTF_8));
    // Only ASCII case folds: U+212A KELVIN SIGN is not "k".
    assert_eq!(Encoding::for_label("\u{212A}oi8-r".as_bytes()), None);
    // Not UTF-8 at all.
    assert_eq!(Encoding::for_label(b"\xFFutf-8"), None);
}

#[test]
fn labels_4_2_latin1_ascii_and_iso_8859_1_are_windows_1252() {
    for label in [
        "latin1",
        "ascii",
        "iso-8859-1",
        "us-ascii",
        "l1",
        "cp1252",
        "x-cp1252",
    ] {
        assert_eq!(
            Encoding::for_label(label.as_bytes()),
            Some(WINDOWS_1252),
            "{label}"
        );
    }
    // And ISO-8859-9 is windows-1254; UTF-16 is UTF-16LE.
    assert_eq!(Encoding::for_label(b"iso-8859-9"), Some(WINDOWS_1254));
    assert_eq!(Encoding::for_label(b"utf-16"), Some(UTF_16LE));
}

#[test]
fn labels_4_2_every_label_of_the_standard() {
    // 228 labels in the standard's table; each must find the encoding it is listed under,
    // read here from the data file itself rather than from the build.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../indexes/encodings.json"
    ))
    .unwrap();
    let mut count = 0;
    for group in text.split("\"encodings\"").skip(1) {
        // Each entry is {"labels": [...], "name": "..."}.
        for entry in group.split("\"labels\"").skip(1) {
            let labels_part = &entry[entry.find('[').unwrap() + 1..entry.find(']').unwrap()];
            let name_at = entry.find("\"name\"").unwrap();
            let name = entry[name_at + 6..].split('"').nth(1).unwrap();
            for label in labels_part.split(',').map(|l| l.trim().trim_matches('"')) {
                count += 1;
                let e = Encoding::for_label(label.as_bytes()).unwrap_or_else(|| panic!("{label}"));
                assert_eq!(e.name(), name, "{label}");
                assert_eq!(
                    Encoding::for_label(label.to_ascii_uppercase().as_bytes()),
                    Some(e)
                );
            }
        }
    }
    assert_eq!(count, 228);
}

#[test]
fn labels_4_2_replacement_labels() {
    for label in [
        "csiso2022kr",
        "hz-gb-2312",
        "iso-2022-cn",
        "iso-2022-cn-ext",
        "iso-2022-kr",
    ] {
        assert_eq!(
            Encoding::for_label(label.as_bytes()),
            Some(REPLACEMENT),
            "{label}"
        );
        assert_eq!(
            Encoding::for_label_no_replacement(label.as_bytes()),
            None,
            "{label}"
        );
    }
    // The current standard also lists "replacement" itself as a label (600: "replacement").
    assert_eq!(Encoding::for_label(b"replacement"), Some(REPLACEMENT));
}

#[test]
fn lookup_tells_unknown_labels() {
    assert_eq!(Encoding::lookup(b"klingon"), Err(LabelError::Unknown));
    assert_eq!(Encoding::lookup(b"sjis"), Ok(SHIFT_JIS));
}

// ---- 4.3 Output encodings ----

#[test]
fn output_encoding_4_3() {
    // "If encoding is replacement or UTF-16BE/LE, return UTF-8."
    assert_eq!(REPLACEMENT.output_encoding(), UTF_8);
    assert_eq!(UTF_16BE.output_encoding(), UTF_8);
    assert_eq!(UTF_16LE.output_encoding(), UTF_8);
    assert_eq!(WINDOWS_1252.output_encoding(), WINDOWS_1252);
    assert_eq!(UTF_16LE.new_encoder().encoding(), UTF_8);
    let (bytes, enc, unmappable) = UTF_16BE.encode("\u{1F600}");
    assert_eq!(
        (&*bytes, enc, unmappable),
        ("\u{1F600}".as_bytes(), UTF_8, false)
    );
}

// ---- 6 Hooks for standards: decode, UTF-8 decode, decode without BOM ----

#[test]
fn decode_6_bom_sniff_wins_over_the_given_encoding() {
    // "decode": BOM sniff; if it returns an encoding, use it and drop the BOM.
    let (text, enc, _) = WINDOWS_1252.decode(b"\xEF\xBB\xBFa\xC3\xA9");
    assert_eq!((&*text, enc), ("a\u{E9}", UTF_8));
    let (text, enc, _) = WINDOWS_1252.decode(b"\xFF\xFEa\x00");
    assert_eq!((&*text, enc), ("a", UTF_16LE));
    let (text, enc, _) = UTF_8.decode(b"\xFE\xFF\x00a");
    assert_eq!((&*text, enc), ("a", UTF_16BE));
    // A partial mark is ordinary bytes.
    let (text, enc, _) = WINDOWS_1252.decode(b"\xEF\xBB");
    assert_eq!((&*text, enc), ("\u{EF}\u{BB}", WINDOWS_1252));
}

#[test]
fn utf_8_decode_6_removes_only_the_utf_8_bom() {
    // "UTF-8 decode": remove a UTF-8 BOM, never switch encodings.
    assert_eq!(UTF_8.decode_with_bom_removal(b"\xEF\xBB\xBFx").0, "x");
    let (text, had_errors) = UTF_8.decode_with_bom_removal(b"\xFF\xFEx");
    assert_eq!((&*text, had_errors), ("\u{FFFD}\u{FFFD}x", true));
    // Only one BOM is removed.
    assert_eq!(
        UTF_8.decode_with_bom_removal(b"\xEF\xBB\xBF\xEF\xBB\xBF").0,
        "\u{FEFF}"
    );
}

#[test]
fn decode_without_bom_6_keeps_the_bom() {
    assert_eq!(
        UTF_8.decode_without_bom_handling(b"\xEF\xBB\xBFx").0,
        "\u{FEFF}x"
    );
    assert_eq!(
        WINDOWS_1252.decode_without_bom_handling(b"\xEF\xBB\xBF").0,
        "\u{EF}\u{BB}\u{BF}"
    );
}

#[test]
fn borrowing_where_the_input_is_the_output() {
    assert!(matches!(
        UTF_8.decode_without_bom_handling(b"caf\xC3\xA9").0,
        Cow::Borrowed(_)
    ));
    assert!(matches!(
        WINDOWS_1252.decode_without_bom_handling(b"plain").0,
        Cow::Borrowed(_)
    ));
    assert!(matches!(
        WINDOWS_1252.decode_without_bom_handling(b"caf\xE9").0,
        Cow::Owned(_)
    ));
    assert!(matches!(WINDOWS_1252.encode("plain").0, Cow::Borrowed(_)));
    assert!(matches!(UTF_8.encode("caf\u{E9}").0, Cow::Borrowed(_)));
    assert!(matches!(WINDOWS_1252.encode("caf\u{E9}").0, Cow::Owned(_)));
}

// ---- 4.1 Encoders: the html error mode ----

#[test]
fn encode_4_1_html_error_mode_writes_decimal_references() {
    // "html": the error's code point as "&#" + decimal + ";".
    let (bytes, _, unmappable) = WINDOWS_1252.encode("a\u{3042}b\u{1F600}");
    assert_eq!((&*bytes, unmappable), (&b"a&#12354;b&#128512;"[..], true));
    let mut encoder = WINDOWS_1252.new_encoder();
    let mut out = [0u8; 16];
    let (result, read, written) =
        encoder.encode_from_utf8_without_replacement("a\u{3042}b", &mut out, true);
    assert_eq!(
        (result, read, written),
        (EncoderResult::Unmappable('\u{3042}'), 4, 1)
    );
}

// ---- 8.1.1 UTF-8 decoder ----

fn utf8(bytes: &[u8]) -> String {
    UTF_8.decode_without_bom_handling(bytes).0.into_owned()
}

#[test]
fn utf_8_decoder_step_3_invalid_lead_bytes() {
    // 0x80..0xC1 and 0xF5..0xFF cannot start a sequence: one U+FFFD each.
    for b in (0x80..=0xC1).chain(0xF5..=0xFF) {
        assert_eq!(utf8(&[b, b'a']), "\u{FFFD}a", "{b:02X}");
    }
}

#[test]
fn utf_8_decoder_step_3_boundaries_for_e0_ed_f0_f4() {
    // E0 needs A0..BF (no overlongs), ED needs 80..9F (no surrogates), F0 needs 90..BF, F4
    // needs 80..8F (nothing above U+10FFFF).
    assert_eq!(utf8(b"\xE0\x9F\x80"), "\u{FFFD}\u{FFFD}\u{FFFD}");
    assert_eq!(utf8(b"\xE0\xA0\x80"), "\u{800}");
    assert_eq!(utf8(b"\xED\xA0\x80"), "\u{FFFD}\u{FFFD}\u{FFFD}");
    assert_eq!(utf8(b"\xED\x9F\xBF"), "\u{D7FF}");
    assert_eq!(
        utf8(b"\xF0\x8F\xBF\xBF"),
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    assert_eq!(
        utf8(b"\xF4\x90\x80\x80"),
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    assert_eq!(utf8(b"\xF4\x8F\xBF\xBF"), "\u{10FFFF}");
}

#[test]
fn utf_8_decoder_step_4_one_replacement_per_maximal_subpart() {
    // A truncated sequence is one error, and the byte that broke it is decoded again.
    assert_eq!(utf8(b"\xF0\x9F\x98a"), "\u{FFFD}a");
    assert_eq!(utf8(b"\xE2\x82\xE2\x82\xAC"), "\u{FFFD}\u{20AC}");
    assert_eq!(utf8(b"\xC3\xC3\xA9"), "\u{FFFD}\u{E9}");
}

#[test]
fn utf_8_decoder_step_1_end_of_queue_inside_a_sequence() {
    assert_eq!(utf8(b"a\xF0\x9F\x98"), "a\u{FFFD}");
    assert_eq!(utf8(b"\xC3"), "\u{FFFD}");
}

// ---- 14.1 replacement ----

#[test]
fn replacement_decoder_14_1() {
    // Step 2: the first byte is one error; step 3: then finished, whatever follows.
    let (text, had_errors) = REPLACEMENT.decode_without_bom_handling(b"\x1B$)C\x0E!!");
    assert_eq!((&*text, had_errors), ("\u{FFFD}", true));
    assert_eq!(REPLACEMENT.decode_without_bom_handling(b"").0, "");
    assert_eq!(
        REPLACEMENT.decode_without_bom_handling_and_without_replacement(b"a"),
        None
    );
    assert_eq!(
        REPLACEMENT
            .decode_without_bom_handling_and_without_replacement(b"")
            .as_deref(),
        Some("")
    );
}

// ---- 14.2 shared UTF-16 decoder ----

#[test]
fn utf_16_decoder_step_7_lone_trail_surrogate() {
    assert_eq!(
        UTF_16LE.decode_without_bom_handling(b"\x00\xDCa\x00").0,
        "\u{FFFD}a"
    );
}

#[test]
fn utf_16_decoder_step_5_lead_without_trail_restores_the_code_unit() {
    // D83D followed by 0061: the "a" is decoded again after the error.
    assert_eq!(
        UTF_16BE.decode_without_bom_handling(b"\xD8\x3D\x00a").0,
        "\u{FFFD}a"
    );
    // Two lead surrogates: the second is still a possible lead.
    assert_eq!(
        UTF_16BE
            .decode_without_bom_handling(b"\xD8\x3D\xD8\x3D\xDE\x00")
            .0,
        "\u{FFFD}\u{1F600}"
    );
}

#[test]
fn utf_16_decoder_step_1_odd_byte_or_lead_at_end() {
    assert_eq!(
        UTF_16LE.decode_without_bom_handling(b"a\x00b").0,
        "a\u{FFFD}"
    );
    assert_eq!(UTF_16LE.decode_without_bom_handling(b"=\xD8").0, "\u{FFFD}");
    assert_eq!(
        UTF_16LE.decode_without_bom_handling(b"=\xD8\x00").0,
        "\u{FFFD}"
    );
}

#[test]
fn utf_16_decoder_step_5_surrogate_pairs() {
    assert_eq!(
        UTF_16LE.decode_without_bom_handling(b"=\xD8\x00\xDE").0,
        "\u{1F600}"
    );
    assert_eq!(
        UTF_16BE.decode_without_bom_handling(b"\xDB\xFF\xDF\xFF").0,
        "\u{10FFFF}"
    );
}

// ---- 9 single-byte ----

#[test]
fn single_byte_decoder_9_1_step_4_unmapped_bytes_are_errors() {
    // windows-1252 maps every byte; windows-1253 leaves 0xAA unmapped (index has no 42).
    assert_eq!(
        WINDOWS_1252
            .decode_without_bom_handling(b"\x81\x8D\x8F\x90\x9D")
            .0,
        "\u{81}\u{8D}\u{8F}\u{90}\u{9D}"
    );
    assert_eq!(
        WINDOWS_1253.decode_without_bom_handling(b"\xAA").0,
        "\u{FFFD}"
    );
}

#[test]
fn iso_8859_8_i_9_shares_the_index_of_iso_8859_8() {
    for b in 0x80..=0xFFu8 {
        assert_eq!(
            ISO_8859_8_I.decode_without_bom_handling(&[b]).0,
            ISO_8859_8.decode_without_bom_handling(&[b]).0
        );
    }
    assert_eq!(ISO_8859_8_I.encode("\u{5D0}").0, &b"\xE0"[..]);
}

// ---- 14.5 x-user-defined ----

#[test]
fn x_user_defined_14_5_high_bytes_are_f780_up() {
    let all: Vec<u8> = (0..=255).collect();
    let (text, had_errors) = X_USER_DEFINED.decode_without_bom_handling(&all);
    assert!(!had_errors);
    for (b, c) in all.iter().zip(text.chars()) {
        let expected = if *b < 0x80 {
            *b as u32
        } else {
            0xF780 + *b as u32 - 0x80
        };
        assert_eq!(c as u32, expected);
    }
    assert_eq!(&*X_USER_DEFINED.encode(&text).0, &all[..]);
    assert_eq!(
        &*X_USER_DEFINED.encode("\u{F780}\u{F7FF}\u{F800}").0,
        &b"\x80\xFF&#63488;"[..]
    );
}

// ---- 2 Security background: ASCII is never masked by an invalid byte combination ----

/// The ASCII-compatible encodings that use several bytes per scalar value.
const MULTI_BYTE: &[&Encoding] = &[
    &UTF_8_INIT,
    &GBK_INIT,
    &GB18030_INIT,
    &BIG5_INIT,
    &EUC_JP_INIT,
    &SHIFT_JIS_INIT,
    &EUC_KR_INIT,
];

fn decodes_to_ascii_then_z(encoding: &'static Encoding, bytes: &[u8], ascii: u8) -> bool {
    let mut input = bytes.to_vec();
    input.push(b'z');
    let (text, _) = encoding.decode_without_bom_handling(&input);
    text.ends_with(&format!("{}z", ascii as char))
}

#[test]
fn section_2_an_ascii_byte_after_an_invalid_lead_is_never_swallowed() {
    // "For the sequence [0x82 0x22] the output would be U+FFFD U+0022."
    assert_eq!(
        SHIFT_JIS.decode_without_bom_handling(b"\x82\x22").0,
        "\u{FFFD}\""
    );
    for &encoding in MULTI_BYTE {
        let encoding: &'static Encoding = encoding;
        for lead in 0x80..=0xFFu8 {
            for ascii in 0x00..=0x7Fu8 {
                let pair = [lead, ascii];
                // Where lead and byte are a valid sequence, the byte is a trail byte.
                if encoding
                    .decode_without_bom_handling_and_without_replacement(&pair)
                    .is_some()
                {
                    continue;
                }
                assert!(
                    decodes_to_ascii_then_z(encoding, &pair, ascii),
                    "{}: {pair:02X?} swallowed the ASCII byte",
                    encoding.name()
                );
            }
        }
    }
}

#[test]
fn section_2_ascii_is_not_swallowed_after_longer_prefixes() {
    // Bytes below 0x40 that are not digits: never a second, third or fourth byte anywhere.
    // (From 0x40 up an ASCII byte can be a valid trail of the restored third byte.)
    for ascii in (0x00..0x40u8).filter(|b| !b.is_ascii_digit()) {
        for third in 0x81..=0xFEu8 {
            // gb18030 decoder step 3.1: "restore « second, third, byte »".
            for encoding in [GB18030, GBK] {
                assert!(decodes_to_ascii_then_z(
                    encoding,
                    &[0x81, 0x30, third, ascii],
                    ascii
                ));
            }
        }
        for second in 0xA1..=0xFEu8 {
            // EUC-JP after 0x8F (JIS X 0212): the trail must be 0xA1 to 0xFE.
            assert!(decodes_to_ascii_then_z(
                EUC_JP,
                &[0x8F, second, ascii],
                ascii
            ));
        }
        // UTF-8 decoder step 4: the byte that breaks a sequence is restored.
        assert!(decodes_to_ascii_then_z(
            UTF_8,
            &[0xF0, 0x9F, 0x98, ascii],
            ascii
        ));
    }
}

#[test]
fn section_2_the_exception_gb18030_masks_one_ascii_digit_at_end_of_queue() {
    // "(As an unfortunate exception to this, the gb18030 decoder will 'mask' up to one such
    // byte at end-of-queue.)" A lead and an ASCII digit are the start of a four-byte sequence;
    // at end-of-queue step 2 returns one error for all of it.
    for encoding in [GB18030, GBK] {
        for digit in b'0'..=b'9' {
            let input = [0x81, digit];
            let (text, had_errors) = encoding.decode_without_bom_handling(&input);
            assert_eq!(
                (&*text, had_errors),
                ("\u{FFFD}", true),
                "{}",
                encoding.name()
            );
            // Not at the end, the digit is restored.
            assert_eq!(
                encoding.decode_without_bom_handling(&[0x81, digit, b'z']).0,
                format!("\u{FFFD}{}z", digit as char)
            );
        }
        // Three bytes of a four-byte sequence: still one error, masking the digit.
        assert_eq!(
            encoding.decode_without_bom_handling(b"\x81\x30\x81").0,
            "\u{FFFD}"
        );
    }
}

/// The encodings these tests go through are the data's, in its order: adding one to
/// encodings.json fails here until the tests know it.
#[test]
fn the_tests_know_every_encoding_of_the_data() {
    assert_eq!(spec_tests::ALL, whatwg_encoding::data::encodings());
}
