//! UTF-16 code units stored as byte pairs (big-endian if `BE`), as the UTF-16BE and
//! UTF-16LE decoders read them: runs of Basic Latin narrowed to bytes, and runs of code
//! units that are not surrogates copied as units, eight units (sixteen bytes) at a time.

/// Units per block.
const UNITS: usize = 8;

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

/// Narrows the longest run of whole code units below 0x80 at the start of `src` that fits
/// in `dst` into ASCII bytes; returns the number of units (each two bytes of `src`, one of
/// `dst`). `dst` past it is left as it was.
#[inline]
pub(crate) fn narrow_basic_latin<const BE: bool>(src: &[u8], dst: &mut [u8]) -> usize {
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
        if block.iter().fold(0, |acc, &u| acc | u) >= 0x80 {
            break;
        }
        for (d, u) in d.iter_mut().zip(block) {
            *d = u as u8;
        }
        n += UNITS;
    }
    // The rest one unit at a time: a partial block, or the block with the first other unit.
    let rest = src.get(2 * n..).unwrap_or_default().chunks_exact(2);
    for (pair, d) in rest.zip(dst.get_mut(n..).unwrap_or_default()) {
        let u = unit::<BE>([pair[0], pair[1]]);
        if u >= 0x80 {
            break;
        }
        *d = u as u8;
        n += 1;
    }
    n
}

/// Converts the longest run of whole code units that are not surrogates at the start of
/// `src` into UTF-8, while `dst` has room for three bytes; returns (units read, bytes
/// written). Runs of Basic Latin of a block or more are narrowed in bulk, shorter ones (a
/// space between words of another script) a unit at a time, four units that all take two
/// bytes (a word of Cyrillic, Greek, Hebrew or Arabic) at once. Up to two bytes of `dst`
/// past what is written may be overwritten.
///
/// The input and output left are slices, advanced past each character; while `dst` has four
/// bytes to spare, a character's two or three bytes are stored as one word, its length
/// counted.
#[inline]
pub(crate) fn non_surrogates_to_utf8<const BE: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let mut rest = src;
    let mut out = dst;
    let mut written = 0;
    while let Some((&pair, after)) = rest.split_first_chunk::<2>() {
        let u = unit::<BE>(pair);
        let len = if u < 0x80 {
            // A run of a whole block goes to the bulk narrowing; anything shorter (a space,
            // or a few letters between accented ones in Vietnamese) one unit at a time.
            let block_is_ascii = rest
                .first_chunk::<{ 2 * UNITS }>()
                .is_some_and(is_basic_latin::<BE>);
            if block_is_ascii {
                let n = narrow_basic_latin::<BE>(rest, out);
                if n == 0 {
                    break;
                }
                rest = rest.get(2 * n..).unwrap_or_default();
                out = core::mem::take(&mut out).get_mut(n..).unwrap_or_default();
                written += n;
                continue;
            }
            let Some(byte) = out.first_mut() else {
                break;
            };
            // Below 0x80: the cast loses nothing.
            *byte = u as u8;
            1
        } else if u & 0xF800 == 0xD800 {
            break;
        } else {
            // Four units at once when all four take two bytes (a word of Cyrillic, Greek,
            // Hebrew or Arabic).
            let four = (rest.first_chunk::<8>(), out.first_chunk_mut::<8>());
            if let (true, Some(units), Some(eight)) = (u < 0x800, four.0, four.1) {
                // Tried only when the next unit takes two bytes too: a lone letter among
                // ASCII (in Latin or Vietnamese text) would pay for it for nothing.
                let next = unit::<BE>([units[2], units[3]]);
                let group = (0x80..0x800)
                    .contains(&next)
                    .then(|| four_two_byte::<BE>(units));
                if let Some(Some(bytes)) = group {
                    *eight = bytes;
                    rest = rest.get(8..).unwrap_or_default();
                    out = core::mem::take(&mut out).get_mut(8..).unwrap_or_default();
                    written += 8;
                    continue;
                }
            }
            let (bytes, len) = utf8_of_bmp(u);
            if let Some(word) = out.first_chunk_mut::<4>() {
                *word = bytes;
            } else if let Some(three) = out.first_chunk_mut::<3>() {
                *three = [bytes[0], bytes[1], bytes[2]];
            } else {
                break;
            }
            len
        };
        rest = after;
        out = core::mem::take(&mut out).get_mut(len..).unwrap_or_default();
        written += len;
    }
    ((src.len() - rest.len()) / 2, written)
}

