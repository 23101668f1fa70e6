//! UTF-8 packing: the UTF-8 of a code point computed at once and stored at once, for every
//! kernel that writes UTF-8 (single-byte and two-byte decoders, UTF-16 to UTF-8, Latin1 to
//! UTF-8), and the blocks of eight code units of the implementations without a byte
//! shuffle: a unit at a time with no branch (portable), or stored lane by lane from lanes
//! computed at once (SSE2). Fixed-size windows of the output: the hot loops have no bounds
//! check that could panic (a panic site costs code, a location record and a relocation in
//! every binary, and the runtime must never panic).

use crate::kernels::block::{BLOCK_OUT, UNITS};
use crate::kernels::uninit::put;
use core::mem::MaybeUninit;

/// The UTF-8 of `cp`, a BMP scalar value of at least U+0080 (not a surrogate): its bytes in
/// the low octets of the result, the first lowest, and their number (2 or 3). Both forms are
/// computed and one chosen, each byte's bits shifted straight into place from the code
/// point (bits 6 to 11 to the second byte by one shift left of two, bits 0 to 5 to the
/// third by one of sixteen), then the marker bits of all at once.
#[inline(always)]
pub(crate) fn bmp_non_ascii(cp: u16) -> (u32, usize) {
    let cp = u32::from(cp);
    let three = 0x0080_80E0 | cp >> 12 | (cp << 2 & 0x3F00) | (cp << 16 & 0x003F_0000);
    if cp < 0x800 {
        (0x80C0 | cp >> 6 | (cp & 0x3F) << 8, 2)
    } else {
        (three, 3)
    }
}

/// As [`bmp_non_ascii`] for any BMP scalar value, ASCII (one byte) included.
#[inline(always)]
pub(crate) fn bmp(cp: u16) -> (u32, usize) {
    match cp {
        0..0x80 => (u32::from(cp), 1),
        _ => bmp_non_ascii(cp),
    }
}

/// The four UTF-8 bytes of `cp`, a supplementary code point (U+10000 to U+10FFFF), the
/// first lowest.
#[inline(always)]
pub(crate) fn supplementary(cp: u32) -> u32 {
    0x8080_80F0
        | cp >> 18
        | (cp >> 4 & 0x3F00)
        | (cp << 10 & 0x003F_0000)
        | (cp << 24 & 0x3F00_0000)
}

/// The four UTF-8 bytes of the supplementary code point that the surrogate pair `lead`,
/// `trail` (a lead surrogate and a trail surrogate, which the caller has checked) stands for.
#[inline(always)]
pub(crate) fn surrogate_pair(lead: u16, trail: u16) -> [u8; 4] {
    let cp = 0x1_0000 + ((u32::from(lead & 0x3FF) << 10) | u32::from(trail & 0x3FF));
    supplementary(cp).to_le_bytes()
}

/// Writes the BMP scalar value `cp` (not a surrogate, at least U+0080) at the start of
/// `out`, returning its length (2 or 3): all four bytes are stored at once (the fourth,
/// and the third of a two-byte character, are not counted). The single-byte and two-byte
/// decoders' tables hold only such values.
#[inline(always)]
pub(crate) fn write_bmp_non_ascii(cp: u16, out: &mut [u8; 4]) -> usize {
    let (bytes, len) = bmp_non_ascii(cp);
    *out = bytes.to_le_bytes();
    len
}

/// Writes `c` at the start of `out` and returns its length (1 to 4); the rest of `out` may
/// be overwritten.
#[inline(always)]
pub(crate) fn write_char(c: char, out: &mut [u8; 4]) -> usize {
    let (bytes, len) = match u16::try_from(c as u32) {
        Ok(cp) => bmp(cp),
        Err(_) => (supplementary(c as u32), 4),
    };
    *out = bytes.to_le_bytes();
    len
}

/// Writes the UTF-8 of [`UNITS`] code units all below 0x800 at the start of `out`; returns
/// its length. Bytes of `out` past it may be overwritten (up to sixteen in all).
///
/// A unit at a time with no branch: both forms computed, one chosen, stored as two bytes
/// (an ASCII unit's second overwritten by the next unit's), the length added.
#[cfg(any(test, not(kernels_x86_64)))]
#[inline(always)]
pub(crate) fn one_or_two_bytes(
    src: &[u16; UNITS],
    out: &mut [MaybeUninit<u8>; BLOCK_OUT],
) -> usize {
    let mut written = 0;
    for &u in src {
        let ascii = u < 0x80;
        let two = 0x80C0 | u >> 6 | (u & 0x3F) << 8;
        // All ones for ASCII: a choice by masks, which the compiler keeps free of branches
        // (text in a script alternates with ASCII spaces every few units).
        let keep = u16::from(ascii).wrapping_neg();
        let bytes = (u & keep) | (two & !keep);
        // At most fourteen before the last unit: the mask changes nothing.
        if let Some(o) = out
            .get_mut(written & 15..)
            .and_then(|o| o.first_chunk_mut::<2>())
        {
            put(o, bytes.to_le_bytes());
        }
        written += 2 - usize::from(ascii);
    }
    written
}

