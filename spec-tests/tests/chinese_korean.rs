//! The Chinese and Korean encodings: GBK and gb18030 (section 10, as the current edition
//! with GB18030-2022 has them), Big5 (section 11) and EUC-KR (section 13).
//!
//! First differential tests against encoding_rs (exhaustive over short inputs, every valid
//! gb18030 four-byte sequence and every scalar value; random over longer inputs in random
//! pieces with tiny output buffers), then a round trip over every pointer the encoders
//! choose, then one test per detail of the standard that implementations get wrong, checked
//! against the standard's own data files where a rule is to be verified. Step numbers are the
//! current edition's.

use std::collections::BTreeMap;

use proptest::prelude::*;
use spec_tests::*;

/// The encodings under test.
const NAMES: [&str; 4] = ["GBK", "gb18030", "Big5", "EUC-KR"];

/// The table of gb18030 encoder step 5 (GB18030-2022), as the current standard's text gives
/// it: code point and the two bytes it encodes to.
const SIDE_TABLE: [(char, [u8; 2]); 18] = [
    ('\u{E78D}', [0xA6, 0xD9]),
    ('\u{E78E}', [0xA6, 0xDA]),
    ('\u{E78F}', [0xA6, 0xDB]),
    ('\u{E790}', [0xA6, 0xDC]),
    ('\u{E791}', [0xA6, 0xDD]),
    ('\u{E792}', [0xA6, 0xDE]),
    ('\u{E793}', [0xA6, 0xDF]),
    ('\u{E794}', [0xA6, 0xEC]),
    ('\u{E795}', [0xA6, 0xED]),
    ('\u{E796}', [0xA6, 0xF3]),
    ('\u{E81E}', [0xFE, 0x59]),
    ('\u{E826}', [0xFE, 0x61]),
    ('\u{E82B}', [0xFE, 0x66]),
    ('\u{E82C}', [0xFE, 0x67]),
    ('\u{E832}', [0xFE, 0x6D]),
    ('\u{E843}', [0xFE, 0x7E]),
    ('\u{E854}', [0xFE, 0x90]),
    ('\u{E864}', [0xFE, 0xA0]),
];

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn decode(name: &str, bytes: &[u8]) -> String {
    ours(name).decode_without_bom_handling(bytes).0.into_owned()
}

fn decode_fatal(name: &str, bytes: &[u8]) -> Option<String> {
    ours(name)
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|s| s.into_owned())
}

fn encode_char(name: &str, c: char) -> Result<Vec<u8>, char> {
    encode_fatal(ours(name), c.encode_utf8(&mut [0; 4]))
}

/// The four bytes of a gb18030 four-byte pointer (encoder steps 10 to 16).
fn four_bytes(pointer: u32) -> [u8; 4] {
    [
        (pointer / 12600) as u8 + 0x81,
        (pointer / 1260 % 10) as u8 + 0x30,
        (pointer / 10 % 126) as u8 + 0x81,
        (pointer % 10) as u8 + 0x30,
    ]
}

/// Every valid gb18030 four-byte sequence with first byte `b1`, back to back, in pointer
/// order.
fn four_byte_block(b1: u8) -> Vec<u8> {
    let mut v = Vec::with_capacity(12600 * 4);
    for b2 in 0x30..=0x39u8 {
        for b3 in 0x81..=0xFEu8 {
            for b4 in 0x30..=0x39u8 {
                v.extend_from_slice(&[b1, b2, b3, b4]);
            }
        }
    }
    v
}

/// An index file of the standard's data: (pointer, code point) for each line.
fn index(file: &str) -> Vec<(u32, char)> {
    let path = format!("{}/../indexes/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.split_whitespace();
            let pointer = fields.next().unwrap().parse().unwrap();
            let cp = fields.next().unwrap().trim_start_matches("0x");
            let cp = char::from_u32(u32::from_str_radix(cp, 16).unwrap()).unwrap();
            (pointer, cp)
        })
        .collect()
}

