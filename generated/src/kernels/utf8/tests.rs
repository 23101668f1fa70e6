//! UTF-8's validation and its conversion to UTF-16 against the standard library.

use crate::kernels::dispatch::every_isa;
use crate::kernels::tests::harness::{char_steps, check, check_scan, utf16, utf8, valid_prefix};
use crate::kernels::tests::harness::{with_each_at, Contract};
use crate::kernels::utf8::to_utf16::invalid_sequence_len;
use crate::kernels::utf8::to_utf16::{convert, utf8_to_utf16_overwriting};
use crate::kernels::utf8::valid::{as_str, portable_utf8_valid_up_to, utf8_valid_up_to};

/// All of `src` converted the way a replacing caller does.
fn lossy(src: &[u8]) -> Vec<u16> {
    let mut dst = vec![0u16; src.len()];
    let (mut read, mut written) = (0, 0);
    loop {
        let (r, w) = utf8_to_utf16_overwriting(&src[read..], &mut dst[written..]);
        read += r;
        written += w;
        if read == src.len() {
            dst.truncate(written);
            return dst;
        }
        dst[written] = 0xFFFD;
        written += 1;
        read += invalid_sequence_len(&src[read..]);
    }
}

/// Both validators held to each other; the portable one's answer.
fn valid(bytes: &[u8]) -> usize {
    let portable = portable_utf8_valid_up_to(bytes);
    assert_eq!(utf8_valid_up_to(bytes), portable, "{bytes:x?}");
    assert_eq!(as_str(bytes).is_some(), portable == bytes.len());
    portable
}

/// `src` validated and converted as the standard library does.
fn like_std(src: &[u8]) {
    assert_eq!(valid(src), valid_prefix(src).len(), "{src:x?}");
    let reference: Vec<u16> = String::from_utf8_lossy(src).encode_utf16().collect();
    assert_eq!(lossy(src), reference, "{src:x?}");
}

/// Third and fourth bytes of every kind.
const OTHERS: [u8; 11] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5,
];

/// Calls `each` with every input of two bytes from a first byte of `first` up, of three with
/// the third of each kind, and of four from each lead from 0xF0 with the third and fourth of
/// each kind.
fn short_inputs(first: u8, mut each: impl FnMut(&[u8])) {
    for b0 in first..=255u8 {
        for b1 in 0..=255u8 {
            each(&[b0, b1]);
            for b2 in OTHERS {
                each(&[b0, b1, b2]);
                if b0 >= 0xF0 {
                    for b3 in OTHERS {
                        each(&[b0, b1, b2, b3]);
                    }
                }
            }
        }
    }
}

#[test]
fn every_scalar_value_converts_alone_and_amid_ascii() {
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let s = utf8(c);
        let mut dst = [0u16; 2];
        let (read, written) = utf8_to_utf16_overwriting(&s, &mut dst);
        assert_eq!(read, s.len());
        assert_eq!(dst[..written], utf16(c));
    }
    like_std("ascii text, then é, ש, 日本, 😀, then more ascii text to fill a block".as_bytes());
}

/// Every input of [`short_inputs`] (those of four with ASCII after them); every prefix of
/// four-byte sequences around their second byte's edges; two adjacent two-byte sequences,
/// valid or not, converted together only when both are valid.
#[test]
fn every_short_input() {
    short_inputs(0, |input| match input.len() {
        4 => like_std(&[input, b"a"].concat()),
        _ => like_std(input),
    });
    let kinds = [0x41, 0x80, 0xBF, 0xC0];
    for b0 in 0xF0..=0xFF {
        for b1 in [0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0] {
            for (b2, b3) in kinds.iter().flat_map(|&b2| kinds.map(|b3| (b2, b3))) {
                let four = [b0, b1, b2, b3, b'z'];
                (1..=four.len()).for_each(|len| like_std(&four[..len]));
            }
        }
    }
    let seconds = [0x41, 0x7F, 0x80, 0xBF, 0xC0];
    for b0 in 0xC0..=0xDF {
        for b2 in (0xC0..=0xDF).chain([0x41, 0xE0]) {
            for (b1, b3) in seconds.iter().flat_map(|&b1| seconds.map(|b3| (b1, b3))) {
                for tail in [&[][..], b"z", b"\xC3\xA9"] {
                    like_std(&[&[b0, b1, b2, b3][..], tail].concat());
                }
            }
        }
    }
}

