//! UTF-16 code units stored as byte pairs (big-endian if `BE`), as the UTF-16BE and
//! UTF-16LE decoders read them: to UTF-8, Basic Latin narrowed sixteen units at a time and
//! other runs without surrogates converted eight at a time by the kernels of
//! [`crate::kernels::wide`] (lane-wise with SSE2, or packed by SSSE3's shuffle where the processor
//! has it, which with `std` is checked once a call); to UTF-16, runs without surrogates
//! copied eight units at a time.

use crate::kernels::block::BLOCK;
use crate::kernels::block::{Isa, BLOCK_OUT, UNITS};
use crate::kernels::dispatch::dispatched;
use crate::kernels::utf8::pack::bmp;
use crate::table::LinearRun;

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
fn narrow_basic_latin_run<const BE: bool, I: Isa>(isa: I, src: &[u8], dst: &mut [u8]) -> usize {
    let mut n = 0;
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
        isa.narrow(&block, d, LinearRun::NONE);
        n += BLOCK;
    }
    n
}

dispatched! {
    /// Converts `src` into UTF-8: runs of whole code units that are not surrogates by
    /// [`non_surrogates`], and after each what `pair` takes at the start of the rest (a
    /// surrogate pair: it returns the bytes written, the units being four bytes of `src`, or
    /// `None` to stop); returns (bytes read, bytes written). Up to [`BLOCK_OUT`] bytes of `dst`
    /// past what is written may be overwritten (and what `pair` overwrites).
    ///
    /// The blocks the processor allows are chosen once a call here, not once a run, so that
    /// text dense in surrogate pairs does not pay the choice between each.
    pub(crate) fn to_utf8<const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
        pair: impl Fn(&[u8], &mut [u8]) -> Option<usize>,
    ) -> (usize, usize) = runs_and_pairs;
}

