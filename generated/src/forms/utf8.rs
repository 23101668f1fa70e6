//! Writing one code point as UTF-8 into a fixed-size window of the output, so that the hot
//! loops have no bounds check that could panic: a panic site costs code, a location record
//! and a relocation in every binary, and the runtime must never panic.

/// Writes `c` at the start of `out` and returns its length (1 to 4); the rest of `out` may
/// be overwritten.
#[inline(always)]
pub(crate) fn write_char(c: char, out: &mut [u8; 4]) -> usize {
    let cp = c as u32;
    if cp < 0x80 {
        out[0] = cp as u8;
        1
    } else if cp < 0x800 {
        out[0] = 0xC0 | (cp >> 6) as u8;
        out[1] = 0x80 | (cp & 0x3F) as u8;
        2
    } else if cp < 0x10000 {
        out[0] = 0xE0 | (cp >> 12) as u8;
        out[1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        out[2] = 0x80 | (cp & 0x3F) as u8;
        3
    } else {
        out[0] = 0xF0 | (cp >> 18) as u8;
        out[1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
        out[2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        out[3] = 0x80 | (cp & 0x3F) as u8;
        4
    }
}

/// Writes the BMP scalar value `cp` (not a surrogate, at least 0x80) at the start of `out`,
/// returning its length (2 or 3): the single-byte and two-byte decoders' tables hold only
/// such values. Both encodings are computed and one chosen, then all four bytes are stored
/// at once (the fourth, and the third of a two-byte character, are not counted).
#[inline(always)]
pub(crate) fn write_bmp_non_ascii(cp: u16, out: &mut [u8; 4]) -> usize {
    let cp = cp as u32;
    // Each byte's bits shifted straight into place from the code point (bits 6 to 11 to
    // byte 1 by one shift left of two, bits 0 to 5 to byte 2 by one of sixteen), then the
    // marker bits of all three at once.
    let three = 0x0080_80E0 | cp >> 12 | (cp << 2 & 0x3F00) | (cp << 16 & 0x003F_0000);
    let (bytes, len) = if cp < 0x800 {
        (0x80C0 | cp >> 6 | (cp & 0x3F) << 8, 2)
    } else {
        (three, 3)
    };
    *out = bytes.to_le_bytes();
    len
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
            if (0x80..=0xFFFF).contains(&(c as u32)) {
                let mut out = [0u8; 4];
                let n = write_bmp_non_ascii(c as u16, &mut out);
                assert_eq!(&out[..n], c.encode_utf8(&mut expected).as_bytes());
            }
        }
    }
}