/// The pointer of each two-byte sequence the decoder reads as one: gb18030 and EUC-KR have
/// 190 trails per lead, Big5 157.
fn two_byte_bytes(name: &str, pointer: u32) -> [u8; 2] {
    match name {
        "Big5" => {
            let trail = pointer % 157;
            let offset = if trail < 0x3F { 0x40 } else { 0x62 };
            [(pointer / 157 + 0x81) as u8, (trail + offset) as u8]
        }
        "EUC-KR" => [(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8],
        _ => {
            let trail = pointer % 190;
            let offset = if trail < 0x3F { 0x40 } else { 0x41 };
            [(pointer / 190 + 0x81) as u8, (trail + offset) as u8]
        }
    }
}

// ---------------------------------------------------------------------------------------
// Differential tests against encoding_rs (every one- and two-byte input, alone and between
// ASCII, is in differential.rs for all 40 encodings)
// ---------------------------------------------------------------------------------------

/// Every valid four-byte sequence (b1 0x81..0xFE, b2 0x30..0x39, b3 0x81..0xFE, b4
/// 0x30..0x39): each first byte's 12,600 sequences decoded as one buffer (a four-byte
/// sequence leaves no state, so the output is the sequences' outputs in turn), then each
/// sequence on its own in the replacement and fatal modes.
#[test]
fn every_valid_four_byte_sequence_matches_encoding_rs() {
    for name in ["gb18030", "GBK"] {
        let (mine, theirs) = (ours(name), oracle(name));
        for b1 in 0x81..=0xFEu8 {
            let block = four_byte_block(b1);
            let (a, a_err) = mine.decode_without_bom_handling(&block);
            let (b, b_err) = theirs.decode_without_bom_handling(&block);
            assert!(a == b && a_err == b_err, "{name}: block 0x{b1:02X} differs");
            for seq in block.chunks(4) {
                let (a, a_err) = mine.decode_without_bom_handling(seq);
                let (b, b_err) = theirs.decode_without_bom_handling(seq);
                assert_eq!((&*a, a_err), (&*b, b_err), "{name}: {seq:02X?}");
                assert_eq!(
                    mine.decode_without_bom_handling_and_without_replacement(seq)
                        .as_deref(),
                    theirs
                        .decode_without_bom_handling_and_without_replacement(seq)
                        .as_deref(),
                    "{name}: fatal {seq:02X?}"
                );
            }
        }
    }
}

#[test]
fn every_scalar_value_through_the_encoders_matches_encoding_rs() {
    for name in NAMES {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            check_encode(name, c.encode_utf8(&mut [0; 4]));
        }
    }
}

/// Bytes shaped like the four encodings' sequences: leads, trails of every kind, gb18030's
/// four-byte pieces, ASCII (to catch swallowed bytes).
fn cjk_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        any::<u8>().prop_map(|b| vec![b]),
        (0x81u8..=0xFE).prop_map(|b| vec![b]),
        (0x30u8..=0x39).prop_map(|b| vec![b]),
        (0x20u8..=0x7F).prop_map(|b| vec![b]),
        (0x81u8..=0xFE, any::<u8>()).prop_map(|(a, b)| vec![a, b]),
        (0x81u8..=0xFE, 0x30u8..=0x39, 0x81u8..=0xFE, 0x30u8..=0x39)
            .prop_map(|(a, b, c, d)| vec![a, b, c, d]),
        (0x81u8..=0x84, 0x30u8..=0x39, 0x81u8..=0xFE, 0x30u8..=0x39)
            .prop_map(|(a, b, c, d)| vec![a, b, c, d]),
        (0x90u8..=0xE3, 0x30u8..=0x39, 0x81u8..=0xFE, any::<u8>())
            .prop_map(|(a, b, c, d)| vec![a, b, c, d]),
        Just(vec![0x88, 0x62]),
        Just(vec![0x88, 0xA5]),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// Text favouring what the four encoders map: CJK ideographs, Hangul, the Private Use
