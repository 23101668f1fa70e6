//! Dense decode arrays (the small indexes': a single-byte index's, index ISO-2022-JP
//! katakana): the code point at a pointer; and how the macros emit large arrays.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u16s_from_little_endian_bytes() {
        // SAFETY: four bytes are two u16, and any two bytes are a u16.
        let words = unsafe { core::mem::transmute::<[u8; 4], [u16; 2]>(*b"\x00\x30A\x00") };
        assert_eq!(u16s_from_le(words), [0x3000, 0x41]);
    }
}
