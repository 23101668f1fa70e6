//! UTF-8 to UTF-16, validating: spans of ASCII widened in bulk, other characters in groups
//! (four two-byte or two three-byte sequences, then blocks where the instruction set has
//! them) or else one at a time, so that the conversion stops where an invalid sequence starts.

use crate::kernels::ascii::widen_ascii_overwriting_on;
use crate::kernels::dispatch::dispatched;
use crate::kernels::isa::{Isa, Units, Vector};
use crate::kernels::shuffles::{self, Table};

dispatched! {
    /// Converts UTF-8 `src` to UTF-16 in `dst`, whole characters while `src` is valid and
    /// `dst` has room; returns (bytes read, units written). Stops before the first sequence
    /// that is invalid or cut off by the end of `src`, and before the first character `dst`
    /// has no room for. Up to thirty-two units of `dst` past the written ones may be
    /// overwritten (an ASCII block is stored whole).
    pub(crate) fn utf8_to_utf16_overwriting(src: &[u8], dst: &mut [u16]) -> (usize, usize)
        = convert on avx2;
}

/// [`utf8_to_utf16_overwriting`] on `isa`.
#[inline(always)]
pub(super) fn convert<I: Isa>(isa: I, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let gathers = shuffles::for_isa::<I>().map(|s| &s.utf16_of_utf8);
    let mut rest = src;
    let mut out = dst;
    let mut written = 0;
    while let Some(&first) = rest.first() {
        // A span of ASCII; an ASCII byte before another byte goes with the characters.
        let (r, w) = if first < 0x80 && rest.get(1).is_none_or(|&b| b < 0x80) {
            let n = widen_ascii_overwriting_on(isa, rest, out);
            if n == 0 {
                break;
            }
            (n, n)
        } else {
            match decode_some::<I>(isa, gathers, rest, out) {
                Some(rw) => rw,
                None => break,
            }
        };
        rest = rest.get(r..).unwrap_or_default();
        out = core::mem::take(&mut out).get_mut(w..).unwrap_or_default();
        written += w;
    }
    (src.len() - rest.len(), written)
}

/// The words of Latin text: from a letter [`letter_before_ascii`] decodes, such letters
/// and the spans of ASCII after each, while they alternate; returns (bytes read, units
/// written), (0, 0) if `rest` starts with no such letter.
#[inline(always)]
fn latin_words<I: Isa>(isa: I, rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    let Some(len) = letter_before_ascii(rest, out) else {
        return (0, 0);
    };
    let (mut read, mut written) = (len, 1);
    loop {
        let n = widen_ascii_overwriting_on(
            isa,
            rest.get(read..).unwrap_or_default(),
            out.get_mut(written..).unwrap_or_default(),
        );
        read += n;
        written += n;
        match letter_before_ascii(
            rest.get(read..).unwrap_or_default(),
            out.get_mut(written..).unwrap_or_default(),
        ) {
            Some(len) => {
                read += len;
                written += 1;
            }
            None => return (read, written),
        }
    }
}

/// Decodes into the start of `out` the character at the start of `rest` if it is a Latin
/// letter with an ASCII byte after it; returns its length. The letters are those of whole
/// leads with no overlong or surrogate value: 0xC2 to 0xC9 (U+0080 to U+027F) and 0xE1
/// (U+1000 to U+1FFF, with the Vietnamese letters).
#[inline(always)]
fn letter_before_ascii(rest: &[u8], out: &mut [u16]) -> Option<usize> {
    let x = u32::from_le_bytes(*rest.first_chunk::<4>()?);
    let unit = out.first_mut()?;
    // Sixteen bits each: the casts lose nothing.
    if x & 0x80_C000 == 0x00_8000 && (x as u8).wrapping_sub(0xC2) < 8 {
        *unit = payload(x, 0x1F, 2) as u16;
        Some(2)
    } else if x & 0x80C0_C0FF == 0x0080_80E1 {
        *unit = payload(x, 0x0F, 3) as u16;
        Some(3)
    } else {
        None
    }
}

/// Bytes read at once for the characters after ASCII.
const EIGHT: usize = 8;

