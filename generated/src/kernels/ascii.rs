//! Runs of ASCII in bytes, sixteen bytes (one `u128`) at a time: where a run ends, and
//! copying it, as bytes or widened to UTF-16 code units.

use super::block::Bytes;
use super::block::Isa;
use super::linear_run::LinearRun;
use super::runs::convert_runs;
use super::walk::prefix_len;
use super::Baseline;

/// Bytes per test: one `u128`, two registers on a 64-bit machine.
const BLOCK: usize = 16;

/// Bytes per step of [`copy_ascii_overwriting`].
const WIDE: usize = 32;

/// The high bit of every byte; a byte is ASCII when its high bit is clear.
const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;

/// The index in `block` of its first non-ASCII byte, if any: the lowest high bit set, in the
/// block read little-endian so that the lowest bit is the first byte's.
#[inline(always)]
fn first_non_ascii(block: &[u8; BLOCK]) -> Option<usize> {
    let high = u128::from_le_bytes(*block) & HIGH;
    (high != 0).then(|| (high.trailing_zeros() / 8) as usize)
}

/// The length of the longest ASCII prefix of `bytes`.
#[inline]
pub(crate) fn ascii_up_to(bytes: &[u8]) -> usize {
    prefix_len(bytes, first_non_ascii)
}

/// The length of the longest ASCII prefix of `bytes`, as [`ascii_up_to`], for long runs:
/// the first sixteen bytes, then sixty-four at a time from 16-byte boundaries of memory
/// ([`Line`]), which SSE2 can OR straight from memory (nine instructions for 64 bytes), then
/// sixteen at a time again. What the UTF-8 validation of `std` builds skips ASCII with.
#[cfg(all(feature = "std", kernels_x86_64))]
#[inline]
pub(crate) fn long_ascii_up_to<I: Isa>(bytes: &[u8]) -> usize {
    if let Some(first) = bytes.first_chunk::<16>() {
        if let Some(i) = I::Bytes16::load(first).first_non_ascii() {
            return i;
        }
    }
    // SAFETY: a `Line` is sixty-four bytes, any value a valid one, and `align_to` only
    // reinterprets the aligned middle of `bytes`, which it borrows for as long.
    let (head, body, _) = unsafe { bytes.align_to::<Line>() };
    // The head (under sixteen bytes) was in the first check when it was made.
    let mut i = if bytes.len() < 16 { 0 } else { head.len() };
    for line in body {
        if !I::Bytes64::load(&line.0).is_ascii() {
            break;
        }
        i += 64;
    }
    // The lines from the one with a byte that is not ASCII, if any, then the tail.
    let rest = bytes.get(i..).unwrap_or_default();
    let mut blocks = rest.chunks_exact(16);
    for block in &mut blocks {
        let block = block.first_chunk::<16>().copied().unwrap_or_default();
        if let Some(first) = I::Bytes16::load(&block).first_non_ascii() {
            return i + first;
        }
        i += 16;
    }
    let tail = blocks.remainder();
    i + tail
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(tail.len())
}

/// Sixty-four bytes at a 16-byte boundary of memory.
#[cfg(all(feature = "std", kernels_x86_64))]
#[repr(C, align(16))]
struct Line([u8; 64]);

/// Whether `block` has a byte that is not ASCII.
#[cfg(all(feature = "std", kernels_x86_64))]
#[inline(always)]
pub(crate) fn has_non_ascii(block: &[u8; 64]) -> bool {
    !<Baseline as Isa>::Bytes64::load(block).is_ascii()
}

/// Whether every byte of `bytes` is ASCII. Out of line: the one-shot calls ask it once per
/// call, and one copy serves them all (each inlined copy costs the smallest programs 0.2
/// KiB).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(never)]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    ascii_up_to(bytes) == bytes.len()
}

