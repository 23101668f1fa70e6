//! The single-byte kernels against section 9's decoder and encoder, a byte or a character at
//! a time, through the kernel harness: every kernel on every implementation it runs on.

use super::decode::{blocks_pay, blocks_with, to_utf16_on, to_utf8, to_utf8_with, OUTSIDE_LATIN};
use super::encode::{encode_on, HALF_A_SCRIPT};
use super::{encode_str, narrow, widen};
use crate::kernels::dispatch::every_isa;
use crate::kernels::isa::{Implementation, Isa};
use crate::kernels::tests::harness::{
    check, check_piece, check_str_pieces, with_stop_everywhere, Contract, Steps,
};
use crate::kernels::uninit::{as_uninit, as_uninit_array};
use crate::tables::{LinearBytes, Utf8Cache};
use core::mem::MaybeUninit;
use core::sync::atomic::Ordering::Relaxed;

/// An index: the code point of byte 0x80 + i at i, below 0x80 for none.
type Index = [u16; 128];

/// The linear range of `len` code points from `first` at bytes from `byte`.
const fn range(first: u16, len: u16, byte: u8) -> LinearBytes {
    LinearBytes { first, len, byte }
}

/// A made-up index of a script outside Latin from `base`: 0x80 + i is `base` + i, but
/// 0x90 + i is U+3000 + i (three bytes of UTF-8), and 0xFF has none. From U+0400 (two
/// bytes of UTF-8), the blocks take it; from U+00A0, its range (U+00C0 on) is Latin's.
fn index_from(base: u16) -> Index {
    let mut t: Index = core::array::from_fn(|i| match i {
        0x10..0x20 => 0x3000 + i as u16,
        _ => base + i as u16,
    });
    t[127] = 0;
    t
}

/// A made-up index for encoding: 0x80..0x90 are U+0100 + i (a range of 16), 0xA0..0xE0
/// U+0410 + i (the longest, 64), 0xF0 none, the rest scattered.
fn encode_index() -> Index {
    core::array::from_fn(|i| match i {
        0x00..=0x0F => 0x100 + i as u16,
        0x20..=0x5F => 0x410 + (i - 0x20) as u16,
        0x70 => 0,
        _ => 0x2000 + 7 * i as u16,
    })
}

/// An index that maps every byte with no range longer than one (KOI8-R's kind), whose long
/// inputs look dense blocks up whole.
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
        // ASCII: the cast keeps it.
        0..=0x7F => Some(u as u8),
        _ => index.iter().position(|&c| c == u).map(|i| 0x80 + i as u8),
    }
}

/// Section 9.1's decoder, a byte at a time, up to the first unmapped byte, in the form
/// `units` gives.
fn decoded<'a, D>(
    index: &'a Index,
    units: impl Fn(char) -> Vec<D> + 'a,
) -> impl Fn(&[u8]) -> Steps<D> + 'a {
    move |src| {
        let steps = src.iter().map_while(|&b| code_point(index, b));
        steps.map(|c| (1, units(c))).collect()
    }
}

fn utf8(c: char) -> Vec<u8> {
    c.to_string().into_bytes()
}

fn utf16(c: char) -> Vec<u16> {
    c.encode_utf16(&mut [0; 2]).to_vec()
}

/// Texts of every kind of byte (ASCII, the range, another stretch, 0xFF, unmapped in
/// [`index_from`]) and of ASCII alone, with 0xFF at every place.
fn byte_texts() -> Vec<Vec<u8>> {
    let mixed = |i: usize| [b'a', 0x85, 0xC3, 0x93, b' ', 0xFE, 0x80, 0xA0, b'.', 0x9F][i % 10];
    let mut texts = with_stop_everywhere(330, mixed, 0xFF);
    let ascii = with_stop_everywhere(330, |i| b'a' + (i % 26) as u8, 0xFF);
    texts.extend(ascii.into_iter().step_by(9));
    texts.push((0..330).map(|i| (i * 37 % 256) as u8).collect());
    texts
}

/// Text of ASCII and the 64 code points from `first` ([`encode_index`]'s range) with a unit
/// of each kind at every place and again later (a block after, and twice in the same block),
/// where the blocks find it remembered: one mapped outside the range, two unmapped (one
/// below the range in its block of 256), the surrogates.
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

/// Linear ranges of every shape the indexes have, and the edges: empty, at the top of the
/// BMP, starting at U+00A0.
const RANGES: [LinearBytes; 5] = [
    range(0x410, 64, 0xC0),
    range(0xA0, 96, 0xA0),
    range(0x5D0, 27, 0xE0),
    LinearBytes::NONE,
    range(0xFF80, 128, 0x80),
];