/// Every input of two bytes, and of three with the third of each kind, after a word with a
/// Latin letter and after a Hangul syllable, with ASCII after it or not; and the inputs of
/// [`short_inputs`] that start outside ASCII within a block of the portable validation and
/// across its end.
#[test]
fn every_short_input_amid_text() {
    let thirds = [0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5];
    for before in ["é ab".as_bytes(), "한 ".as_bytes(), "한".as_bytes()] {
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                for after in [&b"cd"[..], "é".as_bytes(), "국".as_bytes()] {
                    like_std(&[before, &[b0, b1], after].concat());
                }
                for b2 in thirds {
                    like_std(&[before, &[b0, b1, b2, b'c', b'd']].concat());
                }
            }
        }
    }
    let mut text = Vec::new();
    let in_a_block = |input: &[u8]| {
        for before in [8, 30, 31] {
            text.clear();
            text.extend("\u{e9}".repeat(before / 2).as_bytes());
            text.extend(&b"a"[..before % 2]);
            text.extend(input);
            text.extend("\u{e9}".repeat(20).as_bytes());
            let valid = portable_utf8_valid_up_to(&text);
            assert_eq!(valid, valid_prefix(&text).len(), "{text:x?}");
        }
    };
    short_inputs(0x80, in_a_block);
}

/// Groups of four two-byte sequences, each lane in turn given an overlong lead, a bad trail,
/// or a lead of another length; the same for groups of three-byte sequences, with overlong
/// and surrogate values too (and no bad one at the fourth lane).
#[test]
fn groups_of_two_and_three_byte_sequences_with_any_one_invalid() {
    let two_bad = b"\xC0\x80\xC1\xBF\xC2\x7F\xDF\xC0\xE0\x80\x41\x42\xC2\x80".chunks(2);
    let three_bad =
        b"\xE0\x9F\xBF\xE0\xA0\x80\xED\xA0\x80\xED\x9F\xBF\xEF\xBF\xC0\xEF\x7F\xBF\xF0\x90\x80";
    let groups = [
        (&[0xD0, 0x96][..], 4, two_bad),
        (&[0xE0, 0xB8, 0x81], 3, three_bad.chunks(3)),
    ];
    for tail in [&b""[..], b"z", b"\xD0\x96\xD0\x96", b"\xE0\xB8\x81"] {
        for (good, n, bads) in groups.clone() {
            for (bad, lane) in bads.flat_map(|bad| (0..4).map(move |lane| (bad, lane))) {
                let mut src: Vec<u8> = (0..n)
                    .flat_map(|i| if i == lane { bad } else { good })
                    .copied()
                    .collect();
                src.extend_from_slice(tail);
                like_std(&src);
            }
        }
    }
}

/// Inputs of 12 to 64 bytes (checked padded to a block, with `std`) ending in every kind of
/// tail: whole and cut characters, lone and surplus continuation bytes, after text of one,
/// two and three bytes a character.
#[test]
fn short_inputs_with_every_kind_of_ending() {
    let tails: [&[u8]; 10] = [
        b"",
        "\u{e9}".as_bytes(),
        "\u{65e5}".as_bytes(),
        "\u{1F600}".as_bytes(),
        b"\xF0\x9F\x98",
        b"\xE6\x97",
        b"\xC3",
        b"\x80",
        b"\x80\x80\x80\x80\x80",
        b"\xE6\x97\xA5\xA5",
    ];
    for base in ["a", "\u{e9}", "\u{65e5}"] {
        let text = base.repeat(64);
        for len in 12..=64 {
            for tail in tails {
                let mut v = text.as_bytes()[..len].to_vec();
                v.truncate(len.saturating_sub(tail.len()));
                v.extend_from_slice(tail);
                like_std(&v);
            }
        }
    }
}

/// Long inputs, ASCII-heavy and dense, so that both of simdutf8's forms are chosen, with
/// characters and errors at every offset around the sampled blocks and the end.
#[test]
fn long_inputs_of_either_density_with_errors_anywhere() {
    let latin: Vec<u8> = "Mars est la quatri\u{e8}me plan\u{e8}te. "
        .repeat(80)
        .into_bytes();
    let ascii: Vec<u8> = b"<p class=\"x\">Mars is the fourth planet.</p>\n".repeat(80);
    let dense: Vec<u8> = "\u{706b}\u{661f}\u{306f}\u{592a}\u{967d}\u{7cfb}. "
        .repeat(150)
        .into_bytes();
    // Under and over the length that is sampled, and long enough for more than 16 samples.
    let (long, longer) = (|v: &Vec<u8>| v.repeat(7), |v: &Vec<u8>| v.repeat(100));
    let bases = [
        long(&latin),
        long(&ascii),
        long(&dense),
        longer(&latin),
        longer(&dense),
        latin,
        ascii,
        dense,
    ];
    assert!(bases[..3].iter().all(|v| v.len() > 16 * 1024));
    assert!(bases[3..5].iter().all(|v| v.len() > 24 * 8 * 1024));
    for base in bases {
        assert_eq!(valid(&base), base.len());
        let len = base.len();
        let spots = (0..len)
            .step_by(len / 64)
            .flat_map(|s| s.saturating_sub(2)..s + 3);
        for at in spots.chain(len - 5..len).filter(|&at| at < len) {
            for insert in [&b"\xff"[..], b"\xe6\x97", "\u{e9}".as_bytes(), b"\xc3"] {
                let mut v = base.clone();
                v.splice(at..at, insert.iter().copied());
                assert_eq!(valid(&v), valid_prefix(&v).len(), "at {at} {insert:x?}");
            }
        }
    }
}

