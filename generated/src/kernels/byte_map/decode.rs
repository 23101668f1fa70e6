//! Decoding with a single-byte index (section 9): bytes 0x00 to 0x7F are themselves, bytes
//! 0x80 to 0xFF the index's code points.

use super::widen;
use crate::kernels::dispatch::{dispatched, Baseline};
use crate::kernels::isa::{Isa, Vector, BLOCK};
use crate::kernels::uninit::put;
use crate::kernels::utf8::pack::{bmp_non_ascii, Packer, OUT, UNITS};
use crate::tables::{LinearBytes, Utf8Cache};
use core::mem::MaybeUninit;
use core::sync::atomic::Ordering::Relaxed;

/// Inputs shorter than this are decoded to UTF-16 without building the table of every byte
/// (or finding the range).
const TABLE_WORTH_IT: usize = 128;

/// Whether a build has the table at all: only with an encoding of a script whose letters
/// are all outside ASCII (Cyrillic, Greek, Hebrew, Arabic, Thai), where nearly every byte
/// takes the table's path. Text in the Latin encodings is mostly ASCII, and a program that
/// reads only windows-1252 would carry the table's code for nothing.
pub(crate) const TABLED: bool = cfg!(feature = "_single-byte-non-latin");

/// The UTF-8 of a code point of at least U+0080 in the BMP, packed: the bytes in the low
/// three octets (first byte lowest), the length in the high octet.
#[inline(always)]
fn packed_utf8(cp: u16) -> u32 {
    let (bytes, len) = bmp_non_ascii(cp);
    bytes | (len as u32) << 24
}

/// Decodes the longest prefix of `src` with code points in `decode` (the index: the code
/// point of byte 0x80 + i at i, or a value below 0x80 for none) into UTF-8 in `dst`, whole
/// characters while they fit; returns (read, written). Bytes of `dst` past what is written
/// may be overwritten (at most thirty-two).
///
/// Runs of ASCII are copied thirty-two bytes at a time; between them, each byte's UTF-8 is
/// stored whole (four bytes, its length counted), from the index's table of packed UTF-8,
/// filled in as bytes occur (`cache`, see [`Utf8Cache`]) where the build has it (see
/// [`TABLED`]), else computed from the index. A lone ASCII byte between other bytes stays
/// on that path. An index of a script outside Latin (its longest linear range `linear` at
/// [`OUTSIDE_LATIN`] or above) has its text taken sixteen bytes at a time first: by
/// [`by_blocks`] where the processor has a byte shuffle and the range holds the script's
/// letters ([`blocks_pay`]), then through the table.
#[inline]
pub(crate) fn to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    decode: &[u16; 128],
    linear: LinearBytes,
    cache: &Utf8Cache,
) -> (usize, usize) {
    to_utf8_with(src, dst, decode, linear, cache, by_blocks)
}

/// [`to_utf8`] with `blocks` for [`by_blocks`].
#[inline(always)]
fn to_utf8_with(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    decode: &[u16; 128],
    linear: LinearBytes,
    cache: &Utf8Cache,
    blocks: impl Fn(&[u8], &mut [MaybeUninit<u8>], &[u16; 128], LinearBytes) -> (usize, usize),
) -> (usize, usize) {
    if TABLED {
        if linear.first < OUTSIDE_LATIN {
            return memoised(src, dst, decode, cache);
        }
        // A script outside Latin: its blocks, then what they leave sixteen bytes at a time
        // from the table where it can, else a byte at a time.
        let (read, written) = blocks(src, dst, decode, linear);
        let (r, w) = with_runs(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
            |b, again| memoised_entry(decode, cache, b, again),
            |s, d| sixteen(s, d, decode, cache),
        );
        return (read + r, written + w);
    }
    with(
        src,
        dst,
        |b, again| if again { 0 } else { computed(decode, b) },
    )
}

/// The packed UTF-8 of the high byte `b` under `decode`; 0 (length 0) for none.
#[inline(always)]
fn computed(decode: &[u16; 128], b: u8) -> u32 {
    match decode[(b & 0x7F) as usize] {
        0x00..=0x7F => 0,
        cp => packed_utf8(cp),
    }
}

/// The first code point of Greek: an index whose longest range starts at or above it is of a
/// script outside Latin (Greek, Cyrillic, Hebrew, Arabic, Thai; KOI8-R's range is of box
/// drawing), whose text [`by_blocks`] decodes.
const OUTSIDE_LATIN: u16 = 0x370;

