//! UTF-8 to UTF-16, validating: spans of ASCII are widened in bulk, other characters decoded
//! from an eight-byte window, several at once where the window holds four two-byte or two
//! three-byte sequences (Cyrillic, Greek, Arabic text; Chinese, Japanese, Korean text),
//! otherwise one at a time from its first four bytes, so that every invalid or incomplete
//! sequence stops the conversion where it starts. After four two-byte sequences, an
//! implementation with a byte shuffle goes on by blocks of eight bytes of ASCII and two-byte
//! sequences, through the words of such a script and the spaces between them. With the wide
//! blocks, a Latin letter with ASCII after it (an accent in a word of Latin text) goes on by
//! spans of ASCII and such letters, each letter decoded where the span before it stops.

use crate::kernels::ascii::widen_ascii_overwriting_on;
use crate::kernels::dispatch::dispatched;
use crate::kernels::isa::{Isa, Units, Vector};
use crate::kernels::shuffles::{self, Table};
#[cfg(test)]
use crate::kernels::utf8::window::invalid_sequence_len;
use crate::kernels::utf8::window::{decode_window, padded, payload, LONGEST};

dispatched! {
    /// Converts UTF-8 `src` to UTF-16 in `dst`, whole characters while `src` is valid and
    /// `dst` has room; returns (bytes read, units written). Stops before the first sequence
    /// that is invalid or cut off by the end of `src` (the caller tells which: see
    /// [`invalid_sequence_len`](crate::kernels::utf8::window::invalid_sequence_len)) and
    /// before the first character `dst` has no room for. Up to thirty-two units of `dst`
    /// past the written ones may be overwritten: spans of ASCII are widened a block at a
    /// time (sixteen bytes, or thirty-two with AVX2), each block stored whole and only its
    /// ASCII prefix counted.
    pub(crate) fn utf8_to_utf16_overwriting(src: &[u8], dst: &mut [u16]) -> (usize, usize)
        = convert on avx2;
}