/// The length of the longest prefix of `bytes` that ISO-2022-JP's decoder, in its ASCII
/// state, decodes to itself: ASCII but ESC, SO and SI (section 12.2.1).
///
/// Sixteen bytes at a time, as [`ascii_up_to`]: the bytes are also tested for ESC and for
/// SO and SI (which differ in the low bit only) with the word-at-a-time zero-byte test (a
/// byte's high bit is set in `(v − 0x01…) & !v` if the byte is zero, and wrongly only above
/// a zero byte, so the lowest one found is right). Its encoder copies runs of the same bytes
/// in its ASCII state: a byte at a time this scan was most of the time of a page's ASCII.
#[inline]
pub(crate) fn iso_2022_jp_ascii_up_to(bytes: &[u8]) -> usize {
    prefix_len(bytes, first_iso_2022_jp_stop)
}

/// The index in `block` of its first byte that is not ASCII or is ESC, SO or SI.
#[inline(always)]
fn first_iso_2022_jp_stop(block: &[u8; BLOCK]) -> Option<usize> {
    const ONES: u128 = HIGH >> 7;
    let x = u128::from_le_bytes(*block);
    let zero_bytes = |v: u128| v.wrapping_sub(ONES) & !v & HIGH;
    let stops = (x & HIGH)
        | zero_bytes(x ^ (ONES * 0x1B))
        | zero_bytes((x & (ONES * 0xFE)) ^ (ONES * 0x0E));
    (stops != 0).then(|| (stops.trailing_zeros() / 8) as usize)
}

/// Copies the longest ASCII prefix of `src` that fits in `dst` into it, each byte as a
/// `D` (a byte, or a UTF-16 code unit); returns its length. `dst` past it is left as it was.
///
/// Two passes, the scan and then the copy, each a loop the compiler makes wide: copying
/// each block as it is checked makes it move the checked bytes through general registers
/// and widen them one at a time.
#[inline]
pub(crate) fn copy_ascii<D: From<u8>>(src: &[u8], dst: &mut [D]) -> usize {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let ascii = ascii_up_to(src);
    for (d, s) in dst.iter_mut().zip(src).take(ascii) {
        *d = D::from(*s);
    }
    ascii
}

/// As [`copy_ascii`] into bytes, but up to thirty-two bytes of `dst` past the returned
/// length may be overwritten (with the source's next bytes): one pass, each block stored as
/// it is tested, which the decode loop's fast paths prefer (de windows-1252
/// decode 3.5M instructions against 5.0M with [`copy_ascii`]); they may overwrite that much
/// (`run::output::OVERWRITE`). Under a block left, a byte at a time.
///
/// Out of line: one copy serves the decoders and encoders (inlined, the windows-1252 program
/// carried three, 0.2 KiB more); its callers take it for a run, not a byte.
#[inline(never)]
pub(crate) fn copy_ascii_overwriting(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return 0;
    };
    let mut i = 0;
    // Thirty-two bytes at a time: the whole block is stored, and only its ASCII prefix
    // counted, so that the bytes are read once.
    for (s, d) in src.chunks_exact(WIDE).zip(dst.chunks_exact_mut(WIDE)) {
        let (Some(s), Some(d)) = (s.first_chunk::<WIDE>(), d.first_chunk_mut::<WIDE>()) else {
            break;
        };
        let block = <Baseline as Isa>::Bytes32::load(s);
        block.store(d);
        if let Some(bad) = block.first_non_ascii() {
            return i + bad;
        }
        i += WIDE;
    }
    while let (Some(&b), Some(d)) = (src.get(i), dst.get_mut(i)) {
        if !b.is_ascii() {
            break;
        }
        *d = b;
        i += 1;
    }
    i
}

