//! encoding_rs 0.8.44's public API, item by item, with its signatures: this file compiles
//! only if every item exists here with the same signature, so that a program written against
//! encoding_rs builds against us with one line of its Cargo.toml changed. (The `mem`
//! module's items are named in `mem.rs`; the serde impls in the runtime's `tests/serde.rs`.)

// The signatures are written out as encoding_rs documents them, however long.
#![allow(clippy::type_complexity)]

use std::borrow::Cow;

use whatwg_encoding::*;

#[test]
fn the_forty_statics() {
    let _: &'static Encoding = UTF_8;
    let _: &'static Encoding = &UTF_8_INIT;
    assert_eq!(&UTF_8_INIT, UTF_8);
    let _: &'static Encoding = IBM866;
    let _: &'static Encoding = &IBM866_INIT;
    assert_eq!(&IBM866_INIT, IBM866);
    let _: &'static Encoding = ISO_8859_2;
    let _: &'static Encoding = &ISO_8859_2_INIT;
    assert_eq!(&ISO_8859_2_INIT, ISO_8859_2);
    let _: &'static Encoding = ISO_8859_3;
    let _: &'static Encoding = &ISO_8859_3_INIT;
    assert_eq!(&ISO_8859_3_INIT, ISO_8859_3);
    let _: &'static Encoding = ISO_8859_4;
    let _: &'static Encoding = &ISO_8859_4_INIT;
    assert_eq!(&ISO_8859_4_INIT, ISO_8859_4);
    let _: &'static Encoding = ISO_8859_5;
    let _: &'static Encoding = &ISO_8859_5_INIT;
    assert_eq!(&ISO_8859_5_INIT, ISO_8859_5);
    let _: &'static Encoding = ISO_8859_6;
    let _: &'static Encoding = &ISO_8859_6_INIT;
    assert_eq!(&ISO_8859_6_INIT, ISO_8859_6);
    let _: &'static Encoding = ISO_8859_7;
    let _: &'static Encoding = &ISO_8859_7_INIT;
    assert_eq!(&ISO_8859_7_INIT, ISO_8859_7);
    let _: &'static Encoding = ISO_8859_8;
    let _: &'static Encoding = &ISO_8859_8_INIT;
    assert_eq!(&ISO_8859_8_INIT, ISO_8859_8);
    let _: &'static Encoding = ISO_8859_8_I;
    let _: &'static Encoding = &ISO_8859_8_I_INIT;
    assert_eq!(&ISO_8859_8_I_INIT, ISO_8859_8_I);
    let _: &'static Encoding = ISO_8859_10;
    let _: &'static Encoding = &ISO_8859_10_INIT;
    assert_eq!(&ISO_8859_10_INIT, ISO_8859_10);
    let _: &'static Encoding = ISO_8859_13;
    let _: &'static Encoding = &ISO_8859_13_INIT;
    assert_eq!(&ISO_8859_13_INIT, ISO_8859_13);
    let _: &'static Encoding = ISO_8859_14;
    let _: &'static Encoding = &ISO_8859_14_INIT;
    assert_eq!(&ISO_8859_14_INIT, ISO_8859_14);
    let _: &'static Encoding = ISO_8859_15;
    let _: &'static Encoding = &ISO_8859_15_INIT;
    assert_eq!(&ISO_8859_15_INIT, ISO_8859_15);
    let _: &'static Encoding = ISO_8859_16;
    let _: &'static Encoding = &ISO_8859_16_INIT;
    assert_eq!(&ISO_8859_16_INIT, ISO_8859_16);
    let _: &'static Encoding = KOI8_R;
    let _: &'static Encoding = &KOI8_R_INIT;
    assert_eq!(&KOI8_R_INIT, KOI8_R);
    let _: &'static Encoding = KOI8_U;
    let _: &'static Encoding = &KOI8_U_INIT;
    assert_eq!(&KOI8_U_INIT, KOI8_U);
    let _: &'static Encoding = MACINTOSH;
    let _: &'static Encoding = &MACINTOSH_INIT;
    assert_eq!(&MACINTOSH_INIT, MACINTOSH);
    let _: &'static Encoding = WINDOWS_874;
    let _: &'static Encoding = &WINDOWS_874_INIT;
    assert_eq!(&WINDOWS_874_INIT, WINDOWS_874);
    let _: &'static Encoding = WINDOWS_1250;
    let _: &'static Encoding = &WINDOWS_1250_INIT;
    assert_eq!(&WINDOWS_1250_INIT, WINDOWS_1250);
    let _: &'static Encoding = WINDOWS_1251;
    let _: &'static Encoding = &WINDOWS_1251_INIT;
    assert_eq!(&WINDOWS_1251_INIT, WINDOWS_1251);
    let _: &'static Encoding = WINDOWS_1252;
    let _: &'static Encoding = &WINDOWS_1252_INIT;
    assert_eq!(&WINDOWS_1252_INIT, WINDOWS_1252);
    let _: &'static Encoding = WINDOWS_1253;
    let _: &'static Encoding = &WINDOWS_1253_INIT;
    assert_eq!(&WINDOWS_1253_INIT, WINDOWS_1253);
    let _: &'static Encoding = WINDOWS_1254;
    let _: &'static Encoding = &WINDOWS_1254_INIT;
    assert_eq!(&WINDOWS_1254_INIT, WINDOWS_1254);
    let _: &'static Encoding = WINDOWS_1255;
    let _: &'static Encoding = &WINDOWS_1255_INIT;
    assert_eq!(&WINDOWS_1255_INIT, WINDOWS_1255);
    let _: &'static Encoding = WINDOWS_1256;
    let _: &'static Encoding = &WINDOWS_1256_INIT;
    assert_eq!(&WINDOWS_1256_INIT, WINDOWS_1256);
    let _: &'static Encoding = WINDOWS_1257;
    let _: &'static Encoding = &WINDOWS_1257_INIT;
    assert_eq!(&WINDOWS_1257_INIT, WINDOWS_1257);
    let _: &'static Encoding = WINDOWS_1258;
    let _: &'static Encoding = &WINDOWS_1258_INIT;
    assert_eq!(&WINDOWS_1258_INIT, WINDOWS_1258);
    let _: &'static Encoding = X_MAC_CYRILLIC;
    let _: &'static Encoding = &X_MAC_CYRILLIC_INIT;
    assert_eq!(&X_MAC_CYRILLIC_INIT, X_MAC_CYRILLIC);
    let _: &'static Encoding = GBK;
    let _: &'static Encoding = &GBK_INIT;
    assert_eq!(&GBK_INIT, GBK);
    let _: &'static Encoding = GB18030;
    let _: &'static Encoding = &GB18030_INIT;
    assert_eq!(&GB18030_INIT, GB18030);
    let _: &'static Encoding = BIG5;
    let _: &'static Encoding = &BIG5_INIT;
    assert_eq!(&BIG5_INIT, BIG5);
    let _: &'static Encoding = EUC_JP;
    let _: &'static Encoding = &EUC_JP_INIT;
    assert_eq!(&EUC_JP_INIT, EUC_JP);
    let _: &'static Encoding = ISO_2022_JP;
    let _: &'static Encoding = &ISO_2022_JP_INIT;
    assert_eq!(&ISO_2022_JP_INIT, ISO_2022_JP);
    let _: &'static Encoding = SHIFT_JIS;
    let _: &'static Encoding = &SHIFT_JIS_INIT;
    assert_eq!(&SHIFT_JIS_INIT, SHIFT_JIS);
    let _: &'static Encoding = EUC_KR;
    let _: &'static Encoding = &EUC_KR_INIT;
    assert_eq!(&EUC_KR_INIT, EUC_KR);
    let _: &'static Encoding = REPLACEMENT;
    let _: &'static Encoding = &REPLACEMENT_INIT;
    assert_eq!(&REPLACEMENT_INIT, REPLACEMENT);
    let _: &'static Encoding = UTF_16BE;
    let _: &'static Encoding = &UTF_16BE_INIT;
    assert_eq!(&UTF_16BE_INIT, UTF_16BE);
    let _: &'static Encoding = UTF_16LE;
    let _: &'static Encoding = &UTF_16LE_INIT;
    assert_eq!(&UTF_16LE_INIT, UTF_16LE);
    let _: &'static Encoding = X_USER_DEFINED;
    let _: &'static Encoding = &X_USER_DEFINED_INIT;
    assert_eq!(&X_USER_DEFINED_INIT, X_USER_DEFINED);
}

