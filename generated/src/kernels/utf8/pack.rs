//! UTF-8 packing, for every kernel that writes UTF-8: a code point's bytes computed and
//! stored at once, and a block of code units' ([`Packer`]), each unit's bytes computed in
//! its lane and moved together by a shuffle where the instruction set has one, else a unit
//! at a time with no branch. The output is fixed-size windows, so that nothing can panic.

use core::mem::MaybeUninit;

use crate::kernels::isa::{Isa, Units, Vector};
use crate::kernels::shuffles::Shuffles;
use crate::kernels::uninit::put;

/// The UTF-8 of `cp`, a BMP scalar value of at least U+0080 (not a surrogate): its bytes in
/// the low octets of the result, the first lowest, and their number (2 or 3).
#[inline(always)]
pub(crate) fn bmp_non_ascii(cp: u16) -> (u32, usize) {
    let cp = u32::from(cp);
    let three = 0x0080_80E0 | cp >> 12 | (cp << 2 & 0x3F00) | (cp << 16 & 0x003F_0000);
    if cp < 0x800 {
        (0x80C0 | cp >> 6 | (cp & 0x3F) << 8, 2)
    } else {
        (three, 3)
    }
}

/// As [`bmp_non_ascii`] for any BMP scalar value, ASCII (one byte) included.
#[inline(always)]
pub(crate) fn bmp(cp: u16) -> (u32, usize) {
    match cp {
        0..0x80 => (u32::from(cp), 1),
        _ => bmp_non_ascii(cp),
    }
}

/// The four UTF-8 bytes of `cp`, a supplementary code point, the first lowest.
#[inline(always)]
pub(crate) fn supplementary(cp: u32) -> u32 {
    0x8080_80F0
        | cp >> 18
        | (cp >> 4 & 0x3F00)
        | (cp << 10 & 0x003F_0000)
        | (cp << 24 & 0x3F00_0000)
}

/// The four UTF-8 bytes of the surrogate pair `lead`, `trail` (which the caller checked).
#[inline(always)]
pub(crate) fn surrogate_pair(lead: u16, trail: u16) -> [u8; 4] {
    let cp = 0x1_0000 + ((u32::from(lead & 0x3FF) << 10) | u32::from(trail & 0x3FF));
    supplementary(cp).to_le_bytes()
}

/// Writes [`bmp_non_ascii`] of `cp` at the start of `out` (all four bytes); returns its
/// length.
#[inline(always)]
pub(crate) fn write_bmp_non_ascii(cp: u16, out: &mut [u8; 4]) -> usize {
    let (bytes, len) = bmp_non_ascii(cp);
    *out = bytes.to_le_bytes();
    len
}

/// Writes `c` at the start of `out` and returns its length (1 to 4); the rest of `out` may
/// be overwritten.
#[inline(always)]
pub(crate) fn write_char(c: char, out: &mut [u8; 4]) -> usize {
    let (bytes, len) = match u16::try_from(c as u32) {
        Ok(cp) => bmp(cp),
        Err(_) => (supplementary(c as u32), 4),
    };
    *out = bytes.to_le_bytes();
    len
}

/// Code units of a block of [`Packer::utf8`].
pub(crate) const UNITS: usize = 8;

/// Bytes of the output a block of [`UNITS`] units is packed into: sixteen stored for each
/// half, the second after at most twelve.
pub(crate) const OUT: usize = 12 + 16;

/// The packing of blocks of code units into UTF-8 on an instruction set.
#[derive(Clone, Copy)]
pub(crate) struct Packer<I> {
    isa: I,
    /// Where [`Isa::SHUFFLE`].
    shuffles: Option<&'static Shuffles>,
}

impl<I: Isa> Packer<I> {
    #[inline(always)]
    pub(crate) fn new(isa: I) -> Packer<I> {
        let shuffles = crate::kernels::shuffles::for_isa::<I>();
        Packer { isa, shuffles }
    }

    /// Writes the UTF-8 of `units`, none of which is a surrogate and whose largest (or all
    /// ORed) is `largest`, at the start of `out`; returns its length. Bytes of `out` past it
    /// may be overwritten.
    #[inline(always)]
    pub(crate) fn utf8(
        self,
        units: &[u16; UNITS],
        largest: u16,
        out: &mut [MaybeUninit<u8>; OUT],
    ) -> usize {
        match (self.shuffles, largest < 0x800) {
            (Some(shuffles), true) => match out.first_chunk_mut::<16>() {
                Some(out) => self.two_bytes(shuffles, I::V::load_units(units), out),
                None => 0,
            },
            (Some(shuffles), false) => self.three_bytes(shuffles, I::V::load_units(units), out),
            (None, true) => one_or_two_bytes(units, out),
            (None, false) => one_to_three_bytes(units, out),
        }
    }