/// [`utf8_to_utf16_overwriting`] on `isa`. The input and output left are slices, advanced
/// past what each step converts.
#[inline(always)]
fn convert<I: Isa>(isa: I, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
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

/// If the character at the start of `rest` is a Latin letter with ASCII after it
/// ([`letter_before_ascii`]), decodes it and the spans of ASCII and such letters after it
/// ([`ascii_and_letters`]); returns (bytes read, units written), (0, 0) where it is not.
#[inline(always)]
fn latin_words<I: Isa>(isa: I, rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    match letter_before_ascii(rest, out) {
        Some(len) => {
            let (r, w) = ascii_and_letters(
                isa,
                rest.get(len..).unwrap_or_default(),
                out.get_mut(1..).unwrap_or_default(),
            );
            (len + r, 1 + w)
        }
        None => (0, 0),
    }
}

/// Widens spans of ASCII ([`widen_ascii_overwriting_on`]) and the characters of two or
/// three bytes between them that [`letter_before_ascii`] decodes, as long as they follow
/// one another (the words of Latin or Vietnamese text); returns (bytes read, units
/// written).
#[inline(always)]
fn ascii_and_letters<I: Isa>(isa: I, rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
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

/// Decodes into the start of `out` the character at the start of `rest` if it is a letter
/// of the Latin script's ranges outside ASCII with an ASCII byte after it; returns its
/// length. The ranges are those of whole leads: the two-byte sequences below U+0280
/// (Latin-1 to the IPA extensions) and the three-byte ones from U+1000 to U+1FFF (Latin
/// Extended Additional, with the Vietnamese letters, among other scripts' blocks). Their
/// leads (0xC2 to 0xC9, 0xE1) leave no overlong or surrogate value.
#[inline(always)]
fn letter_before_ascii(rest: &[u8], out: &mut [u16]) -> Option<usize> {
    // The character and the byte after it, little-endian.
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

/// Converts the characters at the start of `rest` into the start of `out`: an ASCII byte;
/// a group of four two-byte sequences ([`four_two_byte`]) and the blocks after it
/// ([`short_blocks`]), or, with the wide blocks, a Latin letter and the
/// words after it ([`latin_words`]); groups of two three-byte sequences
/// ([`two_three_byte`]) as long as they follow one another; or else one character
/// ([`decode_window`], two if both two-byte). Returns (bytes read, units written), or `None`
/// at an invalid or cut-off sequence or a character `out` has no room for.
#[inline(always)]
fn decode_some<I: Isa>(
    isa: I,
    gathers: Option<&'static Table>,
    rest: &[u8],
    out: &mut [u16],
) -> Option<(usize, usize)> {
    if let (Some(&b @ 0..0x80), Some(unit)) = (rest.first(), out.first_mut()) {
        // ASCII before a character (a space between words): itself.
        *unit = u16::from(b);
        return Some((1, 1));
    }
    // The lead says which group can follow.
    let (read, written) = match rest.first() {
        // Words of two-byte letters are short: one group, then the rest of the word one
        // or two letters at a time; or, where the implementation has blocks of one- and
        // two-byte characters, those, from the group on, through the words and the spaces
        // between them (text in Greek, Cyrillic, Hebrew or Arabic script, whose words of
        // four letters or more start them: Latin text, with an accented letter here and
        // there, does not). A Latin letter with ASCII after it, where the group is not
        // there, is an accent in a word of Latin text: the words after it are decoded
        // by spans of ASCII and such letters.
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
                // Only with the wide blocks, whose implementations take the words of a
                // script on from the group: without them, every word of a script comes
                // here after its group, and would pay for the test.
                None if I::WIDE => latin_words(isa, rest, out),
                None => (0, 0),
            },
            _ => (0, 0),
        },
        Some(0xE0..=0xEF) if I::WIDE => {
            // Three groups first: only a span longer than that (Chinese, Japanese, Thai
            // text; not Korean words, nor a dash in Latin text) goes on to the wide blocks,
            // whose test would mostly fail on the shorter ones.
            let (read, written) = repeat::<6, 2>(
                rest.get(..SHORT_THREE_BYTE_SPAN).unwrap_or(rest),
                out,
                two_three_byte,
            );
            if read < 18 {
                (read, written)
            } else {
                let (r, w) = three_byte_blocks(
                    isa,
                    rest.get(read..).unwrap_or_default(),
                    out.get_mut(written..).unwrap_or_default(),
                );
                let (read, written) = (read + r, written + w);
                let (r, w) = repeat::<6, 2>(
                    rest.get(read..).unwrap_or_default(),
                    out.get_mut(written..).unwrap_or_default(),
                    two_three_byte,
                );
                (read + r, written + w)
            }
        }
        Some(0xE0..=0xEF) => repeat::<6, 2>(rest, out, two_three_byte),
        _ => (0, 0),
    };
    match read {
        0 => decode_one(rest, out),
        _ => Some((read, written)),
    }
}

/// Decodes blocks of eight bytes ([`short_utf8`]) while they are ASCII and two-byte
/// sequences and `out` has room for eight units, up to a block with fewer than two
/// two-byte sequences (where a span of ASCII may start, for the wide copy); returns (bytes
/// read, units written).
#[inline(always)]
fn short_blocks<I: Isa>(isa: I, gathers: &Table, rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let (Some(src), Some(dst)) = (
        rest.get(read..).and_then(|r| r.first_chunk::<8>()),
        out.get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<8>()),
    ) {
        let Some((r, w)) = short_utf8(isa, gathers, src, dst) else {
            break;
        };
        read += r;
        written += w;
        if r - w < 2 {
            break;
        }
    }
    (read, written)
}

dispatched! {
    /// [`short_blocks`], out of line, so that the loop that calls it for a word of a script
    /// compiles as it would without it.
    fn short_blocks_out_of_line(
        isa: I,
        gathers: &Table,
        rest: &[u8],
        out: &mut [u16],
    ) -> (usize, usize) = short_blocks out of line;
}

