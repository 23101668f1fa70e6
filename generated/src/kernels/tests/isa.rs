//! The operations of every implementation ([`Isa`]) against plain references, on every
//! unit or byte value at every lane.

use crate::kernels::block::{Isa, BLOCK_OUT, UNITS, WIDE_UNITS};
use crate::kernels::uninit::as_uninit_array;
use crate::tables::LinearBytes;
use core::mem::MaybeUninit;

/// Runs of every shape the indexes have, and the edges: empty, at the top of the BMP,
/// starting at U+00A0.
const RUNS: [LinearBytes; 5] = [
    LinearBytes {
        first: 0x410,
        len: 64,
        byte: 0xC0,
    },
    LinearBytes {
        first: 0xA0,
        len: 96,
        byte: 0xA0,
    },
    LinearBytes {
        first: 0x5D0,
        len: 27,
        byte: 0xE0,
    },
    LinearBytes::NONE,
    LinearBytes {
        first: 0xFF80,
        len: 128,
        byte: 0x80,
    },
];

/// Every unit value at every lane (among ASCII), narrowed by each run: the mask names
/// exactly the units neither ASCII nor in the run, and every other lane holds its byte.
fn narrow_takes_every_unit_as_its_run_says<I: Isa>(isa: I) {
    for run in RUNS {
        for u in 0..=0xFFFFu16 {
            let lane = usize::from(u) % 16;
            let mut src = [0x41u16; 16];
            src[lane] = u;
            let mut dst = [0xAAu8; 16];
            let others = isa.narrow(&src, as_uninit_array(&mut dst), run);
            let expected = match run.byte_of(u) {
                Some(b) => {
                    assert_eq!(dst[lane], b, "{u:#x} {run:?}");
                    0
                }
                None => 1 << lane,
            };
            assert_eq!(others, expected, "{u:#x} {run:?}");
            assert!((0..16).all(|i| i == lane || dst[i] == 0x41));
        }
    }
}

/// Every byte at every lane (among ASCII), widened by each run: each unit the byte's, or
/// its code point in the run, and the mask the bytes above 0x7F outside the run.
fn widen_translates_every_byte_as_its_run_says<I: Isa>(isa: I) {
    for run in RUNS {
        for b in 0..=0xFFu8 {
            for lane in 0..16 {
                let mut src = [0x41u8; 16];
                src[lane] = b;
                let mut dst = [0xAAAAu16; 16];
                let others = isa.widen(&src, &mut dst, run);
                let in_run = b >= 0x80 && u16::from(b.wrapping_sub(run.byte)) < run.len;
                let expected = match (b, in_run) {
                    (0x80.., true) => run.first + u16::from(b - run.byte),
                    _ => u16::from(b),
                };
                assert_eq!(dst[lane], expected, "{b:#x} {run:?}");
                assert!(dst.iter().enumerate().all(|(i, &u)| i == lane || u == 0x41));
                assert_eq!(others, u32::from(b >= 0x80 && !in_run) << lane);
            }
        }
    }
}

/// One of the UTF-8 packings of an implementation.
type Packing<I> = fn(I, &[u16; UNITS], &mut [MaybeUninit<u8>; BLOCK_OUT]) -> usize;

/// The UTF-8 of `src` as `String::from_utf16` gives it, against what `isa` writes and
/// returns into a buffer of 0xAA bytes: the bytes up to the length it returns, and
/// nothing touched past the block's output.
fn check_utf8<I: Isa>(isa: I, src: &[u16; UNITS]) {
    let expected = String::from_utf16(src).expect("no surrogate");
    let below_0x800 = src.iter().all(|&u| u < 0x800);
    let forms: [(bool, Packing<I>); 2] = [
        (below_0x800, I::utf8_one_or_two_bytes),
        (true, I::utf8_one_to_three_bytes),
    ];
    for (applies, form) in forms {
        if !applies {
            continue;
        }
        let mut out = [0xAAu8; BLOCK_OUT + 8];
        let len = form(
            isa,
            src,
            as_uninit_array(out.first_chunk_mut().expect("BLOCK_OUT bytes")),
        );
        assert_eq!(len, expected.len(), "{src:x?}");
        assert_eq!(&out[..len], expected.as_bytes(), "{src:x?}");
        assert!(out[BLOCK_OUT..].iter().all(|&b| b == 0xAA));
    }
}

/// Every sequence of lengths over the eight lanes (3^8, so every key of the SSSE3 form's
/// shuffle tables), with units at the edges of each length.
fn utf8_of_every_sequence_of_lengths<I: Isa>(isa: I) {
    let of_length = [
        [0x00u16, 0x41, 0x7F],
        [0x80, 0xE9, 0x7FF],
        [0x800, 0x65E5, 0xFFFF],
    ];
    for combination in 0..3usize.pow(8) {
        let mut src = [0u16; UNITS];
        let mut rest = combination;
        for (lane, u) in src.iter_mut().enumerate() {
            *u = of_length[rest % 3][(combination + lane) % 3];
            rest /= 3;
        }
        check_utf8(isa, &src);
    }
}

