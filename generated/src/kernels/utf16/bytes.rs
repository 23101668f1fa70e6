//! UTF-16 code units stored as byte pairs (big-endian if `BE`), as the UTF-16BE and
//! UTF-16LE decoders read them: to UTF-8, Basic Latin narrowed sixteen units at a time
//! ([`Isa::narrow`]) and other runs without surrogates converted eight at a time
//! ([`Isa::utf8`]: lane by lane, or packed by SSSE3's shuffle where the processor has it,
//! chosen once a call), with AVX2 thirty-two and sixteen at a time first
//! ([`Isa::narrow_pairs`], [`Isa::utf8_pairs`]), big-endian units swapped into
//! little-endian order first; to UTF-16, runs without surrogates copied eight units at a
//! time.

use crate::kernels::block::BLOCK;
use crate::kernels::block::{Isa, BLOCK_OUT, UNITS, WIDE_UNITS};
use crate::kernels::dispatch::dispatched;
use crate::kernels::uninit::put;
use crate::kernels::utf8::pack::{bmp, surrogate_pair as surrogate_pair_utf8};
use crate::tables::LinearBytes;
use core::mem::MaybeUninit;

/// The code unit of a byte pair.
#[inline(always)]
fn unit<const BE: bool>(pair: [u8; 2]) -> u16 {
    if BE {
        u16::from_be_bytes(pair)
    } else {
        u16::from_le_bytes(pair)
    }
}

/// The code units of a block.
#[inline(always)]
fn units<const BE: bool>(block: &[u8; 2 * UNITS]) -> [u16; UNITS] {
    let mut out = [0u16; UNITS];
    for (o, pair) in out.iter_mut().zip(block.chunks_exact(2)) {
        *o = unit::<BE>([pair[0], pair[1]]);
    }
    out
}

/// Narrows the whole blocks of [`BLOCK`] code units below 0x80 at the start of `src`, while
/// `dst` has room for one; returns the number of units (each two bytes of `src`, one of
/// `dst`). A block with another unit is left whole to the caller, so that how far this
/// goes is a branch (predicted, and speculated past) rather than a count the next load's
/// address waits for.
#[inline(always)]
fn narrow_basic_latin_run<const BE: bool, I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> usize {
    let mut n = 0;
    if I::WIDE {
        // Wide blocks while they are all Basic Latin; then the block of sixteen below, for
        // the Basic Latin before the first other unit.
        while let (Some(s), Some(d)) = (
            src.get(2 * n..)
                .and_then(|s| s.first_chunk::<{ 2 * WIDE_UNITS }>()),
            dst.get_mut(n..)
                .and_then(|d| d.first_chunk_mut::<WIDE_UNITS>()),
        ) {
            if !isa.narrow_pairs::<BE>(s, d) {
                break;
            }
            n += WIDE_UNITS;
        }
    }
    let src = src.get(2 * n..).unwrap_or_default();
    let dst = dst.get_mut(n..).unwrap_or_default();
    let blocks = src.chunks_exact(2 * BLOCK).zip(dst.chunks_exact_mut(BLOCK));
    for (s, d) in blocks {
        let (Some(s), Some(d)) = (
            s.first_chunk::<{ 2 * BLOCK }>(),
            d.first_chunk_mut::<BLOCK>(),
        ) else {
            break;
        };
        let mut block = [0u16; BLOCK];
        for (u, pair) in block.iter_mut().zip(s.chunks_exact(2)) {
            *u = unit::<BE>([pair[0], pair[1]]);
        }
        if block.iter().fold(0, |acc, &u| acc | u) >= 0x80 {
            break;
        }
        isa.narrow(&block, d, LinearBytes::NONE);
        n += BLOCK;
    }
    n
}

/// Converts the longest prefix of `src` that is whole code units with no unpaired surrogate
/// into UTF-8, while `dst` has room for each character: runs of units that are not
/// surrogates by [`non_surrogates`], and after each a surrogate pair; returns (bytes read,
/// bytes written). A lead surrogate whose trail is not in `src` ends the prefix. Up to
/// [`BLOCK_OUT`] bytes of `dst` past what is written may be overwritten.
///
/// Big-endian units are swapped into little-endian order a buffer at a time
/// ([`big_endian_to_utf8`]), so that one compiled copy of the kernel per instruction set
/// serves both orders.
#[inline]
pub(crate) fn to_utf8<const BE: bool>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    if BE {
        big_endian_to_utf8(src, dst)
    } else {
        little_endian_to_utf8(src, dst)
    }
}

dispatched! {
    /// [`to_utf8`] of little-endian units. The blocks the processor allows are chosen once
    /// a call here, not once a run, so that text dense in surrogate pairs does not pay the
    /// choice between each.
    fn little_endian_to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize)
        = little_endian on ssse3, avx2;
}

