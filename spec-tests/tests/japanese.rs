//! The Japanese encodings (section 12): Shift_JIS, EUC-JP and ISO-2022-JP against encoding_rs
//! exhaustively over short inputs and every scalar value, randomly over longer inputs in
//! random pieces, round trips of every pointer the encoders choose, and one test per detail
//! of the standard that implementations commonly get wrong.

use std::collections::BTreeMap;

use proptest::prelude::*;
use spec_tests::*;

const JAPANESE: [&str; 3] = ["Shift_JIS", "EUC-JP", "ISO-2022-JP"];

const ESC: u8 = 0x1B;

/// The escape sequences of section 12.2.1's escape state that switch state.
const ESCAPES: [&[u8]; 5] = [b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$B", b"\x1B$@"];

/// Decodes with our decoder, replacing errors; the text.
fn dec(name: &str, bytes: &[u8]) -> String {
    ours(name).decode_without_bom_handling(bytes).0.into_owned()
}

/// Encodes with our encoder in the html mode; the bytes.
fn enc(name: &str, text: &str) -> Vec<u8> {
    ours(name).encode(text).0.into_owned()
}

/// Both our and encoding_rs's results, for the detail tests: the detail is asserted on ours
/// and the oracle must agree.
fn decode_checked(name: &str, bytes: &[u8]) -> String {
    check_decode(name, bytes);
    dec(name, bytes)
}

fn encode_checked(name: &str, text: &str) -> Vec<u8> {
    check_encode(name, text);
    enc(name, text)
}

// ---------------------------------------------------------------------------------------
// Exhaustive comparison with encoding_rs (every one- and two-byte input, alone and between
// ASCII, is in differential.rs for all 40 encodings).

/// EUC-JP: every three-byte input starting with 0x8F (JIS X 0212, section 12.1.1 step 4),
/// alone and between ASCII.
#[test]
fn euc_jp_every_0x8f_three_byte_input() {
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            check_decode("EUC-JP", &[0x8F, a, b]);
            check_decode("EUC-JP", &[b'x', 0x8F, a, b, b'y']);
            // Step 5.3: "EUC-JP jis0212" does not outlive its sequence (0xB0 0xA1 is
            // U+4E9C in index jis0208, U+4E02 in index jis0212).
            check_decode("EUC-JP", &[0x8F, a, b, 0xB0, 0xA1]);
        }
    }
}

/// ISO-2022-JP: ESC and every two bytes (every escape sequence and every malformed one), and
/// every two bytes in each state an escape sequence switches to, alone and followed by ESC.
#[test]
fn iso_2022_jp_every_escape_shaped_input() {
    let name = "ISO-2022-JP";
    for a in 0..=255u8 {
        check_decode(name, &[ESC, a]);
        check_decode(name, &[ESC, a, b'y']);
        for b in 0..=255u8 {
            check_decode(name, &[ESC, a, b]);
        }
    }
    for prefix in ESCAPES {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let mut input = prefix.to_vec();
                input.extend_from_slice(&[a, b]);
                check_decode(name, &input);
            }
        }
    }
}

/// ISO-2022-JP: every string of up to four tokens from the pieces its state machine reacts
/// to (escape sequences, bytes of each state, broken escapes): covers the output flag, the
/// output state after a broken escape, and escapes in the trail byte state.
#[test]
fn iso_2022_jp_token_sequences() {
    const TOKENS: &[&[u8]] = &[
        b"\x1B(B",
        b"\x1B(J",
        b"\x1B(I",
        b"\x1B$B",
        b"\x1B$@",
        b"\x1B",
        b"\x1B(",
        b"\x1B$",
        b"\x1B(A",
        b"A",
        b"\\",
        b"~",
        b"\x30\x21",
        b"\x30",
        b"\x0E",
        b"\x80",
        b"\n",
    ];
    let n = TOKENS.len();
    let mut input = Vec::new();
    for len in 1..=4u32 {
        for mut k in 0..n.pow(len) {
            input.clear();
            for _ in 0..len {
                input.extend_from_slice(TOKENS[k % n]);
                k /= n;
            }
            check_decode("ISO-2022-JP", &input);
        }
    }
}

fn every_scalar_value() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

#[test]
fn every_scalar_value_through_the_encoders() {
    let mut buf = [0u8; 4];
    for name in JAPANESE {
        for c in every_scalar_value() {
            check_encode(name, c.encode_utf8(&mut buf));
        }
    }
}

/// ISO-2022-JP's encoder has state: every BMP code point after one that leaves it in the
/// Roman state and one that leaves it in the jis0208 state, and followed by ASCII.
#[test]
fn iso_2022_jp_every_bmp_code_point_in_each_encoder_state() {
    for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
        for prefix in ["\u{A5}", "\u{4E9C}", "a"] {
            check_encode("ISO-2022-JP", &format!("{prefix}{c}"));
            check_encode("ISO-2022-JP", &format!("{prefix}{c}x"));
        }
    }
}