/// Every unit value at every lane (among ASCII), narrowed by each range: the mask names
/// exactly the units neither ASCII nor in the range, and every other lane holds its byte;
/// every byte at every lane, widened: each unit the byte's, or its code point in the range,
/// and the mask the bytes above 0x7F outside the range.
#[test]
fn every_unit_and_byte_at_every_lane() {
    every_isa!(|isa| {
        fn check<I: Isa>(isa: I) {
            for linear in RANGES {
                for u in 0..=0xFFFFu16 {
                    let lane = usize::from(u) % 16;
                    let mut src = [0x41u16; 16];
                    src[lane] = u;
                    let mut dst = [0xAAu8; 16];
                    let others = narrow(isa, &src, as_uninit_array(&mut dst), linear);
                    match linear.byte_of(u) {
                        Some(b) => assert_eq!((dst[lane], others), (b, 0), "{u:#x}"),
                        None => assert_eq!(others, 1 << lane, "{u:#x} {linear:?}"),
                    }
                    assert!((0..16).all(|i| i == lane || dst[i] == 0x41));
                }
                for b in 0..=0xFFu8 {
                    let lane = usize::from(b) % 16;
                    let mut src = [0x41u8; 16];
                    src[lane] = b;
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
        }
        check(isa)
    });
}

#[test]
fn longest_finds_the_longest_linear_range_of_an_index() {
    let linear = LinearBytes::longest(&encode_index());
    assert_eq!(linear, range(0x410, 64, 0xA0));
    // An index of nothing has an empty range, which takes no unit but ASCII.
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

/// The blocks take the indexes whose letters are in their range: Greek, Cyrillic (but
/// KOI8's, whose letters are out of order), Hebrew and Arabic; not Thai's, of three-byte
/// UTF-8.
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
/// index's static is: the first calls pack what they meet, later ones read it), the blocks
/// on every implementation.
#[test]
fn to_utf8_on_every_implementation() {
    for index in [index_from(0x400), index_from(0xA0), index_from(0xE01)] {
        let linear = LinearBytes::longest(&index);
        let script = linear.first >= OUTSIDE_LATIN;
        assert_eq!(script, index[0] != 0xA0);
        assert_eq!(script && blocks_pay(linear), index[0] == 0x400);
        let cache = Utf8Cache::new();
        let kernel = |s: &[u8], d: &mut [u8]| to_utf8(s, as_uninit(d), &index, linear, &cache);
        check(
            &byte_texts(),
            decoded(&index, utf8),
            Contract::spilling(32),
            kernel,
        );
        // The blocks take a script's text only.
        if !script {
            continue;
        }
        every_isa!(|isa| {
            let blocks = |s: &[u8], d: &mut [MaybeUninit<u8>], dec: &Index, linear| {
                blocks_with(isa, s, d, dec, linear)
            };
            let kernel = |s: &[u8], d: &mut [u8]| {
                to_utf8_with(s, as_uninit(d), &index, linear, &cache, blocks)
            };
            check(
                &byte_texts(),
                decoded(&index, utf8),
                Contract::spilling(32),
                kernel,
            );
        });
    }
}

/// The UTF-16 form with the three kinds of index (a script's range, a Latin range, none and
/// every byte mapped: the dense blocks), on every implementation.
#[test]
fn to_utf16_on_every_implementation() {
    for index in [index_from(0x400), index_from(0xA0), scrambled_index()] {
        let linear = LinearBytes::longest(&index);
        every_isa!(|isa| {
            let kernel = |s: &[u8], d: &mut [u16]| to_utf16_on(isa, s, d, &index, linear);
            check(
                &byte_texts(),
                decoded(&index, utf16),
                Contract::spilling(16),
                kernel,
            );
        });
    }
}

/// Threads that meet the same bytes at once, each packing entries the others may be packing
/// too, all decode right, and leave every met byte's entry packed (in a build with the
/// table).
#[test]
fn one_cache_shared_by_threads() {
    use super::decode::{computed, TABLED};
    let index = index_from(0xA0);
    let cache = Utf8Cache::new();
    let src: Vec<u8> = (0..4096u32).map(|i| (i * 37 % 256) as u8).collect();
    let expected: Vec<u8> = decoded(&index, utf8)(&src)
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
    // Only builds with the table fill it (see `TABLED`).
    for &b in src[..stop].iter().filter(|_| TABLED) {
        let packed = cache.entry(b).load(Relaxed);
        if b >= 0x80 {
            assert_eq!(packed, computed(&index, b), "{b:#X}");
        } else {
            // Only a script's text packs ASCII bytes (sixteen at a time).
            assert!(packed == 0 || packed == u32::from(b) | 1 << 24, "{b:#X}");
        }
    }
}

/// [`encode_index`], it with its range cut to 24 (under `HALF_A_SCRIPT`, so that the
/// units' path lasts longer), and it with its range moved across U+0500 (the blocks take the
/// part below), on every implementation.
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
        let step = |u: u16| index.iter().position(|&c| c == u).map(|i| 0x80 + i as u8);
        let reference = |src: &[u16]| -> Steps<u8> {
            src.iter()
                .map_while(|&u| byte(&index, u))
                .map(|b| (1, vec![b]))
                .collect()
        };
        every_isa!(|isa| {
            check(&texts, reference, Contract::spilling(16), |s, d| {
                let n = encode_on(isa, s, d, linear, step);
                (n, n)
            });
        });
    }
}

/// windows-1251's range and a step that knows a few other characters.
const CYRILLIC: LinearBytes = range(0x410, 64, 0xC0);

/// windows-1252's range, Latin-1's letters and signs at their own bytes.
const LATIN: LinearBytes = range(0xA0, 96, 0xA0);

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
    move |src| {
        let text = core::str::from_utf8(src).expect("whole characters");
        let byte = |c: char| match u16::try_from(c as u32) {
            Ok(u) if linear.byte_of(u).is_some() => linear.byte_of(u),
            _ => step(c),
        };
        text.chars()
            .map_while(|c| Some((c.len_utf8(), vec![byte(c)?])))
            .collect()
    }
}

