//! Section 8.1, UTF-8: the encoding, and the one every other encoding's output is in.

use crate::forms::input::{Input, Text};
use crate::forms::output::{Output, OutputBuffer};
use crate::handler::{ByteSequence, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::kernels::utf16::to_utf8::utf16_to_utf8_overwriting;
use crate::kernels::utf8::{to_utf16::utf8_to_utf16_overwriting, valid::utf8_valid_up_to};
#[cfg(feature = "alloc")]
use crate::kernels::{ascii::append_ascii_spans, utf8::valid::valid_prefix};
#[cfg(feature = "alloc")]
use alloc::string::String;

/// Section 8.1.1, UTF-8 decoder, with the standard's variable names.
#[derive(Clone, Copy)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower_boundary: u8,
    upper_boundary: u8,
}

impl Default for Utf8Decoder {
    fn default() -> Self {
        Utf8Decoder {
            code_point: 0,
            bytes_seen: 0,
            bytes_needed: 0,
            lower_boundary: 0x80,
            upper_boundary: 0xBF,
        }
    }
}

impl DecodeHandler for Utf8Decoder {
    const ASCII_FAST_PATH: bool = true;

    #[inline]
    fn byte(&mut self, byte: u8) -> DecodeStep {
        // Step 3: "If UTF-8 bytes needed is 0, based on byte: ..."
        if self.bytes_needed == 0 {
            match byte {
                0x00..=0x7F => return DecodeStep::Emit(byte as char),
                0xC2..=0xDF => {
                    self.bytes_needed = 1;
                    self.code_point = (byte & 0x1F) as u32;
                }
                0xE0..=0xEF => {
                    if byte == 0xE0 {
                        self.lower_boundary = 0xA0;
                    }
                    if byte == 0xED {
                        self.upper_boundary = 0x9F;
                    }
                    self.bytes_needed = 2;
                    self.code_point = (byte & 0xF) as u32;
                }
                0xF0..=0xF4 => {
                    if byte == 0xF0 {
                        self.lower_boundary = 0x90;
                    }
                    if byte == 0xF4 {
                        self.upper_boundary = 0x8F;
                    }
                    self.bytes_needed = 3;
                    self.code_point = (byte & 0x7) as u32;
                }
                _ => return DecodeStep::Error(Restore::NONE),
            }
            return DecodeStep::Continue;
        }
        // Step 4: "If byte is not in the range UTF-8 lower boundary to UTF-8 upper boundary,
        // inclusive, then: set everything back, restore byte to ioQueue, return error."
        if byte < self.lower_boundary || byte > self.upper_boundary {
            *self = Utf8Decoder::default();
            return DecodeStep::Error(Restore::one(byte));
        }
        // Steps 5 to 7.
        self.lower_boundary = 0x80;
        self.upper_boundary = 0xBF;
        self.code_point = (self.code_point << 6) | (byte & 0x3F) as u32;
        self.bytes_seen += 1;
        // Step 8.
        if self.bytes_seen != self.bytes_needed {
            return DecodeStep::Continue;
        }
        // Steps 9 to 11.
        let c = self.code_point;
        *self = Utf8Decoder::default();
        match char::from_u32(c) {
            Some(c) => DecodeStep::Emit(c),
            None => DecodeStep::Error(Restore::NONE),
        }
    }

    fn end(&mut self) -> DecodeStep {
        // Step 1: "If byte is end-of-queue and UTF-8 bytes needed is not 0, set UTF-8 bytes
        // needed to 0 and return error." Step 2: "... return finished."
        if self.bytes_needed != 0 {
            *self = Utf8Decoder::default();
            DecodeStep::Error(Restore::NONE)
        } else {
            DecodeStep::Finished
        }
    }

    fn between_sequences(&self) -> bool {
        self.bytes_needed == 0
    }

