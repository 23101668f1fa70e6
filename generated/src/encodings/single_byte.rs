//! Section 9, "Legacy single-byte encodings": one decoder and one encoder over an index of 128
//! code points for bytes 0x80 to 0xFF.

use crate::forms::input::{Input, Text};
use crate::forms::output::{Output, OutputBuffer};
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
#[cfg(feature = "alloc")]
use crate::kernels::ascii::append_ascii_spans;
use crate::kernels::byte_map::decode::{self, TABLED};
use crate::kernels::byte_map::{encode, encode_str};
use crate::kernels::isa::BLOCK;
use crate::kernels::uninit::as_uninit;
use crate::tables::SingleByteTables;
#[cfg(feature = "alloc")]
use alloc::string::String;
use core::mem::MaybeUninit;

/// Section 9.1, single-byte decoder. It has no state.
#[derive(Clone, Copy)]
pub(crate) struct SingleByteDecoder {
    pub(crate) tables: &'static SingleByteTables,
}

impl SingleByteDecoder {
    #[inline(always)]
    fn code_point(&self, byte: u8) -> Option<char> {
        if byte < 0x80 {
            // Step 2: "If byte is an ASCII byte, return a code point whose value is byte."
            return Some(byte as char);
        }
        // Step 3: "Let code point be the index code point for byte − 0x80 in index
        // single-byte." Step 4: "If code point is null, return error."
        crate::tables::code_point_u16(self.tables.decode, (byte - 0x80) as usize)
    }

    /// Every byte at the start of `src` up to the first unmapped one, into UTF-8 in `dst`,
    /// bytes not yet written ([`decode::to_utf8`]). The one-shot decode writes into a
    /// string's spare capacity through this, and the decode loop's bulk step into its
    /// buffer: out of line, one copy for both.
    #[inline(never)]
    pub(crate) fn to_utf8(self, src: &[u8], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
        let tables = self.tables;
        decode::to_utf8(src, dst, tables.decode, tables.linear, tables.utf8)
    }
}

impl DecodeHandler for SingleByteDecoder {
    const ASCII_FAST_PATH: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        match self.code_point(byte) {
            Some(c) => DecodeStep::Emit(c),
            None => DecodeStep::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue, return finished."
        DecodeStep::Finished
    }

    fn between_sequences(&self) -> bool {
        true
    }

    /// ASCII, and the bytes whose index code point is the byte's own value (most of 0xA0 to
    /// 0xFF in windows-1252).
    fn latin1_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
        let decode = self.tables.decode;
        Some(
            bytes
                .iter()
                .position(|&b| b >= 0x80 && decode.get((b - 0x80) as usize) != Some(&(b as u16)))
                .unwrap_or(bytes.len()),
        )
    }

    /// Decodes every byte up to the first unmapped one, eight at a time
    /// ([`crate::kernels::byte_map`]).
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        match O::buffer(dst) {
            OutputBuffer::Utf8(dst) => self.to_utf8(src, as_uninit(dst)),
            OutputBuffer::Utf16(dst) => {
                decode::to_utf16(src, dst, self.tables.decode, self.tables.linear)
            }
        }
    }
}

#[cfg(feature = "alloc")]
impl SingleByteDecoder {
    /// Appends to `dst`, within its spare capacity, the text of the longest prefix of `src` that
    /// this decoder decodes without error, as long as it is runs of ASCII each followed by one byte
    /// that is not (or by the end); returns its length. Nothing if `src` starts with a byte
    /// that is not ASCII: text in a script outside ASCII, mostly such bytes, is faster through
    /// the decode loop's table than one `String::push` a letter.
    pub(crate) fn append_prefix(&self, src: &[u8], dst: &mut String) -> usize {
        append_ascii_spans(src, dst, |rest, dst, _, read| {
            let (Some(&b), after) = (rest.first(), rest.get(1)) else {
                return 0;
            };
            // Out of room, at a first byte that is not ASCII, or at two in a row.
            if b.is_ascii() || read == 0 || after.is_some_and(|a| !a.is_ascii()) {
                return 0;
            }
            // Steps 3 and 4 (a byte without a code point is an error, which the decode loop
            // takes).
            let Some(c) = self.code_point(b) else {
                return 0;
            };
            if dst.capacity() - dst.len() < c.len_utf8() {
                return 0;
            }
            dst.push(c);
            1
        })
    }
}