/// area (GB18030-2022's side table, U+E5E5, U+E7C7), symbols, and the supplementary planes
/// (Big5's HKSCS ideographs, gb18030's four-byte range).
fn cjk_text() -> impl Strategy<Value = String> {
    let c = |lo: u32, hi: u32| (lo..=hi).prop_map(|c| char::from_u32(c).unwrap_or('?'));
    prop::collection::vec(
        prop_oneof![
            any::<char>(),
            c(0x20, 0x7F),
            c(0x80, 0x2FF),
            c(0x2000, 0x33FF),
            c(0x4E00, 0x9FFF),
            c(0xAC00, 0xD7A3),
            c(0xE000, 0xE865),
            Just('\u{E5E5}'),
            Just('\u{E7C7}'),
            Just('\u{20AC}'),
            c(0xFE10, 0xFFFF),
            c(0x20000, 0x2A6DF),
        ],
        0..40,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn random_bytes_in_random_pieces_with_tiny_buffers(
        bytes in cjk_bytes(),
        cuts in prop::collection::vec(0usize..96, 0..8),
        out_len in prop_oneof![Just(4usize), 4usize..8, Just(1024)],
        which in 0usize..NAMES.len(),
    ) {
        let name = NAMES[which];
        let (theirs, theirs_err) = oracle(name).decode_without_bom_handling(&bytes);
        let (whole, whole_err) = ours(name).decode_without_bom_handling(&bytes);
        prop_assert_eq!((&*whole, whole_err), (&*theirs, theirs_err));
        let (pieces, pieces_err) = decode_in_pieces(ours(name), &bytes, &cuts, out_len);
        prop_assert_eq!((&*pieces, pieces_err), (&*theirs, theirs_err));
        let fatal = decode_fatal_in_pieces(ours(name), &bytes, &cuts, out_len);
        let theirs_fatal = oracle(name).decode_without_bom_handling_and_without_replacement(&bytes);
        prop_assert_eq!(fatal.as_deref(), theirs_fatal.as_deref());
    }

    #[test]
    fn random_text_in_random_pieces_with_tiny_buffers(
        text in cjk_text(),
        cuts in prop::collection::vec(0usize..160, 0..8),
        // Ten bytes hold the longest numeric character reference, "&#1114111;".
        out_len in prop_oneof![Just(10usize), 10usize..16, Just(1024)],
        which in 0usize..NAMES.len(),
    ) {
        let name = NAMES[which];
        let (theirs, theirs_unmappable) = oracle_encode(name, &text);
        let (whole, _, whole_unmappable) = ours(name).encode(&text);
        prop_assert_eq!((&*whole, whole_unmappable), (&theirs[..], theirs_unmappable));
        let (pieces, pieces_unmappable) = encode_in_pieces(ours(name), &text, &cuts, out_len);
        prop_assert_eq!((&pieces[..], pieces_unmappable), (&theirs[..], theirs_unmappable));
        prop_assert_eq!(encode_fatal(ours(name), &text), oracle_encode_fatal(name, &text));
    }
}

// ---------------------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------------------

/// Every (code point, bytes) an encoder produces, found by decoding every valid byte
/// sequence with our decoder and encoding what comes out, and by encoding every scalar
/// value: decoding the bytes and encoding the result gives the same bytes. The decoded code
/// point is the encoded one except for GB18030-2022's side table (encoder step 5), whose
/// bytes now decode to the standard characters.
#[test]
fn round_trip_of_every_pointer_the_encoders_choose() {
    for name in NAMES {
        let mut chosen: BTreeMap<char, Vec<u8>> = BTreeMap::new();
        let add = |chosen: &mut BTreeMap<char, Vec<u8>>, c: char| {
            if let Ok(bytes) = encode_char(name, c) {
                chosen.insert(c, bytes);
            }
        };
        let mut sequences: Vec<Vec<u8>> = (0..=0xFFu8).map(|b| vec![b]).collect();
        for lead in 0x81..=0xFEu8 {
            sequences.extend((0..=0xFFu8).map(|trail| vec![lead, trail]));
        }
        for seq in &sequences {
            if let Some(text) = decode_fatal(name, seq) {
                text.chars().for_each(|c| add(&mut chosen, c));
            }
        }
        if name != "Big5" && name != "EUC-KR" {
            for b1 in 0x81..=0xFEu8 {
                for seq in four_byte_block(b1).chunks(4) {
                    if let Some(text) = decode_fatal(name, seq) {
                        text.chars().for_each(|c| add(&mut chosen, c));
                    }
                }
            }
        }
        let from_decoder: std::collections::BTreeSet<char> = chosen.keys().copied().collect();
        (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .for_each(|c| add(&mut chosen, c));
        // Every code point the encoder maps comes out of the decoder, but for the side
        // table's eighteen.
        let side_table_len = if name == "gb18030" || name == "GBK" {
            18
        } else {
            0
        };
        let extra: Vec<char> = chosen
            .keys()
            .filter(|c| !from_decoder.contains(c))
            .copied()
            .collect();
        assert_eq!(extra.len(), side_table_len, "{name}: {extra:?}");
        assert!(from_decoder.len() > 14000, "{name}: {}", from_decoder.len());
        for (&c, bytes) in &chosen {
            let back = decode_fatal(name, bytes)
                .unwrap_or_else(|| panic!("{name}: {bytes:02X?} of U+{:04X}", c as u32));
            let mut chars = back.chars();
            let d = chars.next().unwrap();
            assert_eq!(chars.next(), None, "{name}: {bytes:02X?}");
            assert_eq!(encode_char(name, d).as_deref(), Ok(&bytes[..]), "{name}");
            let side = SIDE_TABLE.iter().any(|&(s, _)| s == c);
            if !(side && name != "Big5" && name != "EUC-KR") {
                assert_eq!(d, c, "{name}: {bytes:02X?}");
            } else {
                assert_ne!(d, c, "{name}: side table U+{:04X}", c as u32);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// gb18030 and GBK (section 10)
// ---------------------------------------------------------------------------------------

/// Section 5, "index gb18030 ranges code point" step 2 and "index gb18030 ranges pointer"
/// step 1: pointer 7457 and U+E7C7 (the GB18030-2005 change), in both directions.
#[test]
fn gb18030_ranges_pointer_7457_is_u_e7c7() {
    let bytes = four_bytes(7457);
    assert_eq!(bytes, [0x81, 0x35, 0xF4, 0x37]);
    for name in ["gb18030", "GBK"] {
        assert_eq!(decode(name, &bytes), "\u{E7C7}");
    }
    assert_eq!(encode_char("gb18030", '\u{E7C7}'), Ok(bytes.to_vec()));
    // Its neighbours follow the range that starts at pointer 820 with U+0452, which would
    // give 7457 U+1E3F without step 2; U+1E3F is two bytes in index gb18030.
    assert_eq!(decode("gb18030", &four_bytes(7456)), "\u{1E3E}");
    assert_eq!(decode("gb18030", &four_bytes(7458)), "\u{1E40}");
    assert_eq!(
        encode_char("gb18030", '\u{1E3E}'),
        Ok(four_bytes(7456).to_vec())
    );
    assert_eq!(
        encode_char("gb18030", '\u{1E40}'),
        Ok(four_bytes(7458).to_vec())
    );
    assert_eq!(encode_char("gb18030", '\u{1E3F}'), Ok(vec![0xA8, 0xBC]));
    assert_eq!(decode("gb18030", &[0xA8, 0xBC]), "\u{1E3F}");
    // GBK has no four-byte output (encoder step 8).
    assert_eq!(encode_char("GBK", '\u{E7C7}'), Err('\u{E7C7}'));
}

/// Section 5, "index gb18030 ranges code point" step 1: pointers above 39419 and below
/// 189000, and above 1237575, are null, and decoder step 3.4 returns error with nothing
/// prepended (one U+FFFD for the four bytes).
#[test]
fn gb18030_ranges_null_gaps_decode_to_error() {
    let cases: [(u32, Option<char>); 8] = [
        (39419, Some('\u{FFFF}')),
        (39420, None),
        (100000, None),
        (188999, None),
        (189000, Some('\u{10000}')),
        (1237575, Some('\u{10FFFF}')),
        (1237576, None),
        (125 * 12600 + 9 * 1260 + 125 * 10 + 9, None), // 0xFE 0x39 0xFE 0x39
    ];
    for name in ["gb18030", "GBK"] {
        for (pointer, expected) in cases {
            let bytes = four_bytes(pointer);
            let text = decode(name, &bytes);
            let fatal = decode_fatal(name, &bytes);
            match expected {
                Some(c) => {
                    assert_eq!(text, c.to_string(), "{name}: pointer {pointer}");
                    assert_eq!(fatal, Some(c.to_string()));
                }
                None => {
                    assert_eq!(text, "\u{FFFD}", "{name}: pointer {pointer}");
                    assert_eq!(fatal, None);
                    // In context: the following ASCII is not affected.
                    let mut input = bytes.to_vec();
                    input.push(b'y');
                    assert_eq!(decode(name, &input), "\u{FFFD}y");
                }
            }
        }
    }
    // Every pointer in the gaps, at the start of each b3 row.
    for pointer in (39420..189000)
        .step_by(10)
        .chain((1237576..1587600).step_by(10))
    {
        assert_eq!(
            decode("gb18030", &four_bytes(pointer)),
            "\u{FFFD}",
            "{pointer}"
        );
    }
}

/// Section 5's ranges lookups, by binary search: at the first and last pointer of every
/// range in index-gb18030-ranges.txt, decoding gives the range's code point (plus the
/// offset), and the encoder gives those four bytes back wherever it uses the ranges.
#[test]
fn gb18030_ranges_lookups_at_every_range_boundary() {
    let ranges = index("index-gb18030-ranges.txt");
    assert_eq!(ranges.len(), 207);
    let in_gap = |p: u32| (39420..189000).contains(&p) || p > 1237575;
    for (i, &(pointer, c)) in ranges.iter().enumerate() {
        let last = ranges.get(i + 1).map_or(1237575, |&(next, _)| next - 1);
        for p in [pointer, last] {
            if p == 7457 || in_gap(p) {
                continue;
            }
            let expected = char::from_u32(c as u32 + (p - pointer)).unwrap();
            let bytes = four_bytes(p);
            assert_eq!(
                decode("gb18030", &bytes),
                expected.to_string(),
                "pointer {p}"
            );
            let encoded = encode_char("gb18030", expected).unwrap();
            if encoded.len() == 4 {
                assert_eq!(encoded, bytes, "U+{:04X}", expected as u32);
            } else {
                // GB18030-2022 moved a few of these to two bytes in index gb18030; the
                // four-byte sequence still decodes to them.
                assert_eq!(encoded.len(), 2, "U+{:04X}", expected as u32);
            }
        }
    }
}

/// gb18030 encoder step 3: U+E5E5 is an error (index gb18030 maps 0xA3 0xA0 to U+3000), in
/// both encoders and both error modes.
#[test]
fn gb18030_encoder_step_3_u_e5e5_is_error() {
    for name in ["gb18030", "GBK"] {
        assert_eq!(encode_char(name, '\u{E5E5}'), Err('\u{E5E5}'));
        let (bytes, _, unmappable) = ours(name).encode("a\u{E5E5}b");
        assert_eq!((&*bytes, unmappable), (&b"a&#58853;b"[..], true));
        assert_eq!(decode(name, &[0xA3, 0xA0]), "\u{3000}");
    }
}

/// gb18030 encoder step 5, the GB18030-2022 side table: its eighteen Private Use code points
/// encode to their old two bytes (in GBK too), which now decode to other characters, and no
/// byte sequence decodes to them.
#[test]
fn gb18030_encoder_step_5_side_table() {
    for name in ["gb18030", "GBK"] {
        for (c, bytes) in SIDE_TABLE {
            assert_eq!(
                encode_char(name, c),
                Ok(bytes.to_vec()),
                "U+{:04X}",
                c as u32
            );
            let decoded = decode(name, &bytes);
            assert_ne!(decoded, c.to_string());
            assert_ne!(decoded, "\u{FFFD}");
            // The standard character there encodes to the same bytes (step 6).
            let d = decoded.chars().next().unwrap();
            assert_eq!(encode_char(name, d), Ok(bytes.to_vec()));
        }
    }
    // The decoder never produces them: every two-byte and four-byte sequence.
    let is_side = |c: char| SIDE_TABLE.iter().any(|&(s, _)| s == c);
    for lead in 0x80..=0xFFu8 {
        let mut v = Vec::new();
        for trail in 0..=0xFFu8 {
            v.extend_from_slice(&[lead, trail, b' ']);
        }
        assert!(!decode("gb18030", &v).chars().any(is_side));
    }
    for b1 in 0x81..=0xFEu8 {
        assert!(!decode("gb18030", &four_byte_block(b1)).chars().any(is_side));
    }
    // Specific: 0xA6 0xD9 is U+FE10 now.
    assert_eq!(decode("gb18030", &[0xA6, 0xD9]), "\u{FE10}");
}

/// gb18030 encoder step 6 (index pointer: the first pointer) with steps 3 and 5, checked
/// against index-gb18030.txt for every code point in it: the derived encode map is the
/// standard's rule.
#[test]
fn gb18030_encoder_step_6_index_pointer_for_every_code_point_in_the_index() {
    let mut first = BTreeMap::new();
    for (pointer, c) in index("index-gb18030.txt") {
        first.entry(c).or_insert(pointer);
    }
    for (&c, &pointer) in &first {
        let expected = if c == '\u{E5E5}' {
            Err(c)
        } else {
            Ok(two_byte_bytes("gb18030", pointer).to_vec())
        };
        assert_eq!(encode_char("gb18030", c), expected, "U+{:04X}", c as u32);
        let gbk_expected = if c == '\u{20AC}' {
            Ok(vec![0x80])
        } else {
            expected
        };
        assert_eq!(encode_char("GBK", c), gbk_expected, "U+{:04X}", c as u32);
    }
}

/// GBK (section 10.1): gb18030's decoder, and gb18030's encoder with is GBK true: U+20AC is
/// 0x80 (step 4) and there is no four-byte output (step 8: error instead).
#[test]
fn gbk_is_the_gb18030_decoder_with_the_gbk_encoder() {
    assert_eq!(encode_char("GBK", '\u{20AC}'), Ok(vec![0x80]));
    assert_eq!(encode_char("gb18030", '\u{20AC}'), Ok(vec![0xA2, 0xE3]));
    for c in ['\u{80}', '\u{A5}', '\u{FFFF}', '\u{10000}', '\u{10FFFF}'] {
        assert_eq!(encode_char("GBK", c), Err(c));
        assert_eq!(encode_char("gb18030", c).map(|b| b.len()), Ok(4));
    }
    let (bytes, _, unmappable) = ours("GBK").encode("\u{80}");
    assert_eq!((&*bytes, unmappable), (&b"&#128;"[..], true));
    // No GBK output is longer than two bytes.
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        if let Ok(b) = encode_char("GBK", c) {
            assert!(b.len() <= 2, "U+{:04X}", c as u32);
        }
    }
    // Same decoder: every one- and two-byte input, and the four-byte blocks.
    for a in 0..=0xFFu8 {
        for b in 0..=0xFFu8 {
            assert_eq!(decode("GBK", &[a, b]), decode("gb18030", &[a, b]));
        }
    }
    for b1 in [0x81, 0x84, 0x90, 0xE3, 0xFE] {
        let block = four_byte_block(b1);
        assert_eq!(decode("GBK", &block), decode("gb18030", &block));
    }
}

/// gb18030 decoder step 2 at end of queue, with gb18030 second set: the bytes held are not
/// prepended, so the ASCII digit in gb18030 second is masked by the one error. This is the
/// "unfortunate exception" of section 2; before end of queue the digit is restored (steps
/// 3.1 and 4.2).
#[test]
fn gb18030_decoder_step_2_end_of_queue_masks_one_ascii_byte() {
    for name in ["gb18030", "GBK"] {
        assert_eq!(decode(name, &[0x81, 0x30]), "\u{FFFD}");
        assert_eq!(decode(name, &[0x81, 0x30, 0x81]), "\u{FFFD}");
        assert_eq!(decode(name, &[0x81]), "\u{FFFD}");
        assert_eq!(decode_fatal(name, &[b'a', 0x81, 0x30]), None);
        // Streaming: end-of-queue in a call of its own.
        for (cuts, out_len) in [(&[2usize][..], 1024), (&[1, 2][..], 4), (&[1, 2, 3][..], 4)] {
            let (text, err) = decode_in_pieces(ours(name), &[0x81, 0x30, 0x81], cuts, out_len);
            assert_eq!((&*text, err), ("\u{FFFD}", true));
        }
        // Not at the end: the digit comes back (step 4.2 and step 3.1).
        assert_eq!(decode(name, &[0x81, 0x30, b'y']), "\u{FFFD}0y");
        assert_eq!(
            decode(name, &[0x81, 0x30, 0x81, b'y'])
                .chars()
                .take(2)
                .collect::<String>(),
            "\u{FFFD}0"
        );
        assert_eq!(decode(name, &[0x81, 0x30, 0xFF]), "\u{FFFD}0\u{FFFD}");
        assert_eq!(decode(name, &[0x81, 0x30, 0x81, 0xFF]), "\u{FFFD}0\u{FFFD}");
    }
}

/// gb18030 decoder steps 3.1 and 4.2 across buffers: the prepended bytes came from earlier
/// calls and must be decoded again, in order.
#[test]
fn gb18030_decoder_steps_3_1_and_4_2_restore_across_buffers() {
    let cases: [(&[u8], &str); 4] = [
        (&[0x81, 0x30, 0x81, 0x20], "\u{FFFD}0\u{FFFD} "),
        (&[0x81, 0x30, 0x20], "\u{FFFD}0 "),
        (&[0x81, 0x39, 0xEE, 0x39, 0x81, 0x30, 0xFE, 0x7E], ""),
        (&[0x81, 0x30, 0xFE, 0x81, 0x30, 0x81, 0x30], ""),
    ];
    for (bytes, expected) in cases {
        let whole = decode("gb18030", bytes);
        let theirs = oracle("gb18030").decode_without_bom_handling(bytes).0;
        assert_eq!(whole, theirs, "{bytes:02X?}");
        if !expected.is_empty() {
            assert_eq!(whole, expected);
        }
        for cut1 in 0..=bytes.len() {
            for cut2 in cut1..=bytes.len() {
                let (text, _) = decode_in_pieces(ours("gb18030"), bytes, &[cut1, cut2], 4);
                assert_eq!(text, whole, "{bytes:02X?} cut at {cut1}, {cut2}");
            }
        }
    }
}

/// gb18030 decoder step 7: 0x80 alone is U+20AC; step 9: 0xFF is an error; and as trails
/// (step 5.6) 0x80 is in range and 0xFF is not (and is not prepended: not ASCII).
#[test]
fn gb18030_decoder_step_7_0x80_is_euro_and_step_9_0xff_is_error() {
    for name in ["gb18030", "GBK"] {
        assert_eq!(decode(name, &[0x80]), "\u{20AC}");
        assert_eq!(decode(name, &[b'x', 0x80, b'y']), "x\u{20AC}y");
        assert_eq!(decode(name, &[0xFF]), "\u{FFFD}");
        assert_eq!(decode_fatal(name, &[0xFF]), None);
        assert_eq!(decode(name, &[0x81, 0xFF, b'y']), "\u{FFFD}y");
        // Pointer (0x81 − 0x81) × 190 + (0x80 − 0x41) = 63.
        let pointer_63 = index("index-gb18030.txt")
            .into_iter()
            .find(|e| e.0 == 63)
            .unwrap()
            .1;
        assert_eq!(decode(name, &[0x81, 0x80]), pointer_63.to_string());
        assert_eq!(decode(name, &[0x81, 0x7F]), "\u{FFFD}\u{7F}");
    }
}

// ---------------------------------------------------------------------------------------
// Big5 (section 11)
// ---------------------------------------------------------------------------------------

/// Big5 decoder step 3.6: pointers 1133, 1135, 1164 and 1166 decode to two code points,
/// also when the output buffer has room for the first only.
#[test]
fn big5_decoder_step_3_6_two_code_points() {
    let rows: [(u32, &str); 4] = [
        (1133, "\u{CA}\u{304}"),
        (1135, "\u{CA}\u{30C}"),
        (1164, "\u{EA}\u{304}"),
        (1166, "\u{EA}\u{30C}"),
    ];
    for (pointer, expected) in rows {
        let bytes = two_byte_bytes("Big5", pointer);
        assert_eq!(decode("Big5", &bytes), expected, "pointer {pointer}");
        let input = [&b"xy"[..], &bytes, b"z"].concat();
        for out_len in 4..8 {
            for cut in 0..=input.len() {
                let (text, err) = decode_in_pieces(ours("Big5"), &input, &[cut], out_len);
                assert_eq!((&*text, err), (&*format!("xy{expected}z"), false));
            }
        }
        // Not the other way: U+00CA and U+00EA have only pointers below 5024 (1134, 1165),
        // which the index Big5 pointer ignores, and the marks are not in index Big5.
        for c in expected.chars() {
            assert_eq!(encode_char("Big5", c), Err(c));
        }
    }
    // Index Big5 has no entry for these pointers; their neighbours are single code points.
    let data = index("index-big5.txt");
    assert!(!data.iter().any(|e| [1133, 1135, 1164, 1166].contains(&e.0)));
    assert_eq!(decode("Big5", &two_byte_bytes("Big5", 1134)), "\u{1EBE}");
    assert_eq!(decode("Big5", &two_byte_bytes("Big5", 1165)), "\u{1EBF}");
}

/// Section 5, "index Big5 pointer": pointers below (0xA1 − 0x81) × 157 are ignored, and
/// U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345 use their last pointer; checked for
/// every code point of index-big5.txt against the rule applied here to the data.
#[test]
fn big5_encoder_index_big5_pointer() {
    const FIRST: u32 = (0xA1 - 0x81) * 157;
    const LAST: [char; 6] = [
        '\u{2550}', '\u{255E}', '\u{2561}', '\u{256A}', '\u{5341}', '\u{5345}',
    ];
    let data = index("index-big5.txt");
    let mut expected: BTreeMap<char, Option<u32>> = BTreeMap::new();
    for &(pointer, c) in &data {
        let slot = expected.entry(c).or_insert(None);
        if pointer >= FIRST && (slot.is_none() || LAST.contains(&c)) {
            *slot = Some(pointer);
        }
    }
    let mut only_low = 0;
    for (&c, &pointer) in &expected {
        let want = pointer.map(|p| two_byte_bytes("Big5", p).to_vec()).ok_or(c);
        only_low += usize::from(pointer.is_none());
        assert_eq!(encode_char("Big5", c), want, "U+{:04X}", c as u32);
    }
    // The rules matter: code points only below 5024 are errors, and each of the six has
    // two pointers from 5024 on.
    assert!(only_low > 1000, "{only_low}");
    for c in LAST {
        let pointers: Vec<u32> = data.iter().filter(|e| e.1 == c).map(|e| e.0).collect();
        assert!(pointers.len() >= 2 && pointers[0] >= FIRST, "{pointers:?}");
        let last = *pointers.last().unwrap();
        assert_eq!(
            encode_char("Big5", c),
            Ok(two_byte_bytes("Big5", last).to_vec())
        );
    }
    assert_eq!(encode_char("Big5", '\u{2550}'), Ok(vec![0xF9, 0xF9]));
}

// ---------------------------------------------------------------------------------------
// EUC-KR (section 13)
// ---------------------------------------------------------------------------------------

/// EUC-KR decoder step 3.4: the whole index, with the Unified Hangul Code extension (leads
/// 0x81 to 0xFE, trails 0x41 to 0xFE), against index-euc-kr.txt for every lead and trail;
/// the encoder (step 3) takes the first pointer of each code point.
#[test]
fn euc_kr_whole_index_including_the_extension() {
    let data: BTreeMap<u32, char> = index("index-euc-kr.txt").into_iter().collect();
    let mut extension = 0;
    for lead in 0x81..=0xFEu8 {
        for trail in 0..=0xFFu8 {
            let code_point = (0x41..=0xFE)
                .contains(&trail)
                .then(|| data.get(&((lead as u32 - 0x81) * 190 + (trail as u32 - 0x41))))
                .flatten();
            let expected = match code_point {
                Some(c) => c.to_string(),
                None if trail.is_ascii() => format!("\u{FFFD}{}", trail as char),
                None => "\u{FFFD}".to_string(),
            };
            assert_eq!(
                decode("EUC-KR", &[lead, trail]),
                expected,
                "{lead:02X} {trail:02X}"
            );
            if code_point.is_some() && (lead < 0xA1 || trail < 0xA1) {
                extension += 1;
            }
        }
    }
    assert!(extension > 8000, "{extension}");
    let mut first = BTreeMap::new();
    for (&pointer, &c) in &data {
        first.entry(c).or_insert(pointer);
    }
    for (c, pointer) in first {
        assert_eq!(
            encode_char("EUC-KR", c),
            Ok(two_byte_bytes("EUC-KR", pointer).to_vec()),
            "U+{:04X}",
            c as u32
        );
    }
}

// ---------------------------------------------------------------------------------------
// Everywhere (section 2)
// ---------------------------------------------------------------------------------------

/// Section 2: an invalid trail byte that is ASCII is not swallowed but restored and decoded
/// on its own (the defence against the 2011 Shift_JIS attack), in all four decoders, for
/// every lead and every ASCII trail that does not complete a sequence. gb18030's digits
/// start a four-byte sequence instead: followed by ASCII they come back too, and only at end
/// of input are they masked (see the end-of-queue test).
#[test]
fn invalid_ascii_trail_is_restored_everywhere() {
    for name in NAMES {
        let mut restored = 0;
        for lead in 0x81..=0xFEu8 {
            for trail in 0x00..=0x7Fu8 {
                let gb_digit = name != "Big5" && name != "EUC-KR" && trail.is_ascii_digit();
                let input = [lead, trail, b'y'];
                let text = decode(name, &input);
                if gb_digit || text.starts_with('\u{FFFD}') {
                    assert_eq!(
                        text,
                        format!("\u{FFFD}{}y", trail as char),
                        "{name} {input:02X?}"
                    );
                    restored += 1;
                } else {
                    // A valid pair (Big5's step 3.6 pointers give two code points).
                    assert!(!text.contains('\u{FFFD}'), "{name} {input:02X?}");
                    assert!(text.ends_with('y') && text.chars().count() <= 3);
                }
            }
        }
        assert!(restored > 126 * 20, "{name}: {restored}");
        // The attack's shape: a lead before the quote that closes a JSON string.
        let input = b"{\"a\":\"\x82\",\"b\":\"x\"}";
        assert_eq!(
            decode(name, input),
            "{\"a\":\"\u{FFFD}\",\"b\":\"x\"}",
            "{name}"
        );
    }
}
