//! Encoding UTF-16 with a single-byte index (section 9.2), sixteen units at a time.
//!
//! Text in one script meets mostly ASCII and one range of the index where consecutive code
//! points sit at consecutive bytes (windows-1251's U+0410 to U+044F at 0xC0 to 0xFF,
//! windows-1252's U+00A0 to U+00FF at 0xA0 to 0xFF): both are arithmetic, so a whole block
//! is narrowed with a few wide operations and no lookup. Every other unit goes to the
//! caller's step, one at a time, and the blocks resume after it.

use super::narrow;
use crate::kernels::dispatch::Baseline;
use crate::kernels::isa::{Isa, BLOCK};
use crate::kernels::uninit::as_uninit_array;
use crate::tables::LinearBytes;

/// A range outside Latin-1 shorter than this holds only some of its script's letters.
pub(super) const HALF_A_SCRIPT: u16 = 32;

/// Encodes the longest prefix of `src` that `dst` has room for, one byte per unit: ASCII
/// and `linear` a block at a time, any other unit that is not a surrogate by `other` (the
/// handler's step: its byte, or `None` to stop before it). Stops before a surrogate (a
/// single-byte index has none, and the caller's loop reads pairs and unpaired ones).
/// Returns the number of units read, which is also the number of bytes written. Bytes of
/// `dst` past that may be overwritten.
///
/// After a unit the blocks do not take, units go one at a time until two in a row (eight
/// for a range of under [`HALF_A_SCRIPT`] code points outside Latin-1) are ASCII or in the
/// range: text whose letters are outside the range (KOI8-R's, in no code point order), or half
/// in it (windows-1256's Arabic), would otherwise pay for a block every few letters. Each of those units' bytes is
/// remembered for the call, in a table indexed by the unit's low byte that holds the unit
/// it answers for, so that `other` is asked once per character the text uses (a few dozen,
/// where the step is a hash lookup).
#[inline(always)]
pub(crate) fn encode(
    src: &[u16],
    dst: &mut [u8],
    linear: LinearBytes,
    other: impl FnMut(u16) -> Option<u8>,
) -> usize {
    encode_on(Baseline, src, dst, linear, other)
}

/// [`encode`] on `isa`.
#[inline(always)]
pub(super) fn encode_on<I: Isa>(
    isa: I,
    src: &[u16],
    dst: &mut [u8],
    linear: LinearBytes,
    other: impl FnMut(u16) -> Option<u8>,
) -> usize {
    // The blocks take a range that crosses no multiple of 256 (every index's is one);
    // the rest of a longer one goes to `other`.
    let linear = LinearBytes {
        len: linear.len.min(0x100 - (linear.first & 0xFF)),
        ..linear
    };
    // Text in a script whose letters are half in the range (windows-1256's Arabic) stays
    // longer on the units' path than text that goes on in ASCII or the range after a unit
    // outside it (Latin text after an accented letter, Cyrillic after 'ё'): a copy for each.
    if linear.first >= 0x100 && linear.len < HALF_A_SCRIPT {
        encode_resuming::<true, I>(isa, src, dst, linear, other)
    } else {
        encode_resuming::<false, I>(isa, src, dst, linear, other)
    }
}

/// [`encode`], going back to blocks after eight units in a row that they would take if
/// `STAY_LONGER`, else after two.
#[inline(always)]
fn encode_resuming<const STAY_LONGER: bool, I: Isa>(
    isa: I,
    src: &[u16],
    dst: &mut [u8],
    linear: LinearBytes,
    mut other: impl FnMut(u16) -> Option<u8>,
) -> usize {
    let len = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..len), dst.get_mut(..len)) else {
        return 0;
    };
    let mut memo = Memo::new();
    let mut n = 0;
    loop {
        n += blocks(
            isa,
            src.get(n..).unwrap_or_default(),
            dst.get_mut(n..).unwrap_or_default(),
            linear,
            &memo,
        );
        // Units in a row the blocks would have taken.
        let mut hits = 0u32;
        loop {
            let (Some(&u), Some(out)) = (src.get(n), dst.get_mut(n)) else {
                return n;
            };
            if let Some(b) = linear.byte_of(u) {
                *out = b;
                n += 1;
                hits += 1;
                let resume = if STAY_LONGER {
                    hits >= 8
                } else {
                    src.get(n).is_some_and(|&u| linear.byte_of(u).is_some())
                };
                if resume && len - n >= BLOCK {
                    break;
                }
                continue;
            }
            hits = 0;
            // A surrogate stops the blocks too (it is never remembered).
            let surrogate = u & 0xF800 == 0xD800;
            match memo.byte(u32::from(u), || if surrogate { None } else { other(u) }) {
                Some(b) => {
                    *out = b;
                    n += 1;
                }
                None => return n,
            }
        }
    }
}