/// Writes the UTF-8 of [`UNITS`] code units none of which is a surrogate at the start of
/// `out`; returns its length. Bytes of `out` past it may be overwritten (up to
/// twenty-eight in all).
///
/// A unit at a time, four bytes stored a unit: by [`bmp`], whose branches follow the text
/// (a block of this form is mostly of one length: Chinese, Japanese, Thai).
#[cfg(any(test, not(kernels_x86_64)))]
#[inline(always)]
pub(crate) fn one_to_three_bytes(
    src: &[u16; UNITS],
    out: &mut [MaybeUninit<u8>; BLOCK_OUT],
) -> usize {
    let mut written = 0;
    for &u in src {
        let (bytes, len) = bmp(u);
        if let Some(o) = out
            .get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<4>())
        {
            put(o, bytes.to_le_bytes());
        }
        written += len;
    }
    written
}

/// The UTF-8 of a block of [`UNITS`] code units, lane by lane, as SSE2 computes it in its
/// registers: two bytes a lane (`B = u16`) for units below 0x800, three (`B = u32`) for any
/// unit that is not a surrogate.
#[cfg(kernels_x86_64)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8Lanes<B> {
    /// Each unit's bytes, the first in the low byte; the bytes past its length are not
    /// meaningful.
    pub(crate) bytes: [B; UNITS],
    /// Where each unit's bytes start, counted from the first unit's.
    pub(crate) at: [u16; UNITS],
    /// The length of the whole block's UTF-8.
    pub(crate) len: usize,
}

/// Stores the lanes of units below 0x800 at the start of `out`, each unit's bytes stored as
/// two, the second overwritten by the next unit's when the first is ASCII; returns the
/// bytes written.
#[cfg(kernels_x86_64)]
#[inline(always)]
pub(crate) fn store_two(lanes: Utf8Lanes<u16>, out: &mut [MaybeUninit<u8>; BLOCK_OUT]) -> usize {
    // Starts are at most 14 (seven units of two bytes before the last).
    store::<_, 2, 15>(lanes, out, u16::to_le_bytes)
}

/// Stores the lanes of units that are not surrogates at the start of `out`, each unit's
/// bytes stored as four, of which the next unit's overwrite what is not its own; returns
/// the bytes written.
#[cfg(kernels_x86_64)]
#[inline(always)]
pub(crate) fn store_three(lanes: Utf8Lanes<u32>, out: &mut [MaybeUninit<u8>; BLOCK_OUT]) -> usize {
    // Starts are at most 21 (seven units of three bytes before the last).
    store::<_, 4, 31>(lanes, out, u32::to_le_bytes)
}

/// Stores each lane's bytes, `W` of them, at its start in `out`, in order, so that each
/// lane's overwrites what the one before wrote past its own; returns the block's length.
/// `MASK` (one less than a power of two at least every start) changes no start; it lets
/// the compiler see most stores are within `out`.
#[cfg(kernels_x86_64)]
#[inline(always)]
fn store<B: Copy, const W: usize, const MASK: usize>(
    lanes: Utf8Lanes<B>,
    out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    to_bytes: impl Fn(B) -> [u8; W],
) -> usize {
    for (&bytes, &at) in lanes.bytes.iter().zip(&lanes.at) {
        let at = usize::from(at) & MASK;
        if let Some(o) = out.get_mut(at..).and_then(|o| o.first_chunk_mut::<W>()) {
            put(o, to_bytes(bytes));
        }
    }
    lanes.len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_the_standard_library_writes() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut out = [0u8; 4];
            let n = write_char(c, &mut out);
            let mut expected = [0u8; 4];
            assert_eq!(&out[..n], c.encode_utf8(&mut expected).as_bytes());
            if let Ok(cp) = u16::try_from(c as u32) {
                let (bytes, len) = bmp(cp);
                assert_eq!(
                    &bytes.to_le_bytes()[..len],
                    c.encode_utf8(&mut expected).as_bytes()
                );
            } else {
                let four = supplementary(c as u32).to_le_bytes();
                assert_eq!(&four[..], c.encode_utf8(&mut expected).as_bytes());
            }
            if (0x80..=0xFFFF).contains(&(c as u32)) {
                let mut out = [0u8; 4];
                let n = write_bmp_non_ascii(c as u16, &mut out);
                assert_eq!(&out[..n], c.encode_utf8(&mut expected).as_bytes());
            }
        }
    }
}