    /// Copies the longest prefix that is valid UTF-8 and fits, or converts it to UTF-16:
    /// the validator agrees with the algorithm above on where valid input ends.
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        match O::buffer(dst) {
            OutputBuffer::Utf8(dst) => copy_valid(src, dst),
            OutputBuffer::Utf16(dst) => utf8_to_utf16_overwriting(src, dst),
        }
    }
}

/// Copies the longest prefix of `src` that is valid UTF-8 and fits in `dst`, ending at a
/// character boundary; returns (bytes read, bytes written).
#[inline]
fn copy_valid(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = src.len().min(dst.len());
    let (Some(src), Some(dst)) = (src.get(..n), dst.get_mut(..n)) else {
        return (0, 0);
    };
    let valid = utf8_valid_up_to(src);
    if let (Some(d), Some(s)) = (dst.get_mut(..valid), src.get(..valid)) {
        d.copy_from_slice(s);
    }
    (valid, valid)
}

/// The first stretch of bytes that are not ASCII [`Utf8Decoder::append_prefix`] checks after
/// a long run of ASCII, and the longest.
#[cfg(feature = "alloc")]
const FIRST_STRETCH: usize = 64;
#[cfg(feature = "alloc")]
const LONGEST_STRETCH: usize = 64 * 1024;

#[cfg(feature = "alloc")]
impl Utf8Decoder {
    /// Appends to `dst`, within its spare capacity, the longest prefix of `src` that is valid
    /// UTF-8 and fits; returns its length: what this decoder, between sequences, writes for
    /// them. Nothing in the middle of a sequence.
    ///
    /// Runs of ASCII are copied as they are checked, in one pass ([`append_ascii_spans`]); what follows
    /// one is checked by the validator and then copied, a stretch at a time, each stretch twice
    /// as long as the last while no long run of ASCII comes between, so that text in a script
    /// outside ASCII is checked in long stretches and a page in English goes back to the one
    /// pass soon after each letter outside ASCII (checking all of it first and copying it
    /// after reads the input twice).
    pub(crate) fn append_prefix(&self, src: &[u8], dst: &mut String) -> usize {
        if !self.between_sequences() {
            return 0;
        }
        let mut stretch = FIRST_STRETCH;
        append_ascii_spans(src, dst, |rest, dst, run, _| {
            if run >= FIRST_STRETCH {
                stretch = FIRST_STRETCH;
            }
            let room = dst.capacity() - dst.len();
            let same = valid_prefix(rest.get(..stretch.min(room)).unwrap_or(rest));
            // At the end, out of room, or at a sequence that is invalid or cut off by the end
            // of `src` or of the stretch with nothing before it.
            dst.push_str(same);
            stretch = (stretch * 2).min(LONGEST_STRETCH);
            same.len()
        })
    }
}

/// Section 8.1.2, UTF-8 encoder. Its input is already UTF-8, so it copies.
#[derive(Clone, Copy, Default)]
pub(crate) struct Utf8Encoder;

impl EncodeHandler for Utf8Encoder {
    const ASCII_FAST_PATH: bool = true;
    const MAX_BYTES_PER_UTF8_BYTE: usize = 1;
    const MAX_BYTES_PER_UTF16_UNIT: usize = 3;

    #[inline]
    fn code_point(&mut self, code_point: char) -> EncodeStep {
        let mut buf = [0u8; 4];
        let len = code_point.encode_utf8(&mut buf).len();
        EncodeStep::Bytes(ByteSequence {
            bytes: buf,
            len: len as u8,
        })
    }

