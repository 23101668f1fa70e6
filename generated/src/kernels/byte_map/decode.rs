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

/// Inputs shorter than this are decoded to UTF-16 without the range or the table of every byte.
const TABLE_WORTH_IT: usize = 128;

/// Whether a build has the table of packed UTF-8: only with an encoding of a script outside
/// Latin, whose text is mostly not ASCII.
pub(crate) const TABLED: bool = cfg!(feature = "_single-byte-non-latin");

/// Decodes the longest prefix of `src` that `decode` maps (the code point of byte 0x80 + i
/// at i, below 0x80 for none) into UTF-8 in `dst`, whole characters while they fit; returns
/// (read, written). Up to thirty-two bytes of `dst` past what is written may be overwritten.
/// Spans of ASCII are copied; other bytes' UTF-8 comes from `cache` where the build has it
/// ([`TABLED`]), else from `decode`; a script outside Latin goes through [`by_blocks`] first.
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
pub(super) fn to_utf8_with(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    decode: &[u16; 128],
    linear: LinearBytes,
    cache: &Utf8Cache,
    blocks: impl Fn(&[u8], &mut [MaybeUninit<u8>], &[u16; 128], LinearBytes) -> (usize, usize),
) -> (usize, usize) {
    let memoised = |b, again| memoised_entry(decode, cache, b, again);
    if TABLED {
        if linear.first < OUTSIDE_LATIN {
            return with(src, dst, memoised, |_, _| None);
        }
        let (read, written) = blocks(src, dst, decode, linear);
        let (r, w) = with(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
            memoised,
            |s, d| sixteen(s, d, decode, cache),
        );
        return (read + r, written + w);
    }
    let from_index = |b, again| if again { 0 } else { computed(decode, b) };
    with(src, dst, from_index, |_, _| None)
}

/// The UTF-8 of the high byte `b` under `decode`, packed: the bytes in the low three octets
/// (first byte lowest), the length in the high octet (0 for none).
#[inline(always)]
pub(super) fn computed(decode: &[u16; 128], b: u8) -> u32 {
    match decode[(b & 0x7F) as usize] {
        0x00..=0x7F => 0,
        cp => {
            let (bytes, len) = bmp_non_ascii(cp);
            bytes | (len as u32) << 24
        }
    }
}

/// The first code point of Greek: an index whose longest range starts here or above is of a
/// script outside Latin.
pub(super) const OUTSIDE_LATIN: u16 = 0x370;

/// Whether [`by_blocks`] pays for an index of a script outside Latin: where its range holds
/// the script's letters (not KOI8's, out of order) and their UTF-8 is of two bytes (not Thai's).
#[inline(always)]
pub(super) const fn blocks_pay(linear: LinearBytes) -> bool {
    linear.len >= LETTERS_IN_RANGE && (linear.first as u32) + (linear.len as u32) <= 0x800
}

/// The shortest range of a script's letters (windows-1256's is 22, KOI8-U's 8).
const LETTERS_IN_RANGE: u16 = 16;

dispatched! {
    /// Decodes the longest prefix of `src` of whole blocks that `decode` maps, as [`to_utf8`]
    /// (up to [`OUT`] bytes past what is written overwritten): each block widened as
    /// [`to_utf16`] does, then packed to UTF-8 with no branch per byte. Only with a byte
    /// shuffle ([`Isa::SHUFFLE`]) and where [`blocks_pay`]; otherwise it decodes nothing.
    fn by_blocks(
        src: &[u8],
        dst: &mut [MaybeUninit<u8>],
        decode: &[u16; 128],
        linear: LinearBytes,
    ) -> (usize, usize) = blocks_with on ssse3;
}