/// Whether [`by_blocks`] pays for an index of a script outside Latin: where its longest range
/// holds most of the script's letters (at least [`LETTERS_IN_RANGE`]), which the widening
/// translates in one step, and is under U+0800, where their UTF-8 is of two bytes (Greek,
/// Cyrillic, Hebrew, Arabic). Otherwise (KOI8's letters, out of order, each a lookup of
/// its own; Thai's three-byte UTF-8) the table's packed UTF-8, a byte at a time, is cheaper.
#[inline(always)]
const fn blocks_pay(linear: LinearBytes) -> bool {
    linear.len >= LETTERS_IN_RANGE && (linear.first as u32) + (linear.len as u32) <= 0x800
}

/// See [`blocks_pay`]: the shortest range of letters of the indexes the blocks take is
/// windows-1256's, 22 Arabic letters; KOI8-U's is 8.
const LETTERS_IN_RANGE: u16 = 16;

dispatched! {
    /// Decodes the longest prefix of `src` made of whole blocks of sixteen bytes that `decode`
    /// maps, as [`to_utf8`]; returns (read, written). Up to [`OUT`] bytes of `dst` past
    /// what is written may be overwritten.
    ///
    /// A block of ASCII is stored as it is. Any other is widened to code units as [`to_utf16`]
    /// widens it (the index's range translated on the way, every other byte above 0x7F looked up
    /// one by one), and each half's UTF-8 is then computed and stored at once
    /// ([`Packer::utf8`]): text whose letters are all outside ASCII, with ASCII spaces between
    /// words, then costs no branch per byte, where a byte at a time through the packed table
    /// costs one or two. A block with an unmapped byte ends the prefix. Only where the
    /// processor has a byte shuffle ([`Isa::SHUFFLE`]) and [`blocks_pay`] for the index:
    /// otherwise none is decoded here.
    fn by_blocks(
        src: &[u8],
        dst: &mut [MaybeUninit<u8>],
        decode: &[u16; 128],
        linear: LinearBytes,
    ) -> (usize, usize) = blocks_with on ssse3;
}

/// [`by_blocks`] on `isa`.
#[inline(always)]
fn blocks_with<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    decode: &[u16; 128],
    linear: LinearBytes,
) -> (usize, usize) {
    if !I::SHUFFLE || !blocks_pay(linear) {
        return (0, 0);
    }
    let packer = Packer::new(isa);
    let mut read = 0;
    let mut written = 0;
    while let (Some(s), Some(d)) = (
        src.get(read..).and_then(|s| s.first_chunk::<BLOCK>()),
        dst.get_mut(written..)
            .and_then(|d| d.first_chunk_mut::<{ 2 * OUT }>()),
    ) {
        if I::V::load(s).is_ascii() {
            if let Some(d) = d.first_chunk_mut::<BLOCK>() {
                put(d, *s);
            }
            read += BLOCK;
            written += BLOCK;
            continue;
        }
        let mut units = [0u16; BLOCK];
        let mut others = widen(isa, s, &mut units, linear);
        while others != 0 {
            let i = others.trailing_zeros() as usize;
            others &= others - 1;
            let (Some(&b), Some(unit)) = (s.get(i), units.get_mut(i)) else {
                break;
            };
            match decode[usize::from(b & 0x7F)] {
                0x00..=0x7F => return (read, written),
                cp => *unit = cp,
            }
        }
        let largest = units.iter().fold(0, |acc, &u| acc | u);
        let (Some(low), Some(high)) = (units.first_chunk::<UNITS>(), units.last_chunk::<UNITS>())
        else {
            break;
        };
        let Some(out) = d.first_chunk_mut::<OUT>() else {
            break;
        };
        let w = packer.utf8(low, largest, out);
        let Some(out) = d.get_mut(w..).and_then(|d| d.first_chunk_mut::<OUT>()) else {
            break;
        };
        written += w + packer.utf8(high, largest, out);
        read += BLOCK;
    }
    (read, written)
}

/// [`to_utf8`] from `cache`, whose entries of length 0 are packed as their bytes are met
/// (an unmapped byte's stays 0 and ends the prefix). A met byte costs one load.
#[inline]
fn memoised(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    decode: &[u16; 128],
    cache: &Utf8Cache,
) -> (usize, usize) {
    with(src, dst, |b, again| memoised_entry(decode, cache, b, again))
}