/// Decodes the first eight bytes of `src` (seven, where the eighth is the lead of a
/// two-byte sequence, left for the next block) into the start of `dst` if they are ASCII
/// and valid two-byte sequences (U+0080 to U+07FF), as text in Latin, Greek, Cyrillic,
/// Hebrew or Arabic script is; returns (bytes read, units written). `None` at a byte from
/// 0xE0 up, an overlong lead (0xC0, 0xC1), a lead without its trail or a trail without its
/// lead. All eight units of `dst` may be written either way. Only where [`Isa::SHUFFLE`].
///
/// The bytes' kinds (lead, trail, a byte that cannot be here) as masks, bit `i` for byte
/// `i`; valid when the trails are exactly the bytes after the leads. A shuffle keyed by the
/// bytes that do not start a character (the trails, and a last lead left for later) puts
/// each character's first byte in the low byte of its unit's lane and its trail, if any, in
/// the high; the unit is then the ASCII byte, or five bits of the lead and six of the trail.
#[inline(always)]
fn short_utf8<I: Isa>(
    isa: I,
    gathers: &Table,
    src: &[u8; 8],
    dst: &mut [u16; 8],
) -> Option<(usize, usize)> {
    type V<I> = <I as Isa>::V;
    let v = V::<I>::load8(src);
    // The eight bytes past `src`'s are zeros, of no kind.
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
    // From 0xE0 up, and the overlong leads 0xC0 and 0xC1.
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
    // From the byte itself rather than the mask: the next block's load waits for this
    // count, and the mask is several steps further from the load.
    let read = 8 - usize::from(src[7] & 0xE0 == 0xC0);
    Some((read, 8 - isa.popcount(not_first) as usize))
}

/// Decodes groups of `R` bytes into `W` units with `decode`, given the eight bytes from the
/// group's first, while it decodes and `out` has room; returns (bytes read, units written).
/// A loop of its own, so that a sequence of groups (a line of Thai or Chinese) stays in it.
#[inline(always)]
fn repeat<const R: usize, const W: usize>(
    rest: &[u8],
    out: &mut [u16],
    decode: impl Fn(u64) -> Option<[u16; W]>,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let (Some(window), Some(units)) = (
        rest.get(read..).and_then(|r| r.first_chunk::<EIGHT>()),
        out.get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<W>()),
    ) {
        let Some(decoded) = decode(u64::from_le_bytes(*window)) else {
            break;
        };
        *units = decoded;
        read += R;
        written += W;
    }
    (read, written)
}

/// The bytes in which [`repeat`] finds at most three groups of two three-byte sequences
/// (each group reads eight bytes from its first): the span a wide implementation decodes
/// before it tries its blocks.
const SHORT_THREE_BYTE_SPAN: usize = 20;

/// Decodes blocks of ten three-byte sequences ([`three_byte_block`]) while they are valid
/// and `out` has room for sixteen units; returns (bytes read, units written). Up to six
/// units of `out` past those written may be overwritten. None without wide registers
/// ([`Isa::WIDE`]).
#[inline(always)]
fn three_byte_blocks<I: Isa>(isa: I, rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    if !I::WIDE {
        return (0, 0);
    }
    while let (Some(src), Some(dst)) = (
        rest.get(read..).and_then(|r| r.first_chunk::<32>()),
        out.get_mut(written..)
            .and_then(|o| o.first_chunk_mut::<16>()),
    ) {
        if !three_byte_block(isa, src, dst) {
            break;
        }
        read += 30;
        written += 10;
    }
    (read, written)
}

