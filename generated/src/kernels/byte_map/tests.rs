//! The single-byte kernels against section 9's decoder and encoder, a byte or a character at
//! a time, on every implementation they run on.

use super::decode::{blocks_pay, blocks_with, to_utf16_on, to_utf8, to_utf8_with, OUTSIDE_LATIN};
use super::encode::{encode_on, HALF_A_SCRIPT};
use super::{encode_str, narrow, widen};
use crate::kernels::dispatch::every_isa;
use crate::kernels::isa::{Implementation, Isa};
use crate::kernels::tests::harness::{at_every_lane, char_steps, check, check_piece};
use crate::kernels::tests::harness::{check_str_pieces, counted, unit_steps, utf16, utf8};
use crate::kernels::tests::harness::{with_stop_everywhere, Contract, Steps};
use crate::kernels::uninit::{as_uninit, as_uninit_array};
use crate::tables::{LinearBytes, Utf8Cache};
use core::mem::MaybeUninit;
use core::sync::atomic::Ordering::Relaxed;

/// An index: the code point of byte 0x80 + i at i, below 0x80 for none.
type Index = [u16; 128];

/// A kernel from `S` to `D`: (read, written).
type Kernel<'a, S, D> = dyn Fn(&[S], &mut [D]) -> (usize, usize) + 'a;

/// The linear range of `len` code points from `first` at bytes from `byte`.
const fn range(first: u16, len: u16, byte: u8) -> LinearBytes {
    LinearBytes { first, len, byte }
}

/// A made-up index from `base`: 0x80 + i is `base` + i, but 0x90 + i is U+3000 + i and 0xFF
/// has none.
fn index_from(base: u16) -> Index {
    let mut t: Index = core::array::from_fn(|i| match i {
        0x10..0x20 => 0x3000 + i as u16,
        _ => base + i as u16,
    });
    t[127] = 0;
    t
}

/// A made-up index for encoding: 0x80 + i is U+0100 + i (16), 0xA0 + i U+0410 + i (64),
/// 0xF0 none, the rest scattered.
fn encode_index() -> Index {
    core::array::from_fn(|i| match i {
        0x00..=0x0F => 0x100 + i as u16,
        0x20..=0x5F => 0x410 + (i - 0x20) as u16,
        0x70 => 0,
        _ => 0x2000 + 7 * i as u16,
    })
}

/// An index that maps every byte with no range longer than one (KOI8-R's kind).
fn scrambled_index() -> Index {
    core::array::from_fn(|i| 0x400 + (i * 37 % 128) as u16)
}

/// The code point of byte `b` under `index`, if any.
fn code_point(index: &Index, b: u8) -> Option<char> {
    match b {
        0x00..=0x7F => char::from_u32(b.into()),
        _ => char::from_u32(index[usize::from(b & 0x7F)].into()).filter(|&c| c >= '\u{80}'),
    }
}

/// The byte of unit `u` under `index`, if any.
fn byte(index: &Index, u: u16) -> Option<u8> {
    match u {
        0..=0x7F => Some(u as u8),
        _ => index.iter().position(|&c| c == u).map(|i| 0x80 + i as u8),
    }
}

/// Texts of every kind of byte and of ASCII alone, with 0xFF (unmapped) at every place.
fn byte_texts() -> Vec<Vec<u8>> {
    let mixed = |i: usize| [b'a', 0x85, 0xC3, 0x93, b' ', 0xFE, 0x80, 0xA0, b'.', 0x9F][i % 10];
    let mut texts = with_stop_everywhere(330, mixed, 0xFF);
    let ascii = with_stop_everywhere(330, |i| b'a' + (i % 26) as u8, 0xFF);
    texts.extend(ascii.into_iter().step_by(9));
    texts.push((0..330).map(|i| (i * 37 % 256) as u8).collect());
    texts
}

/// Text of ASCII and [`encode_index`]'s range from `first` with a unit of each kind at every
/// place and again later (mapped outside the range, unmapped, surrogates).
fn unit_texts(first: u16) -> Vec<Vec<u16>> {
    let base: Vec<u16> = (0..330)
        .map(|i| match i % 3 {
            0 => 0x20 + i as u16 % 0x5F,
            _ => first + i as u16 % 64,
        })
        .collect();
    let mut texts = vec![base.clone()];
    for kind in [0x100, 0x2000 + 7 * 0x65, first + 64, 0x401, 0xD800, 0xDC00] {
        for at in 0..48 {
            let mut text = base.clone();
            for again in [0, 17, 19, 22] {
                text[at + again] = kind;
            }
            texts.push(text);
        }
    }
    texts
}