/// Whether a block's units are all below 0x80: the bits above 0x7F of every unit, in the
/// block read as one little-endian integer (a unit's high byte is its second byte, or its
/// first if `BE`), are clear.
#[inline(always)]
fn is_basic_latin<const BE: bool>(block: &[u8; 2 * UNITS]) -> bool {
    let mask: u128 = if BE {
        0x80FF_80FF_80FF_80FF_80FF_80FF_80FF_80FF
    } else {
        0xFF80_FF80_FF80_FF80_FF80_FF80_FF80_FF80
    };
    u128::from_le_bytes(*block) & mask == 0
}

/// The UTF-8 of four code units (the byte pairs of `units`) if all four are from 0x80 to
/// 0x7FF, each two bytes: in one sixteen-bit lane per unit, the lead (0xC0 and the unit's
/// five high bits) in the low byte, the trail (0x80 and its six low bits) in the high byte,
/// which is the UTF-8's order when the word is stored little-endian. A unit is in range
/// when its five high bits are clear and its four bits from 0x80 to 0x400 are not: adding
/// 0xF to those four carries into bit 0x10 exactly when one is set, and no lane carries into
/// the next.
#[inline(always)]
fn four_two_byte<const BE: bool>(units: &[u8; 8]) -> Option<[u8; 8]> {
    let mut x = u64::from_le_bytes(*units);
    if BE {
        x = ((x >> 8) & 0x00FF_00FF_00FF_00FF) | ((x & 0x00FF_00FF_00FF_00FF) << 8);
    }
    let above_0x7ff = x & 0xF800_F800_F800_F800;
    let middle = ((x >> 7) & 0x000F_000F_000F_000F) + 0x000F_000F_000F_000F;
    if above_0x7ff != 0 || middle & 0x0010_0010_0010_0010 != 0x0010_0010_0010_0010 {
        return None;
    }
    let leads = ((x >> 6) & 0x001F_001F_001F_001F) | 0x00C0_00C0_00C0_00C0;
    let trails = ((x & 0x003F_003F_003F_003F) << 8) | 0x8000_8000_8000_8000;
    Some((leads | trails).to_le_bytes())
}