/// Section 9.2, single-byte encoder.
#[derive(Clone, Copy)]
pub(crate) struct SingleByteEncoder {
    pub(crate) tables: &'static SingleByteTables,
}

impl EncodeHandler for SingleByteEncoder {
    const ASCII_FAST_PATH: bool = true;
    const MAX_BYTES_PER_UTF8_BYTE: usize = 1;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 1;

    /// Out of line: `bulk` takes every code point it can without it (the last hit's run),
    /// so one copy serves its misses and the generic loop's rare calls.
    #[inline(never)]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        // Step 2: "If code point is an ASCII code point, return a byte whose value is code
        // point."
        if code_point.is_ascii() {
            return EncodeStep::Bytes(ByteSequence::one(code_point as u8));
        }
        // Steps 3 to 5: the index pointer, plus 0x80 (folded into the emitted map).
        match self.tables.encode.byte(code_point, self.tables.decode) {
            Some(b) => EncodeStep::Bytes(ByteSequence::one(b)),
            None => EncodeStep::Error(code_point),
        }
    }

    /// Encodes runs of ASCII and of code points in the index, finding bytes by [`Guess`]
    /// before the map.
    #[inline]
    fn bulk<'a, I: Input<'a>>(&mut self, src: I, dst: &mut [u8]) -> (usize, usize) {
        let tables = self.tables;
        let mut guess = Guess::new(TABLED && src.len() >= 64);
        let mut step = |c: char| guess.step(tables, c);
        // ASCII and the index's main run a block at a time (from UTF-16; from `&str`, where
        // the build has the kernel), the rest by `step`.
        if let Some(done) = blocks(src, dst, tables, |c| match step(c) {
            EncodeStep::Bytes(b) => Some(b.bytes[0]),
            _ => None,
        }) {
            return done;
        }
        use crate::handler::encode::{encode_steps, AsciiThen};
        encode_steps(&mut AsciiThen(step), src, dst)
    }
}

/// The encoders' kernel for the form of `src`, if it has one: the longest prefix encoded
/// with `tables`, ASCII and the index's longest linear run a block at a time, every other
/// code point by `other` (its byte, or `None` to stop before it); returns (units read,
/// bytes written), or `None` where the handler's own path encodes it. UTF-16 has one
/// ([`encode::encode`]), and `&str` in builds with a non-Latin script's encoding
/// ([`encode_str_with`], see [`TABLED`]); short inputs are left to the handler's path,
/// since the kernels clear a table for the call.
#[inline]
fn blocks<'a, I: Input<'a>>(
    src: I,
    dst: &mut [u8],
    tables: &'static SingleByteTables,
    mut other: impl FnMut(char) -> Option<u8>,
) -> Option<(usize, usize)> {
    match src.text() {
        Text::Str(src) if TABLED && src.len() >= 64 => {
            Some(encode_str_with(tables, src, as_uninit(dst)))
        }
        Text::Utf16(src) if src.len() >= 2 * BLOCK => {
            // `encode` gives `other` units that are not surrogates: scalar values.
            let n = encode::encode(src, dst, tables.linear, |u| {
                other(char::from_u32(u as u32)?)
            });
            Some((n, n))
        }
        _ => None,
    }
}

/// [`encode_str::encode`] with `tables`, the code points outside the run found by
/// [`Guess`]: one copy of the kernel for the encode loop's bytes and the one-shot encode's
/// spare capacity.
#[inline]
fn encode_str_with(
    tables: &'static SingleByteTables,
    src: &str,
    dst: &mut [core::mem::MaybeUninit<u8>],
) -> (usize, usize) {
    let mut guess = Guess::new(true);
    encode_str::encode(src, dst, tables.linear, |c| match guess.step(tables, c) {
        EncodeStep::Bytes(b) => Some(b.bytes[0]),
        _ => None,
    })
}

