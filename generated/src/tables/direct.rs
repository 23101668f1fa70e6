//! Direct encode tables, by code point, for the `fast-*-encode` features.

/// The values of an encoder table for a range of code points, emitted by `encode_direct!`
/// behind the `fast-*-encode` features: `values[i]` is the value of code point `first + i`,
/// [`DirectTable::NONE`] where the table has none. Where the encode map hashes a code point
/// and checks the slot against the decode array, this is one bounds check and one load.
#[allow(dead_code)]
pub(crate) struct DirectTable<const N: usize> {
    /// The range's first code point.
    pub(crate) first: u32,
    /// The values of the range's code points, in order.
    pub(crate) values: [u16; N],
}

#[allow(dead_code)]
impl<const N: usize> DirectTable<N> {
    /// The value of a code point the table does not map (above every pointer of the
    /// standard's indexes).
    pub(crate) const NONE: u16 = u16::MAX;

    /// The value of `c`, or None if `c` is outside the range or has none: the caller then
    /// asks the encode map, so that a direct table only ever makes a lookup faster.
    #[inline(always)]
    pub(crate) fn get(&self, c: char) -> Option<u16> {
        let value = *self
            .values
            .get((c as u32).wrapping_sub(self.first) as usize)?;
        (value != Self::NONE).then_some(value)
    }

    /// The range's code points, for the tests that compare the table with the encode map.
    #[cfg(test)]
    pub(crate) fn code_points(&self) -> impl Iterator<Item = char> {
        (self.first..self.first + N as u32).filter_map(char::from_u32)
    }
}

/// A [`DirectTable`] turned into the bytes an encoder writes, at compile time: `bytes[i]`
/// is the two bytes of code point `first + i`, `[0, 0]` where it has none (no two-byte
/// sequence of the standard's encoders starts with 0x00). Made by [`direct_bytes!`], so
/// that an encoder's fast path skips its pointer's arithmetic too.
#[allow(dead_code)]
pub(crate) struct DirectBytes {
    /// The range's first code point.
    pub(crate) first: u32,
    /// The bytes of the range's code points, in order.
    pub(crate) bytes: &'static [[u8; 2]],
}

#[allow(dead_code)]
impl DirectBytes {
    /// The bytes of `c`, or None if `c` is outside the range or has none: the caller then
    /// takes its steps as without the table.
    #[inline(always)]
    pub(crate) fn get(&self, c: char) -> Option<[u8; 2]> {
        let bytes = *self
            .bytes
            .get((c as u32).wrapping_sub(self.first) as usize)?;
        (bytes[0] != 0).then_some(bytes)
    }

    /// The bytes of `c` in the first of the three `tables` that has them.
    #[inline(always)]
    pub(crate) fn in_order(tables: &[DirectBytes; 3], c: char) -> Option<[u8; 2]> {
        let [first, second, third] = tables;
        first
            .get(c)
            .or_else(|| second.get(c))
            .or_else(|| third.get(c))
    }
}

/// `direct_bytes!(TABLE, f)`: the [`DirectBytes`] of the [`DirectTable`] `TABLE`, `f` (a
/// `const fn(u16) -> [u8; 2]`, the encoder's own steps from pointer to bytes, `[0, 0]` for
/// none) of each value, computed at compile time (the pointers are not in the program unless
/// it reads them elsewhere).
///
/// `direct_bytes!([A, B, C], f)`: the three tables' [`DirectBytes`], in that order.
#[allow(unused_macros)]
macro_rules! direct_bytes {
    ([$($table:path),+], $bytes:path) => {
        [$($crate::tables::direct_bytes!($table, $bytes)),+]
    };
    ($table:expr, $bytes:path) => {
        $crate::tables::DirectBytes {
            first: $table.first,
            bytes: &{
                const fn all<const N: usize>(
                    table: &$crate::tables::DirectTable<N>,
                ) -> [[u8; 2]; N] {
                    let mut out = [[0; 2]; N];
                    let mut i = 0;
                    while i < N {
                        let value = table.values[i];
                        if value != $crate::tables::DirectTable::<N>::NONE {
                            out[i] = $bytes(value);
                        }
                        i += 1;
                    }
                    out
                }
                all(&$table)
            },
        }
    };
}
#[allow(unused_imports)]
pub(crate) use direct_bytes;