/// The encoders take a run of kanji and kana whole (ISO-2022-JP's switching to jis0208
/// before it and back to ASCII after it): every output buffer length from 13 bytes (room
/// for any numeric character reference) to 64, and the input cut at every character, from
/// a `&str` and from UTF-16, against encoding_rs. The text has the code points the run
/// leaves to the steps at its edges and within it: ASCII, ESC, U+00A5, U+203E, U+2212,
/// half-width katakana, one index jis0208 lacks, Shift_JIS's remapped pointers (U+2170), a
/// surrogate pair and a lone surrogate.
#[test]
fn runs_of_kanji_and_kana_in_every_buffer() {
    for name in JAPANESE {
        runs_of_kanji_and_kana(name);
    }
}

fn runs_of_kanji_and_kana(name: &str) {
    let text = "漢字とかなカナ、abc漢\u{1B}字\u{A5}ひら\u{203E}が\u{2212}な\u{FF76}ｶナ\u{E000}語。\
                x\u{2213}\u{FF60}\u{FF61}表\u{20B9F}記 一二三\u{2170}\u{2170}ⅰ¬∵";
    let (expected, _) = oracle_encode(name, text);
    let units: Vec<u16> = text.encode_utf16().collect();
    assert_eq!(oracle_encode_utf16(name, &units).0, expected);
    for out_len in 13..=64 {
        assert_eq!(
            encode_in_pieces(ours(name), text, &[], out_len).0,
            expected,
            "{out_len}-byte buffers"
        );
        assert_eq!(
            encode_utf16_in_pieces(ours(name), &units, &[], out_len, false)
                .unwrap()
                .0,
            expected,
            "{out_len}-byte buffers, UTF-16"
        );
    }
    for cut in 0..=text.len() {
        assert_eq!(
            encode_in_pieces(ours(name), text, &[cut], 16).0,
            expected,
            "cut {cut}"
        );
    }
    for cut in 0..=units.len() {
        let ours = encode_utf16_in_pieces(ours(name), &units, &[cut], 16, false).unwrap();
        assert_eq!(ours.0, expected, "cut {cut}, UTF-16");
    }
    // A lone surrogate in UTF-16 is U+FFFD, unmappable, whichever side of a run it is on.
    let lone: Vec<u16> = "漢字"
        .encode_utf16()
        .chain([0xD800])
        .chain("かな".encode_utf16())
        .collect();
    assert_eq!(
        encode_utf16_in_pieces(ours(name), &lone, &[], 16, false).unwrap(),
        oracle_encode_utf16(name, &lone)
    );
}

// ---------------------------------------------------------------------------------------
// Random inputs in random pieces with small output buffers.

/// Bytes that favour the Japanese encodings' structure.
fn japanese_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            any::<u8>(),
            0x20u8..=0x7E,
            0x81u8..=0x9F,
            0xE0u8..=0xFC,
            0xA1u8..=0xFE,
            0x40u8..=0x7E,
            Just(0x8E),
            Just(0x8F),
            Just(ESC),
            Just(b'$'),
            Just(b'('),
            prop::sample::select(vec![b'B', b'J', b'I', b'@']),
            0x21u8..=0x30,
        ],
        0..64,
    )
}

fn japanese_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            any::<char>(),
            (0x20u32..0x7F).prop_map(|c| char::from_u32(c).unwrap()),
            prop::sample::select(vec![
                '\u{A5}', '\u{203E}', '\u{2212}', '\u{FF0D}', '\u{80}', '\u{0E}', '\u{0F}',
                '\u{1B}', '\u{E000}', '\u{2170}', '\u{FFE2}', '\\', '~',
            ]),
            (0x3000u32..0x30FF).prop_map(|c| char::from_u32(c).unwrap()),
            (0x4E00u32..0x9FA5).prop_map(|c| char::from_u32(c).unwrap()),
            (0xFF01u32..=0xFF9F).prop_map(|c| char::from_u32(c).unwrap()),
        ],
        0..40,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    #[test]
    fn random_bytes_in_random_pieces(
        bytes in japanese_bytes(),
        cuts in prop::collection::vec(0usize..64, 0..8),
        out_len in prop_oneof![Just(4usize), 4usize..12, Just(1024)],
        which in 0usize..3,
    ) {
        let name = JAPANESE[which];
        let (theirs, theirs_err) = oracle(name).decode_without_bom_handling(&bytes);
        let (whole, whole_err) = ours(name).decode_without_bom_handling(&bytes);
        prop_assert_eq!((&*whole, whole_err), (&*theirs, theirs_err));
        let (pieces, pieces_err) = decode_in_pieces(ours(name), &bytes, &cuts, out_len);
        prop_assert_eq!((&*pieces, pieces_err), (&*theirs, theirs_err));
        let fatal = decode_fatal_in_pieces(ours(name), &bytes, &cuts, out_len);
        let theirs_fatal = oracle(name).decode_without_bom_handling_and_without_replacement(&bytes);
        prop_assert_eq!(fatal.as_deref(), theirs_fatal.as_deref());
    }

    /// The html mode: an unmappable code point becomes up to ten bytes ("&#1114111;"), the
    /// most one call may need to hold, hence the output buffers of at least ten bytes.
    #[test]
    fn random_text_in_random_pieces(
        text in japanese_text(),
        cuts in prop::collection::vec(0usize..160, 0..8),
        out_len in prop_oneof![Just(10usize), 10usize..20, Just(1024)],
        which in 0usize..3,
    ) {
        let name = JAPANESE[which];
        let (theirs, theirs_unmappable) = oracle_encode(name, &text);
        let (whole, _, whole_unmappable) = ours(name).encode(&text);
        prop_assert_eq!((&*whole, whole_unmappable), (&theirs[..], theirs_unmappable));
        let (pieces, pieces_unmappable) = encode_in_pieces(ours(name), &text, &cuts, out_len);
        prop_assert_eq!((&pieces[..], pieces_unmappable), (&theirs[..], theirs_unmappable));
        prop_assert_eq!(encode_fatal(ours(name), &text), oracle_encode_fatal(name, &text));
    }

    /// Text every encoder can map, with output buffers as small as one escape sequence.
    #[test]
    fn random_mappable_text_in_tiny_pieces(
        text in japanese_text().prop_map(|t| t.chars().filter(|&c| {
            let mut b = [0u8; 4];
            JAPANESE.iter().all(|n| !ours(n).encode(c.encode_utf8(&mut b)).2)
        }).collect::<String>()),
        cuts in prop::collection::vec(0usize..160, 0..8),
        out_len in 3usize..8,
        which in 0usize..3,
    ) {
        let name = JAPANESE[which];
        let (theirs, theirs_unmappable) = oracle_encode(name, &text);
        prop_assert!(!theirs_unmappable);
        let (pieces, pieces_unmappable) = encode_in_pieces(ours(name), &text, &cuts, out_len);
        prop_assert_eq!((&pieces[..], pieces_unmappable), (&theirs[..], false));
    }
}

