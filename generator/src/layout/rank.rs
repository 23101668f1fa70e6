//! The bitmap of a ranked part: a bit per code point from its first to its last, eight to a
//! byte, with the number of ones before each byte.

/// A bitmap over the code points `first..=last` and its rank samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bitmap {
    /// The code point of bit 0.
    pub first: char,
    /// The code point of the last bit.
    pub last: char,
    /// Bit `i % 8` of byte `i / 8` is code point `first + i`'s.
    pub bytes: Vec<u8>,
    /// The ones in the bytes before each byte.
    pub samples: Vec<u16>,
}

impl Bitmap {
    /// The bitmap of `first..=last` whose ones are `ones` (code points in that range, any
    /// order). None if it has more than 65,535 ones (the samples are u16).
    pub fn new(first: char, last: char, ones: impl IntoIterator<Item = char>) -> Option<Bitmap> {
        let bits = (last as usize).checked_sub(first as usize)? + 1;
        let mut bytes = vec![0u8; bits.div_ceil(8)];
        for c in ones {
            let i = (c as usize)
                .checked_sub(first as usize)
                .filter(|&i| i < bits)?;
            *bytes.get_mut(i / 8)? |= 1 << (i % 8);
        }
        let mut samples = Vec::with_capacity(bytes.len());
        let mut count = 0u32;
        for b in &bytes {
            samples.push(u16::try_from(count).ok()?);
            count += b.count_ones();
        }
        u16::try_from(count).ok()?;
        Some(Bitmap {
            first,
            last,
            bytes,
            samples,
        })
    }

    /// Bytes in the program: 1 per 8 code points and 2 per sample.
    pub fn size(&self) -> usize {
        self.bytes.len() * 3
    }

    /// Bytes of a bitmap over `bits` code points.
    pub fn size_for(bits: usize) -> usize {
        bits.div_ceil(8) * 3
    }

    /// Whether `c` is a one.
    pub fn is_one(&self, c: char) -> bool {
        let Some(i) = (c as usize).checked_sub(self.first as usize) else {
            return false;
        };
        self.bytes.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1)
    }

    /// The ones before `c` (which is in the span).
    pub fn rank(&self, c: char) -> usize {
        let i = c as usize - self.first as usize;
        let below = ((1u16 << (i % 8)) - 1) as u8;
        self.samples[i / 8] as usize + (self.bytes[i / 8] & below).count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_samples() {
        let ones = ['\u{100}', '\u{102}', '\u{140}', '\u{141}', '\u{1C0}'];
        let b = Bitmap::new('\u{100}', '\u{1C0}', ones).unwrap();
        assert_eq!(b.bytes.len(), 25);
        assert_eq!(&b.samples[..10], [0, 2, 2, 2, 2, 2, 2, 2, 2, 4]);
        assert!(b.is_one('\u{141}') && !b.is_one('\u{101}') && !b.is_one('\u{FF}'));
        assert_eq!(b.rank('\u{100}'), 0);
        assert_eq!(b.rank('\u{102}'), 1);
        assert_eq!(b.rank('\u{141}'), 3);
        assert_eq!(b.rank('\u{1C0}'), 4);
        assert_eq!(b.size(), 75);
        assert!(Bitmap::new('\u{100}', '\u{101}', ['\u{102}']).is_none());
    }
}
