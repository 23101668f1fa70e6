//! Differential tests: our decoders and encoders against encoding_rs, the implementation in
//! Firefox, exhaustively over short inputs and every scalar value, and randomly over longer
//! inputs split into random pieces.

use proptest::prelude::*;
use spec_tests::strategies::*;
use spec_tests::*;

#[test]
fn every_single_byte() {
    for name in implemented() {
        for b in 0..=255u8 {
            check_decode(name, &[b]);
        }
    }
}

#[test]
fn every_two_byte_sequence() {
    for name in implemented() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                check_decode(name, &[a, b]);
            }
        }
    }
}

/// Every two-byte sequence between ASCII: where a decoder must restore an ASCII byte, and
/// where it must not swallow the ASCII that follows an incomplete sequence.
#[test]
fn every_two_byte_sequence_in_context() {
    for name in implemented() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                check_decode(name, &[b'x', a, b, b'y']);
            }
        }
    }
}

#[test]
fn every_scalar_value_through_the_encoder() {
    for name in implemented() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let s = c.encode_utf8(&mut buf);
            let (ours_bytes, _, ours_unmappable) = ours(name).encode(s);
            let (theirs_bytes, theirs_unmappable) = oracle_encode(name, s);
            assert_eq!(
                (&*ours_bytes, ours_unmappable),
                (&theirs_bytes[..], theirs_unmappable),
                "{name}: encoding U+{:04X}",
                c as u32
            );
            assert_eq!(
                encode_fatal(ours(name), s),
                oracle_encode_fatal(name, s),
                "{name}: fatal encoding U+{:04X}",
                c as u32
            );
        }
    }
}