/// [`to_utf8`] on `isa`.
#[inline(always)]
fn runs_and_pairs<const BE: bool, I: Isa>(
    isa: I,
    src: &[u8],
    dst: &mut [u8],
    pair: impl Fn(&[u8], &mut [u8]) -> Option<usize>,
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
        match pair(
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
fn non_surrogates<const BE: bool, I: Isa>(isa: I, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
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
        *out = [a, b, c];
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

    fn bytes<const BE: bool>(units: &[u16]) -> Vec<u8> {
        units
            .iter()
            .flat_map(|&u| if BE { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect()
    }

    fn check<const BE: bool>() {
        for len in 0..=40 {
            for stop in (0..len).chain([len]) {
                for stopper in [0x80u16, 0xE9, 0x3042, 0xD800, 0xDC00, 0xFFFF] {
                    let mut units: Vec<u16> = (0..len).map(|i| 0x20 + (i % 90) as u16).collect();
                    if stop < len {
                        units[stop] = stopper;
                    }
                    let mut src = bytes::<BE>(&units);
                    src.push(0x41); // an odd byte after the whole units
                    for room in [0, stop / 2, stop, len, len + 3] {
                        let mut out = vec![0xAAAAu16; room];
                        let n = copy_non_surrogates::<BE>(&src, &mut out);
                        let surrogate = (0xD800..0xE000).contains(&stopper);
                        let expected = if surrogate { stop } else { len };
                        assert_eq!(n, expected.min(room), "{stopper:x} len {len} room {room}");
                        assert_eq!(out[..n], units[..n]);
                        assert!(out[n..].iter().all(|&u| u == 0xAAAA));
                    }
                }
            }
        }
    }

    /// Palettes of characters to build texts from: ASCII with two-byte characters (Latin,
    /// Cyrillic, Arabic text), with three-byte ones (CJK), three-byte only, all lengths and
    /// their edges, and all of them with a surrogate pair and lone surrogates.
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
        &[
            &[0x41],
            &[0xE9],
            &[0x65E5],
            &[0xD83D, 0xDE00],
            &[0xDC00],
            &[0xD800],
        ],
    ];

    /// The signature of [`to_utf8`], with `pair` as a trait object.
    type Convert<'a> =
        &'a dyn Fn(&[u8], &mut [u8], &dyn Fn(&[u8], &mut [u8]) -> Option<usize>) -> (usize, usize);

    /// A surrogate pair at the start of `src` (byte order `BE`) as the standard library
    /// decodes and encodes it, if `dst` has four bytes.
    fn std_pair<const BE: bool>(src: &[u8], dst: &mut [u8]) -> Option<usize> {
        let units = src
            .chunks_exact(2)
            .take(2)
            .map(|p| unit::<BE>([p[0], p[1]]));
        let c = char::decode_utf16(units).next()?.ok()?;
        let out = dst.get_mut(..4)?;
        (c.len_utf16() == 2).then(|| c.encode_utf8(out).len())
    }

    /// Texts of every length 0 to 64 at every alignment 0 to 15 from each palette, some with
    /// a surrogate late in the text, converted with rooms up to the whole, with surrogate
    /// pairs taken by the standard library or not at all: the output is the standard
    /// library's, the conversion stops only at a surrogate it does not take or for want of
    /// room, and nothing past `BLOCK_OUT` bytes after the output is touched.
    fn check_utf8<const BE: bool>(convert: Convert) {
        for with_pairs in [false, true] {
            let pair = |s: &[u8], d: &mut [u8]| with_pairs.then(|| std_pair::<BE>(s, d))?;
            for align in 0..16 {
                for len in 0..=64usize {
                    for (p, palette) in PALETTES.iter().enumerate() {
                        let mut units = vec![0u16; align];
                        while units.len() < align + len {
                            let i = (units.len() * 7 + p * 13 + len) % 17;
                            units.extend_from_slice(palette[i % palette.len()]);
                        }
                        if p == 3 && len > 0 {
                            units[align + len * 3 / 4] = 0xDFFF;
                        }
                        let src = bytes::<BE>(&units[align..]);
                        let units = &units[align..];
                        let full = String::from_utf16_lossy(units).len();
                        for room in (0..=full + 3).step_by(if len < 24 { 1 } else { 5 }) {
                            let mut out = vec![0xAAu8; room + 64];
                            let (read, written) = convert(&src, &mut out[..room], &pair);
                            assert_eq!(read % 2, 0);
                            let taken = &units[..read / 2];
                            let expected = String::from_utf16(taken).expect("whole characters");
                            assert_eq!(&out[..written], expected.as_bytes(), "{units:x?} {room}");
                            assert!(out[room..].iter().all(|&b| b == 0xAA));
                            assert!(out[(written + BLOCK_OUT).min(room)..room]
                                .iter()
                                .all(|&b| b == 0xAA));
                            let Some(rest) = units.get(read / 2..).filter(|r| !r.is_empty()) else {
                                continue;
                            };
                            let taken_next = char::decode_utf16(rest.iter().copied())
                                .next()
                                .is_some_and(|c| c.is_ok_and(|c| with_pairs || c.len_utf16() == 1));
                            assert!(
                                !taken_next || room - written < 4,
                                "{units:x?} room {room} read {read}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The loop as dispatched, and on every implementation the machine has.
    #[test]
    fn to_utf8_in_both_byte_orders() {
        check_utf8::<false>(&|s, d, pair| to_utf8::<false>(s, d, pair));
        check_utf8::<true>(&|s, d, pair| to_utf8::<true>(s, d, pair));
        every_isa!(|isa| {
            check_utf8::<false>(&|s, d, pair| runs_and_pairs::<false, _>(isa, s, d, pair));
            check_utf8::<true>(&|s, d, pair| runs_and_pairs::<true, _>(isa, s, d, pair));
        });
    }

    #[test]
    fn runs_end_at_the_first_other_unit_and_at_the_end_of_room_in_both_byte_orders() {
        check::<false>();
        check::<true>();
    }
}