/// Every unit at every lane, among neighbours of each length.
fn utf8_of_every_unit_at_every_lane<I: Isa>(isa: I) {
    let neighbours = [0x41u16, 0xE9, 0x5D0, 0x65E5, 0xFFFD];
    for u in (0..=0xFFFFu16).filter(|u| !(0xD800..0xE000).contains(u)) {
        let lane = usize::from(u) % UNITS;
        let other = neighbours[usize::from(u) / UNITS % neighbours.len()];
        let mut src = [other; UNITS];
        src[lane] = u;
        check_utf8(isa, &src);
    }
}

/// `units` as byte pairs, big-endian if `BE`.
fn pairs<const BE: bool, const N: usize>(units: &[u16]) -> [u8; N] {
    let mut bytes = [0u8; N];
    for (pair, &u) in bytes.chunks_exact_mut(2).zip(units) {
        pair.copy_from_slice(&if BE { u.to_be_bytes() } else { u.to_le_bytes() });
    }
    bytes
}

/// The wide blocks of byte pairs ([`Isa::narrow_pairs`], [`Isa::utf8_pairs`]), in byte order
/// `BE`: every unit at every lane among Basic Latin (narrowed only if it is Basic Latin), and
/// among two-byte letters (converted only if below 0x800, exactly as the standard library
/// does); every key of the two halves' shuffles. Implementations without them decline
/// every block.
fn wide_pairs<const BE: bool, I: Isa>(isa: I) {
    let utf8 = |units: &[u16]| String::from_utf16(units).expect("no surrogates");
    let check_utf8 = |src: &[u16]| {
        let mut out = [0xAAu8; WIDE_UNITS];
        let got = isa.utf8_pairs::<BE>(&pairs::<BE, WIDE_UNITS>(src), as_uninit_array(&mut out));
        let below = src.iter().all(|&u| u < 0x800);
        match got {
            Some(len) => {
                assert!(I::WIDE && below, "{src:x?}");
                assert_eq!(&out[..len], utf8(src).as_bytes(), "{src:x?}");
            }
            None => {
                assert!(!I::WIDE || !below, "{src:x?}");
                assert!(out.iter().all(|&b| b == 0xAA));
            }
        }
    };
    for u in 0..=0xFFFFu16 {
        let lane = usize::from(u) % WIDE_UNITS;
        let mut src = [0x41u16; WIDE_UNITS];
        src[lane] = u;
        let mut dst = [0xAAu8; WIDE_UNITS];
        let narrowed = isa.narrow_pairs::<BE>(
            &pairs::<BE, { 2 * WIDE_UNITS }>(&src),
            as_uninit_array(&mut dst),
        );
        assert_eq!(narrowed, I::WIDE && u < 0x80, "{u:#x}");
        if narrowed {
            assert!(dst.iter().zip(&src).all(|(&b, &u)| u16::from(b) == u));
        } else {
            assert!(dst.iter().all(|&b| b == 0xAA));
        }
        if !(0xD800..0xE000).contains(&u) {
            let mut src = [[0x430u16, 0x20][usize::from(u) / 16 % 2]; WIDE_UNITS / 2];
            src[usize::from(u) % (WIDE_UNITS / 2)] = u;
            check_utf8(&src);
        }
    }
    for keys in 0..1u32 << 16 {
        let src: [u16; WIDE_UNITS / 2] = core::array::from_fn(|i| {
            if keys >> i & 1 == 1 {
                0x7FF - i as u16
            } else {
                0x7F - i as u16
            }
        });
        check_utf8(&src);
    }
}

