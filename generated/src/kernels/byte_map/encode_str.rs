//! Encoding a `&str` with a single-byte index (section 9.2) without decoding it into
//! `char`s one at a time: ASCII is copied in spans, and a two-byte UTF-8 sequence whose code
//! point is in the index's longest linear range (windows-1251's U+0410 to U+044F, the Latin-1
//! letters of windows-1252), or a three-byte one (windows-874's Thai), becomes its byte by
//! arithmetic. Text in one script is nearly all
//! ASCII and one such range; the rest goes to the caller's step.
//!
//! Only in builds with a non-Latin script's encoding ([`crate::kernels::byte_map::decode::TABLED`]): a
//! program that encodes windows-1252 alone keeps the smaller path of the generic loop.
//!
//! The output is bytes not yet written ([`MaybeUninit<u8>`]: a `Vec`'s spare capacity,
//! which the one-shot `encode` fills without zeroing it first); the encode loop's buffer of
//! bytes is lent as such by [`as_uninit`](crate::kernels::uninit::as_uninit), so that a program has one copy of the kernel.

use crate::kernels::ascii::copy_ascii_uninit;
use crate::kernels::byte_map::encode::Memo;
use crate::kernels::dispatch::{dispatched, Baseline};
use crate::kernels::isa::{Implementation, Isa, Vector};
use crate::tables::LinearBytes;
use core::mem::MaybeUninit;

dispatched! {
    /// [`copy_ascii_uninit`] out of line, chosen once a call: one copy for the kernel's two
    /// calls and AVX2's [`words`], sixty-four bytes a step, by two AVX2 registers where the kernels run on AVX2
    /// (the decoders' copy).
    fn copy_ascii(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize
        = copy_ascii_uninit on avx2 chosen as CopyAscii;
}

dispatched! {
    /// [`words_on`] out of line, chosen once a call: by two AVX2 registers a window where
    /// the kernels run on AVX2.
    fn words(
        src: &[u8],
        dst: &mut [MaybeUninit<u8>],
        linear: LinearBytes,
        copy_ascii: CopyAscii,
    ) -> (usize, usize) = words_on on avx2 chosen as Words;
}

/// Latin text from the start of `src`: ASCII and two-byte letters of `linear`, a window of
/// sixty-four bytes at a time while both sides have 128 bytes of room. The window's
/// non-ASCII bytes are found once, as a mask; each letter then takes the next two of its bits,
/// so that the next letter's place does not wait on a load, and the ASCII before it is
/// copied by one store of a whole window, with no branch on its length. Returns (bytes read,
/// bytes written), stopping before anything else; (0, 0) with less room. Up to sixty-four
/// bytes of `dst` past those written may be written too. A window of ASCII goes on by the
/// block copy, out of line (`copy_ascii`) where registers are wide, whose copy of this loop
/// is then shorter for a call that costs little next to the span.
#[inline(always)]
fn words_on<I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    linear: LinearBytes,
    copy_ascii: CopyAscii,
) -> (usize, usize) {
    let (first, len) = (u32::from(linear.first), u32::from(linear.len));
    let (mut read, mut written) = (0, 0);
    while let (Some(s), Some(d)) = (
        src.get(read..).and_then(|s| s.first_chunk::<128>()),
        dst.get_mut(written..)
            .and_then(|d| d.first_chunk_mut::<128>()),
    ) {
        let (window, _) = s.split_first_chunk::<64>().unwrap_or((&[0; 64], &[]));
        let bytes = I::X::load(window);
        let mut non_ascii = bytes.movemask();
        if non_ascii == 0 {
            // A long span: the block copy, to its end.
            let (from, to) = (
                src.get(read..).unwrap_or_default(),
                dst.get_mut(written..).unwrap_or_default(),
            );
            let n = if I::WIDE {
                copy_ascii.call(from, to)
            } else {
                copy_ascii_uninit(isa, from, to)
            };
            read += n;
            written += n;
            continue;
        }
        // The ASCII to the first non-ASCII byte, and more after it.
        if let Some(to) = d.first_chunk_mut::<64>() {
            bytes.store(to);
        }
        // The window's bytes before `at` are taken; `out` of `d` written, below 64 where
        // it indexes `d` (each letter takes two bytes and writes one): the masks below tell
        // the compiler so and change nothing.
        let (mut at, mut out) = (0, 0);
        loop {
            // 64 if none.
            let next = non_ascii.trailing_zeros() as usize;
            out += next - at;
            let (Some(&lead), Some(&trail)) = (window.get(next), window.get(next + 1)) else {
                // No whole character left in the window: the next window from `next`.
                read += next;
                written += out;
                break;
            };
            debug_assert!(out < 64);
            let offset =
                (u32::from(lead & 0x1F) << 6 | u32::from(trail & 0x3F)).wrapping_sub(first);
            let (0xC0, Some(slot)) = (lead & 0xE0, d.get_mut(out & 63).filter(|_| offset < len))
            else {
                return (read + next, written + out);
            };
            // Below `len`, at most 128: the cast loses nothing.
            slot.write(linear.byte.wrapping_add(offset as u8));
            out += 1;
            at = next + 2;
            // The letter's two bits, the lowest set.
            non_ascii &= non_ascii.wrapping_sub(1);
            non_ascii &= non_ascii.wrapping_sub(1);
            // The ASCII after the letter to the next non-ASCII byte, and more after it.
            debug_assert!(out < 64);
            let from = s.get(at..).and_then(|s| s.first_chunk::<64>());
            let to = d
                .get_mut(out & 63..)
                .and_then(|d| d.first_chunk_mut::<64>());
            if let (Some(from), Some(to)) = (from, to) {
                I::X::load(from).store(to);
            }
        }
    }
    (read, written)
}

