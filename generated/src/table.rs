//! The runtime side of the emitted tables: a value-only perfect-hash map and decode-array
//! lookups.

/// A perfect-hash map from code point to pointer (or byte), emitted by `encode_map!`, that
/// stores values but no keys.
///
/// Built by phf_generator's PtrHash at compile time under [`code_point_hash::hash`], and looked
/// up here with the same hash and phf_shared's PtrHash reduction and pilot functions, so that
/// build and run time cannot disagree. A code point hashes to one slot; the slot's value is the
/// code point's if the map has it, and otherwise belongs to another code point. The caller
/// tells the two apart with the index's decode array: every value of the map decodes back to
/// its own code point (the generator checks this), so a value is the code point's exactly when
/// it decodes to the code point.
pub(crate) struct PerfectMap<V: 'static> {
    pub(crate) seed: u64,
    /// One pilot per bucket of keys.
    pub(crate) pilots: &'static [u8],
    /// The slots of hash positions past the last value.
    pub(crate) remap: &'static [u16],
    /// The values in slot order.
    pub(crate) values: &'static [V],
}

impl<V: Copy> PerfectMap<V> {
    /// The value in `code_point`'s slot, if `accept` takes it: `accept` must hold of a value
    /// exactly when it is `code_point`'s (see the type's documentation).
    #[inline]
    pub(crate) fn get_if(&self, code_point: char, accept: impl FnOnce(V) -> bool) -> Option<V> {
        use phf_shared::ptrhash::{fast_reduct32, hash_pilot};
        // phf_shared::ptrhash::get_index, with a u16 remap and bounds-checked reads (an
        // empty map has no pilot and answers None).
        let h = code_point_hash::hash(code_point as u32, self.seed);
        let bucket = fast_reduct32(h as u32, self.pilots.len() as u32);
        let pilot_hash = hash_pilot(self.seed, *self.pilots.get(bucket as usize)?);
        let slots = (self.values.len() + self.remap.len()) as u32;
        let position = fast_reduct32(
            (h >> 32) as u32 ^ (pilot_hash >> 32) as u32 ^ pilot_hash as u32,
            slots,
        ) as usize;
        let slot = match position.checked_sub(self.values.len()) {
            None => position,
            Some(i) => *self.remap.get(i)? as usize,
        };
        let value = *self.values.get(slot)?;
        accept(value).then_some(value)
    }

    /// The number of entries.
    #[allow(dead_code)]
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }
}

impl PerfectMap<u16> {
    /// The pointer of `c`, for a map whose values are pointers into `decode`, the index's
    /// decode array, and whose code points are all in the BMP.
    #[inline]
    pub(crate) fn pointer(&self, c: char, decode: &[u16]) -> Option<u16> {
        let c16 = u16::try_from(c as u32).ok()?;
        self.get_if(c, |p| decode.get(p as usize) == Some(&c16))
    }
}

use core::sync::atomic::AtomicU32;

/// The two tables of one single-byte encoding.
pub(crate) struct SingleByteTables {
    /// Code point of bytes 0x80 to 0xFF, 0 for none.
    pub(crate) decode: &'static [u16; 128],
    /// Code point -> byte.
    pub(crate) encode: &'static PerfectMap<u8>,
    /// The longest run of `decode` ([`LinearRun::longest`]).
    pub(crate) run: LinearRun,
    /// Each high byte's UTF-8, packed by the decoders as they meet it (in a static of zeros,
    /// which takes no room in the program's file).
    pub(crate) utf8: &'static Utf8Cache,
}

/// Code points `first..first + len` are bytes `byte..byte + len`: a run of an index where
/// consecutive code points sit at consecutive bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LinearRun {
    /// The run's first code point.
    pub(crate) first: u16,
    /// How many code points.
    pub(crate) len: u16,
    /// The byte of `first`.
    pub(crate) byte: u8,
}

impl LinearRun {
    /// The empty run: ASCII only.
    pub(crate) const NONE: LinearRun = LinearRun {
        first: 0,
        len: 0,
        byte: 0,
    };