/// As [`copy_ascii`] into UTF-16 code units, but up to sixteen units of `dst` past the
/// returned length may be overwritten: one pass, sixteen bytes at a time, each block
/// widened and stored whole ([`Isa::widen`]) and only its ASCII prefix counted, then a
/// byte at a time.
#[inline]
pub(crate) fn widen_ascii_overwriting(src: &[u8], dst: &mut [u16]) -> usize {
    let mut n = 0;
    for (s, d) in src.chunks_exact(BLOCK).zip(dst.chunks_exact_mut(BLOCK)) {
        let (Some(s), Some(d)) = (s.first_chunk::<BLOCK>(), d.first_chunk_mut::<BLOCK>()) else {
            break;
        };
        match Baseline.widen(s, d, LinearRun::NONE) {
            0 => n += BLOCK,
            others => return n + others.trailing_zeros() as usize,
        }
    }
    let rest = src.get(n..).unwrap_or_default();
    for (&b, d) in rest.iter().zip(dst.get_mut(n..).unwrap_or_default()) {
        if b >= 0x80 {
            break;
        }
        *d = u16::from(b);
        n += 1;
    }
    n
}

/// Converts bytes `src` into `dst`: runs of ASCII copied by [`copy_ascii`], each other
/// character by `step`, as [`convert_runs`] describes; returns (read, written).
#[inline(always)]
pub(crate) fn convert_ascii_runs<D: From<u8>>(
    src: &[u8],
    dst: &mut [D],
    step: impl Fn(&[u8], &mut [D]) -> Option<(usize, usize)>,
) -> (usize, usize) {
    convert_runs(src, dst, |b| b.is_ascii(), copy_ascii, step)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The long scan on every implementation, at every length to 160 and alignment, with a
    /// non-ASCII byte at every position (and another after it), against the short scan.
    #[cfg(all(feature = "std", kernels_x86_64))]
    #[test]
    fn long_ascii_up_to_finds_every_non_ascii_byte_at_every_length_and_alignment() {
        fn check<I: Isa>(_: I) {
            for align in 0..16 {
                for len in 0..=160 {
                    let buf: Vec<u8> = (0..align + len).map(|i| b'a' + (i % 26) as u8).collect();
                    assert_eq!(long_ascii_up_to::<I>(&buf[align..]), len);
                    for bad in 0..len {
                        for byte in [0x80, 0xFF] {
                            let mut buf = buf.clone();
                            buf[align + bad] = byte;
                            if let Some(b) = buf.get_mut(align + bad + 5) {
                                *b = 0xC3;
                            }
                            let src = &buf[align..];
                            assert_eq!(long_ascii_up_to::<I>(src), bad, "{align} {len}");
                            assert_eq!(ascii_up_to(src), bad);
                        }
                    }
                }
            }
        }
        every_isa!(|isa| check(isa));
    }

    /// The block test against the plain one, with a non-ASCII byte at every position.
    #[cfg(all(feature = "std", kernels_x86_64))]
    #[test]
    fn has_non_ascii_sees_every_position() {
        let ascii = [b'a'; 64];
        assert!(!has_non_ascii(&ascii));
        for at in 0..64 {
            for b in [0x80, 0xC3, 0xFF] {
                let mut block = ascii;
                block[at] = b;
                assert!(has_non_ascii(&block), "{b:#x} at {at}");
            }
        }
    }

    /// Text of `len` ASCII bytes starting `align` bytes into a buffer, so that the blocks
    /// fall at every offset from the buffer's alignment.
    fn ascii_text(align: usize, len: usize) -> Vec<u8> {
        (0..align + len).map(|i| b'a' + (i % 26) as u8).collect()
    }

    #[test]
    fn ascii_up_to_finds_every_non_ascii_byte_at_every_length_and_alignment() {
        for align in 0..BLOCK {
            for len in 0..=64 {
                let buf = ascii_text(align, len);
                assert_eq!(ascii_up_to(&buf[align..]), len);
                for bad in 0..len {
                    for byte in [0x80, 0xC3, 0xFF] {
                        let mut buf = buf.clone();
                        buf[align + bad] = byte;
                        // A second non-ASCII byte later must not matter.
                        if let Some(b) = buf.get_mut(align + bad + 3) {
                            *b = 0x80;
                        }
                        assert_eq!(ascii_up_to(&buf[align..]), bad, "align {align} len {len}");
                    }
                }
            }
        }
    }

    /// Section 12.2.1's ASCII state decodes 0x00 to 0x7F but 0x0E, 0x0F and 0x1B to
    /// themselves: every byte value at every place of every length and alignment, with
    /// control bytes and zero around it (a zero byte is where the word-at-a-time test could
    /// go wrong).
    #[test]
    fn iso_2022_jp_ascii_up_to_stops_at_each_byte_the_ascii_state_does_not_decode_to_itself() {
        let itself = |b: u8| b.is_ascii() && !matches!(b, 0x0E | 0x0F | 0x1B);
        for align in 0..BLOCK {
            for len in 0..=48 {
                let mut buf = ascii_text(align, len);
                for (i, b) in buf.iter_mut().enumerate() {
                    if i % 5 == 0 {
                        *b = [0x00, 0x0A, 0x0D, 0x1A, 0x1C, 0x10][i % 6];
                    }
                }
                assert_eq!(iso_2022_jp_ascii_up_to(&buf[align..]), len);
                for at in 0..len {
                    for byte in 0..=255u8 {
                        let mut buf = buf.clone();
                        buf[align + at] = byte;
                        if let Some(b) = buf.get_mut(align + at + 2) {
                            *b = 0x1B;
                        }
                        let expected = if itself(byte) { (at + 2).min(len) } else { at };
                        assert_eq!(
                            iso_2022_jp_ascii_up_to(&buf[align..]),
                            expected,
                            "align {align} len {len} at {at} byte {byte:#04X}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn copying_and_widening_overwriting_copy_the_prefix_and_write_at_most_a_block_past_it() {
        for align in 0..BLOCK {
            for len in 0..=64 {
                for bad in (0..len).chain([len]) {
                    let mut buf = ascii_text(align, len);
                    if bad < len {
                        buf[align + bad] = 0xE9;
                    }
                    let src = &buf[align..];
                    for room in [0, bad / 2, bad, len, len + 1, len + 40] {
                        let expected = bad.min(room);
                        let mut bytes = vec![0xAAu8; room];
                        assert_eq!(copy_ascii_overwriting(src, &mut bytes), expected);
                        assert_eq!(bytes[..expected], src[..expected]);
                        let untouched = (expected + WIDE).min(room);
                        assert!(
                            bytes[untouched..].iter().all(|&b| b == 0xAA),
                            "align {align}"
                        );
                        let untouched = (expected + BLOCK).min(room);
                        // Widened into units, at every alignment of the destination.
                        for dst_align in 0..BLOCK {
                            let mut buf = vec![0xAAAAu16; dst_align + room];
                            let units = &mut buf[dst_align..];
                            assert_eq!(widen_ascii_overwriting(src, units), expected);
                            assert!(units[..expected]
                                .iter()
                                .zip(src)
                                .all(|(&u, &b)| u == u16::from(b)));
                            assert!(units[untouched..].iter().all(|&u| u == 0xAAAA));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn copy_ascii_copies_the_prefix_into_bytes_and_units_and_nothing_past_it() {
        for align in 0..BLOCK {
            for len in 0..=64 {
                for bad in (0..len).chain([len]) {
                    let mut buf = ascii_text(align, len);
                    if bad < len {
                        buf[align + bad] = 0xE9;
                    }
                    let src = &buf[align..];
                    for room in [0, bad / 2, bad, len, len + 1] {
                        let expected = bad.min(room);
                        let mut bytes = vec![0xAAu8; room];
                        assert_eq!(copy_ascii(src, &mut bytes), expected, "align {align}");
                        assert_eq!(bytes[..expected], src[..expected]);
                        assert!(bytes[expected..].iter().all(|&b| b == 0xAA));
                        let mut units = vec![0xAAAAu16; room];
                        assert_eq!(copy_ascii(src, &mut units), expected);
                        assert!(units[..expected]
                            .iter()
                            .zip(src)
                            .all(|(&u, &b)| u == u16::from(b)));
                        assert!(units[expected..].iter().all(|&u| u == 0xAAAA));
                    }
                }
            }
        }
    }
}
