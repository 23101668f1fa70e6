//! Linear ranges of an encode map: consecutive code points with consecutive pointers,
//! computed rather than hashed.

use super::perfect_map::PerfectMap;

/// A range of consecutive code points with consecutive values in an encode map, emitted by
/// `encode_linear!`: (first code point, length, first value).
pub(crate) type LinearPointers = (u16, u16, u16);

impl PerfectMap<u16> {
    /// As [`PerfectMap::pointer`], computing the pointer of a code point in one of `ranges`
    /// (the map's linear ranges) rather than hashing it.
    #[inline(always)]
    pub(crate) fn pointer_with_linear(
        &self,
        ranges: &[LinearPointers],
        c: char,
        decode: &[u16],
    ) -> Option<u16> {
        linear_pointer(ranges, c).or_else(|| self.pointer(c, decode))
    }
}

/// The value of `c` if it is in one of `ranges`.
#[inline(always)]
pub(crate) fn linear_pointer(ranges: &[LinearPointers], c: char) -> Option<u16> {
    for &(first, len, value) in ranges {
        let offset = (c as u32).wrapping_sub(first as u32);
        if offset < len as u32 {
            return Some(value + offset as u16);
        }
    }
    None
}