#[test]
fn names_and_properties_match() {
    for name in ALL {
        let (a, b) = (ours(name), oracle(name));
        assert_eq!(a.name(), b.name());
        assert_eq!(
            a.output_encoding().name(),
            b.output_encoding().name(),
            "{name}"
        );
        assert_eq!(a.is_ascii_compatible(), b.is_ascii_compatible(), "{name}");
        assert_eq!(
            a.can_encode_everything(),
            b.can_encode_everything(),
            "{name}"
        );
        assert_eq!(a.is_single_byte(), b.is_single_byte(), "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_in_random_pieces(
        bytes in interesting_bytes(64),
        cuts in prop::collection::vec(0usize..64, 0..6),
        out_len in prop_oneof![Just(4usize), 4usize..16, Just(1024)],
    ) {
        // Every encoding sees every generated input.
        for name in implemented() {
        let (theirs, theirs_err) = oracle(name).decode_without_bom_handling(&bytes);
        let (whole, whole_err) = ours(name).decode_without_bom_handling(&bytes);
        prop_assert_eq!((&*whole, whole_err), (&*theirs, theirs_err));
        let (pieces, pieces_err) = decode_in_pieces(ours(name), &bytes, &cuts, out_len);
        prop_assert_eq!((&*pieces, pieces_err), (&*theirs, theirs_err));
        let fatal = decode_fatal_in_pieces(ours(name), &bytes, &cuts, out_len);
        let theirs_fatal = oracle(name).decode_without_bom_handling_and_without_replacement(&bytes);
        prop_assert_eq!(fatal.as_deref(), theirs_fatal.as_deref());
        }
    }

    #[test]
    fn random_text_in_random_pieces(
        text in text(40),
        cuts in prop::collection::vec(0usize..160, 0..6),
        out_len in prop_oneof![Just(16usize), 16usize..32, Just(1024)],
    ) {
        for name in implemented() {
        let (theirs, theirs_unmappable) = oracle_encode(name, &text);
        let (whole, _, whole_unmappable) = ours(name).encode(&text);
        prop_assert_eq!((&*whole, whole_unmappable), (&theirs[..], theirs_unmappable));
        let (pieces, pieces_unmappable) = encode_in_pieces(ours(name), &text, &cuts, out_len);
        prop_assert_eq!((&pieces[..], pieces_unmappable), (&theirs[..], theirs_unmappable));
        prop_assert_eq!(encode_fatal(ours(name), &text), oracle_encode_fatal(name, &text));
        }
    }

    #[test]
    fn bom_sniffing(
        bom in prop_oneof![Just(&b""[..]), Just(&b"\xEF\xBB\xBF"[..]), Just(&b"\xFE\xFF"[..]), Just(&b"\xFF\xFE"[..]), Just(&b"\xEF\xBB"[..]), Just(&b"\xFE"[..])],
        bytes in interesting_bytes(64),
        cut in 0usize..8,
    ) {
        for name in implemented() {
        let input: Vec<u8> = bom.iter().chain(&bytes).copied().collect();
        let (theirs, theirs_enc, theirs_err) = oracle(name).decode(&input);
        let (whole, enc, err) = ours(name).decode(&input);
        prop_assert_eq!((&*whole, enc.name(), err), (&*theirs, theirs_enc.name(), theirs_err));
        let (theirs_removed, theirs_removed_err) = oracle(name).decode_with_bom_removal(&input);
        let (removed, removed_err) = ours(name).decode_with_bom_removal(&input);
        prop_assert_eq!((&*removed, removed_err), (&*theirs_removed, theirs_removed_err));
        // Streaming, with the mark split across calls.
        for (mut decoder, expected) in [
            (ours(name).new_decoder(), &*theirs),
            (ours(name).new_decoder_with_bom_removal(), &*theirs_removed),
        ] {
            let mut text = String::with_capacity(decoder.max_utf8_buffer_length(input.len()).unwrap());
            let cut = cut.min(input.len());
            let (r1, read1, _) = decoder.decode_to_string(&input[..cut], &mut text, false);
            prop_assert_eq!(r1, whatwg_encoding::CoderResult::InputEmpty);
            prop_assert_eq!(read1, cut);
            let (r2, read2, _) = decoder.decode_to_string(&input[cut..], &mut text, true);
            prop_assert_eq!(r2, whatwg_encoding::CoderResult::InputEmpty);
            prop_assert_eq!(read2, input.len() - cut);
            prop_assert_eq!(&*text, expected);
        }
        }
    }
}

/// Long texts, as the bulk paths see them (they change strategy past 64 code units): every
/// code point each encoding's decoder produces from its non-ASCII bytes, in byte order and
/// reversed, with unmappable characters and ASCII between, through the encoder from `&str`
/// and from UTF-16, against encoding_rs.
#[test]
fn long_texts_of_every_mapped_code_point() {
    for name in implemented() {
        // What the decoder makes of every byte and every two-byte sequence (CJK).
        let mut bytes: Vec<u8> = (0x80..=0xFF).collect();
        for lead in (0x81..=0xFE).step_by(7) {
            for trail in (0x40..=0xFE).step_by(3) {
                bytes.extend([lead, trail]);
            }
        }
        let (decoded, _) = oracle(name).decode_without_bom_handling(&bytes);
        let forward: String = decoded.chars().filter(|&c| c != '\u{FFFD}').collect();
        let backward: String = forward.chars().rev().collect();
        let texts = [
            forward.clone(),
            backward,
            forward.replace('\u{441}', "a\u{441}\u{3042}b"),
            format!("{forward} \u{1F600} {forward} \u{20AC} x"),
        ];
        for text in texts {
            check_encode(name, &text);
            let units: Vec<u16> = text.encode_utf16().collect();
            let ours_bytes = encode_utf16_in_pieces(ours(name), &units, &[], 1 << 16, false);
            assert_eq!(
                ours_bytes,
                Ok(oracle_encode_utf16(name, &units)),
                "{name}: from UTF-16"
            );
        }
    }
}

/// The one-shot `encode` of texts of 64 bytes or more, where a single-byte encoder writes
/// straight into the output's spare capacity and stops at each character it has no byte
/// for: text of the characters the encoding has (its letters between ASCII words) with
/// characters it lacks alone and in runs, every few characters to every few hundred, at
/// the start, in the middle and the end only, astral ones, and enough of them that their
/// references outgrow the first capacity; every encoding, against encoding_rs.
#[test]
fn one_shot_encode_of_long_texts_with_unmappables_anywhere() {
    for name in implemented() {
        // The encoding's own characters: what it decodes its high bytes to, between words.
        let high: Vec<u8> = (0x80..=0xFF).collect();
        let (decoded, _) = oracle(name).decode_without_bom_handling(&high);
        let letters: Vec<char> = decoded.chars().filter(|&c| c != '\u{FFFD}').collect();
        let mut base = String::new();
        for (i, c) in letters.iter().cycle().take(400).enumerate() {
            base.push(*c);
            if i % 5 == 4 {
                base.push_str(" and ");
            }
        }
        let words = "plain ASCII words ".repeat(8);
        let mut texts = Vec::new();
        for unmappable in ["\u{2603}", "\u{1F600}", "\u{2603}\u{2604}\u{2605}"] {
            for every in [1, 2, 7, 30, 120, 500] {
                let mut text = String::new();
                for (i, c) in base.chars().enumerate() {
                    if i % every == 0 {
                        text.push_str(unmappable);
                    }
                    text.push(c);
                }
                texts.push(text);
            }
            texts.push(format!("{unmappable}{base}"));
            texts.push(format!("{base}{unmappable}"));
            texts.push(format!("{words}{unmappable}{words}"));
            texts.push(format!("{unmappable}{words}"));
            texts.push(unmappable.repeat(400));
        }
        // Around the 64 bytes under which the single-byte encoders keep the loop.
        for len in 60..70 {
            texts.push(base.chars().take(len).collect());
            texts.push(format!("\u{2603}{}", words.get(..len).unwrap_or(&words)));
        }
        for text in &texts {
            check_encode(name, text);
        }
    }
}

/// ISO-2022-JP's encoder copies runs of ASCII in its ASCII state, ending each before 0x0E,
/// 0x0F or 0x1B (step 3 refuses them with U+FFFD): runs of every length to 40, each with one
/// of those (or a byte that is fine) at every place, after the ASCII state and after
/// jis0208, from `&str` and from UTF-16, against encoding_rs.
#[test]
fn iso_2022_jp_ascii_runs_with_shifts_and_escapes_anywhere() {
    let name = "ISO-2022-JP";
    for len in 0..=40 {
        for at in 0..len {
            for special in ['\u{0E}', '\u{0F}', '\u{1B}', '\u{1A}', '\n', '\\'] {
                let run: String = (0..len)
                    .map(|i| {
                        if i == at {
                            special
                        } else {
                            (b'a' + (i % 26) as u8) as char
                        }
                    })
                    .collect();
                for text in [run.clone(), format!("\u{65E5}{run}\u{672C}{run}")] {
                    check_encode(name, &text);
                    let units: Vec<u16> = text.encode_utf16().collect();
                    assert_eq!(
                        encode_utf16_in_pieces(ours(name), &units, &[], 1 << 16, false),
                        Ok(oracle_encode_utf16(name, &units)),
                        "{name}: from UTF-16 {text:?}"
                    );
                }
            }
        }
    }
}

/// Text shaped as a Latin script is in a single-byte encoding (or in UTF-8): runs of ASCII
/// of every length up to 150, each followed by one byte that is not ASCII, sometimes two or
/// a broken UTF-8 sequence: what `decode_to_string` takes straight into the string.
fn latin_shaped() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        (
            0usize..150,
            prop_oneof![
                (0x80u8..=0xFF).prop_map(|b| vec![b]),
                (0x80u8..=0xFF, 0x80u8..=0xFF).prop_map(|(a, b)| vec![a, b]),
                Just(vec![0xC3, 0xA9]),
                Just(vec![0xE2, 0x82, 0xAC]),
                Just(vec![]),
            ],
        ),
        0..8,
    )
    .prop_map(|runs| {
        let mut bytes = Vec::new();
        for (i, (len, high)) in runs.into_iter().enumerate() {
            bytes.extend((0..len).map(|j| b' ' + ((i * 31 + j * 7) % 95) as u8));
            bytes.extend(high);
        }
        bytes
    })
}

