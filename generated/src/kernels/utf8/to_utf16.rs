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

/// Decodes blocks with `step`, given the `R` bytes from the block's first and room for `W`
/// units, which returns the block's (bytes read, units written), while it decodes and
/// `rest` and `out` hold that much; returns (bytes read, units written). A loop of its own,
/// so that a sequence of blocks (a line of Thai or Chinese) stays in it.
#[inline(always)]
fn repeat<const R: usize, const W: usize>(
    rest: &[u8],
    out: &mut [u16],
    step: impl Fn(&[u8; R], &mut [u16; W]) -> Option<(usize, usize)>,
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
    }
    (read, written)
}

/// Groups of two three-byte sequences ([`two_three_byte`]), by [`repeat`].
#[inline(always)]
fn three_byte_pairs(rest: &[u8], out: &mut [u16]) -> (usize, usize) {
    repeat(rest, out, |window: &[u8; EIGHT], units: &mut [u16; 2]| {
        *units = two_three_byte(u64::from_le_bytes(*window))?;
        Some((6, 2))
    })
}

/// The bytes in which [`three_byte_pairs`] finds at most three groups (each reads eight
/// bytes from its first): the span a wide implementation decodes before it tries its
/// blocks ([`three_byte_block`]).
const SHORT_THREE_BYTE_SPAN: usize = 20;

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
