//! Differential tests of the UTF-16 forms: decoding to UTF-16 and encoding from UTF-16,
//! against encoding_rs, for all 40 encodings: exhaustively over one- and two-byte inputs and
//! every scalar value and surrogate, and randomly over longer inputs split into random
//! pieces with small output buffers.

use proptest::prelude::*;
use spec_tests::strategies::*;
use spec_tests::*;

/// Our one-shot decode to UTF-16, in both modes, compared with encoding_rs's.
fn check_decode_utf16(name: &str, bytes: &[u8]) {
    let ours_text = decode_utf16_in_pieces(ours(name), bytes, &[], 1024, false).unwrap();
    assert_eq!(
        ours_text,
        oracle_decode_utf16(name, bytes),
        "{name}: decoding {bytes:02X?} to UTF-16"
    );
    let ours_fatal =
        decode_utf16_in_pieces(ours(name), bytes, &[], 1024, true).map(|(text, _)| text);
    assert_eq!(
        ours_fatal,
        oracle_decode_utf16_fatal(name, bytes),
        "{name}: fatal decoding {bytes:02X?} to UTF-16"
    );
}

#[test]
fn every_single_and_two_byte_sequence_to_utf16() {
    for name in implemented() {
        for a in 0..=255u8 {
            check_decode_utf16(name, &[a]);
            for b in 0..=255u8 {
                check_decode_utf16(name, &[a, b]);
            }
        }
    }
}

/// Every scalar value, alone and between ASCII, and every lone surrogate, through every
/// encoder from UTF-16, in both modes.
#[test]
fn every_code_unit_sequence_through_the_encoder() {
    let mut inputs: Vec<Vec<u16>> = Vec::new();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let mut buf = [0u16; 2];
        inputs.push(c.encode_utf16(&mut buf).to_vec());
    }
    for s in 0xD800..=0xDFFFu16 {
        inputs.push(vec![s]);
        inputs.push(vec![0x61, s, 0x62]);
    }
    for name in implemented() {
        for units in &inputs {
            let ours_html = encode_utf16_in_pieces(ours(name), units, &[], 64, false).unwrap();
            assert_eq!(
                ours_html,
                oracle_encode_utf16(name, units),
                "{name}: encoding {units:04X?}"
            );
            let ours_fatal =
                encode_utf16_in_pieces(ours(name), units, &[], 64, true).map(|(b, _)| b);
            assert_eq!(
                ours_fatal,
                oracle_encode_utf16_fatal(name, units),
                "{name}: fatal encoding {units:04X?}"
            );
        }
    }
}

/// The pair decoders' runs of pairs and ISO-2022-JP's escape sequences between runs end
/// where the output buffer does: text in each encoding, and ISO-2022-JP made by hand with
/// each of its escape sequences (two in a row, a bad one, one the input ends inside),
/// decoded with every output buffer from 2 units (which always makes progress) to 64, and
/// with the input cut at every place, in both modes, against encoding_rs's one-shot decode.
#[test]
fn pair_runs_and_escapes_at_every_output_length() {
    let japanese = "日本語のテキスト、ｶﾀｶﾅ and ASCII 123 ¥‾ です。漢字かな交じり文 x 終わり";
    let mut inputs: Vec<(&str, Vec<u8>)> = Vec::new();
    for name in ["Shift_JIS", "EUC-JP", "ISO-2022-JP"] {
        inputs.push((name, oracle(name).encode(japanese).0.into_owned()));
    }
    inputs.push((
        "GBK",
        oracle("GBK")
            .encode("中文的文本 abc 汉字€ 1")
            .0
            .into_owned(),
    ));
    inputs.push((
        "gb18030",
        oracle("gb18030")
            .encode("中文的文本 a 𠀀汉字")
            .0
            .into_owned(),
    ));
    inputs.push((
        "Big5",
        oracle("Big5")
            .encode("中文的文本 ab 漢字𠀀x")
            .0
            .into_owned(),
    ));
    inputs.push((
        "EUC-KR",
        oracle("EUC-KR")
            .encode("한국어 텍스트 a 한글")
            .0
            .into_owned(),
    ));
    let escapes: &[u8] = b"ab\x1B$B\x46\x7C\x4B\x5C\x1B(Jx\\\x1B(I\x21\x5F\x1B$@\x30\x21\x1B(B\x1B$B\x1B(Bc\x1B(Ad\x1B$B\x30\x21\x1B";
    inputs.push(("ISO-2022-JP", escapes.to_vec()));
    for (name, bytes) in &inputs {
        let theirs = oracle_decode_utf16(name, bytes);
        let theirs_fatal = oracle_decode_utf16_fatal(name, bytes);
        for out_len in 2..=64 {
            for cut in [None].into_iter().chain((0..=bytes.len()).map(Some)) {
                let cuts: Vec<usize> = cut.into_iter().collect();
                assert_eq!(
                    decode_utf16_in_pieces(ours(name), bytes, &cuts, out_len, false),
                    Some(theirs.clone()),
                    "{name}: {bytes:02X?} cut at {cut:?}, {out_len} units a call"
                );
                assert_eq!(
                    decode_utf16_in_pieces(ours(name), bytes, &cuts, out_len, true)
                        .map(|(text, _)| text),
                    theirs_fatal,
                    "{name}: fatal, {bytes:02X?} cut at {cut:?}, {out_len} units a call"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_to_utf16_in_random_pieces(
        bytes in interesting_bytes(64),
        cuts in prop::collection::vec(0usize..64, 0..6),
        out_len in prop_oneof![Just(2usize), 2usize..8, Just(1024)],
    ) {
        for name in implemented() {
            let theirs = oracle_decode_utf16(name, &bytes);
            let ours_text = decode_utf16_in_pieces(ours(name), &bytes, &cuts, out_len, false);
            prop_assert_eq!(ours_text, Some(theirs), "{}", name);
            let theirs_fatal = oracle_decode_utf16_fatal(name, &bytes);
            let ours_fatal = decode_utf16_in_pieces(ours(name), &bytes, &cuts, out_len, true)
                .map(|(text, _)| text);
            prop_assert_eq!(ours_fatal, theirs_fatal, "{}", name);
        }
    }

    /// However the UTF-16 is split (also between the halves of a pair), the bytes are those
    /// of encoding the whole in one call.
    #[test]
    fn random_utf16_in_random_pieces(
        units in utf16_units(40),
        cuts in prop::collection::vec(0usize..40, 0..6),
        out_len in prop_oneof![Just(13usize), 13usize..32, Just(1024)],
    ) {
        for name in implemented() {
            let theirs = oracle_encode_utf16(name, &units);
            let ours_bytes = encode_utf16_in_pieces(ours(name), &units, &cuts, out_len, false);
            prop_assert_eq!(ours_bytes, Ok(theirs), "{}", name);
            let theirs_fatal = oracle_encode_utf16_fatal(name, &units);
            let ours_fatal = encode_utf16_in_pieces(ours(name), &units, &cuts, out_len, true)
                .map(|(b, _)| b);
            prop_assert_eq!(ours_fatal, theirs_fatal, "{}", name);
        }
    }
}