/// Decodes the first thirty bytes of `src` into ten code units at the start of `dst` if
/// they are ten valid three-byte UTF-8 sequences (U+0800 to U+FFFF, no surrogate), as
/// Chinese, Japanese and Thai text is; returns whether they were. `dst` may be overwritten
/// past the ten units either way.
///
/// Fifteen bytes in each half of a wide register (bytes 0 to 14, and 15 to 29), five
/// sequences each: every lead's four high bits and every trail's two checked at once
/// against a pattern; each sequence's lead, middle and last byte gathered into the 16-bit
/// lane of its unit by three shuffles; the units then checked for overlong forms (below
/// U+0800) and surrogates. Each half's five units are stored as eight, the second half's
/// after the first's five.
#[inline(always)]
fn three_byte_block<I: Isa>(isa: I, src: &[u8; 32], dst: &mut [u16; 16]) -> bool {
    type V<I> = <I as Isa>::V;
    type W<I> = <I as Isa>::W;
    /// In each half, byte `i`'s mask and expected value: a lead (0xE0 to 0xEF) at 0, 3,
    /// 6, 9 and 12, a trail (0x80 to 0xBF) elsewhere, byte 15 not tested.
    const MASK: [u8; 16] = [
        0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0,
    ];
    const EXPECTED: [u8; 16] = [
        0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0,
    ];
    /// The shuffle that puts byte `first + 3 × i` of a half in the low byte of lane `i`
    /// (for five lanes; the rest zero).
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
    // Overlong (the top five bits clear) or a surrogate (0xD800 to 0xDFFF), in the five
    // lanes of each half that hold units (bits 0 to 9 and 16 to 25 of the mask).
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

/// The UTF-16 of `w`'s eight bytes (little-endian: the first is the lowest) if they are
/// four valid two-byte sequences. One mask checks every lead's three high bits and every
/// trail's two; then, in one sixteen-bit lane each, five bits of the lead and six of the
/// trail make the unit. A lead below 0xC2 (overlong) has none of its bits 0x1E set: adding
/// 0x1F to those bits carries into bit 0x20 exactly when one is set, and no lane carries
/// into the next.
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

/// The UTF-16 of `w`'s first six bytes (little-endian) if they are two valid three-byte
/// sequences: one mask checks both leads' four high bits and the trails' two; each unit is
/// four bits of its lead and six of each trail, and invalid below U+0800 (overlong) and
/// among the surrogates.
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

/// Converts the character at the start of `rest` (with its successor, when both are
/// two-byte sequences and `out` has room) into the start of `out`; returns (bytes read,
/// units written), or `None` at a span of two ASCII bytes (left to the bulk copy), an
/// invalid or cut-off sequence, or a character `out` has no room for.
#[inline(always)]
fn decode_one(rest: &[u8], out: &mut [u16]) -> Option<(usize, usize)> {
    // Four bytes read at once; near the end, padded.
    let window = match rest.first_chunk::<LONGEST>() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::dispatch::every_isa;
    use crate::kernels::tests::harness::{check, Contract, Steps};

    /// Decodes all of `src` the way a replacing caller does.
    fn lossy(src: &[u8]) -> Vec<u16> {
        lossy_with(src, utf8_to_utf16_overwriting)
    }

    fn lossy_with(src: &[u8], convert: fn(&[u8], &mut [u16]) -> (usize, usize)) -> Vec<u16> {
        let mut dst = vec![0u16; src.len()];
        let (mut read, mut written) = (0, 0);
        loop {
            let (r, w) = convert(&src[read..], &mut dst[written..]);
            read += r;
            written += w;
            if read == src.len() {
                dst.truncate(written);
                return dst;
            }
            dst[written] = 0xFFFD;
            written += 1;
            read += invalid_sequence_len(&src[read..]);
        }
    }

    /// The standard library's lossy decoding replaces the same maximal subparts.
    fn reference(src: &[u8]) -> Vec<u16> {
        String::from_utf8_lossy(src).encode_utf16().collect()
    }

    #[test]
    fn every_scalar_value_converts_alone_and_amid_ascii() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let s = c.encode_utf8(&mut buf);
            let mut dst = [0u16; 2];
            let (read, written) = utf8_to_utf16_overwriting(s.as_bytes(), &mut dst);
            assert_eq!(read, s.len());
            assert_eq!(dst[..written], *c.encode_utf16(&mut [0; 2]));
        }
        let text = "ascii text, then é, ש, 日本, 😀, then more ascii text to fill a block";
        assert_eq!(lossy(text.as_bytes()), reference(text.as_bytes()));
    }

    #[test]
    fn every_two_and_three_byte_input_is_replaced_like_the_standard_library() {
        for b0 in 0..=255u8 {
            for b1 in 0..=255u8 {
                let two = [b0, b1];
                assert_eq!(lossy(&two), reference(&two), "{two:x?}");
                for b2 in [
                    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5,
                ] {
                    let three = [b0, b1, b2];
                    assert_eq!(lossy(&three), reference(&three), "{three:x?}");
                }
            }
        }
    }

    /// Every sequence of two bytes, and of three with the third of each kind, after a
    /// word with a Latin letter (inside the spans of ASCII and letters) and after a Hangul
    /// syllable, with ASCII after it or not.
    #[test]
    fn every_two_and_three_byte_input_amid_words_is_replaced_like_the_standard_library() {
        let thirds = [0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5];
        for before in ["é ab".as_bytes(), "한 ".as_bytes(), "한".as_bytes()] {
            for b0 in 0..=255u8 {
                for b1 in 0..=255u8 {
                    for after in [&b"cd"[..], "é".as_bytes(), "국".as_bytes()] {
                        let mut src = before.to_vec();
                        src.extend_from_slice(&[b0, b1]);
                        src.extend_from_slice(after);
                        assert_eq!(lossy(&src), reference(&src), "{src:x?}");
                    }
                    for b2 in thirds {
                        let mut src = before.to_vec();
                        src.extend_from_slice(&[b0, b1, b2, b'c', b'd']);
                        assert_eq!(lossy(&src), reference(&src), "{src:x?}");
                    }
                }
            }
        }
    }

    #[test]
    fn adjacent_two_byte_sequences_convert_together_only_when_both_are_valid() {
        let seconds = [0x41, 0x7F, 0x80, 0xBF, 0xC0];
        for b0 in 0xC0..=0xDF {
            for b2 in (0xC0..=0xDF).chain([0x41, 0xE0]) {
                for b1 in seconds {
                    for b3 in seconds {
                        for tail in [&[][..], b"z", b"\xC3\xA9"] {
                            let mut src = vec![b0, b1, b2, b3];
                            src.extend_from_slice(tail);
                            assert_eq!(lossy(&src), reference(&src), "{src:x?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn four_byte_prefixes_are_replaced_like_the_standard_library() {
        let seconds = [0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0];
        for b0 in 0xF0..=0xFF {
            for b1 in seconds {
                for b2 in [0x41, 0x80, 0xBF, 0xC0] {
                    for b3 in [0x41, 0x80, 0xBF, 0xC0] {
                        let four = [b0, b1, b2, b3, b'z'];
                        for len in 1..=four.len() {
                            let src = &four[..len];
                            assert_eq!(lossy(src), reference(src), "{src:x?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn groups_of_two_and_three_byte_sequences_with_any_one_invalid() {
        // Four two-byte sequences, each lane in turn given an overlong lead, a bad trail, or
        // a lead of another length; the same for two three-byte sequences, with overlong and
        // surrogate values too.
        let two = [0xD0, 0x96];
        let three = [0xE0, 0xB8, 0x81];
        let two_bad: [&[u8]; 7] = [
            &[0xC0, 0x80],
            &[0xC1, 0xBF],
            &[0xC2, 0x7F],
            &[0xDF, 0xC0],
            &[0xE0, 0x80],
            &[0x41, 0x42],
            &[0xC2, 0x80],
        ];
        let three_bad: [&[u8]; 7] = [
            &[0xE0, 0x9F, 0xBF],
            &[0xE0, 0xA0, 0x80],
            &[0xED, 0xA0, 0x80],
            &[0xED, 0x9F, 0xBF],
            &[0xEF, 0xBF, 0xC0],
            &[0xEF, 0x7F, 0xBF],
            &[0xF0, 0x90, 0x80],
        ];
        // `good` repeated `n` times, one of them `bad`, then `tail`.
        let group = |good: &[u8], n: usize, lane: usize, bad: &[u8], tail: &[u8]| {
            let mut src: Vec<u8> = (0..n)
                .flat_map(|i| {
                    if i == lane {
                        bad.to_vec()
                    } else {
                        good.to_vec()
                    }
                })
                .collect();
            src.extend_from_slice(tail);
            assert_eq!(lossy(&src), reference(&src), "{src:x?}");
        };
        for tail in [&b""[..], b"z", b"\xD0\x96\xD0\x96", b"\xE0\xB8\x81"] {
            for lane in 0..4 {
                two_bad
                    .iter()
                    .for_each(|bad| group(&two, 4, lane, bad, tail));
                three_bad
                    .iter()
                    .for_each(|bad| group(&three, 3, lane, bad, tail));
            }
        }
    }

    /// The valid prefix of `src` as the standard library finds it, a character a step.
    fn steps(src: &[u8]) -> Steps<u16> {
        let valid = match core::str::from_utf8(src) {
            Ok(text) => text,
            Err(e) => core::str::from_utf8(&src[..e.valid_up_to()]).unwrap_or_default(),
        };
        valid
            .chars()
            .map(|c| (c.len_utf8(), c.encode_utf16(&mut [0; 2]).to_vec()))
            .collect()
    }

    /// Text of every length of character, groups of two- and three-byte sequences, spans of
    /// ASCII longer than a block; with an invalid byte or a cut sequence at every place.
    fn texts() -> Vec<Vec<u8>> {
        // `text`, then `text` with each of `inserts` at each of `places`.
        fn with_inserts(
            texts: &mut Vec<Vec<u8>>,
            text: &[u8],
            inserts: &[&[u8]],
            places: impl Iterator<Item = usize> + Clone,
        ) {
            texts.push(text.to_vec());
            for insert in inserts {
                for at in places.clone() {
                    let mut with = text.to_vec();
                    with.splice(at..at, insert.iter().copied());
                    texts.push(with);
                }
            }
        }
        let mut texts = Vec::new();
        let text =
            "ascii, Жж ωω, 日本語 ภาษา, 😀! and more ASCII than a block; жжжжжж日本語日本語 é";
        let base: Vec<u8> = text.bytes().cycle().take(330).collect();
        let inserts: [&[u8]; 4] = [b"\xFF", b"\xE6\x97", b"\xC3", b"\x80"];
        with_inserts(&mut texts, &base, &inserts, 0..48);
        // Runs of three-byte sequences longer than the wide blocks (the edges of their
        // range among them), with an invalid one, a four-byte one or ASCII at every place.
        let three: String = "日本語ภาษา\u{800}\u{FFFF}\u{D7FF}\u{E000}한국어中文"
            .chars()
            .cycle()
            .take(60)
            .collect();
        let inserts: [&[u8]; 6] = [
            b"\xE0\x9F\xBF",
            b"\xED\xA0\x80",
            b"\xE6\x97\x41",
            b"\xE6\xC0\xA5",
            b"\xF0\x9F\x98\x80",
            b"a",
        ];
        with_inserts(&mut texts, three.as_bytes(), &inserts, (0..66).step_by(3));
        // Words of two-byte letters and the spaces between them (the blocks of eight after
        // a group of four), with an invalid, overlong, cut or longer sequence at every place
        // of the first blocks.
        let words: Vec<u8> = "Съешь же ещё этих мягких булок, да выпей чаю. Ωραία ψυχή שלום عربي "
            .bytes()
            .cycle()
            .take(160)
            .collect();
        let inserts: [&[u8]; 5] = [b"\xFF", b"\xD0", b"\x80", b"\xC1\xBF", b"\xE6\x97\x80"];
        with_inserts(&mut texts, &words, &inserts, 0..40);
        // Words of Latin text with accented letters of two and three bytes between ASCII,
        // and Korean words between spaces and punctuation, with an invalid, overlong,
        // surrogate, cut or four-byte sequence at every place of the first words.
        let inserts: [&[u8]; 6] = [
            b"\xFF",
            b"\xC3",
            b"\xE1\xBA",
            b"\xC1\xBF",
            b"\xED\xA0\x80",
            b"\xF0\x9F\x98\x80",
        ];
        for text in [
            "Příliš žluťoučký kůň úpěl ďábelské ódy. Tiếng Việt có dấu: ằ ẩ ơ ư, çà! ",
            "한국어 문장은 짧다, 그리고 길다. 대한민국 헌법 제1조! 서울 ",
        ] {
            let words: Vec<u8> = text.bytes().cycle().take(120).collect();
            with_inserts(&mut texts, &words, &inserts, 0..32);
        }
        texts
    }

    /// Into every room: whole characters while they fit, and up to a block of ASCII's
    /// units written past them.
    #[test]
    fn pieces_of_every_length_into_every_room() {
        let texts = texts();
        check(
            &texts,
            steps,
            Contract::spilling(32),
            utf8_to_utf16_overwriting,
        );
        every_isa!(|isa| {
            check(&texts, steps, Contract::spilling(32), |s, d| {
                convert(isa, s, d)
            });
        });
    }
}
