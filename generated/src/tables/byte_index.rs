//! The form one single-byte index takes (section 9): its decode array, encode map, longest
//! linear range and UTF-8 cache.

use super::perfect_map::PerfectMap;
use core::sync::atomic::AtomicU32;

/// The two tables of one single-byte encoding.
pub(crate) struct SingleByteTables {
    /// Code point of bytes 0x80 to 0xFF, 0 for none.
    pub(crate) decode: &'static [u16; 128],
    /// Code point -> byte.
    pub(crate) encode: &'static PerfectMap<u8>,
    /// The longest run of `decode` ([`LinearBytes::longest`]).
    pub(crate) linear: LinearBytes,
    /// Each high byte's UTF-8, packed by the decoders as they meet it (in a static of zeros,
    /// which takes no room in the program's file).
    pub(crate) utf8: &'static Utf8Cache,
}

/// Code points `first..first + len` are bytes `byte..byte + len`: a run of an index where
/// consecutive code points sit at consecutive bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LinearBytes {
    /// The run's first code point.
    pub(crate) first: u16,
    /// How many code points.
    pub(crate) len: u16,
    /// The byte of `first`.
    pub(crate) byte: u8,
}

impl LinearBytes {
    /// The empty run: ASCII only.
    pub(crate) const NONE: LinearBytes = LinearBytes {
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
    pub(crate) const fn longest(decode: &[u16; 128]) -> LinearBytes {
        let mut best = LinearBytes::NONE;
        let mut start = 0;
        let mut i = 0;
        while i < decode.len() {
            let continues = i > start && decode[i] == decode[i - 1].wrapping_add(1);
            if !continues {
                start = i;
            }
            let len = (i + 1 - start) as u16;
            if decode[start] >= 0xA0 && len > best.len {
                best = LinearBytes {
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
