//! The bitmap of a ranked part: which code points of a span the part holds, and the number
//! held before each 8 of them, so that a code point's offset in the part is one table lookup
//! past a sample (its rank) and an offset's code point a short search (its select).
//!
//! Bytes rather than words: a word's population count is a dozen instructions on x86-64
//! processors without POPCNT (the baseline the crate is built for), a byte's one load from
//! [`ONES`].

/// A bit per code point from the part's first on, eight to a byte, with the number of ones
/// before each byte; emitted by `two_byte_index!` for the ranked parts of an index.
pub(crate) struct RankBitmap {
    /// Bit `i % 8` of byte `i / 8` is code point `first + i`'s.
    pub(crate) bytes: &'static [u8],
    /// The ones before each byte.
    pub(crate) samples: &'static [u16],
}

/// The ones of each byte value.
static ONES: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    table
};

impl RankBitmap {
    /// Whether bit `i` is `ones` (a one, or a zero if not `ones`), and if so the number of
    /// bits before it that are too: the offset of code point `first + i` among the part's.
    #[inline(always)]
    pub(crate) fn rank(&self, i: u32, ones: bool) -> Option<u32> {
        let b = (i / 8) as usize;
        let (&byte, &sample) = self.bytes.get(b).zip(self.samples.get(b))?;
        let shift = i % 8;
        if (byte >> shift & 1 != 0) != ones {
            return None;
        }
        let below = byte & ((1u16 << shift) - 1) as u8;
        let before = sample as u32 + ONES[below as usize] as u32;
        Some(if ones { before } else { i - before })
    }

    /// The bit of the `n`-th one (`ones`) or zero (not `ones`), if there are that many.
    #[cfg_attr(not(feature = "compact"), allow(dead_code))]
    pub(crate) fn select(&self, n: u32, ones: bool) -> Option<u32> {
        // The bits of that kind before byte b.
        let before = |b: usize| -> u32 {
            let ones_before = self.samples.get(b).copied().unwrap_or(0) as u32;
            if ones {
                ones_before
            } else {
                b as u32 * 8 - ones_before
            }
        };
        // The last byte with at most n bits of that kind before it.
        let (mut lo, mut hi) = (0, self.bytes.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if before(mid) <= n {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let byte = *self.bytes.get(lo)?;
        let mut bits = if ones { byte } else { !byte };
        for _ in 0..n - before(lo) {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| lo as u32 * 8 + bits.trailing_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_select_of_ones_and_zeros() {
        // Ones at 0, 2, 8, 9, 18.
        let b = RankBitmap {
            bytes: &[0b101, 0b11, 0b100],
            samples: &[0, 2, 4],
        };
        assert_eq!(b.rank(2, true), Some(1));
        assert_eq!(b.rank(1, true), None);
        assert_eq!(b.rank(1, false), Some(0));
        assert_eq!(b.rank(10, false), Some(10 - 4));
        assert_eq!(b.rank(18, true), Some(4));
        assert_eq!(b.rank(24, true), None);
        for (n, i) in [0, 2, 8, 9, 18].into_iter().enumerate() {
            assert_eq!(b.select(n as u32, true), Some(i), "{n}");
            assert_eq!(b.rank(i, true), Some(n as u32));
        }
        assert_eq!(b.select(5, true), None);
        // Zeros: 1, 3..=7, 10..=17, 19...
        assert_eq!(b.select(0, false), Some(1));
        assert_eq!(b.select(1, false), Some(3));
        assert_eq!(b.select(5, false), Some(7));
        assert_eq!(b.select(6, false), Some(10));
        assert_eq!(b.select(14, false), Some(19));
        for b in 0..=255u8 {
            assert_eq!(ONES[b as usize] as u32, b.count_ones());
        }
    }
}
