//! Properties every encoding must have, over random input.

use proptest::prelude::*;
use spec_tests::strategies::*;
use spec_tests::*;

/// Code points an encoder writes as bytes that decode to something else, by the standard's
/// design: the encoder-only mappings.
fn encodes_asymmetrically(name: &str, c: char) -> bool {
    let c = c as u32;
    match name {
        // Section 12.1.2 and 12.3.2: U+00A5 -> 0x5C, U+203E -> 0x7E, U+2212 -> as U+FF0D.
        "EUC-JP" | "Shift_JIS" => matches!(c, 0xA5 | 0x203E | 0x2212),
        // Section 12.2.2: also U+00A5 and U+203E (via Roman), U+2212, and half-width
        // katakana, which is written as full-width.
        "ISO-2022-JP" => matches!(c, 0xA5 | 0x203E | 0x2212 | 0xFF61..=0xFF9F),
        // Section 10.2.2 step 5: the GB18030-2022 side table.
        "gb18030" | "GBK" => matches!(
            c,
            0xE78D..=0xE796 | 0xE81E | 0xE826 | 0xE82B | 0xE82C | 0xE832 | 0xE843 | 0xE854 | 0xE864
        ),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Decoding never panics, in any mode, whatever the bytes and however they are split,
    /// and what it returns is whole characters.
    #[test]
    fn decode_never_panics(
        bytes in prop::collection::vec(any::<u8>(), 0..96),
        cuts in prop::collection::vec(0usize..96, 0..4),
        out_len in 4usize..12,
    ) {
        for name in implemented() {
        let e = ours(name);
        let (a, _, _) = e.decode(&bytes);
        let (b, _) = decode_in_pieces(e, &bytes, &cuts, out_len);
        prop_assert!(a.chars().all(|c| !(0xD800..0xE000).contains(&(c as u32))));
        let _ = decode_fatal_in_pieces(e, &bytes, &cuts, out_len);
        let _ = e.decode_without_bom_handling_and_without_replacement(&bytes);
        // With BOM sniffing, the one-shot and the streaming decoders agree too.
        let mut decoder = e.new_decoder();
        let mut streamed = String::with_capacity(decoder.max_utf8_buffer_length(bytes.len()).unwrap());
        let (result, read, _) = decoder.decode_to_string(&bytes, &mut streamed, true);
        prop_assert_eq!(result, whatwg_encoding::CoderResult::InputEmpty);
        prop_assert_eq!(read, bytes.len());
        prop_assert_eq!(&streamed, &*a);
        prop_assert_eq!(&b, &*e.decode_without_bom_handling(&bytes).0);
        }
    }

    /// decode(encode(s)) == s for every string the encoding can represent, except for the
    /// encoder-only mappings the standard defines.
    #[test]
    fn encode_then_decode_gives_back_the_text(text in text(48)) {
        for name in implemented() {
        let e = ours(name);
        let representable: String = text
            .chars()
            .filter(|&c| {
                let mut buf = [0u8; 4];
                encode_fatal(e, c.encode_utf8(&mut buf)).is_ok() && !encodes_asymmetrically(name, c)
            })
            .collect();
        let bytes = encode_fatal(e, &representable);
        prop_assert!(bytes.is_ok(), "{name}: {representable:?} is representable");
        let bytes = bytes.unwrap();
        let output = e.output_encoding();
        let back = output.decode_without_bom_handling_and_without_replacement(&bytes);
        prop_assert_eq!(back.as_deref(), Some(&*representable), "{}", name);
        }
    }
}