/// Text of windows-1251's range with ASCII, characters the step knows (again, where they are
/// remembered, before ASCII and letters) and one it does not, and spans of ASCII longer than
/// a block.
const MIXED: &str = "ЁЁ Ёab Ё1 Ёж. Марс — четвёртая планета, Ё € 100\u{A0}км; and a run of ASCII longer than a block or two, ✓ no";

/// Latin text: letters of windows-1252's range, and one outside it the step knows (again,
/// where it is remembered), followed by the rest of their word, by a lone space, by another
/// letter, or by the end.
const LATIN_TEXT: &str = "Œuvre, Œil ŒŒ Œ1 Œé: Grüße aus Köln: schön, ä ö ü! Straßenbahn „über“ € 5\u{A0}km — ÿx and a long run of ASCII after them";

/// Both texts, every piece into every room, with each ASCII copy `encode_str` can choose:
/// the implementation is forced for the test (the output is the same whichever runs, so the
/// tests running beside it are not changed by it).
#[test]
fn str_every_piece_and_room() {
    for &implementation in Implementation::available() {
        Implementation::force(Some(implementation)).expect("available");
        for (linear, text) in [(CYRILLIC, MIXED), (LATIN, LATIN_TEXT)] {
            check_str_pieces(text, str_steps(linear), Contract::spilling(64), |s, d| {
                let s = core::str::from_utf8(s).expect("whole characters");
                encode_str::encode(s, as_uninit(d), linear, step)
            });
        }
    }
    Implementation::force(None).expect("the best available");
}

/// Latin text longer than two windows of sixty-four bytes, its letters after spans of ASCII
/// of every length from 0 to 70 (so that a letter starts at every byte of a window, one at
/// its last byte with its second byte in the next), two in a row, and characters outside the
/// range among them.
fn long_latin_text() -> String {
    let letters = ["é", "ção", "ã", "õ", "Œ", "ü", "—", "ÿ"];
    let mut text = String::new();
    for span in 0..=70 {
        text.push_str(&"abcdefghij ".repeat(7)[..span]);
        text.push_str(letters[span % letters.len()]);
    }
    text
}

/// Latin text long enough for `encode_str`'s windows, whole, into every room and at every
/// destination alignment, on each ASCII copy and window it can choose.
#[test]
fn str_long_latin_text_into_every_room() {
    let text = long_latin_text();
    let bytes = text.as_bytes();
    for &implementation in Implementation::available() {
        Implementation::force(Some(implementation)).expect("available");
        for near in [0, 1, 2, 63, 64, 130] {
            let start = (near..).find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let checked = check_piece(
                &bytes[start..],
                true,
                16,
                str_steps(LATIN),
                Contract::spilling(64),
                |s, d| {
                    let s = core::str::from_utf8(s).expect("whole characters");
                    encode_str::encode(s, as_uninit(d), LATIN, step)
                },
            );
            assert!(checked > 0);
        }
    }
    Implementation::force(None).expect("the best available");
}

#[test]
fn str_three_byte_characters_of_the_range() {
    // windows-874's range: U+0E01 to U+0E3A at 0xA1 to 0xDA.
    let thai = range(0xE01, 58, 0xA1);
    let mut dst = [0u8; 16];
    assert_eq!(
        encode_str::encode("กขฺ a€", as_uninit(&mut dst), thai, step),
        (14, 6)
    );
    assert_eq!(&dst[..6], &[0xA1, 0xA2, 0xDA, 0x20, 0x61, 0x88]);
    // U+0E3B, just past the range, goes to the step, which has no byte for it.
    assert_eq!(
        encode_str::encode("ก\u{E3B}", as_uninit(&mut dst), thai, step),
        (3, 1)
    );
}

#[test]
fn str_a_two_byte_character_outside_the_range_goes_to_the_step() {
    // U+0401 (Ё) is a two-byte sequence below the range; U+0450 just after it.
    let mut dst = [0u8; 8];
    assert_eq!(
        encode_str::encode("ЁЯ", as_uninit(&mut dst), CYRILLIC, step),
        (4, 2)
    );
    assert_eq!(&dst[..2], &[0xA8, 0xDF]);
    assert_eq!(
        encode_str::encode("яѐ", as_uninit(&mut dst), CYRILLIC, step),
        (2, 1)
    );
    assert_eq!(dst[0], 0xFF);
}