/// Whether every encoder maps every character of `c`.
fn mappable_everywhere(c: char) -> bool {
    let mut b = [0u8; 4];
    JAPANESE
        .iter()
        .all(|n| encode_fatal(ours(n), c.encode_utf8(&mut b)).is_ok())
}

/// Decodes `pieces` in turn into buffers of exactly `max_utf8_buffer_length`: the bound must
/// hold, whatever state the previous piece left.
fn decode_within_bounds(name: &str, pieces: &[&[u8]]) -> Result<(), String> {
    for fatal in [false, true] {
        let mut d = ours(name).new_decoder_without_bom_handling();
        for (i, piece) in pieces.iter().enumerate() {
            let last = i + 1 == pieces.len();
            let mut out = vec![0u8; d.max_utf8_buffer_length(piece.len()).unwrap()];
            let (full, read) = if fatal {
                let (r, read, _) = d.decode_to_utf8_without_replacement(piece, &mut out, last);
                if let whatwg_encoding::DecoderResult::Malformed(..) = r {
                    break;
                }
                (r == whatwg_encoding::DecoderResult::OutputFull, read)
            } else {
                let (r, read, _, _) = d.decode_to_utf8(piece, &mut out, last);
                (r == whatwg_encoding::CoderResult::OutputFull, read)
            };
            if full || read != piece.len() {
                return Err(format!("{name}: {pieces:02X?} piece {i} (fatal: {fatal})"));
            }
        }
    }
    Ok(())
}

/// Encodes `pieces` of mappable text into buffers of exactly
/// `max_buffer_length_from_utf8_if_no_unmappables`, the end-of-queue escape included.
fn encode_within_bounds(name: &str, pieces: &[&str]) -> Result<(), String> {
    let mut e = ours(name).new_encoder();
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let len = e
            .max_buffer_length_from_utf8_if_no_unmappables(piece.len())
            .unwrap();
        let mut out = vec![0u8; len];
        let (r, read, _) = e.encode_from_utf8_without_replacement(piece, &mut out, last);
        if r != whatwg_encoding::EncoderResult::InputEmpty || read != piece.len() {
            return Err(format!("{name}: {pieces:?} piece {i}: {r:?}"));
        }
    }
    Ok(())
}