/// The packed UTF-8 of the high byte `b` from `cache`, as [`with`] asks for it: the entry
/// as it is, or `again` packed from `decode` and stored.
#[inline(always)]
fn memoised_entry(decode: &[u16; 128], cache: &Utf8Cache, b: u8, again: bool) -> u32 {
    let entry = cache.entry(b);
    if again {
        let packed = computed(decode, b);
        entry.store(packed, Relaxed);
        packed
    } else {
        entry.load(Relaxed)
    }
}

/// Bytes [`sixteen`] takes at once.
const AT_ONCE: usize = 16;

/// The room [`sixteen`] needs: three bytes a byte at most, and the last byte's four stored
/// from anywhere its mask allows.
const AT_ONCE_OUT: usize = 64 + 4;

/// Decodes the [`AT_ONCE`] bytes of `src` into `dst` from `cache` if every byte among them
/// has its entry, packing those it meets for the first time from `decode`; returns the
/// bytes written, or `None` (`dst` unwritten) at an unmapped byte. Each byte's packed UTF-8
/// is one load and stored whole, four bytes at the running length: a script's text, whose
/// words are ASCII spaces apart, then costs no branch per byte.
#[inline(always)]
fn sixteen(
    src: &[u8; AT_ONCE],
    dst: &mut [MaybeUninit<u8>; AT_ONCE_OUT],
    decode: &[u16; 128],
    cache: &Utf8Cache,
) -> Option<usize> {
    let mut packed = src.map(|b| cache.entry(b).load(Relaxed));
    // The high bit of a length's octet less one is set only for a length of 0.
    let unpacked = |packed: &[u32; AT_ONCE]| {
        packed
            .iter()
            .fold(0, |acc, &p| acc | p.wrapping_sub(1 << 24))
            >> 31
            != 0
    };
    if unpacked(&packed) {
        for (p, &b) in packed.iter_mut().zip(src) {
            if *p == 0 {
                *p = if b.is_ascii() {
                    u32::from(b) | 1 << 24
                } else {
                    computed(decode, b)
                };
                cache.entry(b).store(*p, Relaxed);
            }
        }
        if unpacked(&packed) {
            return None;
        }
    }
    let mut written = 0;
    for p in packed {
        // At most forty-five before the last byte's four: the mask changes nothing.
        if let Some(out) = dst
            .get_mut(written & 63..)
            .and_then(|o| o.first_chunk_mut::<4>())
        {
            put(out, p.to_le_bytes());
        }
        written += (p >> 24) as usize;
    }
    Some(written)
}

/// [`with`], taking [`AT_ONCE`] bytes at once by `at_once` (see [`sixteen`]) wherever they
/// do not start a span of ASCII, while `dst` has room for [`AT_ONCE_OUT`] bytes.
#[inline(always)]
fn with_runs(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    utf8_of: impl FnMut(u8, bool) -> u32,
    at_once: impl Fn(&[u8; AT_ONCE], &mut [MaybeUninit<u8>; AT_ONCE_OUT]) -> Option<usize>,
) -> (usize, usize) {
    with_hook(src, dst, utf8_of, |s, d| {
        let (Some(s), Some(d)) = (
            s.first_chunk::<AT_ONCE>(),
            d.first_chunk_mut::<AT_ONCE_OUT>(),
        ) else {
            return None;
        };
        at_once(s, d)
    })
}

/// [`to_utf8`] with `utf8_of(b, false)` giving each high byte's packed UTF-8 (length 0 for
/// none), and `utf8_of(b, true)` asked again where that had length 0 (a table's entry not
/// yet filled in): the second answer stands.
#[inline(always)]
fn with(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    utf8_of: impl FnMut(u8, bool) -> u32,
) -> (usize, usize) {
    with_hook(src, dst, utf8_of, |_, _| None)
}

