//! UTF-16 to UTF-8, from code units stored as bytes (big-endian if `BE`), as the UTF-16BE
//! and UTF-16LE decoders read them, and from `&[u16]`: Basic Latin narrowed, other spans
//! without surrogates packed a block at a time ([`Packer`]), surrogate pairs one at a time.
//! Also UTF-16 as bytes copied to code units up to the first surrogate.

use core::mem::MaybeUninit;

use crate::kernels::basic_latin::copy_basic_latin;
use crate::kernels::dispatch::dispatched;
use crate::kernels::isa::{Isa, Units, Vector, BLOCK};
use crate::kernels::spans::convert_spans;
use crate::kernels::uninit::{as_uninit, put};
use crate::kernels::utf8::pack::{bmp, surrogate_pair, Packer, OUT, UNITS};

#[inline(always)]
fn unit<const BE: bool>(bytes: [u8; 2]) -> u16 {
    if BE {
        u16::from_be_bytes(bytes)
    } else {
        u16::from_le_bytes(bytes)
    }
}

#[inline(always)]
fn units<const BE: bool, const N: usize>(block: &[u8]) -> [u16; N] {
    let mut out = [0u16; N];
    for (o, bytes) in out.iter_mut().zip(block.chunks_exact(2)) {
        *o = unit::<BE>([bytes[0], bytes[1]]);
    }
    out
}

/// Narrows the whole blocks of little-endian units below 0x80 at the start of `src`, while
/// `dst` has room for one; returns the number of units. A block with another unit is left
/// whole to the caller, so that how far this goes is a branch rather than a count the next
/// load waits for.
#[inline(always)]
fn narrow_basic_latin_span<I: Isa>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let mut n = 0;
    if I::WIDE {
        while let (Some(s), Some(d)) = (
            src.get(2 * n..).and_then(|s| s.first_chunk::<64>()),
            dst.get_mut(n..).and_then(|d| d.first_chunk_mut::<32>()),
        ) {
            let (Some(a), Some(b)) = (s.first_chunk(), s.last_chunk()) else {
                break;
            };
            let (a, b) = (I::W::load(a), I::W::load(b));
            if !a.or(b).lanes_below(0x80) {
                break;
            }
            a.narrow(b).store(d);
            n += 32;
        }
    }
    let src = src.get(2 * n..).unwrap_or_default();
    let dst = dst.get_mut(n..).unwrap_or_default();
    for (s, d) in src.chunks_exact(2 * BLOCK).zip(dst.chunks_exact_mut(BLOCK)) {
        let Some(d) = d.first_chunk_mut::<BLOCK>() else {
            break;
        };
        let block: [u16; BLOCK] = units::<false, BLOCK>(s);
        if !I::V::units_below(&block, 0x80) {
            break;
        }
        I::V::narrow_store(&block, d);
        n += BLOCK;
    }
    n
}

/// Converts the longest prefix of `src` that is whole code units with no unpaired surrogate
/// into UTF-8, while `dst` has room for each character; returns (bytes read, bytes
/// written). A lead surrogate whose trail is not in `src` ends the prefix. Up to [`OUT`]
/// bytes of `dst` past what is written may be overwritten. Big-endian units are swapped
/// into little-endian order first, so that one kernel serves both orders.
#[inline]
pub(crate) fn to_utf8<const BE: bool>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    if BE {
        big_endian_to_utf8(src, dst)
    } else {
        little_endian_to_utf8(src, dst)
    }
}

dispatched! {
    /// [`to_utf8`] of little-endian units, the instruction set chosen once a call.
    fn little_endian_to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize)
        = spans_and_surrogate_pairs on ssse3, avx2;
}

/// The bytes of big-endian units [`big_endian_to_utf8`] swaps at a time.
const SWAPPED: usize = 2048;

/// [`to_utf8`] of big-endian units: up to [`SWAPPED`] bytes at a time swapped into
/// little-endian order on the stack and converted by [`little_endian_to_utf8`].
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
        swap_bytes(big, little);
        let (r, w) = little_endian_to_utf8(little, dst.get_mut(written..).unwrap_or_default());
        read += r;
        written += w;
        // On only if the buffer was all taken, but for a lead surrogate whose trail is next.
        let cut_lead = r + 2 == n && little.last().is_some_and(|&high| high & 0xFC == 0xD8);
        if r == 0 || n == rest.len() || !(r == n || cut_lead) {
            return (read, written);
        }
    }
}