/// Linear ranges of every shape the indexes have, and the edges.
const RANGES: [LinearBytes; 5] = [
    range(0x410, 64, 0xC0),
    range(0xA0, 96, 0xA0),
    range(0x5D0, 27, 0xE0),
    LinearBytes::NONE,
    range(0xFF80, 128, 0x80),
];

/// Every unit value and every byte at every lane (among ASCII), narrowed and widened by each
/// range: each lane's value and the mask exact.
#[test]
fn every_unit_and_byte_at_every_lane() {
    every_isa!(|isa| {
        for linear in RANGES {
            for (src, lane) in at_every_lane::<u16, 16>(0..=0xFFFF, &[0x41]) {
                let u = src[lane];
                let mut dst = [0xAAu8; 16];
                let others = narrow(isa, &src, as_uninit_array(&mut dst), linear);
                match linear.byte_of(u) {
                    Some(b) => assert_eq!((dst[lane], others), (b, 0), "{u:#x}"),
                    None => assert_eq!(others, 1 << lane, "{u:#x} {linear:?}"),
                }
                assert!((0..16).all(|i| i == lane || dst[i] == 0x41));
            }
            for (src, lane) in at_every_lane::<u8, 16>(0..=0xFF, &[0x41]) {
                let b = src[lane];
                let mut dst = [0xAAAAu16; 16];
                let others = widen(isa, &src, &mut dst, linear);
                let offset = u16::from(b.wrapping_sub(linear.byte));
                let in_range = b >= 0x80 && offset < linear.len;
                let expected = if in_range {
                    linear.first + offset
                } else {
                    b.into()
                };
                assert_eq!(dst[lane], expected, "{b:#x} {linear:?}");
                assert!(dst.iter().enumerate().all(|(i, &u)| i == lane || u == 0x41));
                assert_eq!(others, u32::from(b >= 0x80 && !in_range) << lane);
            }
        }
    });
}

#[test]
fn longest_finds_the_longest_linear_range_of_an_index() {
    let linear = LinearBytes::longest(&encode_index());
    assert_eq!(linear, range(0x410, 64, 0xA0));
    let linear = LinearBytes::longest(&[0; 128]);
    assert_eq!(linear.len, 0);
    assert!((0x80..=0xFFFF).all(|u| linear.byte_of(u).is_none()));
    // The C1 controls are passed over for a shorter range of text.
    let iso: Index = core::array::from_fn(|i| match i {
        0x00..=0x20 => 0x80 + i as u16,
        0x60..=0x7A => 0x5D0 + (i - 0x60) as u16,
        _ => 0,
    });
    let linear = LinearBytes::longest(&iso);
    assert_eq!((linear.first, linear.len, linear.byte), (0x5D0, 27, 0xE0));
}

#[cfg(feature = "all")]
#[test]
fn blocks_take_the_indexes_whose_letters_run() {
    use crate::tables::single_byte as t;
    for tables in [
        &t::ISO_8859_7,
        &t::WINDOWS_1251,
        &t::IBM866,
        &t::WINDOWS_1255,
        &t::WINDOWS_1256,
    ] {
        assert!(blocks_pay(tables.linear), "{:?}", tables.linear);
    }
    for tables in [&t::KOI8_R, &t::KOI8_U, &t::WINDOWS_874] {
        let linear = tables.linear;
        assert!(
            linear.first >= OUTSIDE_LATIN && !blocks_pay(linear),
            "{linear:?}"
        );
    }
}

/// A script's index, a Latin one and Thai's kind, with one cache for every call (as the
/// index's static is), the blocks on every implementation.
#[test]
fn to_utf8_on_every_implementation() {
    for index in [index_from(0x400), index_from(0xA0), index_from(0xE01)] {
        let linear = LinearBytes::longest(&index);
        let script = linear.first >= OUTSIDE_LATIN;
        assert_eq!(script, index[0] != 0xA0);
        assert_eq!(script && blocks_pay(linear), index[0] == 0x400);
        let cache = Utf8Cache::new();
        let check = |kernel: &Kernel<'_, u8, u8>| {
            let decoded = unit_steps(|b| code_point(&index, b).map(utf8));
            check(&byte_texts(), decoded, Contract::spilling(32), kernel)
        };
        check(&|s, d| to_utf8(s, as_uninit(d), &index, linear, &cache));
        if !script {
            continue;
        }
        every_isa!(|isa| {
            let blocks = |s: &[u8], d: &mut [MaybeUninit<u8>], dec: &Index, linear| {
                blocks_with(isa, s, d, dec, linear)
            };
            check(&|s, d| to_utf8_with(s, as_uninit(d), &index, linear, &cache, blocks));
        });
    }
}