/// [`with`], trying `at_once` first (bytes written for the next [`AT_ONCE`] bytes, or
/// `None`) wherever the bytes do not start a span of ASCII.
#[inline(always)]
fn with_hook(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    mut utf8_of: impl FnMut(u8, bool) -> u32,
    at_once: impl Fn(&[u8], &mut [MaybeUninit<u8>]) -> Option<usize>,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&b) = src.get(read) {
        let rest = src.get(read..).unwrap_or_default();
        if b.is_ascii() && rest.get(1).is_none_or(u8::is_ascii) {
            let n = crate::kernels::ascii::copy_ascii_overwriting(
                rest,
                dst.get_mut(written..).unwrap_or_default(),
            );
            if n == 0 {
                break;
            }
            read += n;
            written += n;
            continue;
        }
        if let Some(w) = at_once(rest, dst.get_mut(written..).unwrap_or_default()) {
            read += AT_ONCE;
            written += w;
            continue;
        }
        // Not ASCII, or ASCII before a byte that is not: one byte.
        let mut packed = if b.is_ascii() {
            b as u32 | 1 << 24
        } else {
            utf8_of(b, false)
        };
        let mut len = (packed >> 24) as usize;
        if len == 0 {
            packed = utf8_of(b, true);
            len = (packed >> 24) as usize;
            if len == 0 {
                break;
            }
        }
        // The same window in two forms: the first compiles to fewer instructions a byte in
        // the table's loop, the second to less code in a program with Latin encodings only
        // (which has no table, and little room in its size budget).
        let window = if TABLED {
            dst.get_mut(written..written + 4)
        } else {
            dst.get_mut(written..).and_then(|o| o.get_mut(..4))
        };
        match window {
            Some(out) => {
                for (o, b) in out.iter_mut().zip(packed.to_le_bytes()) {
                    o.write(b);
                }
            }
            // Near the end of `dst`: exactly the character's bytes, if they fit.
            None => match dst.get_mut(written..written + len) {
                Some(out) => {
                    for (o, b) in out.iter_mut().zip(packed.to_le_bytes()) {
                        o.write(b);
                    }
                }
                None => break,
            },
        }
        written += len;
        read += 1;
    }
    (read, written)
}

/// A range shorter than this holds no script's letters (the longest of KOI8-R is 15 long, of
/// windows-1256 22; of windows-1251 64).
const SHORT_RANGE: u16 = 32;

/// More bytes than this outside the range in a block make [`to_utf16`] look up the whole
/// block in a table of every byte rather than those bytes one by one.
const DENSE: u32 = 4;

/// Whether more than [`DENSE`] bits of `bits` are set: without a population count, which
/// the x86-64 baseline lacks (its portable form is longer than this loop).
#[inline(always)]
fn more_than_dense(mut bits: u32) -> bool {
    for _ in 0..DENSE {
        bits &= bits.wrapping_sub(1);
    }
    bits != 0
}

/// Each byte's code unit under `decode` (which maps every byte): ASCII itself.
#[inline]
fn all_bytes(decode: &[u16; 128]) -> [u16; 256] {
    let mut table = [0u16; 256];
    for (b, unit) in table.iter_mut().enumerate() {
        *unit = match b {
            // Below 0x80: the cast loses nothing.
            0x00..=0x7F => b as u16,
            _ => decode[b & 0x7F],
        };
    }
    table
}

/// As [`to_utf8`], into UTF-16: each byte is one code unit. Up to sixteen units of `dst`
/// past what is written may be overwritten.
///
/// Sixteen bytes at a time ([`widen`]): widened, the bytes of the index's longest
/// linear range translated on the way (windows-1251's 0xC0 to 0xFF, U+0410 to U+044F), and
/// every other byte above 0x7F looked up one by one, the first unmapped one ending the
/// prefix. `linear` is the index's longest linear range; short inputs go without it.
#[inline]
pub(crate) fn to_utf16(
    src: &[u8],
    dst: &mut [u16],
    decode: &[u16; 128],
    linear: LinearBytes,
) -> (usize, usize) {
    to_utf16_on(Baseline, src, dst, decode, linear)
}

/// [`to_utf16`] on `isa`.
#[inline(always)]
fn to_utf16_on<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [u16],
    decode: &[u16; 128],
    linear: LinearBytes,
) -> (usize, usize) {
    let linear = if src.len() >= TABLE_WORTH_IT {
        linear
    } else {
        LinearBytes::NONE
    };
    // An index whose range is too short to hold a script's letters, and that maps every
    // byte: a path of its own, so that the others' loop is as it was.
    if src.len() >= TABLE_WORTH_IT
        && linear.len < SHORT_RANGE
        && decode.iter().all(|&cp| cp >= 0x80)
    {
        return to_utf16_dense(isa, src, dst, decode, linear);
    }
    let mut n = 0;
    for (s, d) in src.chunks_exact(BLOCK).zip(dst.chunks_exact_mut(BLOCK)) {
        let (Some(s), Some(d)) = (s.first_chunk::<BLOCK>(), d.first_chunk_mut::<BLOCK>()) else {
            break;
        };
        let mut others = widen(isa, s, d, linear);
        while others != 0 {
            let i = others.trailing_zeros() as usize;
            others &= others - 1;
            let (Some(&b), Some(out)) = (s.get(i), d.get_mut(i)) else {
                break;
            };
            match decode[usize::from(b & 0x7F)] {
                0x00..=0x7F => return (n + i, n + i),
                cp => *out = cp,
            }
        }
        n += BLOCK;
    }
    last_bytes(src, dst, decode, n)
}