impl SingleByteEncoder {
    /// Appends to `dst`, within its spare capacity, the bytes of the longest prefix of `src`
    /// that this encoder encodes without an error and that fits, and returns its length
    /// and whether what stopped it is a character without a byte (else the end of `src`
    /// or of the capacity); `None`, having appended nothing, where the build has no kernel
    /// for it (see [`encode_str`]) or `src` is short (under 64 bytes, as
    /// the bulk step has it).
    ///
    /// The kernel writes into the spare capacity, which the encode loop would zero first
    /// and then write: the one-shot `encode`'s only pass over its output is then the
    /// encoding itself. Where the kernel stops with room left, it stopped at a character
    /// without a byte (the closure's `None`).
    #[cfg(feature = "alloc")]
    pub(crate) fn append_encoded(
        self,
        src: &str,
        dst: &mut alloc::vec::Vec<u8>,
    ) -> Option<(usize, bool)> {
        if !TABLED || src.len() < 64 {
            return None;
        }
        let spare = dst.spare_capacity_mut();
        let room = spare.len();
        let (read, written) = encode_str_with(self.tables, src, spare);
        debug_assert!(written <= room);
        // SAFETY: `encode_str::encode` returns how many units of the spare capacity it
        // wrote, from the first on, with each byte in turn (`MaybeUninit::write` of each, or
        // `copy_ascii_uninit`, which writes the first that many it returns), never more
        // than `room`. Reached by every one-shot `encode` of 64 bytes or more in a single-
        // byte encoding (spec-tests' differential tests against encoding_rs, and the
        // kernel's tests of the same output into bytes not yet written).
        unsafe { dst.set_len(dst.len() + written.min(room)) };
        Some((read, read < src.len() && written < room))
    }
}

/// What the encoder learns of the text in one call, to find bytes without the map: trying
/// first the run of the last code point found, then the inverse of one block of the index.
///
/// Text in one script meets mostly one run of consecutive bytes for consecutive code points
/// (windows-1251's 0xC0 to 0xFF for U+0410 to U+044F), so `code point − byte` of the last
/// hit usually gives the next byte too, which the decode array confirms (the same check
/// that verifies a value of the map; the generator rejects an index with a code point at
/// two bytes, so a byte that decodes to the code point is the one the map holds);
/// otherwise the map. (The offset lives for one call: the encoder has no field for it, and
/// one call usually covers the whole input.)
///
/// In a build with a non-Latin script's encoding (see [`crate::kernels::byte_map`]), after
/// a few misses of the guess in a long input, a miss is followed by the inverse of the
/// index for one block of 256 code points, built on the stack for the call: the block of
/// that miss (Arabic text stays in its block, whose code points map to bytes in no run the
/// guess would find: windows-1256's letters are spread among its Latin ones).
struct Guess {
    /// `code point − byte` of the last hit. Bytes 0xA0 to 0xFF are U+00A0 to U+00FF in
    /// many indexes: the first guess.
    offset: u32,
    /// Guesses missed: the inverse is built only for text the guess does not serve.
    misses: u32,
    /// Whether the inverse may be built (a long input, in a build with the table).
    inverse_worth_it: bool,
    /// Once built, the block of 256 code points (code point >> 8) the inverse is of, and
    /// the inverse: at `cp & 0xFF` the byte of code point `cp` of the block, 0 for none.
    /// `None` until then, which leaves the array unwritten: a call that never builds it
    /// (most, and every one-shot `encode` that stops at a character without a byte starts
    /// one) does not clear 256 bytes for nothing.
    inverse: Option<(u32, [u8; 256])>,
}

impl Guess {
    fn new(inverse_worth_it: bool) -> Guess {
        Guess {
            offset: 0,
            misses: 0,
            inverse_worth_it,
            inverse: None,
        }
    }