/// The worst cases of the bounds: ISO-2022-JP's escape before every character (an ASCII
/// character after jis0208 is four bytes for one), and the return to ASCII at the end.
#[test]
fn buffer_bounds_worst_cases() {
    for name in JAPANESE {
        for text in [
            "\u{4E9C}a".repeat(20),
            "\u{A5}a".repeat(20),
            // Three bytes of output per byte of UTF-8: U+00A7 is ESC $ B and two bytes.
            "\u{A7}a".repeat(20),
            "\u{A5}\u{4E9C}".repeat(20),
            "\u{FF76}\u{80}\u{FF61}".repeat(20),
            "\u{4E9C}".to_string(),
            "\u{A5}".to_string(),
        ] {
            // What this encoder maps (U+0080 is Shift_JIS only).
            let text: String = text
                .chars()
                .filter(|&c| encode_fatal(ours(name), &c.to_string()).is_ok())
                .collect();
            encode_within_bounds(name, &[&text]).unwrap();
            for cut in (0..=text.len()).filter(|&c| text.is_char_boundary(c)) {
                encode_within_bounds(name, &[&text[..cut], &text[cut..]]).unwrap();
            }
        }
        for bytes in [
            &b"\x1B\x1B\x1B\x1B"[..],
            b"\x1B(X\x1B$X\x1B(X",
            b"\x8F\xA1\x8F\xA1\x8F",
            b"\x82\x82\x82\x82",
            b"\x1B$B\x30\x1B$B\x30",
        ] {
            for cut in 0..=bytes.len() {
                decode_within_bounds(name, &[&bytes[..cut], &bytes[cut..]]).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn buffer_bounds_hold(
        bytes in japanese_bytes(),
        text in japanese_text(),
        cuts in prop::collection::vec(0usize..64, 0..4),
        which in 0usize..3,
    ) {
        let name = JAPANESE[which];
        let mut cuts = cuts;
        cuts.sort_unstable();
        let mut pieces = Vec::new();
        let mut start = 0;
        for &c in &cuts {
            let c = c.clamp(start, bytes.len());
            pieces.push(&bytes[start..c]);
            start = c;
        }
        pieces.push(&bytes[start..]);
        prop_assert_eq!(decode_within_bounds(name, &pieces), Ok(()));
        let text: String = text.chars().filter(|&c| mappable_everywhere(c)).collect();
        let mut pieces = Vec::new();
        let mut start = 0;
        for &c in &cuts {
            let mut c = c.clamp(start, text.len());
            while !text.is_char_boundary(c) {
                c -= 1;
            }
            let c = c.max(start);
            pieces.push(&text[start..c]);
            start = c;
        }
        pieces.push(&text[start..]);
        prop_assert_eq!(encode_within_bounds(name, &pieces), Ok(()));
    }
}

// ---------------------------------------------------------------------------------------
// Round trips of every pointer the encoders choose.

/// Every byte sequence of one character our decoder accepts, with its code point, in pointer
/// order: the standard's indexes as the decoder sees them.
fn valid_sequences(name: &str) -> Vec<(Vec<u8>, char)> {
    let mut candidates: Vec<Vec<u8>> = Vec::new();
    match name {
        "Shift_JIS" => {
            candidates.extend((0..=255u8).map(|a| vec![a]));
            for a in (0x81..=0x9Fu8).chain(0xE0..=0xFC) {
                for b in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
                    candidates.push(vec![a, b]);
                }
            }
        }
        "EUC-JP" => {
            candidates.extend((0..=255u8).map(|a| vec![a]));
            candidates.extend((0xA1..=0xDFu8).map(|b| vec![0x8E, b]));
            for a in 0xA1..=0xFEu8 {
                for b in 0xA1..=0xFEu8 {
                    candidates.push(vec![a, b]);
                }
            }
            for a in 0xA1..=0xFEu8 {
                for b in 0xA1..=0xFEu8 {
                    candidates.push(vec![0x8F, a, b]);
                }
            }
        }
        "ISO-2022-JP" => {
            candidates.extend((0..=0x7Fu8).map(|a| vec![a]));
            for a in 0x21..=0x7Eu8 {
                for b in 0x21..=0x7Eu8 {
                    candidates.push(vec![ESC, b'$', b'B', a, b]);
                }
            }
        }
        _ => unreachable!(),
    }
    candidates
        .into_iter()
        .filter_map(|bytes| {
            let text = ours(name).decode_without_bom_handling_and_without_replacement(&bytes)?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some((bytes, c)),
                _ => None,
            }
        })
        .collect()
}

/// The encode map as the encoder shows it: (code point, bytes) for every code point the
/// decoder produces that the encoder maps.
fn derived_encode_map(name: &str) -> BTreeMap<char, Vec<u8>> {
    valid_sequences(name)
        .into_iter()
        .filter_map(|(_, c)| {
            let bytes = encode_fatal(ours(name), c.encode_utf8(&mut [0u8; 4])).ok()?;
            Some((c, bytes))
        })
        .collect()
}

#[test]
fn round_trip_of_every_chosen_pointer() {
    for name in JAPANESE {
        let map = derived_encode_map(name);
        assert!(map.len() > 7000, "{name}: {} entries", map.len());
        for (c, bytes) in &map {
            let text = ours(name)
                .decode_without_bom_handling_and_without_replacement(bytes)
                .unwrap_or_else(|| {
                    panic!(
                        "{name}: U+{:04X} encodes to invalid {bytes:02X?}",
                        *c as u32
                    )
                });
            let again = encode_fatal(ours(name), &text).expect("decoded text encodes");
            assert_eq!(
                &again, bytes,
                "{name}: U+{:04X} -> {bytes:02X?} -> {text:?}",
                *c as u32
            );
        }
    }
}

/// The pointer each encoder chooses is the one the standard's rule names: the first pointer
/// for EUC-JP and ISO-2022-JP ("index pointer", section 5), the first outside 8272 to 8835
/// for Shift_JIS ("index Shift_JIS pointer"); the decoders give sequences in pointer order.
#[test]
fn encoders_choose_the_standards_pointer() {
    for name in JAPANESE {
        let mut first: BTreeMap<char, Vec<u8>> = BTreeMap::new();
        for (bytes, c) in valid_sequences(name) {
            let skip = match name {
                // Pointers 8272 to 8835: leads 0xED and 0xEE (8272 = (0xED − 0xC1) × 188).
                "Shift_JIS" => matches!(bytes[0], 0xED | 0xEE),
                // JIS X 0212 is for decoding only.
                "EUC-JP" => bytes[0] == 0x8F,
                _ => false,
            };
            if !skip {
                first.entry(c).or_insert(bytes);
            }
        }
        let mut checked = 0;
        for (c, bytes) in first {
            let mut expected = bytes;
            match (name, c) {
                // The decoders' ASCII and encoders' special cases.
                (_, '\u{0E}' | '\u{0F}' | '\u{1B}') if name == "ISO-2022-JP" => continue,
                ("Shift_JIS", '\u{E000}'..='\u{F8FF}') => continue, // EUDC: decode only
                ("ISO-2022-JP", _) if c.is_ascii() => {}
                ("ISO-2022-JP", _) => expected.extend_from_slice(b"\x1B(B"),
                _ => {}
            }
            let got = encode_fatal(ours(name), c.encode_utf8(&mut [0u8; 4]));
            assert_eq!(got, Ok(expected), "{name}: U+{:04X}", c as u32);
            checked += 1;
        }
        assert!(checked > 7000, "{name}: {checked}");
    }
}

// ---------------------------------------------------------------------------------------
// Section 2: an ASCII byte is never swallowed by a bad lead.

#[test]
fn section_2_shift_jis_lead_0x82_then_quotation_mark() {
    assert_eq!(decode_checked("Shift_JIS", b"\x82\""), "\u{FFFD}\"");
    // Every lead, every ASCII byte that is not a valid trail.
    for lead in (0x81..=0x9Fu8).chain(0xE0..=0xFC) {
        for b in (0x00..0x40u8).chain([0x7F]) {
            let expected = format!("\u{FFFD}{}", b as char);
            assert_eq!(
                decode_checked("Shift_JIS", &[lead, b]),
                expected,
                "{lead:02X} {b:02X}"
            );
        }
    }
}

#[test]
fn section_2_euc_jp_ascii_after_a_bad_lead_is_decoded() {
    // Step 5.5, after a two-byte lead, after 0x8E, and after 0x8F and a lead.
    for input in [&b"\xA1\""[..], b"\x8E\"", b"\x8F\"", b"\x8F\xA1\""] {
        assert_eq!(
            decode_checked("EUC-JP", input),
            "\u{FFFD}\"",
            "{input:02X?}"
        );
    }
}

/// ISO-2022-JP: a broken escape sequence restores what follows ESC (escape start step 2,
/// escape step 8); a byte that is no trail in the trail byte state is an error that takes it
/// (the "Otherwise" branch restores nothing: in this encoding no byte after a lead is plain
/// ASCII).
#[test]
fn section_2_iso_2022_jp_broken_escapes_restore_their_bytes() {
    assert_eq!(decode_checked("ISO-2022-JP", b"\x1B\""), "\u{FFFD}\"");
    assert_eq!(decode_checked("ISO-2022-JP", b"\x1B(\""), "\u{FFFD}(\"");
    assert_eq!(decode_checked("ISO-2022-JP", b"\x1B$\""), "\u{FFFD}$\"");
    // In the jis0208 state the restored bytes are jis0208 bytes again.
    assert_eq!(
        decode_checked("ISO-2022-JP", b"\x1B$B\x1B\x30\x21"),
        "\u{FFFD}\u{4E9C}"
    );
    assert_eq!(decode_checked("ISO-2022-JP", b"\x1B$B\x30\n"), "\u{FFFD}");
}

// ---------------------------------------------------------------------------------------
// Shift_JIS (section 12.3).

/// Section 5, "index Shift_JIS pointer": the encoder ignores pointers 8272 to 8835 (NEC's
/// selection of IBM extensions), so their code points encode to the later IBM pointers.
#[test]
fn shift_jis_encoder_ignores_pointers_8272_to_8835() {
    // Pointer 8634 and 10716 are both U+2170; the encoder uses 10716: 0xFA 0x40.
    let nec = [0xEE, 0xEF]; // pointer (0xEE − 0xC1) × 188 + 0xEF − 0x41 = 8634
    assert_eq!(decode_checked("Shift_JIS", &nec), "\u{2170}");
    assert_eq!(decode_checked("Shift_JIS", b"\xFA\x40"), "\u{2170}");
    assert_eq!(encode_checked("Shift_JIS", "\u{2170}"), b"\xFA\x40");
    // No code point encodes into pointers 8272 to 8835, though many decode from there.
    let mut from_range = 0;
    for lead in 0xEDu8..=0xEE {
        for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
            let text = dec("Shift_JIS", &[lead, trail]);
            if text.contains('\u{FFFD}') {
                continue;
            }
            from_range += 1;
            let bytes = encode_checked("Shift_JIS", &text);
            assert_ne!(&bytes[..1], &[lead], "{text:?}");
            assert_eq!(dec("Shift_JIS", &bytes), text);
        }
    }
    assert!(from_range > 300, "{from_range}");
    // And EUC-JP, which uses the plain index pointer, does use the NEC pointer:
    // 8634 = 91 × 94 + 80, so 0xA1 + 91 and 0xA1 + 80.
    assert_eq!(encode_checked("EUC-JP", "\u{2170}"), [0xFC, 0xF1]);
}