/// [`to_utf16`] for an index that maps every byte and has no long range (KOI8-R's letters
/// are in no code point order): a block with more than [`DENSE`] bytes to look up is looked
/// up whole, in a table of every byte's unit built at the first such block, sixteen loads
/// and stores with no branch and no test, where a byte at a time each letter costs a
/// branch; other blocks as [`to_utf16`] does them.
/// Out of line: a call takes it once.
#[inline(never)]
fn to_utf16_dense<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [u16],
    decode: &[u16; 128],
    linear: LinearBytes,
) -> (usize, usize) {
    let mut table = None;
    let mut n = 0;
    for (s, d) in src.chunks_exact(BLOCK).zip(dst.chunks_exact_mut(BLOCK)) {
        let (Some(s), Some(d)) = (s.first_chunk::<BLOCK>(), d.first_chunk_mut::<BLOCK>()) else {
            break;
        };
        let mut others = widen(isa, s, d, linear);
        if others != 0 && more_than_dense(others) {
            let table = table.get_or_insert_with(|| all_bytes(decode));
            for (&b, out) in s.iter().zip(d.iter_mut()) {
                *out = table[usize::from(b)];
            }
            others = 0;
        }
        // Every byte is mapped: no test.
        while others != 0 {
            let i = others.trailing_zeros() as usize;
            others &= others - 1;
            if let (Some(&b), Some(out)) = (s.get(i), d.get_mut(i)) {
                *out = decode[usize::from(b & 0x7F)];
            }
        }
        n += BLOCK;
    }
    last_bytes(src, dst, decode, n)
}