/// Converts the characters at the start of `rest` into the start of `out`: an ASCII byte,
/// the groups and blocks its lead starts, or else one character ([`decode_one`]). Returns
/// (bytes read, units written), or `None` where [`decode_one`] takes nothing.
#[inline(always)]
fn decode_some<I: Isa>(
    isa: I,
    gathers: Option<&'static Table>,
    rest: &[u8],
    out: &mut [u16],
) -> Option<(usize, usize)> {
    if let (Some(&b @ 0..0x80), Some(unit)) = (rest.first(), out.first_mut()) {
        *unit = u16::from(b);
        return Some((1, 1));
    }
    let (read, written) = match rest.first() {
        // A group of four two-byte letters starts a word of Greek, Cyrillic, Hebrew or
        // Arabic text, and the blocks go on through it; else it may be a Latin letter.
        Some(0xC0..=0xDF) => match (rest.first_chunk::<EIGHT>(), out.first_chunk_mut::<4>()) {
            (Some(window), Some(units)) => match four_two_byte(u64::from_le_bytes(*window)) {
                Some(decoded) => {
                    *units = decoded;
                    let (r, w) = match gathers {
                        Some(gathers) => short_blocks_out_of_line(
                            isa,
                            gathers,
                            rest.get(8..).unwrap_or_default(),
                            out.get_mut(4..).unwrap_or_default(),
                        ),
                        None => (0, 0),
                    };
                    (8 + r, 4 + w)
                }
                // Without the wide blocks every word of a script comes here: no test.
                None if I::WIDE => latin_words(isa, rest, out),
                None => (0, 0),
            },
            _ => (0, 0),
        },
        Some(0xE0..=0xEF) if I::WIDE => {
            // Only a span longer than three groups (Chinese, Japanese, Thai text; not
            // Korean words) goes on to the wide blocks, whose test fails on shorter ones.
            let (read, written) =
                three_byte_pairs(rest.get(..SHORT_THREE_BYTE_SPAN).unwrap_or(rest), out);
            if read < 18 {
                (read, written)
            } else {
                let (r, w) = repeat(
                    rest.get(read..).unwrap_or_default(),
                    out.get_mut(written..).unwrap_or_default(),
                    |src: &[u8; 32], dst: &mut [u16; 16]| {
                        three_byte_block(isa, src, dst).then_some((30, 10))
                    },
                    |_, _| true,
                );
                let (read, written) = (read + r, written + w);
                let (r, w) = three_byte_pairs(
                    rest.get(read..).unwrap_or_default(),
                    out.get_mut(written..).unwrap_or_default(),
                );
                (read + r, written + w)
            }
        }
        Some(0xE0..=0xEF) => three_byte_pairs(rest, out),
        _ => (0, 0),
    };
    match read {
        0 => decode_one(rest, out),
        _ => Some((read, written)),
    }
}

/// Decodes blocks of eight bytes ([`short_utf8`]) while they are ASCII and two-byte
/// sequences, up to a block with fewer than two two-byte sequences (where a span of ASCII
/// may start).
#[inline(always)]
fn short_blocks<I: Isa>(isa: I, gathers: &Table, rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    let step = |src: &[u8; 8], dst: &mut [u16; 8]| short_utf8(isa, gathers, src, dst);
    repeat(rest, out, step, |r, w| r - w >= 2)
}

dispatched! {
    /// [`short_blocks`], out of line, so as not to weigh on its caller's loop.
    fn short_blocks_out_of_line(
        isa: I,
        gathers: &Table,
        rest: &[u8],
        out: &mut [u16],
    ) -> (usize, usize) = short_blocks out of line;
}