/// Section 12.3.1 step 3.4: pointers 8836 to 10715 decode to U+E000 + pointer − 8836 (EUDC);
/// the encoder has no such step, so those code points are unmappable.
#[test]
fn shift_jis_eudc_is_decode_only() {
    for lead in 0xF0u8..=0xF9 {
        for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
            let offset = if trail < 0x7F { 0x40 } else { 0x41 };
            let pointer = (lead as u32 - 0xC1) * 188 + trail as u32 - offset;
            let c = char::from_u32(0xE000 - 8836 + pointer).unwrap();
            assert_eq!(decode_checked("Shift_JIS", &[lead, trail]), c.to_string());
            let s = c.to_string();
            assert_eq!(encode_fatal(ours("Shift_JIS"), &s), Err(c));
            assert_eq!(
                encode_checked("Shift_JIS", &s),
                format!("&#{};", c as u32).as_bytes()
            );
        }
    }
    assert_eq!(decode_checked("Shift_JIS", b"\xF0\x40"), "\u{E000}");
    assert_eq!(decode_checked("Shift_JIS", b"\xF9\xFC"), "\u{E757}");
}

/// Section 12.3.2 steps 3, 4 and 6: U+00A5 -> 0x5C, U+203E -> 0x7E, U+2212 -> U+FF0D's
/// bytes; the decoder maps 0x5C and 0x7E to themselves.
#[test]
fn shift_jis_encoder_special_cases() {
    assert_eq!(encode_checked("Shift_JIS", "\u{A5}"), b"\x5C");
    assert_eq!(encode_checked("Shift_JIS", "\u{203E}"), b"\x7E");
    assert_eq!(encode_checked("Shift_JIS", "\u{FF0D}"), b"\x81\x7C");
    assert_eq!(encode_checked("Shift_JIS", "\u{2212}"), b"\x81\x7C");
    assert_eq!(
        decode_checked("Shift_JIS", b"\x5C\x7E\x81\x7C"),
        "\\~\u{FF0D}"
    );
}