/// Encodes the longest prefix of `src` that `dst` has room for: ASCII and two-byte
/// sequences in `linear` here, every other character by `other` (its byte, or `None` to stop
/// before it). Returns (bytes of `src` read, units written); what is read ends at a
/// character boundary. The first units of `dst`, as many as are written, hold the bytes, in
/// order; units past them may be written too. The ASCII copy is the decoders', AVX2's where
/// the kernels run on it, chosen once a call; the loop is the same on every implementation.
///
/// Out of line, once for ranges of Latin-1's letters (Latin text: letters with ASCII
/// between them, taken by [`words`]) and once for the rest: inlined, it changed how the
/// handler's own path around it compiled, which then cost Latin text more.
#[inline]
pub(crate) fn encode(
    src: &str,
    dst: &mut [MaybeUninit<u8>],
    linear: LinearBytes,
    other: impl FnMut(char) -> Option<u8>,
) -> (usize, usize) {
    // Words pay with vector registers, not with the portable implementation's words; and
    // only with `std`, whose builds may spend code on speed, as on the run-time choice of
    // instruction set, and not with `compact`, which takes the smaller code where it takes
    // the smaller tables: those builds keep the one loop.
    let vectors = !matches!(<Baseline as Isa>::IMPLEMENTATION, Implementation::Portable);
    if cfg!(all(feature = "std", not(feature = "compact"))) && vectors && linear.first < 0x100 {
        encode_on::<true>(src, dst, linear, other)
    } else {
        encode_on::<false>(src, dst, linear, other)
    }
}