    /// Writes the UTF-8 of the sixteen units of `u` at the start of `out` if all are below
    /// 0x800 and [`Isa::WIDE`]; returns its length, or `None` (`out` unwritten). Bytes of
    /// `out` past the length may be overwritten.
    #[inline(always)]
    pub(crate) fn utf8_wide(self, u: I::W, out: &mut [MaybeUninit<u8>; 32]) -> Option<usize> {
        let shuffles = self.shuffles.filter(|_| I::WIDE)?;
        if !u.lanes_below(0x800) {
            return None;
        }
        let (bytes, non_ascii) = two_byte_lanes(u);
        let mask = I::W::movemask16(non_ascii, non_ascii);
        let (key_lo, key_hi) = (mask as u8, (mask >> 8) as u8);
        let shuffle = I::from_halves(
            I::V::load(&shuffles.two_bytes[usize::from(key_lo)]),
            I::V::load(&shuffles.two_bytes[usize::from(key_hi)]),
        );
        let (lo, hi) = I::halves(self.isa.shuffle_wide(bytes, shuffle));
        let first = 8 + self.isa.popcount(u32::from(key_lo)) as usize;
        let second = 8 + self.isa.popcount(u32::from(key_hi)) as usize;
        store_halves(lo, hi, first, out);
        Some(first + second)
    }

    /// The UTF-8 of the eight units of `u`, all below 0x800, at the start of `out`; returns
    /// its length. Which units are above 0x7F picks the shuffle.
    #[inline(always)]
    fn two_bytes(self, shuffles: &Shuffles, u: I::V, out: &mut [MaybeUninit<u8>; 16]) -> usize {
        let (bytes, non_ascii) = two_byte_lanes(u);
        let key = I::V::movemask16(non_ascii, non_ascii) as u8;
        let shuffle = I::V::load(&shuffles.two_bytes[usize::from(key)]);
        self.isa.shuffle(bytes, shuffle).store(out);
        8 + self.isa.popcount(u32::from(key)) as usize
    }

    /// The UTF-8 of the eight units of `u`, none a surrogate, at the start of `out`; returns
    /// its length. Each unit's forms are computed in its lane, one chosen by comparisons,
    /// and each half's shuffle picked by which of its four units take two or three bytes.
    #[inline(always)]
    fn three_bytes(self, shuffles: &Shuffles, u: I::V, out: &mut [MaybeUninit<u8>; OUT]) -> usize {
        type V<I> = <I as Isa>::V;
        let six_bits = V::<I>::splat16(0x3F);
        let continuation = V::<I>::splat16(0x80);
        let last = u.and(six_bits).or(continuation);
        let middle = u.shr16::<6>().and(six_bits).or(continuation);
        let two = u
            .shr16::<6>()
            .or(V::<I>::splat16(0xC0))
            .or(last.shl16::<8>());
        let three = u
            .shr16::<12>()
            .or(V::<I>::splat16(0xE0))
            .or(middle.shl16::<8>());
        let non_ascii = V::<I>::splat16(0x7F).lt16u(u);
        let long = V::<I>::splat16(0x7FF).lt16u(u);
        let first_two = long.select(three, non_ascii.select(two, u));
        let (lo, hi) = first_two.interleave16(long.and(last));
        // Bits 0 to 7: above 0x7F; bits 8 to 15: above 0x7FF.
        let mask = V::<I>::movemask16(non_ascii, long) as u32;
        let key_lo = (mask & 0xF) | (mask >> 4 & 0xF0);
        let key_hi = (mask >> 4 & 0xF) | (mask >> 8 & 0xF0);
        let shuffle = |v, key: u32| {
            let table = &shuffles.three_bytes[key as usize & 0xFF];
            self.isa.shuffle(v, V::<I>::load(table))
        };
        let first = 4 + self.isa.popcount(key_lo) as usize;
        let second = 4 + self.isa.popcount(key_hi) as usize;
        store_halves(shuffle(lo, key_lo), shuffle(hi, key_hi), first, out);
        first + second
    }
}

/// Each unit of `u` (all below 0x800) as its UTF-8 in its lane, the first byte low; and the
/// lanes above 0x7F.
#[inline(always)]
fn two_byte_lanes<const N: usize, V: Vector<N>>(u: V) -> (V, V) {
    let lead = u.shr16::<6>().or(V::splat16(0xC0));
    let trail = u.and(V::splat16(0x3F)).or(V::splat16(0x80));
    let non_ascii = V::splat16(0x7F).lt16(u);
    (non_ascii.select(lead.or(trail.shl16::<8>()), u), non_ascii)
}

/// Stores `lo` at the start of `out` and `hi` from `at` (at most `N - 16`).
#[inline(always)]
fn store_halves<const N: usize, V: Vector<16>>(
    lo: V,
    hi: V,
    at: usize,
    out: &mut [MaybeUninit<u8>; N],
) {
    if let Some(out) = out.first_chunk_mut() {
        lo.store(out);
    }
    if let Some(out) = out.get_mut(at..).and_then(|o| o.first_chunk_mut()) {
        hi.store(out);
    }
}