/// Section 12.3.1 step 5 and 12.3.2 step 5: bytes 0xA1 to 0xDF are half-width katakana.
#[test]
fn shift_jis_half_width_katakana() {
    for b in 0xA1..=0xDFu8 {
        let c = char::from_u32(0xFF61 + (b - 0xA1) as u32).unwrap();
        assert_eq!(decode_checked("Shift_JIS", &[b]), c.to_string());
        assert_eq!(encode_checked("Shift_JIS", &c.to_string()), [b]);
    }
    assert_eq!(decode_checked("Shift_JIS", b"\xA0"), "\u{FFFD}");
    assert_eq!(decode_checked("Shift_JIS", b"\xE0"), "\u{FFFD}"); // a lead at the end
}

/// Section 12.3.1 step 4 and 12.3.2 step 2: 0x80 is U+0080 both ways.
#[test]
fn shift_jis_0x80_is_u0080() {
    assert_eq!(decode_checked("Shift_JIS", b"\x80"), "\u{80}");
    assert_eq!(decode_checked("Shift_JIS", b"a\x80b"), "a\u{80}b");
    assert_eq!(encode_checked("Shift_JIS", "\u{80}"), b"\x80");
    // 0x7F is no trail: after a lead it is an error, and decoded on its own.
    assert_eq!(decode_checked("Shift_JIS", b"\x81\x7F"), "\u{FFFD}\u{7F}");
}

// ---------------------------------------------------------------------------------------
// EUC-JP (section 12.1).

/// Section 12.1.1 step 3 and 12.1.2 step 5: 0x8E + 0xA1 to 0xDF is half-width katakana.
#[test]
fn euc_jp_half_width_katakana() {
    for b in 0xA1..=0xDFu8 {
        let c = char::from_u32(0xFF61 + (b - 0xA1) as u32).unwrap();
        assert_eq!(decode_checked("EUC-JP", &[0x8E, b]), c.to_string());
        assert_eq!(encode_checked("EUC-JP", &c.to_string()), [0x8E, b]);
    }
    // 0x8E followed by 0xE0 to 0xFE: step 5, not katakana, and 0x8E is no jis0208 lead.
    assert_eq!(decode_checked("EUC-JP", b"\x8E\xE0"), "\u{FFFD}");
    assert_eq!(
        decode_checked("EUC-JP", b"\x8E\xE0\xA1"),
        "\u{FFFD}\u{FFFD}"
    );
}

/// Section 12.1.1 step 4: 0x8F + two bytes is JIS X 0212, which the encoder never produces.
#[test]
fn euc_jp_jis0212_is_decode_only() {
    assert_eq!(decode_checked("EUC-JP", b"\x8F\xB0\xA1"), "\u{4E02}");
    assert_eq!(encode_fatal(ours("EUC-JP"), "\u{4E02}"), Err('\u{4E02}'));
    assert_eq!(encode_checked("EUC-JP", "\u{4E02}"), b"&#19970;");
    // Every JIS X 0212 character either encodes through jis0208 or not at all.
    let mut only_0212 = 0;
    for (bytes, c) in valid_sequences("EUC-JP") {
        if bytes[0] != 0x8F {
            continue;
        }
        match encode_fatal(ours("EUC-JP"), &c.to_string()) {
            Ok(out) => assert!(out.len() == 2 && out[0] != 0x8F, "{out:02X?}"),
            Err(e) => {
                assert_eq!(e, c);
                only_0212 += 1;
            }
        }
    }
    assert!(only_0212 > 5000, "{only_0212}");
}

