//! Dense decode arrays: the code point at a pointer, and how the macros emit the arrays.

/// `words` on a little-endian target; on a big-endian one, each word byte-swapped (at compile
/// time: the macros call this in the initialisers of the tables they emit).
///
/// The macros emit a large u16 table as the little-endian bytes of its words, a byte string
/// that `transmute` turns into `[u16; N]` (the compiler checks each array literal's elements
/// one by one, a tenth of this crate's compile time in the tables of every encoding; a byte
/// string is one token): the words read from those bytes are the table's own on a
/// little-endian target and byte-swapped on a big-endian one.
pub(crate) const fn u16s_from_le<const N: usize>(mut words: [u16; N]) -> [u16; N] {
    if cfg!(target_endian = "big") {
        let mut i = 0;
        while i < N {
            words[i] = u16::from_le(words[i]);
            i += 1;
        }
    }
    words
}

/// The code point of `pointer` in a dense decode array (the standard's "index code point"),
/// where 0 marks a pointer with no code point.
#[inline]
pub(crate) fn code_point_u16(table: &[u16], pointer: usize) -> Option<char> {
    match table.get(pointer) {
        Some(&0) | None => None,
        Some(&v) => char::from_u32(v as u32),
    }
}

/// The raw value at `pointer` in a dense decode array, 0 where there is none: what the bulk
/// paths use, which check a value's range rather than build a `char`.
#[inline(always)]
#[allow(dead_code)]
pub(crate) fn value_u16(table: &[u16], pointer: usize) -> u16 {
    table.get(pointer).copied().unwrap_or(0)
}

/// As [`code_point_u16`], for an array with code points in plane 2: `plane_2` has a bit set
/// (bit `pointer % 32` of word `pointer / 32`) for the pointers whose code point is 0x20000
/// plus the array's value.
#[inline]
#[allow(dead_code)]
pub(crate) fn code_point_plane_2(table: &[u16], plane_2: &[u32], pointer: usize) -> Option<char> {
    match value_plane_2(table, plane_2, pointer)? {
        0 => None,
        v => char::from_u32(v),
    }
}

/// The value [`code_point_plane_2`] makes a code point of (0 for none), for an encoder that
/// only compares it with a code point it has.
#[inline]
#[allow(dead_code)]
pub(crate) fn value_plane_2(table: &[u16], plane_2: &[u32], pointer: usize) -> Option<u32> {
    let low = *table.get(pointer)? as u32;
    let bit = plane_2
        .get(pointer / 32)
        .map_or(0, |w| (w >> (pointer % 32)) & 1);
    Some(low | bit << 17)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u16s_from_little_endian_bytes() {
        // SAFETY: four bytes are two u16, and any two bytes are a u16.
        let words = unsafe { core::mem::transmute::<[u8; 4], [u16; 2]>(*b"\x00\x30A\x00") };
        assert_eq!(u16s_from_le(words), [0x3000, 0x41]);
    }

    #[test]
    fn plane_2_bits() {
        let table = [0, 0x61, 0x0000, 0x1234];
        let bits = [0b1100];
        assert_eq!(code_point_plane_2(&table, &bits, 0), None);
        assert_eq!(code_point_plane_2(&table, &bits, 1), Some('a'));
        assert_eq!(code_point_plane_2(&table, &bits, 2), Some('\u{20000}'));
        assert_eq!(code_point_plane_2(&table, &bits, 3), Some('\u{21234}'));
        assert_eq!(code_point_plane_2(&table, &bits, 4), None);
        // The raw values, as the Big5 encoder compares them.
        assert_eq!(value_plane_2(&table, &bits, 0), Some(0));
        assert_eq!(value_plane_2(&table, &bits, 3), Some(0x21234));
        assert_eq!(value_plane_2(&table, &bits, 4), None);
    }
}