    /// Section 9.2's steps for `c` under `tables`, by the guess, the inverse, or the map.
    #[inline(always)]
    fn step(&mut self, tables: &'static SingleByteTables, c: char) -> EncodeStep {
        let decode = tables.decode;
        let cp = c as u32;
        let byte = cp.wrapping_sub(self.offset);
        let i = byte.wrapping_sub(0x80) as usize;
        if decode.get(i).is_some_and(|&d| d as u32 == cp) {
            return EncodeStep::Bytes(ByteSequence::one(byte as u8));
        }
        if self.inverse_worth_it {
            let high = cp >> 8;
            self.misses += 1;
            if self.inverse.is_none() && self.misses > 8 {
                let mut inverse = [0u8; 256];
                for (b, &d) in (0x80u8..=0xFF).zip(decode.iter()) {
                    if d as u32 >> 8 == high {
                        inverse[(d & 0xFF) as usize] = b;
                    }
                }
                self.inverse = Some((high, inverse));
            }
            if let Some((block, inverse)) = &self.inverse {
                if *block != high {
                    return self.mapped(tables, c);
                }
                return match inverse[(cp & 0xFF) as usize] {
                    0 => EncodeStep::Error(c),
                    b => {
                        self.offset = cp.wrapping_sub(b as u32);
                        EncodeStep::Bytes(ByteSequence::one(b))
                    }
                };
            }
        }
        self.mapped(tables, c)
    }

    /// Section 9.2's steps for `c` by the map, the hit's byte the next guess.
    #[inline(always)]
    fn mapped(&mut self, tables: &'static SingleByteTables, c: char) -> EncodeStep {
        let step = SingleByteEncoder { tables }.code_point(c);
        if let EncodeStep::Bytes(b) = step {
            self.offset = (c as u32).wrapping_sub(b.bytes[0] as u32);
        }
        step
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    /// `append_prefix` of `src` by the decoder of `tables`: the prefix `want`, counted in
    /// characters.
    fn check_prefix(tables: &'static SingleByteTables, src: &[u8], want: &str) {
        let decoder = SingleByteDecoder { tables };
        let mut dst = String::with_capacity(64);
        let n = decoder.append_prefix(src, &mut dst);
        assert_eq!(dst, want, "{src:?}");
        assert_eq!(n, want.chars().count(), "{src:?}");
    }

    /// Latin text: runs of ASCII with lone letters, up to two letters in a row, the end;
    /// a first byte that is not ASCII; windows-1253's unmapped 0xAA.
    #[test]
    fn single_byte_takes_runs_with_lone_letters() {
        #[cfg(feature = "windows-1252")]
        {
            let cases: &[(&[u8], &str)] = &[
                (b"caf\xe9 au lait", "caf\u{e9} au lait"),
                (b"na\xefve caf\xe9", "na\u{ef}ve caf\u{e9}"),
                (b"Gr\xf6\xdfe", "Gr"),
                // The index maps 0x81 to U+0081.
                (b"ab\x81cd", "ab\u{81}cd"),
                (b"\xe9t\xe9", ""),
                (b"", ""),
                (b"price: \x80", "price: \u{20ac}"),
            ];
            for &(src, want) in cases {
                check_prefix(&crate::tables::single_byte::WINDOWS_1252, src, want);
            }
        }
        #[cfg(feature = "windows-1253")]
        {
            let cases: &[(&[u8], &str)] = &[(b"ab\xaacd", "ab"), (b"ab\xe1 cd", "ab\u{3b1} cd")];
            for &(src, want) in cases {
                check_prefix(&crate::tables::single_byte::WINDOWS_1253, src, want);
            }
        }
    }

    /// A letter that does not fit ends the prefix before it.
    #[test]
    #[cfg(feature = "windows-1252")]
    fn single_byte_stops_where_a_letter_does_not_fit() {
        let decoder = SingleByteDecoder {
            tables: &crate::tables::single_byte::WINDOWS_1252,
        };
        // "€" is three bytes of UTF-8.
        let src = b"abc\x80def";
        for capacity in 0..12 {
            let mut dst = String::with_capacity(capacity);
            let capacity = dst.capacity();
            let n = decoder.append_prefix(src, &mut dst);
            let want = match capacity {
                0..=5 => "abc".get(..capacity.min(3)).unwrap_or_default(),
                6 => "abc\u{20ac}",
                7 => "abc\u{20ac}d",
                8 => "abc\u{20ac}de",
                _ => "abc\u{20ac}def",
            };
            assert_eq!(dst, want, "{capacity}");
            assert_eq!(n, want.chars().count());
        }
    }
}
