//! The two-byte decoders' pointer arithmetic, `(lead − lead offset) × row length + (byte −
//! offset)`, as two 256-entry tables of the standard's own arithmetic: a lead's part and a
//! trail's part, whose sum is the pointer. A byte that cannot be a lead (or a trail) has
//! [`NO_POINTER`], so that any sum with it is past every index: the bulk loops then test
//! the range of each byte and the index's bounds in one comparison, the sum against the
//! index's length, where the arithmetic took a comparison or two per byte, a
//! multiplication and the bounds check.

/// A lead's or a trail's part for a byte that cannot be one: the sum of two parts, one of
/// them this, is past every index (the longest has fewer than 0x8000 pointers).
pub(crate) const NO_POINTER: u16 = 0xFFFF;

/// The lead parts of an encoding whose leads are the bytes of `ranges` (inclusive), rows 0,
/// 1, 2, ... in order, each `row` pointers long: row × `row` for a lead, [`NO_POINTER`]
/// for every other byte.
pub(crate) const fn lead_parts(ranges: &[(u8, u8)], row: u16) -> [u16; 256] {
    let mut table = [NO_POINTER; 256];
    let mut index = 0;
    let mut part = 0;
    while index < ranges.len() {
        let (first, last) = ranges[index];
        let mut byte = first as usize;
        while byte <= last as usize {
            table[byte] = part;
            part += row;
            byte += 1;
        }
        index += 1;
    }
    table
}

/// The trail parts of an encoding whose trails are the bytes of `ranges` (inclusive),
/// columns 0, 1, 2, ... in order: the column for a trail, [`NO_POINTER`] for every other
/// byte.
pub(crate) const fn trail_parts(ranges: &[(u8, u8)]) -> [u16; 256] {
    lead_parts(ranges, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_columns_follow_the_ranges() {
        let leads = lead_parts(&[(0x81, 0x9F), (0xE0, 0xFC)], 188);
        assert_eq!(leads[0x80], NO_POINTER);
        assert_eq!(leads[0x81], 0);
        assert_eq!(leads[0x9F], 30 * 188);
        assert_eq!(leads[0xA0], NO_POINTER);
        assert_eq!(leads[0xE0], 31 * 188);
        assert_eq!(leads[0xFC], 59 * 188);
        assert_eq!(leads[0xFD], NO_POINTER);
        let trails = trail_parts(&[(0x40, 0x7E), (0xA1, 0xFE)]);
        assert_eq!(trails[0x3F], NO_POINTER);
        assert_eq!(trails[0x40], 0);
        assert_eq!(trails[0x7E], 0x3E);
        assert_eq!(trails[0x7F], NO_POINTER);
        assert_eq!(trails[0xA0], NO_POINTER);
        assert_eq!(trails[0xA1], 0x3F);
        assert_eq!(trails[0xFE], 156);
        assert_eq!(trails[0xFF], NO_POINTER);
    }
}
