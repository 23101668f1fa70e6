//! What an instruction set gives the kernels: a block of bytes held in registers
//! ([`Bytes`]), at three widths, and the few operations on code units the task kernels
//! need ([`Isa`]). Every task kernel (the ASCII scans and copies, the single-byte blocks,
//! the UTF-16 ↔ UTF-8 blocks) is written once, generic over an [`Isa`]; each instruction set
//! is one implementation of these traits in a folder of its own (`arch/portable/`, `arch/x86_64/`).
//!
//! A wider instruction set is one more implementation: AVX2's `Bytes32` and `Bytes64` are
//! one and two registers where SSE2's are two and four (an AVX-512 one would be one register
//! of 64, [`Mask`] having a bit for each of 64 bytes); and it may give the wide blocks of
//! code units ([`Isa::WIDE`]), which the kernels try before the blocks of sixteen and eight.

use core::mem::MaybeUninit;

use crate::kernels::dispatch::Implementation;
use crate::tables::LinearBytes;

/// One bit a lane of a block, bit `i` for lane `i`: 64 lanes at most.
pub(crate) type Mask = u64;

/// `N` bytes held in registers: what the ASCII scans and copies load, test and store.
pub(crate) trait Bytes<const N: usize>: Copy {
    /// The bytes of `src`.
    fn load(src: &[u8; N]) -> Self;

    /// Stores the bytes into `dst`, which may not have been written yet; every element of
    /// `dst` is written.
    fn store_uninit(self, dst: &mut [MaybeUninit<u8>; N]);

    /// A block whose bytes have their high bit set where this block's are `needle`, clear
    /// elsewhere (the other bits are not meaningful): a comparison, read with
    /// [`Bytes::high_bits`] or [`Bytes::is_ascii`] (no byte equal).
    #[cfg_attr(not(feature = "sniff"), allow(dead_code))]
    fn eq(self, needle: u8) -> Self;

    /// The bitwise AND of two blocks.
    #[cfg_attr(not(feature = "sniff"), allow(dead_code))]
    fn and(self, other: Self) -> Self;

    /// Every byte ORed with `byte` (with 0x20: ASCII letters in lower case).
    #[cfg_attr(not(feature = "sniff"), allow(dead_code))]
    fn or_byte(self, byte: u8) -> Self;

    /// The bitwise OR of two blocks (of two comparisons: the bytes either found).
    #[cfg_attr(not(feature = "sniff"), allow(dead_code))]
    fn or(self, other: Self) -> Self;

    /// The high bit of each byte, bit `i` for byte `i` (`movemask`): the bytes that are not
    /// ASCII.
    fn high_bits(self) -> Mask;

    /// Whether every byte is ASCII (high bit clear).
    #[inline(always)]
    fn is_ascii(self) -> bool {
        self.high_bits() == 0
    }

    /// The index of the first byte that is not ASCII, if any.
    #[inline(always)]
    fn first_non_ascii(self) -> Option<usize> {
        match self.high_bits() {
            0 => None,
            bits => Some(bits.trailing_zeros() as usize),
        }
    }
}

/// Bytes or code units per block of [`Isa::widen`] and [`Isa::narrow`].
pub(crate) const BLOCK: usize = 16;

/// Code units per block of the UTF-8 packing ([`Isa::utf8_one_or_two_bytes`],
/// [`Isa::utf8_one_to_three_bytes`]).
pub(crate) const UNITS: usize = 8;

/// Bytes of the output a block of [`UNITS`] units is packed into: three bytes a unit at
/// most, stored as four for the last unit (lane by lane), or sixteen for each half of the
/// block, the second after at most twelve bytes (a shuffle a half).
pub(crate) const BLOCK_OUT: usize = 12 + 16;

/// Code units a step of the wide blocks of UTF-16 stored as byte pairs
/// ([`Isa::narrow_pairs`]); half as many for [`Isa::utf8_pairs`].
pub(crate) const WIDE_UNITS: usize = 32;

/// An instruction set the kernels are compiled for: a value of an implementing type is the
/// proof that the processor has it (see `dispatch`), so that its operations are safe
/// functions.
pub(crate) trait Isa: Copy {
    /// Which implementation this is.
    const IMPLEMENTATION: Implementation;

    /// Sixteen bytes.
    type Bytes16: Bytes<16>;
    /// Thirty-two bytes.
    type Bytes32: Bytes<32>;
    /// Sixty-four bytes.
    type Bytes64: Bytes<64>;

    /// Widens `src` into `dst` (each byte its unit), translating the bytes of `run`
    /// (`run.byte..run.byte + run.len`, all above 0x7F, as [`LinearBytes::longest`] finds
    /// them) to its code points; returns a mask of the other bytes above 0x7F, bit `i` for
    /// byte `i`, whose units the caller must look up (they hold the byte). With
    /// [`LinearBytes::NONE`], a plain widening whose mask is the bytes that are not ASCII.
    fn widen(self, src: &[u8; BLOCK], dst: &mut [u16; BLOCK], run: LinearBytes) -> u32;

    /// Narrows `src` into `dst` by `run` ([`LinearBytes::byte_of`]: ASCII or in the run), all
    /// sixteen bytes stored; returns a mask of the other units, bit `i` for unit `i` (their
    /// bytes are not meaningful), 0 when all sixteen are ASCII or in the run.
    fn narrow(
        self,
        src: &[u16; BLOCK],
        dst: &mut [MaybeUninit<u8>; BLOCK],
        run: LinearBytes,
    ) -> u32;

    /// Whether this implementation has wide blocks of UTF-16 stored as byte pairs
    /// ([`Isa::narrow_pairs`], [`Isa::utf8_pairs`]): the kernels try them first only then,
    /// and are otherwise the same code.
    const WIDE: bool = false;