/// `decode_to_string` into a string of `capacity`, emptied into the result each time it
/// fills, the input in two calls cut at `cut`: the text and whether there were errors, or
/// None at the first error without replacement.
fn decode_to_small_strings(
    name: &str,
    bytes: &[u8],
    cut: usize,
    capacity: usize,
    replace: bool,
) -> Option<(String, bool)> {
    let mut decoder = ours(name).new_decoder_without_bom_handling();
    let mut string = String::with_capacity(capacity);
    let mut text = String::new();
    let mut had_errors = false;
    let (first, second) = bytes.split_at(cut.min(bytes.len()));
    for (mut src, last) in [(first, false), (second, true)] {
        loop {
            let (full, read) = if replace {
                let (result, read, replaced) = decoder.decode_to_string(src, &mut string, last);
                had_errors |= replaced;
                (result == whatwg_encoding::CoderResult::OutputFull, read)
            } else {
                let (result, read) =
                    decoder.decode_to_string_without_replacement(src, &mut string, last);
                match result {
                    whatwg_encoding::DecoderResult::Malformed(_, _) => return None,
                    result => (result == whatwg_encoding::DecoderResult::OutputFull, read),
                }
            };
            assert!(string.len() <= string.capacity() && string.capacity() == capacity);
            src = &src[read..];
            text.push_str(&string);
            string.clear();
            if !full {
                assert!(src.is_empty());
                break;
            }
        }
    }
    Some((text, had_errors))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Latin-shaped text in every single-byte encoding and UTF-8, decoded into strings of
    /// every small capacity in two calls, with and without replacement, as encoding_rs
    /// decodes it in one.
    #[test]
    fn latin_text_into_small_strings(
        bytes in latin_shaped(),
        cut in 0usize..1200,
        capacity in prop_oneof![4usize..80, Just(4096)],
    ) {
        let names = implemented().filter(|&name| ours(name).is_single_byte() || name == "UTF-8");
        for name in names {
            let (theirs, theirs_err) = oracle(name).decode_without_bom_handling(&bytes);
            let got = decode_to_small_strings(name, &bytes, cut, capacity, true);
            prop_assert_eq!(got, Some((theirs.into_owned(), theirs_err)), "{}", name);
            let theirs_fatal = oracle(name)
                .decode_without_bom_handling_and_without_replacement(&bytes)
                .map(|text| (text.into_owned(), false));
            let got = decode_to_small_strings(name, &bytes, cut, capacity, false);
            prop_assert_eq!(got, theirs_fatal, "{}", name);
        }
    }
}