/// [`encode`], with [`words`] after a letter where `LATIN`.
#[inline(never)]
fn encode_on<const LATIN: bool>(
    src: &str,
    dst: &mut [MaybeUninit<u8>],
    linear: LinearBytes,
    mut other: impl FnMut(char) -> Option<u8>,
) -> (usize, usize) {
    let copy_ascii = copy_ascii();
    let words = words();
    // The input is taken from the front of a slice (its patterns check lengths with no
    // panic path); `written` indexes the output.
    let mut rest = src.as_bytes();
    let mut written = 0;
    let mut memo = Memo::new();
    while let Some(out) = dst.get_mut(written) {
        let (c, len) = match *rest {
            // A two-byte sequence: `src` is UTF-8, so a lead below 0xE0 has one
            // continuation byte after it, and the two encode U+0080 to U+07FF.
            [lead @ 0xC0..=0xDF, trail, ..] => {
                let code_point = u16::from(lead & 0x1F) << 6 | u16::from(trail & 0x3F);
                if let Some(b) = linear.byte_of(code_point) {
                    out.write(b);
                    rest = rest.get(2..).unwrap_or_default();
                    written += 1;
                    let out = dst.get_mut(written..).unwrap_or_default();
                    let (read, wrote) = match *rest {
                        // Words of the script: two characters of the range at a time (not
                        // for a lone accented letter in Latin text).
                        [0xC0..=0xDF, ..] => two_at_a_time(rest, out, linear),
                        // A lone accented letter in Latin text, and the rest of its word
                        // after it: the block copy straight away, without going round
                        // the loop's tests first.
                        [0x00..=0x7F, 0x00..=0x7F, ..] => {
                            match LATIN.then(|| words.call(rest, out, linear, copy_ascii)) {
                                None | Some((0, _)) => {
                                    let n = copy_ascii.call(rest, out);
                                    (n, n)
                                }
                                Some(taken) => taken,
                            }
                        }
                        // A space between two words of the script.
                        [space @ 0x00..=0x7F, ..] => match out.first_mut() {
                            Some(out) => {
                                out.write(space);
                                (1, 1)
                            }
                            None => (0, 0),
                        },
                        _ => (0, 0),
                    };
                    rest = rest.get(read..).unwrap_or_default();
                    written += wrote;
                    continue;
                }
                let c = u32::from(code_point);
                // A letter remembered (a Latin encoding's outside the range), and the rest of
                // its word after it, straight away too.
                if let Some(b) = memo.get(c) {
                    out.write(b);
                    rest = rest.get(2..).unwrap_or_default();
                    written += 1;
                    if let [0x00..=0x7F, 0x00..=0x7F, ..] = *rest {
                        let n = copy_ascii.call(rest, dst.get_mut(written..).unwrap_or_default());
                        rest = rest.get(n..).unwrap_or_default();
                        written += n;
                    }
                    continue;
                }
                (c, 2)
            }
            // A three-byte sequence in the range (windows-874's Thai).
            [lead @ 0xE0..=0xEF, second, third, ..] => {
                let code_point = u16::from(lead & 0x0F) << 12
                    | u16::from(second & 0x3F) << 6
                    | u16::from(third & 0x3F);
                if let Some(b) = linear.byte_of(code_point) {
                    out.write(b);
                    rest = rest.get(3..).unwrap_or_default();
                    written += 1;
                    continue;
                }
                (u32::from(code_point), 3)
            }
            // A span of ASCII by the block copy; a lone ASCII byte (a space between words)
            // here.
            [0x00..=0x7F, 0x00..=0x7F, ..] => {
                let n = copy_ascii.call(rest, dst.get_mut(written..).unwrap_or_default());
                rest = rest.get(n..).unwrap_or_default();
                written += n;
                continue;
            }
            [lead @ 0x00..=0x7F, ref tail @ ..] => {
                out.write(lead);
                rest = tail;
                written += 1;
                continue;
            }
            [] => break,
            // A longer sequence: the character at the start of `rest`, a boundary of `src`.
            _ => {
                let read = src.len() - rest.len();
                let Some(c) = src.get(read..).and_then(|r| r.chars().next()) else {
                    break;
                };
                (c as u32, c.len_utf8())
            }
        };
        let Some(byte) = memo.byte(c, || char::from_u32(c).and_then(&mut other)) else {
            break;
        };
        out.write(byte);
        rest = rest.get(len..).unwrap_or_default();
        written += 1;
    }
    (src.len() - rest.len(), written)
}

/// Two-byte characters of `linear` at the start of `src`, two at a time, their bytes
/// written to `dst`; returns (bytes read, bytes written). Stops before the first two of
/// which one is anything else.
#[inline(always)]
fn two_at_a_time(src: &[u8], dst: &mut [MaybeUninit<u8>], linear: LinearBytes) -> (usize, usize) {
    let (first, len) = (u32::from(linear.first), u32::from(linear.len));
    let mut twos = 0;
    for (four, out) in src.chunks_exact(4).zip(dst.chunks_exact_mut(2)) {
        let (Some(four), [out_a, out_b]) = (four.first_chunk::<4>(), out) else {
            break;
        };
        let w = u32::from_le_bytes(*four);
        // Two leads 110xxxxx, each followed by a continuation byte 10xxxxxx.
        if w & 0xC0E0_C0E0 != 0x80C0_80C0 {
            break;
        }
        let a = ((w & 0x1F) << 6 | (w >> 8 & 0x3F)).wrapping_sub(first);
        let b = ((w >> 16 & 0x1F) << 6 | (w >> 24 & 0x3F)).wrapping_sub(first);
        if a >= len || b >= len {
            break;
        }
        // Below `len`, at most 128: the casts lose nothing.
        out_a.write(linear.byte.wrapping_add(a as u8));
        out_b.write(linear.byte.wrapping_add(b as u8));
        twos += 1;
    }
    let (read, written) = (4 * twos, 2 * twos);
    (read, written)
}