/// The bytes of big-endian units [`big_endian_to_utf8`] swaps at a time.
const SWAPPED: usize = 2048;

/// [`to_utf8`] of big-endian units: up to [`SWAPPED`] bytes at a time swapped into
/// little-endian order on the stack and converted by [`little_endian_to_utf8`]. A call
/// that stops short of its buffer's end stopped either where the whole input would (an
/// unpaired surrogate, or the end of room) or at a lead surrogate whose trail is in the
/// next buffer (which the next call starts with).
#[inline(never)]
fn big_endian_to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    let mut buffer = [0u8; SWAPPED];
    let mut read = 0;
    let mut written = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let n = rest.len().min(SWAPPED) & !1;
        let (Some(big), Some(little)) = (rest.get(..n), buffer.get_mut(..n)) else {
            return (read, written);
        };
        swap_pairs(big, little);
        let (r, w) = little_endian_to_utf8(little, dst.get_mut(written..).unwrap_or_default());
        read += r;
        written += w;
        // On past the buffer only if it was all taken, or if all but a lead surrogate at its
        // end was (its trail opens the next buffer); any other stop is the whole input's.
        let cut_lead = r + 2 == n && little.last().is_some_and(|&high| high & 0xFC == 0xD8);
        if r == 0 || n == rest.len() || !(r == n || cut_lead) {
            return (read, written);
        }
    }
}

/// Writes the byte pairs of `big` into `little` (as long), each pair's two bytes swapped:
/// four pairs a 64-bit word, which the compiler widens further.
#[inline(always)]
fn swap_pairs(big: &[u8], little: &mut [u8]) {
    let mut words = little.chunks_exact_mut(8);
    let mut from = big.chunks_exact(8);
    for (l, b) in (&mut words).zip(&mut from) {
        let (Some(l), Some(b)) = (l.first_chunk_mut::<8>(), b.first_chunk::<8>()) else {
            break;
        };
        let word = u64::from_le_bytes(*b);
        let swapped = (word >> 8) & 0x00FF_00FF_00FF_00FF | (word << 8) & 0xFF00_FF00_FF00_FF00;
        *l = swapped.to_le_bytes();
    }
    let pairs = words.into_remainder().chunks_exact_mut(2);
    for (l, b) in pairs.zip(from.remainder().chunks_exact(2)) {
        l[0] = b[1];
        l[1] = b[0];
    }
}

/// [`runs_and_pairs`] of little-endian units.
#[inline(always)]
fn little_endian<I: Isa>(isa: I, src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    runs_and_pairs::<false, I>(isa, src, dst)
}

/// [`to_utf8`] on `isa`, in byte order `BE`.
#[inline(always)]
fn runs_and_pairs<const BE: bool, I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    loop {
        let (n, w) = non_surrogates::<BE, I>(
            isa,
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        );
        read += 2 * n;
        written += w;
        match surrogate_pair::<BE>(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        ) {
            Some(w) => {
                read += 4;
                written += w;
            }
            None => return (read, written),
        }
    }
}

/// Writes the UTF-8 of the surrogate pair at the start of `src` to the start of `dst`;
/// returns its length (four). `None` if `src` does not start with a lead surrogate and its
/// trail, or `dst` has no room for four bytes.
#[inline(always)]
fn surrogate_pair<const BE: bool>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> Option<usize> {
    let [a, b, c, d] = *src.first_chunk::<4>()?;
    let (lead, trail) = (unit::<BE>([a, b]), unit::<BE>([c, d]));
    if lead & 0xFC00 != 0xD800 || trail & 0xFC00 != 0xDC00 {
        return None;
    }
    put(
        dst.first_chunk_mut::<4>()?,
        surrogate_pair_utf8(lead, trail),
    );
    Some(4)
}