/// Section 12.1.2 steps 3, 4 and 6.
#[test]
fn euc_jp_encoder_special_cases() {
    assert_eq!(encode_checked("EUC-JP", "\u{A5}"), b"\x5C");
    assert_eq!(encode_checked("EUC-JP", "\u{203E}"), b"\x7E");
    assert_eq!(encode_checked("EUC-JP", "\u{FF0D}"), b"\xA1\xDD");
    assert_eq!(encode_checked("EUC-JP", "\u{2212}"), b"\xA1\xDD");
    assert_eq!(encode_fatal(ours("EUC-JP"), "\u{80}"), Err('\u{80}'));
}

// ---------------------------------------------------------------------------------------
// ISO-2022-JP (section 12.2).

/// Section 12.2.1: each state of the decoder, entered by its escape sequence.
#[test]
fn iso_2022_jp_decoder_states() {
    let d = |bytes: &[u8]| decode_checked("ISO-2022-JP", bytes);
    // ASCII: 0x0E, 0x0F and bytes above 0x7F are errors.
    assert_eq!(d(b"a\\~\x0E\x0F\x80"), "a\\~\u{FFFD}\u{FFFD}\u{FFFD}");
    // Roman: 0x5C and 0x7E are U+00A5 and U+203E.
    assert_eq!(d(b"\x1B(Ja\\~\x0E"), "a\u{A5}\u{203E}\u{FFFD}");
    // katakana: 0x21 to 0x5F are U+FF61 to U+FF9F.
    assert_eq!(d(b"\x1B(I\x21\x5F\x60"), "\u{FF61}\u{FF9F}\u{FFFD}");
    // Lead byte and trail byte: jis0208, both ESC $ B and ESC $ @.
    assert_eq!(d(b"\x1B$B\x30\x21\x1B(B"), "\u{4E9C}");
    assert_eq!(d(b"\x1B$@\x30\x21\x1B(B"), "\u{4E9C}");
    // An unmapped pointer is one error for both bytes.
    assert_eq!(d(b"\x1B$B\x22\x2F\x1B(B"), "\u{FFFD}");
    // A lead at the end of the queue: the trail byte state's end-of-queue error.
    assert_eq!(d(b"\x1B$B\x30"), "\u{FFFD}");
    // ESC in the trail byte state: an error, then the escape sequence.
    assert_eq!(d(b"\x1B$B\x30\x1B(Ba"), "\u{FFFD}a");
    // Escape start and escape at the end of the queue.
    assert_eq!(d(b"a\x1B"), "a\u{FFFD}");
    assert_eq!(d(b"a\x1B$"), "a\u{FFFD}$");
    // A broken escape returns to the output state (here Roman) and restores its bytes.
    assert_eq!(d(b"\x1B(J\\\x1B(X\\"), "\u{A5}\u{FFFD}(X\u{A5}");
}

/// Section 12.2.1, escape step 7: the output flag makes two escape sequences with nothing
/// between them an error, including the standard's example of U+00A5 encoded twice.
#[test]
fn iso_2022_jp_output_flag() {
    let d = |bytes: &[u8]| decode_checked("ISO-2022-JP", bytes);
    let once = encode_checked("ISO-2022-JP", "\u{A5}");
    assert_eq!(once, b"\x1B(J\x5C\x1B(B");
    assert_eq!(d(&[once.clone(), once].concat()), "\u{A5}\u{FFFD}\u{A5}");
    assert_eq!(d(b"\x1B(B\x1B(Ba"), "\u{FFFD}a");
    // The flag is set by the first escape of the stream too.
    assert_eq!(d(b"\x1B(B"), "");
    // Output, or an error, between them clears it.
    assert_eq!(d(b"\x1B(Ja\x1B(Bb"), "ab");
    assert_eq!(d(b"\x1B(J\x80\x1B(Bb"), "\u{FFFD}b");
}

/// Section 12.2.2: the encoder's states ASCII, Roman and jis0208 and their escapes.
#[test]
fn iso_2022_jp_encoder_states() {
    let e = |text: &str| encode_checked("ISO-2022-JP", text);
    assert_eq!(e("a"), b"a");
    assert_eq!(e("a\u{A5}b"), b"a\x1B(J\x5Cb\x1B(B");
    // In Roman, U+005C and U+007E need ASCII.
    assert_eq!(
        e("\u{A5}\\\u{203E}~"),
        b"\x1B(J\x5C\x1B(B\\\x1B(J\x7E\x1B(B~"
    );
    assert_eq!(e("\u{4E9C}\u{4E9C}a"), b"\x1B$B\x30\x21\x30\x21\x1B(Ba");
    assert_eq!(e("\u{4E9C}\u{A5}"), b"\x1B$B\x30\x21\x1B(J\x5C\x1B(B");
    // Step 8: U+2212 is U+FF0D.
    assert_eq!(e("\u{2212}"), b"\x1B$B\x21\x5D\x1B(B");
    // Step 11: an unmappable code point in jis0208 returns to ASCII first.
    assert_eq!(e("\u{4E9C}\u{E000}"), b"\x1B$B\x30\x21\x1B(B&#57344;");
    assert_eq!(
        encode_fatal(ours("ISO-2022-JP"), "\u{4E9C}\u{E000}"),
        Err('\u{E000}')
    );
}