/// Ten three-byte sequences ([`Isa::utf16_of_three_byte_utf8`]): every code point of three
/// bytes at every place among others, and every byte at every place of a valid block;
/// decoded only where all ten are valid, exactly as the standard library decodes them.
fn three_byte_blocks<I: Isa>(isa: I) {
    let check = |src: &[u8; WIDE_UNITS]| {
        let mut dst = [0xEEEEu16; 16];
        let decoded = isa.utf16_of_three_byte_utf8(src, &mut dst);
        let expected = core::str::from_utf8(&src[..30])
            .ok()
            .filter(|s| s.chars().all(|c| c.len_utf8() == 3))
            .map(|s| s.encode_utf16().collect::<Vec<u16>>());
        match expected {
            Some(units) if I::WIDE => {
                assert!(decoded, "{src:x?}");
                assert_eq!(dst[..10], units[..], "{src:x?}");
            }
            _ => assert!(!decoded, "{src:x?}"),
        }
    };
    let block_of = |cps: &[char; 10], tail: [u8; 2]| {
        let mut src = [0u8; WIDE_UNITS];
        for (i, c) in cps.iter().enumerate() {
            c.encode_utf8(&mut src[3 * i..3 * i + 3]);
        }
        src[30..].copy_from_slice(&tail);
        src
    };
    let others = ['日', 'ภ', '\u{800}', '\u{FFFF}', '한'];
    for cp in 0x800..=0xFFFFu32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let mut cps = [others[cp as usize % others.len()]; 10];
        cps[cp as usize % 10] = c;
        check(&block_of(&cps, [0x41, 0xFF]));
    }
    let valid = block_of(
        &[
            '日', '本', '語', 'ภ', 'า', '\u{E000}', '\u{D7FF}', '中', '文', '한',
        ],
        [0xE6, 0x97],
    );
    for at in 0..WIDE_UNITS {
        for b in 0..=0xFFu8 {
            let mut src = valid;
            src[at] = b;
            check(&src);
        }
    }
}

/// Eight bytes of ASCII and two-byte sequences ([`Isa::utf16_of_short_utf8`]): every
/// arrangement of ASCII bytes, leads and trails, every two-byte code point among others,
/// and every byte at every place of a valid block; decoded (up to a last lead, left for the
/// next block) only where the standard library finds them valid and none starts a longer
/// sequence, exactly as it decodes them.
fn short_utf8_blocks<I: Isa>(isa: I) {
    let check = |src: &[u8; 8]| {
        let mut dst = [0xEEEEu16; 8];
        let decoded = isa.utf16_of_short_utf8(src, &mut dst);
        let read = if (0xC2..0xE0).contains(&src[7]) { 7 } else { 8 };
        let expected = core::str::from_utf8(&src[..read])
            .ok()
            .filter(|_| !src.iter().any(|&b| b >= 0xE0 || b == 0xC0 || b == 0xC1))
            .map(|s| s.encode_utf16().collect::<Vec<u16>>());
        match expected {
            Some(units) if I::SHUFFLE => {
                assert_eq!(decoded, Some((read, units.len())), "{src:x?}");
                assert_eq!(dst[..units.len()], units[..], "{src:x?}");
            }
            _ => assert_eq!(decoded, None, "{src:x?}"),
        }
    };
    // Every arrangement of the three kinds of byte, each kind taking turns of its values.
    let ascii = [b'a', 0x00, 0x7F];
    let leads = [0xC2, 0xD0, 0xDF, 0xCE, 0xC0];
    let trails = [0x80, 0xBF, 0x9A];
    for arrangement in 0..3usize.pow(8) {
        let mut src = [0u8; 8];
        let mut kinds = arrangement;
        for (i, b) in src.iter_mut().enumerate() {
            let turn = arrangement / 7 + i;
            *b = match kinds % 3 {
                0 => ascii[turn % ascii.len()],
                1 => leads[turn % leads.len()],
                _ => trails[turn % trails.len()],
            };
            kinds /= 3;
        }
        check(&src);
    }
    // Every code point of two bytes, at the start and after ASCII.
    for cp in 0x80..0x800u32 {
        let c = char::from_u32(cp).expect("below the surrogates");
        let mut src = [0u8; 8];
        let text = format!("{c}a{c}\u{7FF}b");
        src.copy_from_slice(text.as_bytes());
        check(&src);
    }
    let valid: [u8; 8] = "а б\u{5D0}z".as_bytes().try_into().expect("eight bytes");
    for at in 0..8 {
        for b in 0..=0xFFu8 {
            let mut src = valid;
            src[at] = b;
            check(&src);
        }
    }
}

#[test]
fn blocks_of_short_utf8() {
    every_isa!(|isa| short_utf8_blocks(isa));
}

#[test]
fn wide_blocks_of_three_byte_utf8() {
    every_isa!(|isa| three_byte_blocks(isa));
}

#[test]
fn wide_blocks_of_pairs() {
    every_isa!(|isa| {
        wide_pairs::<false, _>(isa);
        wide_pairs::<true, _>(isa);
    });
}

#[test]
fn narrow() {
    every_isa!(|isa| narrow_takes_every_unit_as_its_run_says(isa));
}

#[test]
fn widen() {
    every_isa!(|isa| widen_translates_every_byte_as_its_run_says(isa));
}

#[test]
fn utf8_of_sequences_of_lengths() {
    every_isa!(|isa| utf8_of_every_sequence_of_lengths(isa));
}

#[test]
fn utf8_of_every_unit() {
    every_isa!(|isa| utf8_of_every_unit_at_every_lane(isa));
}