/// [`by_blocks`] on `isa`.
#[inline(always)]
pub(super) fn blocks_with<I: Isa>(
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
        let others = widen(isa, s, &mut units, linear);
        if look_up::<false>(s, &mut units, decode, others).is_some() {
            return (read, written);
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

/// The packed UTF-8 of the high byte `b` from `cache`, or with `again` computed and stored.
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

/// The room [`sixteen`] needs: three bytes a byte, and the last one's four from any offset.
const AT_ONCE_OUT: usize = 64 + 4;

/// Decodes the first [`AT_ONCE`] bytes of `src` into `dst` from `cache` (entries met for the
/// first time packed from `decode`), each stored whole at the running length with no branch;
/// returns the bytes written, or `None` (`dst` unwritten) at an unmapped byte.
#[inline(always)]
fn sixteen(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    decode: &[u16; 128],
    cache: &Utf8Cache,
) -> Option<usize> {
    let (src, dst) = (
        src.first_chunk::<AT_ONCE>()?,
        dst.first_chunk_mut::<AT_ONCE_OUT>()?,
    );
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
        // At most forty-five: the mask changes nothing.
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

/// [`to_utf8`] with `utf8_of(b, again)` giving each high byte's packed UTF-8, asked `again`
/// where the first answer had length 0; where no span of ASCII starts, `at_once` is tried
/// first (bytes written for the next [`AT_ONCE`] bytes, or `None`).
#[inline(always)]
fn with(
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
        // Two forms: the first is faster in the table's loop, the second smaller without it.
        let window = if TABLED {
            dst.get_mut(written..written + 4)
        } else {
            dst.get_mut(written..).and_then(|o| o.get_mut(..4))
        };
        let put_packed = |out: &mut [MaybeUninit<u8>]| {
            for (o, b) in out.iter_mut().zip(packed.to_le_bytes()) {
                o.write(b);
            }
        };
        match window {
            Some(out) => put_packed(out),
            // Near the end of `dst`: exactly the character's bytes, if they fit.
            None => match dst.get_mut(written..written + len) {
                Some(out) => put_packed(out),
                None => break,
            },
        }
        written += len;
        read += 1;
    }
    (read, written)
}

/// A range shorter than this holds no script's letters.
const SHORT_RANGE: u16 = 32;

/// More bytes than this outside the range make [`to_utf16`] look up a block whole.
const DENSE: u32 = 4;

/// Whether more than [`DENSE`] bits of `bits` are set (the baseline has no population count).
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
    core::array::from_fn(|b| match b {
        // Below 0x80: the cast loses nothing.
        0x00..=0x7F => b as u16,
        _ => decode[b & 0x7F],
    })
}

/// As [`to_utf8`], into UTF-16, sixteen bytes at a time ([`widen`]) with the bytes outside
/// `linear` looked up one by one. Up to sixteen units past what is written may be overwritten.
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
pub(super) fn to_utf16_on<I: Isa>(
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
    // An index that maps every byte and has no script's range (KOI8-R): a loop of its own.
    if src.len() >= TABLE_WORTH_IT
        && linear.len < SHORT_RANGE
        && decode.iter().all(|&cp| cp >= 0x80)
    {
        return to_utf16_dense(isa, src, dst, decode, linear);
    }
    to_utf16_blocks::<false, I>(isa, src, dst, decode, linear)
}

/// [`to_utf16`] for an index that maps every byte and has no long range; out of line.
#[inline(never)]
fn to_utf16_dense<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [u16],
    decode: &[u16; 128],
    linear: LinearBytes,
) -> (usize, usize) {
    to_utf16_blocks::<true, I>(isa, src, dst, decode, linear)
}

/// The blocks of [`to_utf16`], then [`last_bytes`]. If `EVERY_BYTE` (`decode` maps each), a
/// block with more than [`DENSE`] bytes to look up is looked up whole in a table of every byte.
#[inline(always)]
fn to_utf16_blocks<const EVERY_BYTE: bool, I: Isa>(
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
        if EVERY_BYTE && others != 0 && more_than_dense(others) {
            let table = table.get_or_insert_with(|| all_bytes(decode));
            for (&b, out) in s.iter().zip(d.iter_mut()) {
                *out = table[usize::from(b)];
            }
            others = 0;
        }
        if let Some(i) = look_up::<EVERY_BYTE>(s, d, decode, others) {
            return (n + i, n + i);
        }
        n += BLOCK;
    }
    last_bytes(src, dst, decode, n)
}

/// Puts the code points of the bytes of `s` named by `others` into `units`; returns the index
/// of the first that `decode` does not map, unless `EVERY_BYTE` (it maps each).
#[inline(always)]
fn look_up<const EVERY_BYTE: bool>(
    s: &[u8; BLOCK],
    units: &mut [u16; BLOCK],
    decode: &[u16; 128],
    mut others: u32,
) -> Option<usize> {
    while others != 0 {
        let i = others.trailing_zeros() as usize;
        others &= others - 1;
        let (Some(&b), Some(unit)) = (s.get(i), units.get_mut(i)) else {
            break;
        };
        match decode[usize::from(b & 0x7F)] {
            0x00..=0x7F if !EVERY_BYTE => return Some(i),
            cp => *unit = cp,
        }
    }
    None
}

/// The bytes of `src` from `n` on, one at a time into `dst` from `n` on, up to the first
/// unmapped one; returns (read, written) in all.
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