/// Section 12.2.2 step 9: half-width katakana become full width through index ISO-2022-JP
/// katakana (their compatibility decompositions, except that U+FF9E and U+FF9F become U+309B
/// and U+309C rather than the combining U+3099 and U+309A); the decoder's katakana state is
/// never used by the encoder.
#[test]
fn iso_2022_jp_half_width_katakana_become_full_width() {
    let mut full_widths = Vec::new();
    for c in (0xFF61..=0xFF9Fu32).filter_map(char::from_u32) {
        let bytes = encode_checked("ISO-2022-JP", &c.to_string());
        assert_eq!(&bytes[..3], b"\x1B$B", "U+{:04X}", c as u32);
        assert_eq!(&bytes[5..], b"\x1B(B", "U+{:04X}", c as u32);
        let full = dec("ISO-2022-JP", &bytes);
        assert_eq!(full.chars().count(), 1);
        assert!(('\u{3000}'..='\u{30FF}').contains(&full.chars().next().unwrap()));
        full_widths.push(full);
    }
    full_widths.sort();
    full_widths.dedup();
    assert_eq!(full_widths.len(), 63);
    // Compatibility decompositions from the Unicode Character Database.
    for (half, full) in [
        ('\u{FF61}', '\u{3002}'), // HALFWIDTH IDEOGRAPHIC FULL STOP
        ('\u{FF62}', '\u{300C}'), // HALFWIDTH LEFT CORNER BRACKET
        ('\u{FF65}', '\u{30FB}'), // HALFWIDTH KATAKANA MIDDLE DOT
        ('\u{FF66}', '\u{30F2}'), // HALFWIDTH KATAKANA LETTER WO
        ('\u{FF70}', '\u{30FC}'), // HALFWIDTH KATAKANA-HIRAGANA PROLONGED SOUND MARK
        ('\u{FF71}', '\u{30A2}'), // HALFWIDTH KATAKANA LETTER A
        ('\u{FF76}', '\u{30AB}'), // HALFWIDTH KATAKANA LETTER KA
        ('\u{FF9D}', '\u{30F3}'), // HALFWIDTH KATAKANA LETTER N
        ('\u{FF9E}', '\u{309B}'), // the spacing voiced sound mark, not U+3099
        ('\u{FF9F}', '\u{309C}'), // the spacing semi-voiced sound mark, not U+309A
    ] {
        assert_eq!(
            enc("ISO-2022-JP", &half.to_string()),
            enc("ISO-2022-JP", &full.to_string()),
            "U+{:04X}",
            half as u32
        );
    }
    assert_eq!(
        encode_checked("ISO-2022-JP", "\u{FF76}"),
        b"\x1B$B\x25\x2B\x1B(B"
    );
}

/// Section 12.2.2 step 3: U+000E, U+000F and U+001B are errors with U+FFFD (in the html
/// mode "&#65533;"), in every state (from jis0208, after returning to ASCII).
#[test]
fn iso_2022_jp_encoder_so_si_esc_are_errors_with_fffd() {
    for c in ['\u{0E}', '\u{0F}', '\u{1B}'] {
        let s = c.to_string();
        assert_eq!(encode_fatal(ours("ISO-2022-JP"), &s), Err('\u{FFFD}'));
        assert_eq!(encode_checked("ISO-2022-JP", &s), b"&#65533;");
        let s = format!("\u{A5}{c}");
        assert_eq!(
            encode_checked("ISO-2022-JP", &s),
            b"\x1B(J\x5C&#65533;\x1B(B"
        );
        let s = format!("\u{4E9C}{c}");
        assert_eq!(
            encode_checked("ISO-2022-JP", &s),
            b"\x1B$B\x30\x21\x1B(B&#65533;"
        );
        assert_eq!(encode_fatal(ours("ISO-2022-JP"), &s), Err('\u{FFFD}'));
    }
}

/// Section 12.2.2 steps 1 and 2: end-of-queue returns to ASCII with ESC ( B, also when the
/// input is given in pieces and the last piece is empty.
#[test]
fn iso_2022_jp_encoder_end_of_queue_returns_to_ascii() {
    assert_eq!(
        encode_checked("ISO-2022-JP", "\u{4E9C}"),
        b"\x1B$B\x30\x21\x1B(B"
    );
    assert_eq!(encode_checked("ISO-2022-JP", "\u{A5}"), b"\x1B(J\x5C\x1B(B");
    assert_eq!(
        encode_checked("ISO-2022-JP", "\u{4E9C}a"),
        b"\x1B$B\x30\x21\x1B(Ba"
    );
    assert_eq!(encode_checked("ISO-2022-JP", ""), b"");
    let text = "\u{4E9C}";
    let (bytes, _) = encode_in_pieces(ours("ISO-2022-JP"), text, &[text.len()], 3);
    assert_eq!(bytes, b"\x1B$B\x30\x21\x1B(B");
}