/// The UTF-8 of `u`, a code unit of at least 0x80 that is not a surrogate, in the first two
/// or three of four bytes, and how many.
#[inline(always)]
fn utf8_of_bmp(u: u16) -> ([u8; 4], usize) {
    let u = u32::from(u);
    if u < 0x800 {
        let two = (0xC0 | u >> 6) | (0x80 | (u & 0x3F)) << 8;
        (two.to_le_bytes(), 2)
    } else {
        let three = (0xE0 | u >> 12) | (0x80 | ((u >> 6) & 0x3F)) << 8 | (0x80 | (u & 0x3F)) << 16;
        (three.to_le_bytes(), 3)
    }
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
                        let mut out = vec![0xAAu8; room];
                        let n = narrow_basic_latin::<BE>(&src, &mut out);
                        assert_eq!(n, stop.min(room), "len {len} stop {stop} room {room}");
                        assert!(out[..n].iter().zip(&units).all(|(&b, &u)| b as u16 == u));
                        assert!(out[n..].iter().all(|&b| b == 0xAA));

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

    fn check_utf8<const BE: bool>() {
        let texts = [
            "",
            "a",
            "abc déf 日本語 xyz",
            "\u{7FF}\u{800}\u{FFFF}\u{E000}",
            "ab\u{1F600}cd",
            "日",
        ];
        for text in texts {
            let mut units: Vec<u16> = text.encode_utf16().collect();
            units.push(0xDC00);
            let src = bytes::<BE>(&units);
            for room in 0..40 {
                let mut out = vec![0u8; room];
                let (read, written) = non_surrogates_to_utf8::<BE>(&src, &mut out);
                let taken = &units[..read];
                assert!(taken.iter().all(|&u| !(0xD800..0xE000).contains(&u)));
                let expected = String::from_utf16(taken).unwrap();
                assert_eq!(&out[..written], expected.as_bytes(), "{text:?} room {room}");
                // It stops at a surrogate, or for want of room.
                let next = units[read];
                assert!(
                    (0xD800..0xE000).contains(&next) || room - written < 3,
                    "{text:?} room {room}"
                );
            }
        }
    }

    #[test]
    fn non_surrogates_to_utf8_in_both_byte_orders() {
        check_utf8::<false>();
        check_utf8::<true>();
        check_every_length_and_alignment::<false>();
        check_every_length_and_alignment::<true>();
    }

    #[test]
    fn runs_end_at_the_first_other_unit_and_at_the_end_of_room_in_both_byte_orders() {
        check::<false>();
        check::<true>();
    }

    /// Text of every kind (ASCII runs short and long, two- and three-byte units alone and
    /// in groups) at every length to 64, every alignment of source and destination, with
    /// a surrogate anywhere, in both byte orders.
    fn check_every_length_and_alignment<const BE: bool>() {
        let text = "Жжжжж ωω ab日本 שלום Ж, and a run of ascii longer than a block ЖЖЖЖЖЖЖЖЖ";
        let pattern: Vec<u16> = text.encode_utf16().cycle().take(64 + 16).collect();
        for len in 0..=64 {
            for align in 0..16 {
                for at in (0..len).step_by(7).chain([len]) {
                    let mut units = pattern[align..align + len].to_vec();
                    if at < len {
                        units[at] = 0xDC00;
                    }
                    let src = bytes::<BE>(&units);
                    let expected = String::from_utf16(&units[..at]).unwrap();
                    for dst_align in 0..16 {
                        let mut buf = vec![0xAAu8; dst_align + 3 * len + 3];
                        let out = &mut buf[dst_align..];
                        let (read, written) = non_surrogates_to_utf8::<BE>(&src, out);
                        assert_eq!(read, at, "len {len} align {align}");
                        assert_eq!(&out[..written], expected.as_bytes());
                        assert!(buf[..dst_align].iter().all(|&b| b == 0xAA));
                    }
                }
            }
        }
    }

    /// The group of four two-byte units against the one-unit conversion, on every unit value
    /// at each lane among units that take two bytes.
    #[test]
    fn four_two_byte_takes_exactly_the_units_that_take_two_bytes() {
        for u in 0..=0xFFFFu16 {
            for lane in 0..4 {
                let mut units = [0x416u16; 4];
                units[lane] = u;
                for be in [false, true] {
                    let src: [u8; 8] = if be {
                        bytes::<true>(&units).try_into().unwrap()
                    } else {
                        bytes::<false>(&units).try_into().unwrap()
                    };
                    let got = if be {
                        four_two_byte::<true>(&src)
                    } else {
                        four_two_byte::<false>(&src)
                    };
                    let takes_two = (0x80..0x800).contains(&u);
                    assert_eq!(got.is_some(), takes_two, "{u:#x} lane {lane}");
                    if let Some(got) = got {
                        let text = String::from_utf16(&units).unwrap();
                        assert_eq!(&got[..], text.as_bytes(), "{u:#x}");
                    }
                }
            }
        }
    }
}