    /// The longest prefix whose UTF-8 fits in `dst`, ending at a character boundary: a
    /// `&str` copied, UTF-16 converted ([`utf16_to_utf8_overwriting`], unpaired surrogates as U+FFFD, as
    /// the cursor reads them).
    #[inline]
    fn bulk<'a, I: Input<'a>>(&mut self, src: I, dst: &mut [u8]) -> (usize, usize) {
        match src.text() {
            Text::Str(src) => {
                let mut n = src.len().min(dst.len());
                while !src.is_char_boundary(n) {
                    n -= 1;
                }
                if let (Some(d), Some(s)) = (dst.get_mut(..n), src.as_bytes().get(..n)) {
                    d.copy_from_slice(s);
                }
                (n, n)
            }
            Text::Utf16(src) => utf16_to_utf8_overwriting(src, dst),
        }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    /// UTF-8 of every shape: dense text long enough for the longest stretch, ASCII runs
    /// long and short between letters, an invalid byte or a sequence cut off by the end at
    /// several places, into strings of several capacities: appended is the longest valid
    /// prefix that fits, whole characters.
    #[test]
    fn utf8_appends_the_valid_prefix_that_fits() {
        let mut texts = alloc::vec::Vec::new();
        texts.push("\u{65e5}\u{672c}\u{8a9e}".repeat(50_000).into_bytes());
        let mut mixed = alloc::vec::Vec::new();
        for i in 0..3000 {
            mixed.extend_from_slice("a".repeat(i % 150).as_bytes());
            mixed.extend_from_slice(
                "\u{e9}\u{20ac}\u{1f600}"
                    .get(..[2, 5, 9][i % 3])
                    .unwrap_or("")
                    .as_bytes(),
            );
        }
        texts.push(mixed);
        for text in texts {
            for bad in [None, Some(0), Some(70), Some(5000), Some(text.len() - 1)] {
                let mut src = text.clone();
                if let Some(at) = bad {
                    src[at] = 0xFF;
                }
                for cut_end in [0, 1, 2] {
                    let src = &src[..src.len() - cut_end];
                    let valid = match core::str::from_utf8(src) {
                        Ok(_) => src.len(),
                        Err(e) => e.valid_up_to(),
                    };
                    for capacity in [0, 3, 100, 70_000, src.len() + 1] {
                        let mut dst = String::with_capacity(capacity);
                        let n = Utf8Decoder::default().append_prefix(src, &mut dst);
                        let mut fits = valid.min(capacity);
                        while core::str::from_utf8(&src[..fits]).is_err() {
                            fits -= 1;
                        }
                        assert_eq!(n, fits, "{bad:?} {cut_end} {capacity}");
                        assert_eq!(dst.as_bytes(), &src[..n]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod bulk_tests {
    use super::*;

    #[test]
    fn utf16_ends_at_a_character_that_fits() {
        let units = [0x61, 0xD83D, 0xDE00, 0xDE00, 0x62];
        for len in 0..12 {
            let mut dst = vec![0u8; len];
            let (read, written) = Utf8Encoder.bulk(&units[..], &mut dst);
            let expected = "a\u{1F600}\u{FFFD}b";
            let text = core::str::from_utf8(&dst[..written]).unwrap();
            assert!(expected.starts_with(text), "{len}");
            assert_eq!(String::from_utf16_lossy(&units[..read]), text);
        }
    }

    #[test]
    fn valid_utf8_stops_at_the_first_error_and_at_the_end_of_room() {
        let bulk16 = |src: &[u8], dst: &mut [u16]| {
            Utf8Decoder::default().bulk::<crate::forms::output::Utf16>(src, dst)
        };
        let mut buf = [0u16; 64];
        let (r, w) = bulk16("a\u{e9}\u{20AC}\u{1F600}".as_bytes(), &mut buf);
        assert_eq!((r, w), (10, 5));
        assert_eq!(&buf[..5], &[0x61, 0xE9, 0x20AC, 0xD83D, 0xDE00]);
        // A supplementary character is written only when both of its units fit.
        let mut dst = [0u16; 3];
        assert_eq!(bulk16("ab\u{1F600}".as_bytes(), &mut dst), (2, 2));
        let mut dst = [0u16; 4];
        assert_eq!(bulk16("ab\u{1F600}".as_bytes(), &mut dst), (6, 4));
        assert_eq!(copy_valid(b"ab\xC3", &mut [0u8; 8]), (2, 2));
    }
}
