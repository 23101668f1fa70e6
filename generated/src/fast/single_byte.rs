//! Decoding with a single-byte index (section 9): bytes 0x00 to 0x7F are themselves, bytes
//! 0x80 to 0xFF the index's code points.

/// Inputs shorter than this are decoded without building the table.
const TABLE_WORTH_IT: usize = 128;

/// Whether a build has the table at all: only with an encoding of a script whose letters
/// are all outside ASCII (Cyrillic, Greek, Hebrew, Arabic, Thai), where nearly every byte
/// takes the table's path (0.7 to 0.8 of encoding_rs's time on ru, el, he against 0.95 to
/// 1.0 without). Text in the Latin encodings is mostly ASCII, and a program that reads only
/// windows-1252 would carry the table's code (0.9 KiB) for nothing.
pub(crate) const TABLED: bool = cfg!(feature = "_single-byte-non-latin");

/// The UTF-8 of a code point of at least U+0080 in the BMP, packed: the bytes in the low
/// three octets (first byte lowest), the length in the high octet.
#[inline(always)]
fn packed_utf8(cp: u16) -> u32 {
    let cp = cp as u32;
    if cp < 0x800 {
        (0xC0 | cp >> 6) | (0x80 | (cp & 0x3F)) << 8 | 2 << 24
    } else {
        (0xE0 | cp >> 12) | (0x80 | ((cp >> 6) & 0x3F)) << 8 | (0x80 | (cp & 0x3F)) << 16 | 3 << 24
    }
}

/// Decodes the longest prefix of `src` with code points in `decode` (the index: the code
/// point of byte 0x80 + i at i, or a value below 0x80 for none) into UTF-8 in `dst`, whole
/// characters while they fit; returns (read, written). Bytes of `dst` past what is written
/// may be overwritten (at most sixteen).
///
/// Runs of ASCII are copied sixteen bytes at a time; between them, each byte's UTF-8 is
/// stored whole (four bytes, its length counted), from a table of the index's UTF-8 built
/// for the call when the input is long enough to repay it (and the build has it: see
/// [`TABLED`]). A lone ASCII byte between other bytes (a space in Greek or Russian text)
/// stays on that path.
#[inline]
pub(crate) fn to_utf8(src: &[u8], dst: &mut [u8], decode: &[u16; 128]) -> (usize, usize) {
    if TABLED && src.len() >= TABLE_WORTH_IT {
        // Each high byte's UTF-8, packed; 0 (length 0) for none.
        let mut table = [0u32; 128];
        for (t, &cp) in table.iter_mut().zip(decode) {
            *t = if cp < 0x80 { 0 } else { packed_utf8(cp) };
        }
        return with(src, dst, |b| table[(b & 0x7F) as usize]);
    }
    with(src, dst, |b| match decode[(b & 0x7F) as usize] {
        0x00..=0x7F => 0,
        cp => packed_utf8(cp),
    })
}

/// [`to_utf8`] with `utf8_of` giving each high byte's packed UTF-8 (0 for none).
#[inline(always)]
fn with(src: &[u8], dst: &mut [u8], utf8_of: impl Fn(u8) -> u32) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&b) = src.get(read) {
        let rest = src.get(read..).unwrap_or_default();
        if b.is_ascii() && rest.get(1).is_none_or(u8::is_ascii) {
            let n = super::ascii::copy_ascii_overwriting(
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
        // Not ASCII, or ASCII before a byte that is not: one byte.
        let packed = if b.is_ascii() {
            b as u32 | 1 << 24
        } else {
            utf8_of(b)
        };
        let len = (packed >> 24) as usize;
        if len == 0 {
            break;
        }
        match dst
            .get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<4>())
        {
            Some(out) => *out = packed.to_le_bytes(),
            // Near the end of `dst`: exactly the character's bytes, if they fit.
            None => match dst.get_mut(written..written + len) {
                Some(out) => {
                    for (o, b) in out.iter_mut().zip(packed.to_le_bytes()) {
                        *o = b;
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

/// As [`to_utf8`], into UTF-16: each byte is one code unit. `dst` past what is written is
/// left as it was.
#[inline]
pub(crate) fn to_utf16(src: &[u8], dst: &mut [u16], decode: &[u16; 128]) -> (usize, usize) {
    let mut n = 0;
    for (&b, d) in src.iter().zip(dst.iter_mut()) {
        let u = match b {
            0x00..=0x7F => b as u16,
            _ => match decode[(b & 0x7F) as usize] {
                0x00..=0x7F => break,
                cp => cp,
            },
        };
        *d = u;
        n += 1;
    }
    (n, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A made-up index: 0x80 + i is U+0400 + i (two bytes of UTF-8), but 0x90 + i is
    /// U+3000 + i (three), and 0xFF has none.
    fn index() -> [u16; 128] {
        let mut t = [0u16; 128];
        for (i, v) in t.iter_mut().enumerate() {
            *v = if (0x10..0x20).contains(&i) {
                0x3000 + i as u16
            } else {
                0x400 + i as u16
            };
        }
        t[127] = 0;
        t
    }

    fn reference(src: &[u8], index: &[u16; 128]) -> (usize, String) {
        let mut text = String::new();
        for (i, &b) in src.iter().enumerate() {
            let cp = if b < 0x80 {
                b as u16
            } else {
                index[(b & 0x7F) as usize]
            };
            if b >= 0x80 && cp == 0 {
                return (i, text);
            }
            text.push(char::from_u32(cp as u32).unwrap());
        }
        (src.len(), text)
    }

    #[test]
    fn every_length_alignment_and_room_against_a_reference() {
        let index = index();
        let pattern: Vec<u8> = (0..300u32).map(|i| (i * 37 % 256) as u8).collect();
        for start in 0..8 {
            for len in [0, 1, 7, 8, 9, 63, 127, 128, 129, 200, 290] {
                let src = &pattern[start..(start + len).min(pattern.len())];
                let (stop, text) = reference(src, &index);
                for room in [0, 1, 2, 3, text.len() / 2, text.len(), text.len() + 40] {
                    let mut out = vec![0u8; room];
                    let (read, written) = to_utf8(src, &mut out, &index);
                    let got = core::str::from_utf8(&out[..written]).unwrap();
                    assert!(text.starts_with(got), "start {start} len {len} room {room}");
                    assert_eq!(reference(&src[..read], &index).1, got);
                    // Stops at the unmapped byte, or for want of room for the next one.
                    assert!(
                        read == stop || room - written < 3,
                        "{read} {stop} {room} {written}"
                    );
                    let mut out16 = vec![0u16; room];
                    let (read, written) = to_utf16(src, &mut out16, &index);
                    assert_eq!(read, written);
                    assert_eq!(read, stop.min(room));
                    let expected: Vec<u16> = text.encode_utf16().take(read).collect();
                    assert_eq!(out16[..written], expected[..]);
                }
            }
        }
    }
}