/// The UTF-16 form with a script's range, a Latin range, and every byte mapped.
#[test]
fn to_utf16_on_every_implementation() {
    for index in [index_from(0x400), index_from(0xA0), scrambled_index()] {
        let linear = LinearBytes::longest(&index);
        every_isa!(|isa| {
            let kernel = |s: &[u8], d: &mut [u16]| to_utf16_on(isa, s, d, &index, linear);
            let decoded = unit_steps(|b| code_point(&index, b).map(utf16));
            check(&byte_texts(), decoded, Contract::spilling(16), kernel);
        });
    }
}

/// Threads packing the same entries at once all decode right and leave them packed.
#[test]
fn one_cache_shared_by_threads() {
    use super::decode::{computed, TABLED};
    let index = index_from(0xA0);
    let cache = Utf8Cache::new();
    let src: Vec<u8> = (0..4096u32).map(|i| (i * 37 % 256) as u8).collect();
    let expected: Vec<u8> = unit_steps(|b| code_point(&index, b).map(utf8))(&src)
        .into_iter()
        .flat_map(|(_, b)| b)
        .collect();
    let stop = src.iter().position(|&b| b == 0xFF).unwrap_or(src.len());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..50 {
                    let mut out = vec![0u8; 4 * src.len()];
                    let linear = LinearBytes::longest(&index);
                    let (read, written) =
                        to_utf8(&src, as_uninit(&mut out), &index, linear, &cache);
                    assert_eq!(read, stop);
                    assert_eq!(out[..written], expected[..]);
                }
            });
        }
    });
    for &b in src[..stop].iter().filter(|_| TABLED) {
        let packed = cache.entry(b).load(Relaxed);
        if b >= 0x80 {
            assert_eq!(packed, computed(&index, b), "{b:#X}");
        } else {
            assert!(packed == 0 || packed == u32::from(b) | 1 << 24, "{b:#X}");
        }
    }
}

/// [`encode_index`], it with its range cut under `HALF_A_SCRIPT`, and it with its range
/// moved across U+0500.
#[test]
fn encodes_as_the_index_does_on_every_implementation() {
    let mut cut = encode_index();
    cut[0x38] = 0x2E80;
    cut[0x48] = 0x2E81;
    let mut across = encode_index();
    for (i, c) in across[0x20..0x60].iter_mut().enumerate() {
        *c = 0x4E0 + i as u16;
    }
    for index in [encode_index(), cut, across] {
        let linear = LinearBytes::longest(&index);
        let texts = unit_texts(linear.first);
        assert_eq!(linear.len < HALF_A_SCRIPT, index == cut);
        let reference = unit_steps(|u| Some(vec![byte(&index, u)?]));
        every_isa!(|isa| {
            let kernel = counted(|s, d| encode_on(isa, s, d, linear, |u| byte(&index, u)));
            check(&texts, &reference, Contract::spilling(16), kernel);
        });
    }
}

/// windows-1251's range.
const CYRILLIC: LinearBytes = range(0x410, 64, 0xC0);

/// windows-1252's range.
const LATIN: LinearBytes = range(0xA0, 96, 0xA0);

/// The bytes of a few characters outside the ranges.
fn step(c: char) -> Option<u8> {
    match c {
        'Ё' => Some(0xA8),
        'Œ' => Some(0x8C),
        '€' => Some(0x88),
        '\u{A0}' => Some(0xA0),
        _ => None,
    }
}

/// Each character's byte with `linear`, up to the first it cannot encode.
fn str_steps(linear: LinearBytes) -> impl Fn(&[u8]) -> Steps<u8> {
    char_steps(move |c| match u16::try_from(c as u32) {
        Ok(u) if linear.byte_of(u).is_some() => Some(vec![linear.byte_of(u)?]),
        _ => Some(vec![step(c)?]),
    })
}

/// windows-1251's range, ASCII, characters the step knows (twice, where they are remembered)
/// and one it does not.
const MIXED: &str = "ЁЁ Ёab Ё1 Ёж. Марс — четвёртая планета, Ё € 100\u{A0}км; and a run of ASCII longer than a block or two, ✓ no";

/// windows-1252's range and a letter the step knows (twice), before letters, spaces or the end.
const LATIN_TEXT: &str = "Œuvre, Œil ŒŒ Œ1 Œé: Grüße aus Köln: schön, ä ö ü! Straßenbahn „über“ € 5\u{A0}km — ÿx and a long run of ASCII after them";

