//! An encoder table over a two-byte index: the pointer the encoder's rule gives a code point
//! (section 5's index pointer, or Big5's and Shift_JIS's own), from the index's computed parts
//! and, in the default configuration, a perfect-hash map of the rest; with `compact`, a short
//! list of exceptions and a search of the index's cells instead of the map.

#[cfg(not(feature = "compact"))]
use super::perfect_map::PerfectMap;
use super::two_byte::TwoByteIndex;

/// What an encoder looks a code point up in, emitted by `encode_index!` beside the index's
/// `two_byte_index!`, in the order the generator chose (see `encoding_gen::layout::encode`).
pub(crate) struct EncodeIndex {
    /// The parts (of [`TwoByteIndex::parts`]) looked up first.
    pub(crate) first: &'static [u8],
    /// The pointers of the code points no part answers, verified through the index.
    #[cfg(not(feature = "compact"))]
    pub(crate) map: PerfectMap<u16>,
    /// The parts looked up when the map has nothing, by their first code point.
    #[cfg(not(feature = "compact"))]
    pub(crate) then: &'static [u8],
    /// (code point, pointer) by code point, [`EncodeIndex::NONE`] for no pointer: where the
    /// search would not find the encoder's pointer.
    #[cfg(feature = "compact")]
    pub(crate) exceptions: &'static [(u32, u16)],
    /// The first stored cell the search reads.
    #[cfg(feature = "compact")]
    pub(crate) search_from: u16,
}

impl EncodeIndex {
    /// An exception's pointer for a code point the encoder has no pointer for.
    #[cfg(feature = "compact")]
    pub(crate) const NONE: u16 = u16::MAX;

    /// The pointer of `c` in `index` by the encoder's rule, if it has one.
    #[inline(always)]
    pub(crate) fn pointer(&self, c: char, index: &TwoByteIndex) -> Option<u16> {
        // With `compact`, the first part apart from the loop: its number is a constant, so
        // that the compiler reads its bounds, bitmap and rectangles as constants (the
        // generator puts first the part most code points are in, as KS X 1001's Hangul). The
        // default configuration's first parts (kana) are looked up as fast in the loop.
        #[cfg(feature = "compact")]
        let rest = match self.first.split_first() {
            Some((&p, rest)) => {
                if let Some(pointer) = index
                    .parts
                    .get(p as usize)
                    .and_then(|part| index.part_pointer(part, c))
                {
                    return Some(pointer);
                }
                rest
            }
            None => self.first,
        };
        #[cfg(not(feature = "compact"))]
        let rest = self.first;
        for &p in rest {
            if let Some(pointer) = index
                .parts
                .get(p as usize)
                .and_then(|part| index.part_pointer(part, c))
            {
                return Some(pointer);
            }
        }
        self.rest(c, index)
    }

    /// The map's pointer of `c` (which must decode back to `c`), or the other parts'.
    #[cfg(not(feature = "compact"))]
    #[inline(always)]
    fn rest(&self, c: char, index: &TwoByteIndex) -> Option<u16> {
        // A code point beyond the BMP in an index of the BMP: no pointer (decided here, before
        // the hash, where the caller may know it already).
        if index.plane_2.is_empty() && c as u32 > 0xFFFF {
            return None;
        }
        let mut p = self.map.get_if(c, |_| true)? as usize;
        if !index.holds(p, c) {
            if self.then.is_empty() {
                return None;
            }
            p = self.then(c, index);
            // Below the index's length, as the map's pointer is: what the encoder makes of a
            // pointer then compiles the same for both.
            if p >= index.cells.len() {
                return None;
            }
        }
        Some(p as u16)
    }

    /// The parts looked up when the map has nothing: out of line, off the map's path.
    #[cfg(not(feature = "compact"))]
    #[inline(never)]
    #[cold]
    fn then(&self, c: char, index: &TwoByteIndex) -> usize {
        for &p in self.then {
            let Some(part) = index.parts.get(p as usize) else {
                break;
            };
            // By first code point: none further on has `c`.
            if (c as u32) < part.first {
                break;
            }
            if let Some(pointer) = index.part_pointer(part, c) {
                return pointer as usize;
            }
        }
        // Past every pointer: the caller's check of the pointer rejects it.
        usize::MAX
    }

    /// The exception's pointer of `c`, or the search's.
    #[cfg(feature = "compact")]
    #[inline(never)]
    fn rest(&self, c: char, index: &TwoByteIndex) -> Option<u16> {
        match self.exceptions.binary_search_by_key(&(c as u32), |e| e.0) {
            Ok(i) => self
                .exceptions
                .get(i)
                .map(|e| e.1)
                .filter(|&p| p != Self::NONE),
            Err(_) => index.search(c, self.search_from as usize),
        }
    }
}