/// [`Packer::utf8`] of units all below 0x800 without a shuffle: a unit at a time with no
/// branch (text in a script alternates with ASCII spaces), two bytes stored each.
#[inline(always)]
fn one_or_two_bytes(src: &[u16; UNITS], out: &mut [MaybeUninit<u8>; OUT]) -> usize {
    let mut written = 0;
    for &u in src {
        let ascii = u < 0x80;
        let two = 0x80C0 | u >> 6 | (u & 0x3F) << 8;
        // All ones for ASCII.
        let keep = u16::from(ascii).wrapping_neg();
        let bytes = (u & keep) | (two & !keep);
        // At most fourteen before the last unit: the mask changes nothing.
        if let Some(o) = out
            .get_mut(written & 15..)
            .and_then(|o| o.first_chunk_mut::<2>())
        {
            put(o, bytes.to_le_bytes());
        }
        written += 2 - usize::from(ascii);
    }
    written
}

/// [`Packer::utf8`] of any units that are not surrogates without a shuffle: a unit at a
/// time, four bytes stored each. Out of line without `std`, for the smallest programs.
#[cfg_attr(feature = "std", inline(always))]
#[cfg_attr(not(feature = "std"), inline(never))]
fn one_to_three_bytes(src: &[u16; UNITS], out: &mut [MaybeUninit<u8>; OUT]) -> usize {
    let mut written = 0;
    for &u in src {
        let (bytes, len) = bmp(u);
        if let Some(o) = out
            .get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<4>())
        {
            put(o, bytes.to_le_bytes());
        }
        written += len;
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::dispatch::every_isa;
    use crate::kernels::tests::harness::at_every_lane;
    use crate::kernels::uninit::as_uninit_array;

    #[test]
    fn writes_what_the_standard_library_writes() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut out = [0u8; 4];
            let n = write_char(c, &mut out);
            let mut expected = [0u8; 4];
            assert_eq!(&out[..n], c.encode_utf8(&mut expected).as_bytes());
            if (0x80..=0xFFFF).contains(&(c as u32)) {
                let n = write_bmp_non_ascii(c as u16, &mut out);
                assert_eq!(&out[..n], c.encode_utf8(&mut expected).as_bytes());
            }
        }
    }

    /// The packer's UTF-8 of `src` as `String::from_utf16` gives it, nothing past [`OUT`].
    fn check_block<I: Isa>(packer: Packer<I>, src: &[u16; UNITS]) {
        let expected = String::from_utf16(src).expect("no surrogate");
        let largest = src.iter().fold(0, |acc, &u| acc | u);
        for largest in [largest, 0xFFFF].into_iter().filter(|&l| l >= largest) {
            let mut out = [0xAAu8; OUT + 8];
            let len = packer.utf8(
                src,
                largest,
                as_uninit_array(out.first_chunk_mut().expect("OUT")),
            );
            assert_eq!(&out[..len], expected.as_bytes(), "{src:x?}");
            assert!(out[OUT..].iter().all(|&b| b == 0xAA));
        }
    }

    /// Sixteen units at once: packed only where wide and all are below 0x800.
    fn check_wide<I: Isa>(packer: Packer<I>, src: &[u16; 16]) {
        let mut out = [0xAAu8; 32];
        let got = packer.utf8_wide(I::W::load_units(src), as_uninit_array(&mut out));
        match got {
            Some(len) => {
                assert!(I::WIDE && src.iter().all(|&u| u < 0x800), "{src:x?}");
                let expected = String::from_utf16(src).expect("no surrogates");
                assert_eq!(&out[..len], expected.as_bytes(), "{src:x?}");
            }
            None => assert!(!I::WIDE || src.iter().any(|&u| u >= 0x800), "{src:x?}"),
        }
    }

    /// Every sequence of lengths over the eight lanes (every key of the shuffle tables) and
    /// every key of the wide halves' shuffles; every unit at every lane of eight among
    /// neighbours of each length, and of sixteen among letters and spaces.
    #[test]
    fn blocks_of_every_sequence_of_lengths_and_every_unit() {
        let of_length = [
            [0x00u16, 0x41, 0x7F],
            [0x80, 0xE9, 0x7FF],
            [0x800, 0x65E5, 0xFFFF],
        ];
        let neighbours = [0x41u16, 0xE9, 0x5D0, 0x65E5, 0xFFFD];
        let scalars = || (0..=0xFFFFu16).filter(|u| !(0xD800..0xE000).contains(u));
        every_isa!(|isa| {
            let packer = Packer::new(isa);
            for combination in 0..3usize.pow(8) {
                let mut rest = combination;
                let src: [u16; UNITS] = core::array::from_fn(|lane| {
                    let u = of_length[rest % 3][(combination + lane) % 3];
                    rest /= 3;
                    u
                });
                check_block(packer, &src);
            }
            for keys in 0..1u32 << 16 {
                let src = core::array::from_fn(|i| {
                    let base = if keys >> i & 1 == 1 { 0x7FF } else { 0x7F };
                    base - i as u16
                });
                check_wide(packer, &src);
            }
            for (src, _) in at_every_lane::<u16, UNITS>(scalars(), &neighbours) {
                check_block(packer, &src);
            }
            for (src, _) in at_every_lane::<u16, 16>(scalars(), &[0x430, 0x20]) {
                check_wide(packer, &src);
            }
        });
    }
}
