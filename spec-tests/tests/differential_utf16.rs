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
