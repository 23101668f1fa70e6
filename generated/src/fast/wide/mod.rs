//! Blocks of sixteen, converted between bytes and UTF-16 code units with a few wide
//! operations: the single-byte encoders' narrowing of ASCII and one linear run, and the
//! single-byte decoders' widening.
//!
//! Each has a portable form, plain Rust over arrays, and an SSE2 form; x86-64 targets
//! compile the second, others the first, and the tests hold the second to the first on
//! every unit or byte value. (The portable forms as the compiler builds them go a unit at a
//! time, several times slower.)
//!
//! The UTF-8 of eight UTF-16 code units has a third form, [`ssse3`]: with `std`, where the
//! processor has SSSE3 (run-time detection), a shuffle packs the lanes' bytes together, a
//! register at a time; the SSE2 form stores them a lane at a time. Against the SSE2 lanes,
//! in-process time for one-shot UTF-16LE decoding (Wikipedia's Mars articles): Czech 0.92
//! to 0.40 of encoding_rs's, Turkish 0.90 to 0.42, Vietnamese 0.73 to 0.34, Japanese 0.56
//! to 0.35. Its tables (8 KiB) are compiled only with the decoders that use it: UTF-16, and
//! the single-byte encodings of scripts outside Latin.

#[cfg(any(test, not(target_arch = "x86_64")))]
mod portable;
#[cfg(target_arch = "x86_64")]
mod sse2;
// Only where it can be detected (`std`) and only for the decoders that use it (UTF-16, and
// the single-byte encodings of scripts outside Latin).
#[cfg(all(
    target_arch = "x86_64",
    feature = "std",
    any(
        feature = "utf-16be",
        feature = "utf-16le",
        feature = "_single-byte-non-latin"
    )
))]
pub(crate) mod ssse3;

#[cfg(not(target_arch = "x86_64"))]
pub(crate) use portable::{narrow_block, utf8_below_0x800, utf8_non_surrogates, widen_block};
#[cfg(target_arch = "x86_64")]
pub(crate) use sse2::{narrow_block, utf8_below_0x800, utf8_non_surrogates, widen_block};