/// Decodes the first eight bytes of `src` (seven, where the eighth is a lead) into the start
/// of `dst` if they are ASCII and valid two-byte sequences; returns (bytes read, units
/// written). All eight units of `dst` may be written either way. Only where
/// [`Isa::SHUFFLE`]: valid when the trails are exactly the bytes after the leads; a shuffle
/// keyed by the bytes that do not start a character puts each character's bytes in its lane.
#[inline(always)]
fn short_utf8<I: Isa>(
    isa: I,
    gathers: &Table,
    src: &[u8; 8],
    dst: &mut [u16; 8],
) -> Option<(usize, usize)> {
    type V<I> = <I as Isa>::V;
    let v = V::<I>::load8(src);
    let kind = |mask: u8, value: u8| {
        let bits = v
            .and(V::<I>::splat(mask))
            .eq(V::<I>::splat(value))
            .movemask();
        // Eight bits: the cast keeps them.
        bits as u32
    };
    let leads = kind(0xE0, 0xC0);
    let trails = kind(0xC0, 0x80);
    let wrong = kind(0xE0, 0xE0) | kind(0xFE, 0xC0);
    if wrong != 0 || trails != (leads & 0x7F) << 1 {
        return None;
    }
    let not_first = trails | (leads & 0x80);
    let lanes = isa.shuffle(v, V::<I>::load(&gathers[not_first as usize & 0xFF]));
    let first = lanes.and(V::<I>::splat16(0xFF));
    let two = lanes.and(V::<I>::splat16(0x1F)).shl16::<6>();
    let two = two.or(lanes.shr16::<8>().and(V::<I>::splat16(0x3F)));
    V::<I>::splat16(0x7F)
        .lt16(first)
        .select(two, first)
        .store_units(dst);
    // From the byte rather than the mask: the next block's load waits for this count.
    let read = 8 - usize::from(src[7] & 0xE0 == 0xC0);
    Some((read, 8 - isa.popcount(not_first) as usize))
}

/// Decodes blocks of `R` bytes into room for `W` units with `step`, which returns (bytes
/// read, units written), while it decodes and `more` of its counts; returns the sum.
#[inline(always)]
fn repeat<const R: usize, const W: usize>(
    rest: &[u8],
    out: &mut [u16],
    step: impl Fn(&[u8; R], &mut [u16; W]) -> Option<(usize, usize)>,
    more: impl Fn(usize, usize) -> bool,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let (Some(src), Some(dst)) = (
        rest.get(read..).and_then(|r| r.first_chunk::<R>()),
        out.get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<W>()),
    ) {
        let Some((r, w)) = step(src, dst) else {
            break;
        };
        read += r;
        written += w;
        if !more(r, w) {
            break;
        }
    }
    (read, written)
}

/// Groups of two three-byte sequences ([`two_three_byte`]), by [`repeat`].
#[inline(always)]
fn three_byte_pairs(rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    repeat(
        rest,
        out,
        |window: &[u8; EIGHT], units: &mut [u16; 2]| {
            *units = two_three_byte(u64::from_le_bytes(*window))?;
            Some((6, 2))
        },
        |_, _| true,
    )
}

/// The bytes in which [`three_byte_pairs`] finds at most three groups.
const SHORT_THREE_BYTE_SPAN: usize = 20;