#[test]
fn encoding() {
    let _: fn(&[u8]) -> Option<&'static Encoding> = Encoding::for_label;
    let _: fn(&[u8]) -> Option<&'static Encoding> = Encoding::for_label_no_replacement;
    let _: fn(&[u8]) -> Option<(&'static Encoding, usize)> = Encoding::for_bom;
    let _: fn(&'static Encoding) -> &'static str = Encoding::name;
    let _: fn(&'static Encoding) -> bool = Encoding::can_encode_everything;
    let _: fn(&'static Encoding) -> bool = Encoding::is_ascii_compatible;
    let _: fn(&'static Encoding) -> bool = Encoding::is_single_byte;
    let _: fn(&'static Encoding) -> &'static Encoding = Encoding::output_encoding;
    let _: for<'a> fn(&'static Encoding, &'a [u8]) -> (Cow<'a, str>, &'static Encoding, bool) =
        Encoding::decode;
    let _: for<'a> fn(&'static Encoding, &'a [u8]) -> (Cow<'a, str>, bool) =
        Encoding::decode_with_bom_removal;
    let _: for<'a> fn(&'static Encoding, &'a [u8]) -> (Cow<'a, str>, bool) =
        Encoding::decode_without_bom_handling;
    let _: for<'a> fn(&'static Encoding, &'a [u8]) -> Option<Cow<'a, str>> =
        Encoding::decode_without_bom_handling_and_without_replacement;
    let _: for<'a> fn(&'static Encoding, &'a str) -> (Cow<'a, [u8]>, &'static Encoding, bool) =
        Encoding::encode;
    let _: fn(&'static Encoding) -> Decoder = Encoding::new_decoder;
    let _: fn(&'static Encoding) -> Decoder = Encoding::new_decoder_with_bom_removal;
    let _: fn(&'static Encoding) -> Decoder = Encoding::new_decoder_without_bom_handling;
    let _: fn(&'static Encoding) -> Encoder = Encoding::new_encoder;
    let _: fn(&[u8]) -> usize = Encoding::utf8_valid_up_to;
    let _: fn(&[u8]) -> usize = Encoding::ascii_valid_up_to;
    let _: fn(&[u8]) -> usize = Encoding::iso_2022_jp_ascii_valid_up_to;
    // Traits: compared by identity, hashable, printable.
    fn traits<T: PartialEq + Eq + std::hash::Hash + std::fmt::Debug + ?Sized>() {}
    traits::<Encoding>();
}

#[test]
fn decoder() {
    let _: fn(&Decoder) -> &'static Encoding = Decoder::encoding;
    let _: fn(&Decoder, usize) -> Option<usize> = Decoder::max_utf8_buffer_length;
    let _: fn(&Decoder, usize) -> Option<usize> =
        Decoder::max_utf8_buffer_length_without_replacement;
    let _: fn(&Decoder, usize) -> Option<usize> = Decoder::max_utf16_buffer_length;
    let _: fn(&mut Decoder, &[u8], &mut [u8], bool) -> (CoderResult, usize, usize, bool) =
        Decoder::decode_to_utf8;
    let _: fn(&mut Decoder, &[u8], &mut [u8], bool) -> (DecoderResult, usize, usize) =
        Decoder::decode_to_utf8_without_replacement;
    let _: fn(&mut Decoder, &[u8], &mut str, bool) -> (CoderResult, usize, usize, bool) =
        Decoder::decode_to_str;
    let _: fn(&mut Decoder, &[u8], &mut str, bool) -> (DecoderResult, usize, usize) =
        Decoder::decode_to_str_without_replacement;
    let _: fn(&mut Decoder, &[u8], &mut String, bool) -> (CoderResult, usize, bool) =
        Decoder::decode_to_string;
    let _: fn(&mut Decoder, &[u8], &mut String, bool) -> (DecoderResult, usize) =
        Decoder::decode_to_string_without_replacement;
    let _: fn(&mut Decoder, &[u8], &mut [u16], bool) -> (CoderResult, usize, usize, bool) =
        Decoder::decode_to_utf16;
    let _: fn(&mut Decoder, &[u8], &mut [u16], bool) -> (DecoderResult, usize, usize) =
        Decoder::decode_to_utf16_without_replacement;
    let _: fn(&Decoder, &[u8]) -> Option<usize> = Decoder::latin1_byte_compatible_up_to;
    fn debug<T: std::fmt::Debug>() {}
    debug::<Decoder>();
}

#[test]
fn encoder() {
    let _: fn(&Encoder) -> &'static Encoding = Encoder::encoding;
    let _: fn(&Encoder) -> bool = Encoder::has_pending_state;
    let _: fn(&Encoder, usize) -> Option<usize> =
        Encoder::max_buffer_length_from_utf8_if_no_unmappables;
    let _: fn(&Encoder, usize) -> Option<usize> =
        Encoder::max_buffer_length_from_utf8_without_replacement;
    let _: fn(&Encoder, usize) -> Option<usize> =
        Encoder::max_buffer_length_from_utf16_if_no_unmappables;
    let _: fn(&Encoder, usize) -> Option<usize> =
        Encoder::max_buffer_length_from_utf16_without_replacement;
    let _: fn(&mut Encoder, &str, &mut [u8], bool) -> (CoderResult, usize, usize, bool) =
        Encoder::encode_from_utf8;
    let _: fn(&mut Encoder, &str, &mut Vec<u8>, bool) -> (CoderResult, usize, bool) =
        Encoder::encode_from_utf8_to_vec;
    let _: fn(&mut Encoder, &str, &mut [u8], bool) -> (EncoderResult, usize, usize) =
        Encoder::encode_from_utf8_without_replacement;
    let _: fn(&mut Encoder, &str, &mut Vec<u8>, bool) -> (EncoderResult, usize) =
        Encoder::encode_from_utf8_to_vec_without_replacement;
    let _: fn(&mut Encoder, &[u16], &mut [u8], bool) -> (CoderResult, usize, usize, bool) =
        Encoder::encode_from_utf16;
    let _: fn(&mut Encoder, &[u16], &mut [u8], bool) -> (EncoderResult, usize, usize) =
        Encoder::encode_from_utf16_without_replacement;
    fn debug<T: std::fmt::Debug>() {}
    debug::<Encoder>();
}

/// The result enums: every variant, matched exhaustively, so that a variant added or
/// removed on either side is a compile error here.
#[test]
fn results() {
    fn coder(r: CoderResult) -> u8 {
        match r {
            CoderResult::InputEmpty => 0,
            CoderResult::OutputFull => 1,
        }
    }
    fn decoder(r: DecoderResult) -> u8 {
        match r {
            DecoderResult::InputEmpty => 0,
            DecoderResult::OutputFull => 1,
            DecoderResult::Malformed(length, after) => length.wrapping_add(after),
        }
    }
    fn encoder(r: EncoderResult) -> u32 {
        match r {
            EncoderResult::InputEmpty => 0,
            EncoderResult::OutputFull => 1,
            EncoderResult::Unmappable(c) => c as u32,
        }
    }
    assert_eq!(coder(CoderResult::OutputFull), 1);
    assert_eq!(decoder(DecoderResult::Malformed(1, 2)), 3);
    assert_eq!(encoder(EncoderResult::Unmappable('a')), 0x61);
    fn same<T: std::fmt::Debug + PartialEq + Eq>() {}
    same::<CoderResult>();
    same::<DecoderResult>();
    same::<EncoderResult>();
}