    /// Whether this implementation packs a block's UTF-8 with a byte shuffle
    /// ([`Isa::utf8`] in a few instructions, as SSSE3's `pshufb` does): without one, a
    /// single-byte decoder's table of each byte's UTF-8 is the faster way, and its kernel
    /// takes no blocks.
    const SHUFFLE: bool = false;

    /// The boundary of memory the kernels start their stores from where stores that
    /// straddle cache lines would cost (a register's width, up to 32 bytes).
    const STORE_ALIGN: usize = 16;

    /// Narrows the [`WIDE_UNITS`] code units of `src`, stored as byte pairs (big-endian if
    /// `BE`), into `dst` if all are Basic Latin (below 0x80); returns whether they were.
    /// `dst` is written only then. Without [`Isa::WIDE`], `false`.
    #[inline(always)]
    fn narrow_pairs<const BE: bool>(
        self,
        src: &[u8; 2 * WIDE_UNITS],
        dst: &mut [MaybeUninit<u8>; WIDE_UNITS],
    ) -> bool {
        let _ = (src, dst);
        false
    }

    /// Writes the UTF-8 of the `WIDE_UNITS / 2` code units of `src`, stored as byte pairs
    /// (big-endian if `BE`), at the start of `out` if all are below 0x800; returns its
    /// length, or `None` (`out` unwritten) if one is not. Bytes of `out` past the length may
    /// be overwritten. Without [`Isa::WIDE`], `None`.
    #[inline(always)]
    fn utf8_pairs<const BE: bool>(
        self,
        src: &[u8; WIDE_UNITS],
        out: &mut [MaybeUninit<u8>; WIDE_UNITS],
    ) -> Option<usize> {
        let _ = (src, out);
        None
    }

    /// Decodes the first thirty bytes of `src` into ten code units at the start of `dst` if
    /// they are ten valid three-byte UTF-8 sequences (U+0800 to U+FFFF, no surrogate), as
    /// Chinese, Japanese and Thai text is; returns whether they were. `dst` may be
    /// overwritten past the ten units either way. Without [`Isa::WIDE`], `false`.
    #[inline(always)]
    fn utf16_of_three_byte_utf8(self, src: &[u8; WIDE_UNITS], dst: &mut [u16; 16]) -> bool {
        let _ = (src, dst);
        false
    }

    /// Decodes the first eight bytes of `src` (seven, where the eighth is the lead of a
    /// two-byte sequence, left for the next block) into the start of `dst` if they are
    /// ASCII and valid two-byte sequences (U+0080 to U+07FF), as text in Latin, Greek,
    /// Cyrillic, Hebrew or Arabic script is; returns (bytes read, units written). `None` at
    /// a byte from 0xE0 up, an overlong lead (0xC0, 0xC1), a lead without its trail or a
    /// trail without its lead. All eight units of `dst` may be written either way. Without
    /// [`Isa::SHUFFLE`], `None`.
    #[inline(always)]
    fn utf16_of_short_utf8(self, src: &[u8; 8], dst: &mut [u16; 8]) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// Decodes the UTF-8 at the start of `src` into `dst` by blocks of
    /// [`Isa::utf16_of_short_utf8`] while they decode (see
    /// [`short_blocks`](crate::kernels::utf8::to_utf16::short_blocks)); returns (bytes
    /// read, units written). Out of line, so that the loop that calls it for a word of a
    /// script compiles as it would without it. Without [`Isa::SHUFFLE`], (0, 0).
    #[inline(always)]
    fn utf16_of_short_utf8_run(self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        let _ = (src, dst);
        (0, 0)
    }

    /// Widens the [`WIDE_UNITS`] bytes of `src` into `dst` (each byte its unit), all of
    /// `dst` written; returns a mask of the bytes that are not ASCII, bit `i` for byte `i`.
    /// [`Isa::widen`] twice, but where [`Isa::WIDE`] is one step.
    #[inline(always)]
    fn widen_wide(self, src: &[u8; WIDE_UNITS], dst: &mut [u16; WIDE_UNITS]) -> u32 {
        let (src_lo, src_hi) = src.split_at(BLOCK);
        let (dst_lo, dst_hi) = dst.split_at_mut(BLOCK);
        match (
            src_lo.first_chunk(),
            src_hi.first_chunk(),
            dst_lo.first_chunk_mut(),
            dst_hi.first_chunk_mut(),
        ) {
            (Some(s0), Some(s1), Some(d0), Some(d1)) => {
                self.widen(s0, d0, LinearBytes::NONE)
                    | self.widen(s1, d1, LinearBytes::NONE) << BLOCK
            }
            _ => unreachable!("two blocks of sixteen"),
        }
    }

    /// Writes the UTF-8 of [`UNITS`] code units all below 0x800 at the start of `out`;
    /// returns its length. Bytes of `out` past it may be overwritten.
    fn utf8_one_or_two_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize;

    /// Writes the UTF-8 of [`UNITS`] code units none of which is a surrogate at the start
    /// of `out`; returns its length. Bytes of `out` past it may be overwritten.
    fn utf8_one_to_three_bytes(
        self,
        units: &[u16; UNITS],
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize;

    /// Writes the UTF-8 of `units`, none of which is a surrogate and whose largest (or all
    /// ORed) is `largest`, at the start of `out` in the form that unit needs; returns its
    /// length. Bytes of `out` past it may be overwritten.
    #[inline(always)]
    fn utf8(
        self,
        units: &[u16; UNITS],
        largest: u16,
        out: &mut [MaybeUninit<u8>; BLOCK_OUT],
    ) -> usize {
        if largest < 0x800 {
            self.utf8_one_or_two_bytes(units, out)
        } else {
            self.utf8_one_to_three_bytes(units, out)
        }
    }
}