/// Converts the longest run of whole code units that are not surrogates at the start of
/// `src` into UTF-8, while `dst` has room for three bytes; returns (units read, bytes
/// written). Up to [`BLOCK_OUT`] bytes of `dst` past what is written may be overwritten.
///
/// A block of units is classified once: all Basic Latin is narrowed; otherwise, if no unit
/// is a surrogate, each unit's UTF-8 is computed in every length it could have and the
/// right one chosen by comparisons rather than branches, and the block's bytes stored by
/// `blocks`. Text that alternates between ASCII and another script (spaces between Arabic,
/// Cyrillic or Hangul words, accented letters in Latin words) then costs no mispredicted
/// branch per change.
#[inline(always)]
fn non_surrogates<const BE: bool, I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    // Whether a Basic Latin run may start here: after a block that ends in another script,
    // the run's test (a block's load and compare) is skipped, as it would mostly fail in
    // text like Korean or Arabic, whose words are ASCII spaces apart.
    let mut ascii_next = true;
    loop {
        // Basic Latin first, a wide block at a time, up to its first other unit.
        if ascii_next {
            let n = narrow_basic_latin_run::<BE, I>(
                isa,
                src.get(2 * read..).unwrap_or_default(),
                dst.get_mut(written..).unwrap_or_default(),
            );
            read += n;
            written += n;
        }
        if I::WIDE {
            // Sixteen units below 0x800 at once (Latin, Greek, Cyrillic, Hebrew, Arabic
            // text); others by the blocks of eight below.
            if let (Some(s), Some(d)) = (
                src.get(2 * read..)
                    .and_then(|s| s.first_chunk::<WIDE_UNITS>()),
                dst.get_mut(written..)
                    .and_then(|d| d.first_chunk_mut::<WIDE_UNITS>()),
            ) {
                if let Some(w) = isa.utf8_pairs::<BE>(s, d) {
                    written += w;
                    read += WIDE_UNITS / 2;
                    ascii_next = unit::<BE>([s[WIDE_UNITS - 2], s[WIDE_UNITS - 1]]) < 0x80;
                    continue;
                }
            }
        }
        let (Some(s), Some(d)) = (
            src.get(2 * read..)
                .and_then(|s| s.first_chunk::<{ 2 * UNITS }>()),
            dst.get_mut(written..)
                .and_then(|d| d.first_chunk_mut::<BLOCK_OUT>()),
        ) else {
            break;
        };
        let block = units::<BE>(s);
        let any = block.iter().fold(0, |acc, &u| acc | u);
        if any >= 0x800 && block.iter().any(|&u| u & 0xF800 == 0xD800) {
            break;
        }
        written += isa.utf8(&block, any, d);
        read += UNITS;
        ascii_next = block[UNITS - 1] < 0x80;
    }
    // The rest one unit at a time: a partial block, the block with a surrogate, or the end
    // of room.
    while let (Some(&pair), Some(out)) = (
        src.get(2 * read..).and_then(|s| s.first_chunk::<2>()),
        dst.get_mut(written..)
            .and_then(|d| d.first_chunk_mut::<3>()),
    ) {
        let u = unit::<BE>(pair);
        if u & 0xF800 == 0xD800 {
            break;
        }
        let (bytes, len) = bmp(u);
        let [a, b, c, _] = bytes.to_le_bytes();
        put(out, [a, b, c]);
        written += len;
        read += 1;
    }
    (read, written)
}