/// The bytes of `src` from `n` on (fewer than a block, or more than `dst` has room for in
/// blocks), one at a time into `dst` from `n` on, up to the first unmapped one; returns
/// (read, written) in all.
#[inline(always)]
fn last_bytes(src: &[u8], dst: &mut [u16], decode: &[u16; 128], mut n: usize) -> (usize, usize) {
    let rest = src.get(n..).unwrap_or_default();
    for (&b, d) in rest.iter().zip(dst.get_mut(n..).unwrap_or_default()) {
        *d = match b {
            0x00..=0x7F => u16::from(b),
            _ => match decode[usize::from(b & 0x7F)] {
                0x00..=0x7F => break,
                cp => cp,
            },
        };
        n += 1;
    }
    (n, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::dispatch::every_isa;
    use crate::kernels::tests::harness::{check, with_stop_everywhere, Contract, Steps};
    use crate::kernels::uninit::as_uninit;

    /// A made-up index of a script outside Latin: 0x80 + i is U+0400 + i (two bytes of
    /// UTF-8), but 0x90 + i is U+3000 + i (three), and 0xFF has none.
    fn index() -> [u16; 128] {
        index_from(0x400)
    }

    /// As [`index`] from U+00A0 (its range, U+00C0 on, is Latin's), which `to_utf8` takes a
    /// byte at a time through the packed table.
    fn latin_index() -> [u16; 128] {
        index_from(0xA0)
    }

    fn index_from(base: u16) -> [u16; 128] {
        let mut t = [0u16; 128];
        for (i, v) in t.iter_mut().enumerate() {
            *v = if (0x10..0x20).contains(&i) {
                0x3000 + i as u16
            } else {
                base + i as u16
            };
        }
        t[127] = 0;
        t
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
            assert!(
                tables.linear.first >= OUTSIDE_LATIN && !blocks_pay(tables.linear),
                "{:?}",
                tables.linear
            );
        }
    }

    /// An index that maps every byte with no range longer than one (KOI8-R's kind), whose
    /// long inputs look dense blocks up whole.
    fn scrambled_index() -> [u16; 128] {
        core::array::from_fn(|i| 0x400 + (i * 37 % 128) as u16)
    }

    /// Section 9.1's decoder, a byte at a time: each byte's code point, up to the first byte
    /// the index does not map, in the form `units` gives.
    fn steps<'a, D>(
        index: &'a [u16; 128],
        units: impl Fn(char) -> Vec<D> + 'a,
    ) -> impl Fn(&[u8]) -> Steps<D> + 'a {
        move |src| {
            let code_point = |b: u8| match b {
                0x00..=0x7F => char::from_u32(u32::from(b)),
                _ => char::from_u32(u32::from(index[usize::from(b & 0x7F)]))
                    .filter(|&c| c >= '\u{80}'),
            };
            src.iter()
                .map_while(|&b| code_point(b))
                .map(|c| (1, units(c)))
                .collect()
        }
    }

    /// Texts of every kind of byte (ASCII, the range, another stretch, 0xFF, unmapped in
    /// [`index`]) and of ASCII alone, with 0xFF at every place.
    fn texts() -> Vec<Vec<u8>> {
        let mixed = |i: usize| [b'a', 0x85, 0xC3, 0x93, b' ', 0xFE, 0x80, 0xA0, b'.', 0x9F][i % 10];
        let mut texts = with_stop_everywhere(330, mixed, 0xFF);
        texts.extend(
            with_stop_everywhere(330, |i| b'a' + (i % 26) as u8, 0xFF)
                .into_iter()
                .step_by(9),
        );
        texts.push((0..330).map(|i| (i * 37 % 256) as u8).collect());
        texts
    }

    /// A script's index and a Latin one, with one cache for every call (as the index's
    /// static is: the first calls pack what they meet, later ones read it), the blocks on
    /// every implementation.
    #[test]
    fn to_utf8_on_every_implementation() {
        let utf8 = |c: char| c.to_string().into_bytes();
        for index in [index(), latin_index(), index_from(0xE01)] {
            let linear = LinearBytes::longest(&index);
            assert_eq!(linear.first >= OUTSIDE_LATIN, index[0] != 0xA0);
            assert_eq!(
                linear.first >= OUTSIDE_LATIN && blocks_pay(linear),
                index[0] == 0x400
            );
            let cache = Utf8Cache::new();
            check(
                &texts(),
                steps(&index, utf8),
                Contract::spilling(32),
                |s, d| to_utf8(s, as_uninit(d), &index, linear, &cache),
            );
            // The blocks take a script's text only.
            if linear.first < OUTSIDE_LATIN {
                continue;
            }
            every_isa!(|isa| {
                let blocks = |s: &[u8], d: &mut [MaybeUninit<u8>], dec: &[u16; 128], linear| {
                    blocks_with(isa, s, d, dec, linear)
                };
                check(
                    &texts(),
                    steps(&index, utf8),
                    Contract::spilling(32),
                    |s, d| to_utf8_with(s, as_uninit(d), &index, linear, &cache, blocks),
                );
            });
        }
    }

    /// The UTF-16 form on every implementation, with the three kinds of index (a script's
    /// range, a Latin range, none and every byte mapped: the dense blocks).
    #[test]
    fn to_utf16_on_every_implementation() {
        let utf16 = |c: char| c.encode_utf16(&mut [0; 2]).to_vec();
        for index in [index(), latin_index(), scrambled_index()] {
            let linear = LinearBytes::longest(&index);
            every_isa!(|isa| {
                check(
                    &texts(),
                    steps(&index, utf16),
                    Contract::spilling(16),
                    |s, d| to_utf16_on(isa, s, d, &index, linear),
                );
            });
        }
    }

    /// Threads that meet the same bytes at once, each packing entries the others may be
    /// packing too, all decode right, and leave every met byte's entry packed (in a build
    /// with the table).
    #[test]
    fn one_cache_shared_by_threads() {
        let index = latin_index();
        let cache = Utf8Cache::new();
        let src: Vec<u8> = (0..4096u32).map(|i| (i * 37 % 256) as u8).collect();
        let utf8 = |c: char| c.to_string().into_bytes();
        let expected: Vec<u8> = steps(&index, utf8)(&src)
            .into_iter()
            .flat_map(|(_, b)| b)
            .collect();
        let stop = src.iter().position(|&b| b == 0xFF).unwrap_or(src.len());
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..50 {
                        let mut out = vec![0u8; 4 * src.len()];
                        let (read, written) = to_utf8(
                            &src,
                            as_uninit(&mut out),
                            &index,
                            LinearBytes::longest(&index),
                            &cache,
                        );
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
}