/// Writes the units of `big` into `little` (as long), each unit's two bytes swapped.
#[inline(always)]
fn swap_bytes(big: &[u8], little: &mut [u8]) {
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
    let units = words.into_remainder().chunks_exact_mut(2);
    for (l, b) in units.zip(from.remainder().chunks_exact(2)) {
        l[0] = b[1];
        l[1] = b[0];
    }
}

/// [`to_utf8`] of little-endian units on `isa`: spans by [`non_surrogates`], and after each
/// a surrogate pair.
#[inline(always)]
fn spans_and_surrogate_pairs<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    let packer = Packer::new(isa);
    let mut read = 0;
    let mut written = 0;
    loop {
        let (n, w) = non_surrogates(
            packer,
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        );
        read += 2 * n;
        written += w;
        let (Some(&[a, b, c, d]), Some(out)) = (
            src.get(read..).and_then(|s| s.first_chunk::<4>()),
            dst.get_mut(written..)
                .and_then(|d| d.first_chunk_mut::<4>()),
        ) else {
            return (read, written);
        };
        let (lead, trail) = (u16::from_le_bytes([a, b]), u16::from_le_bytes([c, d]));
        if lead & 0xFC00 != 0xD800 || trail & 0xFC00 != 0xDC00 {
            return (read, written);
        }
        put(out, surrogate_pair(lead, trail));
        read += 4;
        written += 4;
    }
}

