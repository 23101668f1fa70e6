//! What an instruction set gives the kernels: registers of 16, 32 and 64 bytes ([`Vector`])
//! and the operations that need more than one register type ([`Isa`]). Each implementation
//! is a file of these primitives under `arch/`; `dispatch.rs` chooses among them.
//!
//! A register is read as bytes or as 16-bit lanes (little-endian pairs of its bytes).
//! Shuffles and interleaves work within each 16-byte half of a wider register, as AVX2's
//! do; [`Vector::load_widened`] and [`Vector::narrow`] keep the units in order.

use core::mem::MaybeUninit;

use crate::kernels::uninit::as_uninit_array;

/// Methods of one expression each, inlined (for `arch/` too: `#[macro_use]`).
macro_rules! methods {
    ($($(#[$m:meta])* fn $name:ident $(<const $c:ident: $ct:ty>)?
        ($($args:tt)*) -> $ret:ty = $body:expr;)*) => {$(
        $(#[$m])*
        #[inline(always)]
        fn $name $(<const $c: $ct>)? ($($args)*) -> $ret {
            $body
        }
    )*};
}

/// One bit a byte (or a lane) of a register, bit `i` for byte `i`: 64 at most.
pub(crate) type Mask = u64;

/// The bytes of the narrowest register ([`Isa::V`]): the block most kernels take at once.
pub(crate) const BLOCK: usize = 16;

/// `N` bytes in registers. Masks are registers whose lanes are all ones or all zeros.
pub(crate) trait Vector<const N: usize>: Copy {
    fn splat(byte: u8) -> Self;
    fn splat16(unit: u16) -> Self;
    fn load(src: &[u8; N]) -> Self;
    /// The eight bytes of `src` in the first eight bytes, zeros after.
    fn load8(src: &[u8; 8]) -> Self;
    /// Stores every byte into `dst`, which may not have been written yet.
    fn store(self, dst: &mut [MaybeUninit<u8>; N]);
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    /// `self` AND NOT `other`.
    fn and_not(self, other: Self) -> Self;
    /// Each byte's high bit set where it equals `other`'s, clear elsewhere (its other bits
    /// as the implementation has them: read it through `movemask`, `and`, `or`).
    fn eq(self, other: Self) -> Self;
    /// Each 16-bit lane all ones where it equals `other`'s.
    fn eq16(self, other: Self) -> Self;
    /// Each 16-bit lane all ones where it is below `other`'s, as signed numbers.
    fn lt16(self, other: Self) -> Self;
    /// As [`Vector::lt16`], as unsigned numbers.
    #[inline(always)]
    fn lt16u(self, other: Self) -> Self {
        let flip = Self::splat16(0x8000);
        self.xor(flip).lt16(other.xor(flip))
    }
    methods! {
        /// [`Vector::lt16u`] of `bound` (at most 0x8000), but only each lane's high bit is
        /// meaningful: read it through `movemask16`, `or`, [`Vector::keep16`].
        fn below16(self, bound: u16) -> Self = self.lt16u(Self::splat16(bound));
        /// Each 16-bit lane of `self` where `mask`'s has its high bit set, zero elsewhere.
        fn keep16(self, mask: Self) -> Self = self.and(mask);
        /// `yes`'s bytes where this mask's are set, `no`'s elsewhere.
        fn select(self, yes: Self, no: Self) -> Self = yes.and(self).or(no.and_not(self));
        fn is_ascii(self) -> bool = self.movemask() == 0;
        /// As [`Vector::widen_store`] where every byte is ASCII; where not, returns false,
        /// and `dst` may have been written.
        fn widen_ascii(src: &[u8; N], dst: &mut [u16; N]) -> bool =
            Self::widen_store(src, dst).is_none();
        /// The bytes of a register from [`Vector::split16`] in the order of its lanes.
        fn unsplit(self) -> Self = self;
        /// [`Vector::movemask`] of a register from [`Vector::split16`], bit `i` for lane `i`.
        fn movemask_split(self) -> Mask = self.movemask();
    }
    /// Wrapping, in each 16-bit lane.
    fn add16(self, other: Self) -> Self;
    /// Wrapping, in each 16-bit lane.
    fn sub16(self, other: Self) -> Self;
    fn shl16<const S: i32>(self) -> Self;
    /// Zeros in.
    fn shr16<const S: i32>(self) -> Self;
    /// The high bit of each byte.
    fn movemask(self) -> Mask;
    /// The high bit of each 16-bit lane of `lo`, then of `hi`.
    fn movemask16(lo: Self, hi: Self) -> Mask;
    /// The index of the first byte with its high bit set, if any.
    #[inline(always)]
    fn first_set(self) -> Option<usize> {
        match self.movemask() {
            0 => None,
            bits => Some(bits.trailing_zeros() as usize),
        }
    }
    /// Whether every 16-bit lane is below `bound`, a power of two.
    fn lanes_below(self, bound: u16) -> bool;
    /// Each byte of `src` as a 16-bit lane: the first `N / 2` bytes', then the rest's.
    fn load_widened(src: &[u8; N]) -> (Self, Self);
    /// Each byte of `src` as its unit in `dst`; returns the index of the first byte that is
    /// not ASCII, if any.
    fn widen_store(src: &[u8; N], dst: &mut [u16; N]) -> Option<usize>;
    /// Each 16-bit lane of `self`, then of `other`, as a byte: the lane itself where it is
    /// at most 0xFF (the byte of a larger lane is not meaningful).
    fn narrow(self, other: Self) -> Self;
    /// The 16-bit lanes of each half of `self` and `other` interleaved: in each half, the
    /// first four lanes of both (`self`'s first), then the last four.
    fn interleave16(self, other: Self) -> (Self, Self);
    /// The low byte of each 16-bit lane of `lo`, then of `hi`, and their high bytes: in an
    /// order of the implementation's own, the same for both, which [`Vector::unsplit`] and
    /// [`Vector::movemask_split`] undo (each operation on bytes keeps it).
    #[inline(always)]
    fn split16(lo: Self, hi: Self) -> (Self, Self) {
        let low = Self::splat16(0xFF);
        (
            lo.and(low).narrow(hi.and(low)),
            lo.shr16::<8>().narrow(hi.shr16::<8>()),
        )
    }
    /// Wrapping, in each byte.
    #[inline(always)]
    fn add8(self, other: Self) -> Self {
        let low = Self::splat16(0xFF);
        let lows = self.and(low).add16(other.and(low)).and(low);
        lows.or(self.and_not(low).add16(other.and_not(low)))
    }
    /// Each byte's high bit set where it is below `bound` (at most 0x80), clear elsewhere
    /// (its other bits not meaningful: read it through `movemask`, `and`, `or`,
    /// [`Vector::splat_where`]).
    #[inline(always)]
    fn below8(self, bound: u8) -> Self {
        // Seven bits and at most 0x80 carry into no other byte.
        let sum = self.and(Self::splat(0x7F)).add16(Self::splat(0x80 - bound));
        Self::splat(0x80).and_not(sum.or(self))
    }
    /// `byte` in each byte where `mask`'s has its high bit set, zero elsewhere.
    #[inline(always)]
    fn splat_where(mask: Self, byte: u8) -> Self {
        // Each high bit as 0 or 1, times 0xFF.
        let ones = mask.shr16::<7>().and(Self::splat(1));
        Self::splat(byte).and(ones.shl16::<8>().sub16(ones))
    }
    /// Each byte plus `delta` where `mask`'s has its high bit set, as it is elsewhere: each
    /// sum where added lies in 0..=255 (no byte wraps).
    #[inline(always)]
    fn add8_where(self, mask: Self, delta: i16) -> Self {
        // The low byte of the sum: the byte it wraps to.
        self.add8(Self::splat_where(mask, delta as u8))
    }
}

/// A register of `N` bytes also loaded from and stored into `L` (`N / 2`) 16-bit units.
pub(crate) trait Units<const L: usize, const N: usize>: Vector<N> {
    fn load_units(src: &[u16; L]) -> Self;
    fn store_units(self, dst: &mut [u16; L]);
    /// Each of the `M` (`N`) units of `src` as a byte of `dst` ([`Vector::narrow`]).
    #[inline(always)]
    fn narrow_store<const M: usize>(src: &[u16; M], dst: &mut [MaybeUninit<u8>; M]) {
        if let (Some((lo, hi)), Some(dst)) = (halves(src), dst.first_chunk_mut()) {
            Self::load_units(lo).narrow(Self::load_units(hi)).store(dst);
        }
    }
    /// Whether every one of the `M` (`N`) units of `src` is below `bound`, a power of two.
    #[inline(always)]
    fn units_below<const M: usize>(src: &[u16; M], bound: u16) -> bool {
        halves(src).is_some_and(|(lo, hi)| {
            let units = Self::load_units(lo).or(Self::load_units(hi));
            units.lanes_below(bound)
        })
    }
}

/// The first `H` items of `s` and the `H` after them.
#[inline(always)]
pub(crate) fn halves<T, const H: usize>(s: &[T]) -> Option<(&[T; H], &[T; H])> {
    Some((s.first_chunk()?, s.get(H..)?.first_chunk()?))
}

/// An implementation of the kernels (the bulk loops of decoding and encoding): the
/// instruction set they are compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Implementation {
    /// Plain Rust, a 64-bit word at a time: what targets other than x86-64 run, and x86-64
    /// built with `RUSTFLAGS='--cfg whatwg_encoding_portable'`.
    Portable,
    /// SSE2, which every x86-64 processor has: the baseline of x86-64 builds.
    Sse2,
    /// SSSE3 and POPCNT (the UTF-8 of UTF-16 and of the single-byte encodings outside Latin
    /// packed by a byte shuffle), where the processor has them.
    Ssse3,
    /// AVX2, with SSSE3 and POPCNT: SSSE3's kernels, and blocks of 32 and 64 bytes in
    /// 256-bit registers, where the processor (and the operating system) has them and
    /// the environment variable `WHATWG_ENCODING_NO_WIDE` (set to anything but an empty
    /// value or `0` when the kernels first choose) does not turn them off: then SSSE3 runs,
    /// as on a processor without AVX2.
    Avx2,
}

/// An instruction set: a value of an implementing type is the proof that the processor has
/// it (see `dispatch`), so that its operations are safe functions.
pub(crate) trait Isa: Copy {
    const IMPLEMENTATION: Implementation;
    type V: Units<8, 16>;
    type W: Units<16, 32>;
    type X: Vector<64>;

    /// Whether the kernels' wide blocks of 32 bytes (one register) pay.
    const WIDE: bool = false;
    /// Whether [`Isa::shuffle`] is one instruction: without it, the kernels take other
    /// paths than the shuffles'.
    const SHUFFLE: bool = false;
    /// The boundary the kernels start their long runs of stores from, where stores that
    /// straddle cache lines cost (a register's width).
    const STORE_ALIGN: usize = 16;

    fn halves(w: Self::W) -> (Self::V, Self::V);
    fn from_halves(lo: Self::V, hi: Self::V) -> Self::W;

    /// Byte `i` of the result is `v`'s byte `index[i] & 15`, or zero where `index[i]` has
    /// its high bit set (`pshufb`).
    #[inline(always)]
    fn shuffle(self, v: Self::V, index: Self::V) -> Self::V {
        let (mut bytes, mut at) = ([0u8; 16], [0u8; 16]);
        v.store(as_uninit_array(&mut bytes));
        index.store(as_uninit_array(&mut at));
        Self::V::load(&at.map(|i| bytes[usize::from(i & 15)] * u8::from(i < 0x80)))
    }
    /// [`Isa::shuffle`] of each half of `w`.
    #[inline(always)]
    fn shuffle_wide(self, w: Self::W, index: Self::W) -> Self::W {
        let ((w0, w1), (i0, i1)) = (Self::halves(w), Self::halves(index));
        Self::from_halves(self.shuffle(w0, i0), self.shuffle(w1, i1))
    }
    #[inline(always)]
    fn popcount(self, x: u32) -> u32 {
        x.count_ones()
    }
}

/// Two registers as one of twice the width, the first holding the first half (not in a
/// build of the portable implementation alone, whose words make registers of any width).
#[cfg_attr(not(kernels_x86_64), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair<T>(pub(crate) T, pub(crate) T);

/// `Vector<$n>` for pairs of `Vector<$half>`: each operation on each half, but those that
/// read both halves together.
macro_rules! pair {
    ($($n:literal = 2 x $half:literal),*) => {$(
        impl<T: Vector<$half>> Vector<$n> for Pair<T> {
            pair!(@each and or xor and_not eq eq16 lt16 add16 sub16 keep16);
            methods! {
                fn splat(byte: u8) -> Self = Pair(T::splat(byte), T::splat(byte));
                fn splat16(unit: u16) -> Self = Pair(T::splat16(unit), T::splat16(unit));
                fn load8(src: &[u8; 8]) -> Self = Pair(T::load8(src), T::splat(0));
                fn below16(self, b: u16) -> Self = Pair(self.0.below16(b), self.1.below16(b));
                fn shl16<const S: i32>(self) -> Self =
                    Pair(self.0.shl16::<S>(), self.1.shl16::<S>());
                fn shr16<const S: i32>(self) -> Self =
                    Pair(self.0.shr16::<S>(), self.1.shr16::<S>());
                fn movemask(self) -> Mask = self.0.movemask() | self.1.movemask() << $half;
                fn movemask16(lo: Self, hi: Self) -> Mask =
                    T::movemask16(lo.0, lo.1) | T::movemask16(hi.0, hi.1) << $half;
                /// One mask of the halves ORed.
                fn is_ascii(self) -> bool = self.0.or(self.1).is_ascii();
                fn lanes_below(self, bound: u16) -> bool = self.0.or(self.1).lanes_below(bound);
                fn narrow(self, o: Self) -> Self = Pair(self.0.narrow(self.1), o.0.narrow(o.1));
            }
            #[inline(always)]
            fn load(src: &[u8; $n]) -> Self {
                match (src.first_chunk(), src.last_chunk()) {
                    (Some(lo), Some(hi)) => Pair(T::load(lo), T::load(hi)),
                    _ => Self::splat(0),
                }
            }
            #[inline(always)]
            fn store(self, dst: &mut [MaybeUninit<u8>; $n]) {
                let (lo, hi) = dst.split_at_mut($half);
                if let (Some(lo), Some(hi)) = (lo.first_chunk_mut(), hi.first_chunk_mut()) {
                    self.0.store(lo);
                    self.1.store(hi);
                }
            }
            #[inline(always)]
            fn first_set(self) -> Option<usize> {
                if self.is_ascii() {
                    return None;
                }
                Some(self.movemask().trailing_zeros() as usize)
            }
            #[inline(always)]
            fn load_widened(src: &[u8; $n]) -> (Self, Self) {
                let Some((lo, hi)) = halves(src) else {
                    return (Self::splat(0), Self::splat(0));
                };
                let ((a, b), (c, d)) = (T::load_widened(lo), T::load_widened(hi));
                (Pair(a, b), Pair(c, d))
            }
            #[inline(always)]
            fn widen_store(src: &[u8; $n], dst: &mut [u16; $n]) -> Option<usize> {
                let (lo, hi) = dst.split_at_mut($half);
                match (src.first_chunk(), src.last_chunk(), lo.first_chunk_mut(), hi.first_chunk_mut()) {
                    (Some(s0), Some(s1), Some(d0), Some(d1)) => {
                        let (a, b) = (T::widen_store(s0, d0), T::widen_store(s1, d1));
                        a.or(b.map(|i| i + $half))
                    }
                    _ => Some(0),
                }
            }
            #[inline(always)]
            fn interleave16(self, o: Self) -> (Self, Self) {
                let ((a, b), (c, d)) = (self.0.interleave16(o.0), self.1.interleave16(o.1));
                (Pair(a, c), Pair(b, d))
            }
        }
    )*};
    (@each $($op:ident)*) => {$(
        #[inline(always)]
        fn $op(self, o: Self) -> Self {
            Pair(self.0.$op(o.0), self.1.$op(o.1))
        }
    )*};
}

pair!(32 = 2 x 16, 64 = 2 x 32);

impl<T: Units<8, 16>> Units<16, 32> for Pair<T> {
    #[inline(always)]
    fn load_units(src: &[u16; 16]) -> Self {
        match (src.first_chunk(), src.last_chunk()) {
            (Some(lo), Some(hi)) => Pair(T::load_units(lo), T::load_units(hi)),
            _ => Self::splat(0),
        }
    }
    #[inline(always)]
    fn store_units(self, dst: &mut [u16; 16]) {
        let (lo, hi) = dst.split_at_mut(8);
        if let (Some(lo), Some(hi)) = (lo.first_chunk_mut(), hi.first_chunk_mut()) {
            self.0.store_units(lo);
            self.1.store_units(hi);
        }
    }
}