/// Copies the longest run of whole code units that are not surrogates at the start of `src`
/// that fits in `dst`; returns the number of units. `dst` past it is left as it was.
#[inline]
pub(crate) fn copy_non_surrogates<const BE: bool>(src: &[u8], dst: &mut [u16]) -> usize {
    let is_surrogate = |u: u16| u & 0xF800 == 0xD800;
    let mut n = 0;
    let blocks = src.chunks_exact(2 * UNITS).zip(dst.chunks_exact_mut(UNITS));
    for (s, d) in blocks {
        let (Some(s), Some(d)) = (
            s.first_chunk::<{ 2 * UNITS }>(),
            d.first_chunk_mut::<UNITS>(),
        ) else {
            break;
        };
        let block = units::<BE>(s);
        if block.iter().fold(false, |acc, &u| acc | is_surrogate(u)) {
            break;
        }
        *d = block;
        n += UNITS;
    }
    let rest = src.get(2 * n..).unwrap_or_default().chunks_exact(2);
    for (pair, d) in rest.zip(dst.get_mut(n..).unwrap_or_default()) {
        let u = unit::<BE>([pair[0], pair[1]]);
        if is_surrogate(u) {
            break;
        }
        *d = u;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::tests::harness::{check, Contract, Steps};
    use crate::kernels::uninit::as_uninit;

    fn bytes<const BE: bool>(units: &[u16]) -> Vec<u8> {
        units
            .iter()
            .flat_map(|&u| if BE { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect()
    }

    /// Palettes of characters to build texts from: ASCII with two-byte characters (Latin,
    /// Cyrillic, Arabic text), with three-byte ones (CJK), three-byte only, all lengths and
    /// their edges, and all of them with a surrogate pair.
    const PALETTES: [&[&[u16]]; 5] = [
        &[
            &[0x41],
            &[0x20],
            &[0xE9],
            &[0x430],
            &[0x7FF],
            &[0x80],
            &[0x7F],
        ],
        &[&[0x20], &[0x65E5], &[0xAC00], &[0x31]],
        &[&[0x65E5], &[0x800], &[0xFFFF], &[0xE000], &[0xD7FF]],
        &[
            &[0x41],
            &[0x7F],
            &[0x80],
            &[0xE9],
            &[0x7FF],
            &[0x800],
            &[0x65E5],
            &[0xFFFF],
        ],
        &[&[0x41], &[0xE9], &[0x65E5], &[0xD83D, 0xDE00]],
    ];

    /// Texts from each palette, as byte pairs in order `BE`, and with a lone surrogate at
    /// every place.
    fn texts<const BE: bool>() -> Vec<Vec<u8>> {
        let mut texts = Vec::new();
        for (p, palette) in PALETTES.iter().enumerate() {
            let mut units = Vec::new();
            while units.len() < 330 {
                let i = (units.len() * 7 + p * 13) % 17;
                units.extend_from_slice(palette[i % palette.len()]);
            }
            texts.push(bytes::<BE>(&units));
            for at in (0..48).step_by(1 + p) {
                let mut units = units.clone();
                units[at] = [0xDC00, 0xD800, 0xDFFF][at % 3];
                texts.push(bytes::<BE>(&units));
            }
        }
        texts
    }

    /// The code units of `src` (whole byte pairs) as the standard library decodes them, a
    /// character a step, as `units` gives each, up to the first surrogate not taken (a
    /// pair, when `pairs`).
    fn steps<const BE: bool, D>(
        pairs: bool,
        units: impl Fn(char) -> Vec<D>,
    ) -> impl Fn(&[u8]) -> Steps<D> {
        move |src| {
            let code_units = src.chunks_exact(2).map(|p| unit::<BE>([p[0], p[1]]));
            char::decode_utf16(code_units)
                .map_while(|c| c.ok().filter(|c| pairs || c.len_utf16() == 1))
                .map(|c| (2 * c.len_utf16(), units(c)))
                .collect()
        }
    }

    /// To UTF-8, as dispatched and on every implementation: surrogate pairs taken as the
    /// standard library decodes them, and without them the runs alone; up to a block's
    /// output overwritten past the count, and a character taken with room for three bytes.
    fn to_utf8_in_order<const BE: bool>() {
        let utf8 = |c: char| c.to_string().into_bytes();
        let contract = Contract {
            spill: BLOCK_OUT,
            slack: 2,
        };
        let texts = texts::<BE>();
        check(&texts, steps::<BE, _>(true, utf8), contract, |s, d| {
            to_utf8::<BE>(s, as_uninit(d))
        });
        every_isa!(|isa| {
            check(&texts, steps::<BE, _>(true, utf8), contract, |s, d| {
                runs_and_pairs::<BE, _>(isa, s, as_uninit(d))
            });
            check(&texts, steps::<BE, _>(false, utf8), contract, |s, d| {
                let (n, w) = non_surrogates::<BE, _>(isa, s, as_uninit(d));
                (2 * n, w)
            });
        });
    }

    #[test]
    fn to_utf8_in_both_byte_orders() {
        to_utf8_in_order::<false>();
        to_utf8_in_order::<true>();
    }

    /// Big-endian units across the ends of the buffers they are swapped into: a surrogate
    /// pair (or a lone surrogate) at every unit around the first end, in Basic Latin and in
    /// Cyrillic, with every room around it, converted exactly as the same units in
    /// little-endian order.
    #[test]
    fn big_endian_across_swapped_buffers() {
        let end = SWAPPED / 2;
        for filler in [0x41u16, 0x430] {
            for at in end - 3..end + 2 {
                for odd in [&[0xD83D, 0xDE00][..], &[0xD83D], &[0xDE00]] {
                    let mut units = vec![filler; end + 40];
                    units.splice(at..at + odd.len(), odd.iter().copied());
                    let big = bytes::<true>(&units);
                    let little = bytes::<false>(&units);
                    let full = 3 * units.len() + BLOCK_OUT;
                    for room in (full - 3 * 50..=full).chain([0, 1, 3, 4, 200]) {
                        let mut d_big = vec![0u8; room];
                        let mut d_little = vec![0u8; room];
                        let b = to_utf8::<true>(&big, as_uninit(&mut d_big));
                        let l = to_utf8::<false>(&little, as_uninit(&mut d_little));
                        assert_eq!(b, l, "{filler:#x}, {odd:x?} at {at}, room {room}");
                        assert_eq!(d_big[..b.1], d_little[..l.1]);
                    }
                }
            }
        }
    }

    /// Copied up to the first surrogate, nothing written past it.
    fn copy_in_order<const BE: bool>() {
        let utf16 = |c: char| vec![c as u16];
        check(
            &texts::<BE>(),
            steps::<BE, _>(false, utf16),
            Contract::EXACT,
            |s, d| {
                let n = copy_non_surrogates::<BE>(s, d);
                (2 * n, n)
            },
        );
    }

    #[test]
    fn copies_in_both_byte_orders() {
        copy_in_order::<false>();
        copy_in_order::<true>();
    }
}