/// The bytes the caller's step gave, for one call, to code points outside the range: text
/// repeats a few dozen such characters, which the step (a hash lookup) then
/// answers once each. Entry `c & 0xFF` holds `c << 8 | byte`, 0 (no code point's) for none.
/// Both single-byte bulk paths use it, from UTF-16 here and from `&str`
/// ([`super::encode_str`]).
pub(crate) struct Memo([u32; 256]);

impl Memo {
    /// Remembers nothing.
    #[inline(always)]
    pub(crate) fn new() -> Memo {
        Memo([0; 256])
    }

    /// The byte remembered for code point `c`, if any.
    #[inline(always)]
    pub(crate) fn get(&self, c: u32) -> Option<u8> {
        let known = self.0[(c & 0xFF) as usize];
        // The low eight bits: the byte.
        (known >> 8 == c).then_some(known as u8)
    }

    /// The byte of code point `c`: remembered, or else `step`'s answer, remembered if any.
    #[inline(always)]
    pub(crate) fn byte(&mut self, c: u32, step: impl FnOnce() -> Option<u8>) -> Option<u8> {
        let known = &mut self.0[(c & 0xFF) as usize];
        if *known >> 8 == c {
            // The low eight bits: the byte.
            return Some(*known as u8);
        }
        let b = step()?;
        *known = c << 8 | u32::from(b);
        Some(b)
    }
}

/// The units at the start of `src` that are ASCII, in `linear` or remembered in `memo`,
/// narrowed into `dst` a whole block at a time (the block with the first other unit stored
/// whole too); returns how many. Stops before the last partial block.
///
/// A block's units outside the range that `memo` knows (Latin text's letters outside the range:
/// Vietnamese 'đ', 'à', 'ư' in windows-1258) are put in place after the block is narrowed,
/// so that the blocks go on past them: leaving the blocks for each one cost a mispredicted
/// branch and a restart.
#[inline(always)]
fn blocks<I: Isa>(isa: I, src: &[u16], dst: &mut [u8], linear: LinearBytes, memo: &Memo) -> usize {
    let mut n = 0;
    for (s, d) in src.chunks_exact(BLOCK).zip(dst.chunks_exact_mut(BLOCK)) {
        let (Some(s), Some(d)) = (s.first_chunk::<BLOCK>(), d.first_chunk_mut::<BLOCK>()) else {
            break;
        };
        let others = narrow(isa, s, as_uninit_array(d), linear);
        if others != 0 {
            let known = remembered(s, d, others, memo);
            if known < BLOCK {
                return n + known;
            }
        }
        n += BLOCK;
    }
    n
}

/// Puts the bytes `memo` knows for the units of `src` that `others` marks (bit `i` for
/// unit `i`) in `dst`; returns the index of the first it does not know, or [`BLOCK`].
/// Out of line: in the blocks' loop, it made the all-ASCII block's path longer.
#[inline(never)]
fn remembered(src: &[u16; BLOCK], dst: &mut [u8; BLOCK], mut others: u32, memo: &Memo) -> usize {
    while others != 0 {
        // Below 16: the lowest set bit of a 16-bit mask.
        let i = others.trailing_zeros() as usize;
        let (Some(&u), Some(out)) = (src.get(i), dst.get_mut(i)) else {
            break;
        };
        // A surrogate is never remembered.
        match memo.get(u32::from(u)) {
            Some(b) => *out = b,
            None => return i,
        }
        others &= others - 1;
    }
    BLOCK
}