/// Both texts, every piece into every room, and Latin text of letters after spans of ASCII of
/// every length to 70 (a letter at every byte of `encode_str`'s windows), whole into every
/// room at every alignment, with each ASCII copy `encode_str` can choose (forced: the output
/// is the same whichever runs, so the tests beside it are not changed).
#[test]
fn str_every_piece_and_room() {
    let kernel = |linear| {
        move |s: &[u8], d: &mut [u8]| {
            let s = core::str::from_utf8(s).expect("whole characters");
            encode_str::encode(s, as_uninit(d), linear, step)
        }
    };
    let letters = ["é", "ção", "ã", "õ", "Œ", "ü", "—", "ÿ"];
    let long: String = (0..=70)
        .map(|span| "abcdefghij ".repeat(7)[..span].to_owned() + letters[span % letters.len()])
        .collect();
    for &implementation in Implementation::available() {
        Implementation::force(Some(implementation)).expect("available");
        for (linear, text) in [(CYRILLIC, MIXED), (LATIN, LATIN_TEXT)] {
            check_str_pieces(
                text,
                str_steps(linear),
                Contract::spilling(64),
                kernel(linear),
            );
        }
        for near in [0, 1, 2, 63, 64, 130] {
            let start = (near..).find(|&i| long.is_char_boundary(i)).unwrap_or(0);
            let piece = &long.as_bytes()[start..];
            let (steps, contract) = (str_steps(LATIN), Contract::spilling(64));
            assert!(check_piece(piece, true, 16, steps, contract, kernel(LATIN)) > 0);
        }
    }
    Implementation::force(None).expect("the best available");
}

/// Characters at the edges of windows-874's range (U+0E01 to U+0E3A at 0xA1, of three bytes;
/// U+0E3B past it) and windows-1251's (U+0401 below it, U+0450 past it) go to the step.
#[test]
fn str_characters_at_the_edges_of_the_range() {
    let thai = range(0xE01, 58, 0xA1);
    // The range, the text, the room, then (read, written) and the bytes written.
    let cases: [(LinearBytes, &str, usize, _, &[u8]); 4] = [
        (
            thai,
            "กขฺ a€",
            16,
            (14, 6),
            &[0xA1, 0xA2, 0xDA, 0x20, 0x61, 0x88],
        ),
        (thai, "ก\u{E3B}", 16, (3, 1), &[0xA1]),
        (CYRILLIC, "ЁЯ", 8, (4, 2), &[0xA8, 0xDF]),
        (CYRILLIC, "яѐ", 8, (2, 1), &[0xFF]),
    ];
    for (linear, text, room, expected, bytes) in cases {
        let mut dst = vec![0u8; room];
        let got = encode_str::encode(text, as_uninit(&mut dst), linear, step);
        assert_eq!((got, &dst[..got.1]), (expected, bytes), "{text}");
    }
}

/// Blocks of units in ranges whose bytes sit below their code points' low bytes (each unit's
/// byte its low byte less a constant), mixed with ASCII and other units at every lane: every
/// byte the range takes and the mask exact, on every implementation.
#[test]
fn narrows_ranges_whose_bytes_are_below_their_low_bytes() {
    every_isa!(|isa| {
        fn check<I: Isa>(isa: I) {
            let ranges = [
                range(0x4C0, 64, 0x80),
                range(0x1F0, 16, 0xA0),
                range(0xFF, 1, 0x80),
            ];
            for linear in ranges {
                let mut state = 0x9E37_79B9u32;
                for block in 0..2000 {
                    let src: [u16; 16] = core::array::from_fn(|_| {
                        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                        let r = state >> 8;
                        // Mostly the range's units: every lane of the first blocks.
                        match if block < 100 { 0 } else { r % 4 } {
                            0 | 1 => linear.first + (r >> 4) as u16 % linear.len,
                            2 => (r >> 4) as u16 % 0x80,
                            _ => (r >> 4) as u16,
                        }
                    });
                    let mut dst = [0xAAu8; 16];
                    let others = narrow(isa, &src, as_uninit_array(&mut dst), linear);
                    for (i, &u) in src.iter().enumerate() {
                        match linear.byte_of(u) {
                            Some(b) => assert_eq!((dst[i], others & 1 << i), (b, 0), "{u:#x}"),
                            None => assert_ne!(others & 1 << i, 0, "{u:#x} {linear:?}"),
                        }
                    }
                }
            }
        }
        check(isa)
    });
}
