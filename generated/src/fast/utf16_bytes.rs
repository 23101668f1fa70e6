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
/// written). Runs of Basic Latin are narrowed in bulk; `dst` past what is written is left
/// as it was.
#[inline]
pub(crate) fn non_surrogates_to_utf8<const BE: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&pair) = src.get(2 * read..).and_then(|s| s.first_chunk::<2>()) {
        let u = unit::<BE>(pair);
        if u < 0x80 {
            let n = narrow_basic_latin::<BE>(
                src.get(2 * read..).unwrap_or_default(),
                dst.get_mut(written..).unwrap_or_default(),
            );
            if n == 0 {
                break;
            }
            read += n;
            written += n;
            continue;
        }
        let Some(out) = dst
            .get_mut(written..)
            .and_then(|d| d.first_chunk_mut::<3>())
        else {
            break;
        };
        if u < 0x800 {
            out[0] = 0xC0 | (u >> 6) as u8;
            out[1] = 0x80 | (u & 0x3F) as u8;
            written += 2;
        } else if u & 0xF800 != 0xD800 {
            out[0] = 0xE0 | (u >> 12) as u8;
            out[1] = 0x80 | ((u >> 6) & 0x3F) as u8;
            out[2] = 0x80 | (u & 0x3F) as u8;
            written += 3;
        } else {
            break;
        }
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
    }

    #[test]
    fn runs_end_at_the_first_other_unit_and_at_the_end_of_room_in_both_byte_orders() {
        check::<false>();
        check::<true>();
    }
}