/// Decodes the first thirty bytes of `src` into ten units at the start of `dst` if they are
/// ten valid three-byte sequences; returns whether they were (`dst` may be overwritten
/// either way). Five sequences in each half of a wide register: the bytes' high bits
/// checked against a pattern, each byte of a sequence shuffled into its unit's lane, the
/// units checked for overlong forms and surrogates.
#[inline(always)]
fn three_byte_block<I: Isa>(isa: I, src: &[u8; 32], dst: &mut [u16; 16]) -> bool {
    type V<I> = <I as Isa>::V;
    type W<I> = <I as Isa>::W;
    /// In each half, a lead at 0, 3, 6, 9 and 12, a trail elsewhere, byte 15 not tested.
    const MASK: [u8; 16] = [
        0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0,
    ];
    const EXPECTED: [u8; 16] = [
        0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0,
    ];
    /// The shuffle that puts byte `first + 3 × i` of a half in lane `i`, for five lanes.
    const fn gather(first: u8) -> [u8; 16] {
        let mut s = [0x80u8; 16];
        let mut i = 0;
        while i < 5 {
            s[2 * i] = first + 3 * i as u8;
            i += 1;
        }
        s
    }
    let both = |half: &[u8; 16]| I::from_halves(V::<I>::load(half), V::<I>::load(half));
    let (Some(lo), Some(hi)) = (
        src.first_chunk(),
        src.get(15..).and_then(|s| s.first_chunk()),
    ) else {
        return false;
    };
    let bytes = I::from_halves(V::<I>::load(lo), V::<I>::load(hi));
    if bytes.and(both(&MASK)).eq(both(&EXPECTED)).movemask() != 0xFFFF_FFFF {
        return false;
    }
    let lead = isa.shuffle_wide(bytes, both(&gather(0)));
    let middle = isa.shuffle_wide(bytes, both(&gather(1)));
    let last = isa.shuffle_wide(bytes, both(&gather(2)));
    let six_bits = W::<I>::splat16(0x3F);
    let units = lead.shl16::<12>();
    let units = units
        .or(middle.and(six_bits).shl16::<6>())
        .or(last.and(six_bits));
    // Overlong or a surrogate, in the five lanes of each half that hold units.
    let top = units.and(W::<I>::splat16(0xF800));
    let bad = top
        .eq16(W::<I>::splat(0))
        .or(top.eq16(W::<I>::splat16(0xD800)));
    if bad.movemask() & 0x03FF_03FF != 0 {
        return false;
    }
    let (lo, hi) = I::halves(units);
    if let Some(dst) = dst.first_chunk_mut() {
        lo.store_units(dst);
    }
    if let Some(dst) = dst.get_mut(5..).and_then(|d| d.first_chunk_mut()) {
        hi.store_units(dst);
    }
    true
}

/// The UTF-16 of `w`'s eight bytes (the first lowest) if they are four valid two-byte
/// sequences. An overlong lead (below 0xC2) has none of its bits 0x1E set: adding 0x1F
/// carries into bit 0x20 exactly when one is set.
#[inline(always)]
fn four_two_byte(w: u64) -> Option<[u16; 4]> {
    if w & 0xC0E0_C0E0_C0E0_C0E0 != 0x80C0_80C0_80C0_80C0 {
        return None;
    }
    let leads = w & 0x001F_001F_001F_001F;
    let not_overlong =
        ((leads & 0x001E_001E_001E_001E) + 0x001F_001F_001F_001F) & 0x0020_0020_0020_0020;
    if not_overlong != 0x0020_0020_0020_0020 {
        return None;
    }
    let units = (leads << 6) | ((w >> 8) & 0x003F_003F_003F_003F);
    // Sixteen bits each: the casts lose nothing.
    Some([0, 16, 32, 48].map(|shift| (units >> shift) as u16))
}

/// The UTF-16 of `w`'s first six bytes (the first lowest) if they are two valid three-byte
/// sequences.
#[inline(always)]
fn two_three_byte(w: u64) -> Option<[u16; 2]> {
    if w & 0xC0C0_F0C0_C0F0 != 0x8080_E080_80E0 {
        return None;
    }
    // Sixteen bits: the cast loses nothing.
    let unit = |seq: u64| {
        (((seq & 0x0F) << 12) | (((seq >> 8) & 0x3F) << 6) | ((seq >> 16) & 0x3F)) as u16
    };
    let (a, b) = (unit(w), unit(w >> 24));
    let valid = |u: u16| u >= 0x800 && u & 0xF800 != 0xD800;
    (valid(a) && valid(b)).then_some([a, b])
}

/// Converts the character at the start of `rest` (two if both are two-byte and `out` has
/// room) into the start of `out`; returns (bytes read, units written), or `None` at two
/// ASCII bytes, an invalid or cut-off sequence, or a character `out` has no room for.
#[inline(always)]
fn decode_one(rest: &[u8], out: &mut [u16]) -> Option<(usize, usize)> {
    let window = match rest.first_chunk::<4>() {
        Some(window) => *window,
        None => padded(rest),
    };
    let (len, units, count) = decode_window(window, out.len() >= 2)?;
    if count == 1 {
        *out.first_mut()? = units[0];
    } else {
        *out.first_chunk_mut()? = units;
    }
    Some((len, count))
}