/// Converts the longest span of whole little-endian code units that are not surrogates at
/// the start of `src` into UTF-8, while `dst` has room for three bytes; returns (units
/// read, bytes written). Up to [`OUT`] bytes of `dst` past what is written may be
/// overwritten. Blocks without a surrogate are packed whole, so that text alternating
/// between ASCII and another script costs no mispredicted branch per change.
#[inline(always)]
fn non_surrogates<I: Isa>(
    packer: Packer<I>,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    // Whether a Basic Latin span may start here: not after a block that ends in another
    // script, where its test would mostly fail.
    let mut ascii_next = true;
    loop {
        if ascii_next {
            let n = narrow_basic_latin_span::<I>(
                src.get(2 * read..).unwrap_or_default(),
                dst.get_mut(written..).unwrap_or_default(),
            );
            read += n;
            written += n;
        }
        if I::WIDE {
            // Sixteen units below 0x800 at once; others by the blocks of eight below.
            if let (Some(s), Some(d)) = (
                src.get(2 * read..).and_then(|s| s.first_chunk::<32>()),
                dst.get_mut(written..)
                    .and_then(|d| d.first_chunk_mut::<32>()),
            ) {
                if let Some(w) = packer.utf8_wide(I::W::load(s), d) {
                    written += w;
                    read += 16;
                    ascii_next = u16::from_le_bytes([s[30], s[31]]) < 0x80;
                    continue;
                }
            }
        }
        let (Some(s), Some(d)) = (
            src.get(2 * read..)
                .and_then(|s| s.first_chunk::<{ 2 * UNITS }>()),
            dst.get_mut(written..)
                .and_then(|d| d.first_chunk_mut::<OUT>()),
        ) else {
            break;
        };
        let block: [u16; UNITS] = units::<false, UNITS>(s);
        let any = block.iter().fold(0, |acc, &u| acc | u);
        if any >= 0x800 && block.iter().any(|&u| u & 0xF800 == 0xD800) {
            break;
        }
        written += packer.utf8(&block, any, d);
        read += UNITS;
        ascii_next = block[UNITS - 1] < 0x80;
    }
    // The rest one unit at a time.
    while let (Some(&bytes), Some(out)) = (
        src.get(2 * read..).and_then(|s| s.first_chunk::<2>()),
        dst.get_mut(written..)
            .and_then(|d| d.first_chunk_mut::<3>()),
    ) {
        let u = u16::from_le_bytes(bytes);
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

/// Copies the longest span of whole code units that are not surrogates at the start of
/// `src` that fits in `dst`; returns the number of units. `dst` past it is left as it was.
#[inline]
pub(crate) fn copy_non_surrogates<const BE: bool>(src: &[u8], dst: &mut [u16]) -> usize {
    let is_surrogate = |u: u16| u & 0xF800 == 0xD800;
    let mut n = 0;
    for (s, d) in src.chunks_exact(2 * UNITS).zip(dst.chunks_exact_mut(UNITS)) {
        let block: [u16; UNITS] = units::<BE, UNITS>(s);
        if block.iter().fold(false, |acc, &u| acc | is_surrogate(u)) {
            break;
        }
        d.copy_from_slice(&block);
        n += UNITS;
    }
    let rest = src.get(2 * n..).unwrap_or_default().chunks_exact(2);
    for (bytes, d) in rest.zip(dst.get_mut(n..).unwrap_or_default()) {
        let u = unit::<BE>([bytes[0], bytes[1]]);
        if is_surrogate(u) {
            break;
        }
        *d = u;
        n += 1;
    }
    n
}

/// Converts UTF-16 `src` to UTF-8 in `dst`, whole characters while they fit, each unpaired
/// surrogate (including a high surrogate that ends `src`) as U+FFFD; returns (units read,
/// bytes written). `dst` past the written bytes is left as it was.
#[inline]
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    convert_spans(
        src,
        dst,
        |u| u < 0x80,
        copy_basic_latin,
        |rest, out| {
            let (&first, second) = (rest.first()?, rest.get(1).copied().unwrap_or_default());
            let (read, bytes, len) = if first & 0xF800 != 0xD800 {
                let (bytes, len) = bmp(first);
                (1, bytes.to_le_bytes(), len)
            } else if first & 0xFC00 == 0xD800 && second & 0xFC00 == 0xDC00 {
                (2, surrogate_pair(first, second), 4)
            } else {
                (1, [0xEF, 0xBF, 0xBD, 0], 3)
            };
            out.get_mut(..len)?.copy_from_slice(bytes.get(..len)?);
            Some((read, len))
        },
    )
}

/// As [`utf16_to_utf8`], but up to [`OUT`] bytes of `dst` past the written ones may be
/// overwritten: the units read as bytes by [`to_utf8`], and what it stops at by
/// [`utf16_to_utf8`] a character at a time.
#[inline]
pub(crate) fn utf16_to_utf8_overwriting(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        // SAFETY: the `rest.len()` units at `rest.as_ptr()` are `2 * rest.len()` initialised
        // bytes of one allocation, borrowed for as long as `rest` is, and any byte is a valid
        // `u8` at any alignment; they are the units in the target's byte order. Reached by
        // the tests below.
        let bytes =
            unsafe { core::slice::from_raw_parts(rest.as_ptr().cast::<u8>(), 2 * rest.len()) };
        let out = as_uninit(dst.get_mut(written..).unwrap_or_default());
        let (r, w) = to_utf8::<{ cfg!(target_endian = "big") }>(bytes, out);
        read += r / 2;
        written += w;
        // One character, so that a lead surrogate is never cut off from its trail.
        let rest = src.get(read..).unwrap_or_default();
        let pair = matches!(rest, [0xD800..=0xDBFF, 0xDC00..=0xDFFF, ..]);
        let one = rest.get(..1 + usize::from(pair)).unwrap_or(rest);
        let (r, w) = utf16_to_utf8(one, dst.get_mut(written..).unwrap_or_default());
        if r == 0 {
            return (read, written);
        }
        read += r;
        written += w;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::dispatch::every_isa;
    use crate::kernels::tests::harness::{check, counted, unit_steps, utf8, Contract, Steps};

    fn bytes<const BE: bool>(units: &[u16]) -> Vec<u8> {
        let order = |u: &u16| if BE { u.to_be_bytes() } else { u.to_le_bytes() };
        units.iter().flat_map(order).collect()
    }

    /// Palettes of characters to build texts from: ASCII with two-byte characters, with
    /// three-byte ones, three-byte only, all lengths and their edges, and all of them with a
    /// surrogate pair (0xD83D).
    const PALETTES: [&[u16]; 5] = [
        &[0x41, 0x20, 0xE9, 0x430, 0x7FF, 0x80, 0x7F],
        &[0x20, 0x65E5, 0xAC00, 0x31],
        &[0x65E5, 0x800, 0xFFFF, 0xE000, 0xD7FF],
        &[0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x65E5, 0xFFFF],
        &[0x41, 0xE9, 0x65E5, 0xD83D],
    ];

    /// Texts from each palette, and with a lone surrogate at every place.
    fn texts() -> Vec<Vec<u16>> {
        let mut texts = Vec::new();
        for (p, palette) in PALETTES.iter().enumerate() {
            let mut units = Vec::new();
            while units.len() < 330 {
                let i = (units.len() * 7 + p * 13) % 17;
                match palette[i % palette.len()] {
                    0xD83D => units.extend([0xD83D, 0xDE00]),
                    u => units.push(u),
                }
            }
            texts.push(units.clone());
            for at in (0..48).step_by(1 + p) {
                let mut units = units.clone();
                units[at] = [0xDC00, 0xD800, 0xDFFF][at % 3];
                texts.push(units);
            }
        }
        texts
    }

    /// The characters of `src` as the standard library decodes them, a character a step: with
    /// `lossy`, each unpaired surrogate as U+FFFD, else up to the first (or up to the first
    /// surrogate, without `pairs`).
    fn steps(lossy: bool, pairs: bool) -> impl Fn(&[u16]) -> Steps<u8> {
        move |src| {
            char::decode_utf16(src.iter().copied())
                .map(|c| c.map_err(|_| '\u{FFFD}'))
                .map_while(|c| match c {
                    Ok(c) if pairs || c.len_utf16() == 1 => Some((c.len_utf16(), c)),
                    Err(c) if lossy => Some((1, c)),
                    _ => None,
                })
                .map(|(n, c)| (n, utf8(c)))
                .collect()
        }
    }

    /// Each piece as bytes in order `BE`, counted in bytes.
    fn as_bytes<const BE: bool>(
        kernel: impl Fn(&[u8], &mut [MaybeUninit<u8>]) -> (usize, usize),
    ) -> impl Fn(&[u16], &mut [u8]) -> (usize, usize) {
        move |s, d| {
            let (r, w) = kernel(&bytes::<BE>(s), as_uninit(d));
            (r / 2, w)
        }
    }

    /// Up to a block's output overwritten past the count, a character taken with room for
    /// three bytes.
    const CONTRACT: Contract = Contract {
        spill: OUT,
        slack: 2,
    };

    /// As dispatched in order `BE`: to UTF-8, and the copy to units.
    fn in_order<const BE: bool>(texts: &[Vec<u16>]) {
        check(
            texts,
            steps(false, true),
            CONTRACT,
            as_bytes::<BE>(to_utf8::<BE>),
        );
        let copy = unit_steps(|u: u16| (u & 0xF800 != 0xD800).then(|| vec![u]));
        let kernel = counted(|s, d| copy_non_surrogates::<BE>(&bytes::<BE>(s), d));
        check(texts, copy, Contract::EXACT, kernel);
    }

    /// To UTF-8 in both byte orders as dispatched, and on every implementation (which both
    /// orders share): surrogate pairs taken as the standard library decodes them, and
    /// without them the spans alone. From `&[u16]`, every unpaired surrogate replaced.
    #[test]
    fn to_utf8_in_both_orders_and_lossy() {
        let texts = texts();
        in_order::<false>(&texts);
        in_order::<true>(&texts);
        every_isa!(|isa| {
            let pairs = as_bytes::<false>(|s, d| spans_and_surrogate_pairs(isa, s, d));
            check(&texts, steps(false, true), CONTRACT, pairs);
            let spans = as_bytes::<false>(|s, d| {
                let (n, w) = non_surrogates(Packer::new(isa), s, d);
                (2 * n, w)
            });
            check(&texts, steps(false, false), CONTRACT, spans);
        });
        let lossy = steps(true, true);
        check(&texts, &lossy, Contract::EXACT, utf16_to_utf8);
        let spilling = Contract::spilling(OUT);
        check(&texts, &lossy, spilling, utf16_to_utf8_overwriting);
        for u in 0..=0xFFFF {
            let mut dst = [0u8; 8];
            let (read, written) = utf16_to_utf8(&[u, 0x41], &mut dst);
            let expected = String::from_utf16_lossy(&[u, 0x41]);
            assert_eq!((read, &dst[..written]), (2, expected.as_bytes()));
        }
    }

    /// Big-endian units across the ends of the buffers they are swapped into: a surrogate
    /// pair (or a lone surrogate) at every unit around the first end, in Basic Latin and in
    /// Cyrillic, into every room around it, converted as the same units in little-endian
    /// order.
    #[test]
    fn big_endian_across_swapped_buffers() {
        let end = SWAPPED / 2;
        for filler in [0x41u16, 0x430] {
            for at in end - 3..end + 2 {
                for odd in [&[0xD83D, 0xDE00][..], &[0xD83D], &[0xDE00]] {
                    let mut units = vec![filler; end + 40];
                    units.splice(at..at + odd.len(), odd.iter().copied());
                    let full = 3 * units.len() + OUT;
                    for room in (full - 3 * 50..=full).chain([0, 1, 3, 4, 200]) {
                        let mut d_big = vec![0u8; room];
                        let mut d_little = vec![0u8; room];
                        let b = to_utf8::<true>(&bytes::<true>(&units), as_uninit(&mut d_big));
                        let l = to_utf8::<false>(&bytes::<false>(&units), as_uninit(&mut d_little));
                        assert_eq!(b, l, "{filler:#x}, {odd:x?} at {at}, room {room}");
                        assert_eq!(d_big[..b.1], d_little[..l.1]);
                    }
                }
            }
        }
    }
}