/// Text of every length of character with each kind of error and of character at every
/// place, every piece: both validators against the standard library's.
#[test]
fn characters_and_errors_at_every_offset_and_alignment() {
    let inserts: [&[u8]; 8] = [
        "é".as_bytes(),
        "éé".as_bytes(),
        "日".as_bytes(),
        "😀".as_bytes(),
        b"\xC3",
        b"\xE6\x97",
        b"\xED\xA0\x80",
        b"\xFF",
    ];
    let base: Vec<u8> = (0..330).map(|i| b'a' + (i % 26) as u8).collect();
    check_scan(
        &with_each_at(&base, &inserts, 0..80, false),
        |b: &[u8]| valid_prefix(b).len(),
        valid,
    );
}

/// Text of every length of character, groups of two- and three-byte sequences, spans of
/// ASCII longer than a block; with an invalid byte or a cut sequence at every place.
fn texts() -> Vec<Vec<u8>> {
    let text = "ascii, Жж ωω, 日本語 ภาษา, 😀! and more ASCII than a block; жжжжжж日本語日本語 é";
    let base: Vec<u8> = text.bytes().cycle().take(330).collect();
    let inserts: [&[u8]; 4] = [b"\xFF", b"\xE6\x97", b"\xC3", b"\x80"];
    let mut texts = with_each_at(&base, &inserts, 0..48, false);
    // Runs of three-byte sequences longer than the wide blocks (the edges of their range
    // among them), with an invalid one, a four-byte one or ASCII at every place.
    let three: String = "日本語ภาษา\u{800}\u{FFFF}\u{D7FF}\u{E000}한국어中文"
        .chars()
        .cycle()
        .take(60)
        .collect();
    let inserts: [&[u8]; 6] = [
        b"\xE0\x9F\xBF",
        b"\xED\xA0\x80",
        b"\xE6\x97\x41",
        b"\xE6\xC0\xA5",
        b"\xF0\x9F\x98\x80",
        b"a",
    ];
    texts.extend(with_each_at(
        three.as_bytes(),
        &inserts,
        (0..66).step_by(3),
        false,
    ));
    // Words of two-byte letters and spaces, with an invalid, overlong, cut or longer
    // sequence at every place of the first blocks.
    let words: Vec<u8> = "Съешь же ещё этих мягких булок, да выпей чаю. Ωραία ψυχή שלום عربي "
        .bytes()
        .cycle()
        .take(160)
        .collect();
    let inserts: [&[u8]; 5] = [b"\xFF", b"\xD0", b"\x80", b"\xC1\xBF", b"\xE6\x97\x80"];
    texts.extend(with_each_at(&words, &inserts, 0..40, false));
    // Latin words with accented letters of two and three bytes, and Korean words, with an
    // invalid, overlong, surrogate, cut or four-byte sequence at every place.
    let inserts: [&[u8]; 6] = [
        b"\xFF",
        b"\xC3",
        b"\xE1\xBA",
        b"\xC1\xBF",
        b"\xED\xA0\x80",
        b"\xF0\x9F\x98\x80",
    ];
    for text in [
        "Příliš žluťoučký kůň úpěl ďábelské ódy. Tiếng Việt có dấu: ằ ẩ ơ ư, çà! ",
        "한국어 문장은 짧다, 그리고 길다. 대한민국 헌법 제1조! 서울 ",
    ] {
        let words: Vec<u8> = text.bytes().cycle().take(120).collect();
        texts.extend(with_each_at(&words, &inserts, 0..32, false));
    }
    texts
}

/// The conversion into every room: whole characters while they fit, and up to a block of
/// ASCII's units written past them; as dispatched and on every implementation.
#[test]
fn pieces_of_every_length_into_every_room() {
    let (texts, steps) = (texts(), char_steps(|c| Some(utf16(c))));
    let spilling = Contract::spilling(32);
    check(&texts, &steps, spilling, utf8_to_utf16_overwriting);
    every_isa!(|isa| {
        check(&texts, &steps, spilling, |s, d| convert(isa, s, d));
    });
}