/// Up to four bytes of `rest`, then zeros, so that a sequence cut off by the end of the
/// input is invalid.
#[inline(always)]
fn padded(rest: &[u8]) -> [u8; 4] {
    let mut window = [0; 4];
    for (w, b) in window.iter_mut().zip(rest) {
        *w = *b;
    }
    window
}

/// The character whose UTF-8 starts `window` (or, with `two`, the two if both are two-byte
/// sequences), as (their length in bytes, their UTF-16, its number of units); `None` if
/// the sequence is invalid, or if it is ASCII followed by ASCII (a span, for the bulk
/// copy). One mask checks the bits of a form; the decoded value then rules out overlong
/// forms, surrogates and code points above U+10FFFF.
#[inline(always)]
fn decode_window(window: [u8; 4], two: bool) -> Option<(usize, [u16; 2], usize)> {
    let w = u32::from_le_bytes(window);
    let bits = |lead_mask: u32, len: u32| payload(w, lead_mask, len);
    if w & 0x80 == 0 {
        return (w & 0x8000 != 0).then_some((1, [(w & 0x7F) as u16, 0], 1));
    }
    if w & 0x00C0_C0F0 == 0x0080_80E0 {
        let c = bits(0x0F, 3);
        // Sixteen bits: the cast loses nothing.
        return (c >= 0x800 && c & 0xF800 != 0xD800).then_some((3, [c as u16, 0], 1));
    }
    if two && w & 0xC0E0_C0E0 == 0x80C0_80C0 {
        // An overlong lead (below 0xC2) gives a value below 0x80.
        let (first, second) = (((w & 0x1F) << 6) | ((w >> 8) & 0x3F), {
            let w = w >> 16;
            ((w & 0x1F) << 6) | ((w >> 8) & 0x3F)
        });
        if first >= 0x80 && second >= 0x80 {
            // Eleven bits each: the casts lose nothing.
            return Some((4, [first as u16, second as u16], 2));
        }
    }
    if w & 0xC0E0 == 0x80C0 {
        let c = bits(0x1F, 2);
        // Eleven bits: the cast loses nothing.
        return (c >= 0x80).then_some((2, [c as u16, 0], 1));
    }
    if w & 0xC0C0_C0F8 == 0x8080_80F0 {
        let c = bits(0x07, 4);
        if !(0x1_0000..=0x10_FFFF).contains(&c) {
            return None;
        }
        let c = c - 0x1_0000;
        // Ten bits for each surrogate: the casts lose nothing.
        let pair = [0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16];
        return Some((4, pair, 2));
    }
    None
}

/// The code point of the `len`-byte sequence at the start of `w` (its first byte lowest),
/// unchecked: the lead's bits under `lead_mask` and six of each continuation byte.
#[inline(always)]
fn payload(w: u32, lead_mask: u32, len: u32) -> u32 {
    (1..len).fold(w & lead_mask, |acc, i| (acc << 6) | ((w >> (8 * i)) & 0x3F))
}

/// The length of the maximal subpart of an ill-formed sequence at the start of `rest` (at
/// least 1): the bytes one U+FFFD replaces under the Encoding Standard's UTF-8 decoder.
#[inline]
pub(crate) fn invalid_sequence_len(rest: &[u8]) -> usize {
    match *rest {
        // The first three bytes of a four-byte sequence.
        [0xF0, 0x90..=0xBF, 0x80..=0xBF, ..]
        | [0xF1..=0xF3, 0x80..=0xBF, 0x80..=0xBF, ..]
        | [0xF4, 0x80..=0x8F, 0x80..=0xBF, ..] => 3,
        // The first two bytes of a three- or four-byte sequence.
        [0xE0, 0xA0..=0xBF, ..]
        | [0xE1..=0xEC | 0xEE..=0xEF, 0x80..=0xBF, ..]
        | [0xED, 0x80..=0x9F, ..]
        | [0xF0, 0x90..=0xBF, ..]
        | [0xF1..=0xF3, 0x80..=0xBF, ..]
        | [0xF4, 0x80..=0x8F, ..] => 2,
        _ => 1,
    }
}