/// The UTF-8 of a block of eight code units, lane by lane: what [`utf8_below_0x800`]
/// (`B = u16`, two bytes a lane) and [`utf8_non_surrogates`] (`B = u32`, three) compute for
/// a decoder to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8Lanes<B> {
    /// Each unit's bytes, the first in the low byte; the bytes past its length are not
    /// meaningful.
    pub(crate) bytes: [B; 8],
    /// Where each unit's bytes start, counted from the first unit's.
    pub(crate) at: [u16; 8],
    /// The length of the whole block's UTF-8.
    pub(crate) len: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::linear_run::{LinearRun, BLOCK};

    /// Runs of every shape the indexes have, and the edges: empty, at the top of the BMP,
    /// starting at U+00A0.
    const RUNS: [LinearRun; 5] = [
        LinearRun {
            first: 0x410,
            len: 64,
            byte: 0xC0,
        },
        LinearRun {
            first: 0xA0,
            len: 96,
            byte: 0xA0,
        },
        LinearRun {
            first: 0x5D0,
            len: 27,
            byte: 0xE0,
        },
        LinearRun {
            first: 0,
            len: 0,
            byte: 0,
        },
        LinearRun {
            first: 0xFF80,
            len: 128,
            byte: 0x80,
        },
    ];

    /// The portable form, and the SSE2 form against it, on every unit value at every lane.
    #[test]
    fn narrow_block_takes_every_unit_as_its_run_says() {
        for run in RUNS {
            for u in 0..=0xFFFFu16 {
                let lane = usize::from(u) % BLOCK;
                let mut src = [0x41u16; BLOCK];
                src[lane] = u;
                let mut portable = [0xAAu8; BLOCK];
                let others = portable::narrow_block(&src, &mut portable, run);
                let expected = match run.byte_of(u) {
                    Some(b) => {
                        assert_eq!(portable[lane], b, "{u:#x} {run:?}");
                        0
                    }
                    None => 1 << lane,
                };
                assert_eq!(others, expected, "{u:#x} {run:?}");
                // The other lanes hold 'A'.
                assert!((0..BLOCK).all(|i| i == lane || portable[i] == 0x41));
                #[cfg(target_arch = "x86_64")]
                {
                    let mut sse2 = [0xAAu8; BLOCK];
                    assert_eq!(sse2::narrow_block(&src, &mut sse2, run), others, "{u:#x}");
                    let taken = |i: usize| others & 1 << i == 0;
                    assert!(
                        (0..BLOCK).all(|i| !taken(i) || sse2[i] == portable[i]),
                        "{u:#x} {run:?}"
                    );
                }
            }
        }
    }

    /// The portable form, and the SSE2 form against it, on every byte at every lane.
    #[test]
    fn widen_block_translates_every_byte_as_its_run_says() {
        for run in RUNS {
            for b in 0..=0xFFu8 {
                for lane in 0..BLOCK {
                    let mut src = [0x41u8; BLOCK];
                    src[lane] = b;
                    let mut portable = [0xAAAAu16; BLOCK];
                    let others = portable::widen_block(&src, &mut portable, run);
                    let in_run = b >= 0x80 && u16::from(b.wrapping_sub(run.byte)) < run.len;
                    let expected = match (b, in_run) {
                        (0x80.., true) => run.first + u16::from(b - run.byte),
                        _ => u16::from(b),
                    };
                    assert_eq!(portable[lane], expected, "{b:#x} {run:?}");
                    assert!(portable
                        .iter()
                        .enumerate()
                        .all(|(i, &u)| i == lane || u == 0x41));
                    assert_eq!(others, u32::from(b >= 0x80 && !in_run) << lane);
                    #[cfg(target_arch = "x86_64")]
                    {
                        let mut sse2 = [0xAAAAu16; BLOCK];
                        assert_eq!(sse2::widen_block(&src, &mut sse2, run), others, "{b:#x}");
                        assert_eq!(sse2, portable, "{b:#x} {run:?}");
                    }
                }
            }
        }
    }
    /// Each lane's UTF-8 as `char::encode_utf8` writes it, where it starts and the total,
    /// for a block of units none of which is a surrogate.
    fn reference_lanes(src: &[u16; 8]) -> ([[u8; 4]; 8], [u16; 8], usize) {
        let mut bytes = [[0u8; 4]; 8];
        let mut at = [0u16; 8];
        let mut len = 0;
        for ((&u, b), start) in src.iter().zip(&mut bytes).zip(&mut at) {
            let c = char::from_u32(u32::from(u)).expect("not a surrogate");
            *start = len as u16;
            len += c.encode_utf8(b).len();
        }
        (bytes, at, len)
    }

    /// Checks `lanes` against the reference: the meaningful bytes of each lane, the starts
    /// and the total.
    fn check_lanes<B: Copy + Into<u32>>(src: &[u16; 8], lanes: &Utf8Lanes<B>) {
        let (bytes, at, len) = reference_lanes(src);
        assert_eq!(lanes.at, at, "{src:x?}");
        assert_eq!(lanes.len, len, "{src:x?}");
        for (i, (&b, expected)) in lanes.bytes.iter().zip(bytes).enumerate() {
            let n = char::from_u32(u32::from(src[i])).map_or(0, char::len_utf8);
            assert_eq!(
                b.into().to_le_bytes()[..n],
                expected[..n],
                "{src:x?} lane {i}"
            );
        }
    }

    /// The UTF-8 of `src` as `String::from_utf16` gives it, against what `pack` (a packing
    /// form given a buffer of 0xAA bytes) writes and returns: the bytes up to the length
    /// it returns, and nothing touched past what a form may store.
    #[cfg(all(
        target_arch = "x86_64",
        feature = "std",
        any(feature = "utf-16be", feature = "utf-16le")
    ))]
    fn check_packed<const N: usize>(src: &[u16; 8], pack: impl Fn(&mut [u8; N]) -> usize) {
        let expected = String::from_utf16(src).expect("no surrogate");
        let mut out = [0xAAu8; 40];
        let len = pack(out.first_chunk_mut::<N>().expect("N bytes"));
        assert_eq!(len, expected.len(), "{src:x?}");
        assert_eq!(&out[..len], expected.as_bytes(), "{src:x?}");
        assert!(out[N..].iter().all(|&b| b == 0xAA));
    }

    /// Every form on `src`: the lanes of the portable form and the SSE2 form against the
    /// reference, and the packed UTF-8 of the SSSE3 form against `String::from_utf16` where
    /// the processor has it; the forms for units below 0x800 only where all are.
    fn check_every_form(src: &[u16; 8]) {
        check_lanes(src, &portable::utf8_non_surrogates(src));
        #[cfg(target_arch = "x86_64")]
        check_lanes(src, &sse2::utf8_non_surrogates(src));
        let below_0x800 = src.iter().all(|&u| u < 0x800);
        if below_0x800 {
            check_lanes(src, &portable::utf8_below_0x800(src));
            #[cfg(target_arch = "x86_64")]
            check_lanes(src, &sse2::utf8_below_0x800(src));
        }
        #[cfg(all(
            target_arch = "x86_64",
            feature = "std",
            any(feature = "utf-16be", feature = "utf-16le")
        ))]
        if let Some(shuffle) = ssse3::Shuffle::detect() {
            check_packed(src, |out| shuffle.utf8_non_surrogates(src, out));
            if below_0x800 {
                check_packed(src, |out| shuffle.utf8_below_0x800(src, out));
            }
        }
    }

    /// Every sequence of lengths over the eight lanes (3^8, so every key of the SSSE3
    /// form's shuffle tables), with units at the edges of each length.
    #[test]
    fn utf8_of_every_sequence_of_lengths() {
        let of_length = [
            [0x00u16, 0x41, 0x7F],
            [0x80, 0xE9, 0x7FF],
            [0x800, 0x65E5, 0xFFFF],
        ];
        for combination in 0..3usize.pow(8) {
            let mut src = [0u16; 8];
            let mut rest = combination;
            for (lane, u) in src.iter_mut().enumerate() {
                *u = of_length[rest % 3][(combination + lane) % 3];
                rest /= 3;
            }
            check_every_form(&src);
        }
    }

    /// Every unit at every lane, among neighbours of each length, in every form.
    #[test]
    fn utf8_lanes_of_every_unit_at_every_lane() {
        let neighbours = [0x41u16, 0xE9, 0x5D0, 0x65E5, 0xFFFD];
        for u in (0..=0xFFFFu16).filter(|u| !(0xD800..0xE000).contains(u)) {
            let lane = usize::from(u) % 8;
            let other = neighbours[usize::from(u) / 8 % neighbours.len()];
            let mut src = [other; 8];
            src[lane] = u;
            check_every_form(&src);
        }
    }
}