    /// The longest run of `decode` (the index: the code point of byte 0x80 + i at i, a
    /// value below 0x80 for none) of code points from U+00A0 on, the first of equal length;
    /// empty for an index with none. The C1 controls, U+0080 to U+009F, the longest run of
    /// the ISO-8859 indexes, are not text.
    ///
    /// A `const fn`: each single-byte encoding's tables hold their run, found at compile
    /// time (a pass over the index at run time cost each long call more than the rest of a
    /// short one).
    pub(crate) const fn longest(decode: &[u16; 128]) -> LinearRun {
        let mut best = LinearRun::NONE;
        let mut start = 0;
        let mut i = 0;
        while i < decode.len() {
            let continues = i > start && decode[i] == decode[i - 1].wrapping_add(1);
            if !continues {
                start = i;
            }
            let len = (i + 1 - start) as u16;
            if decode[start] >= 0xA0 && len > best.len {
                best = LinearRun {
                    first: decode[start],
                    len,
                    // Below 128: the cast loses nothing.
                    byte: 0x80 + start as u8,
                };
            }
            i += 1;
        }
        best
    }

    /// The byte of `unit` if it is ASCII or in the run.
    #[inline(always)]
    pub(crate) fn byte_of(self, unit: u16) -> Option<u8> {
        if unit < 0x80 {
            // Below 0x80: the cast loses nothing.
            return Some(unit as u8);
        }
        let offset = unit.wrapping_sub(self.first);
        // Below `len`, at most 128: the cast loses nothing.
        (offset < self.len).then(|| self.byte.wrapping_add(offset as u8))
    }
}

/// Each byte's packed UTF-8 under one index, 0 (length 0) until a decoder meets the byte
/// and packs it: one per index, shared by every call and thread, so that a stream in small
/// chunks packs each byte once rather than once a call (a chunk of Latin text meets a few
/// of the same bytes above 0x7F as every other chunk). ASCII bytes have entries too (the
/// byte itself, length 1), so that a block of a script's text, ASCII spaces and all, is
/// looked up with no test of which bytes are ASCII.
///
/// An entry only ever goes from 0 to the one value its byte has, so a relaxed load that
/// sees either is right, and two threads storing it store the same; on x86-64 each is a
/// plain `mov`. The static is all zeros, so it takes no room in the program's file.
pub(crate) struct Utf8Cache([AtomicU32; 256]);

impl Utf8Cache {
    /// Nothing packed yet.
    pub(crate) const fn new() -> Utf8Cache {
        Utf8Cache([const { AtomicU32::new(0) }; 256])
    }

    /// The entry of the byte `b`.
    #[inline(always)]
    pub(crate) fn entry(&self, b: u8) -> &AtomicU32 {
        &self.0[usize::from(b)]
    }
}

/// A run of consecutive code points with consecutive values in an encode map, emitted by
/// `encode_runs!`: (first code point, length, first value).
pub(crate) type Run = (u16, u16, u16);

impl PerfectMap<u16> {
    /// As [`PerfectMap::pointer`], computing the pointer of a code point in one of `runs`
    /// (the map's runs) rather than hashing it.
    #[inline(always)]
    pub(crate) fn pointer_with_runs(&self, runs: &[Run], c: char, decode: &[u16]) -> Option<u16> {
        run_value(runs, c).or_else(|| self.pointer(c, decode))
    }
}

/// The value of `c` if it is in one of `runs`.
#[inline(always)]
pub(crate) fn run_value(runs: &[Run], c: char) -> Option<u16> {
    for &(first, len, value) in runs {
        let offset = (c as u32).wrapping_sub(first as u32);
        if offset < len as u32 {
            return Some(value + offset as u16);
        }
    }
    None
}

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
        [$($crate::table::direct_bytes!($table, $bytes)),+]
    };
    ($table:expr, $bytes:path) => {
        $crate::table::DirectBytes {
            first: $table.first,
            bytes: &{
                const fn all<const N: usize>(
                    table: &$crate::table::DirectTable<N>,
                ) -> [[u8; 2]; N] {
                    let mut out = [[0; 2]; N];
                    let mut i = 0;
                    while i < N {
                        let value = table.values[i];
                        if value != $crate::table::DirectTable::<N>::NONE {
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

impl PerfectMap<u8> {
    /// The byte of `c`, for a single-byte map, whose values are bytes 0x80 to 0xFF and
    /// `decode` the code points of those bytes.
    #[inline]
    pub(crate) fn byte(&self, c: char, decode: &[u16; 128]) -> Option<u8> {
        let c16 = u16::try_from(c as u32).ok()?;
        self.get_if(c, |b| {
            decode.get(b.wrapping_sub(0x80) as usize) == Some(&c16)
        })
    }
}

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
    fn empty_map_answers_none() {
        let m: PerfectMap<u16> = PerfectMap {
            seed: 0,
            pilots: &[],
            remap: &[],
            values: &[],
        };
        assert_eq!(m.pointer('a', &[0x61]), None);
    }

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
