//! Section 8.1, UTF-8: the encoding, and the one every other encoding's output is in.

use crate::forms::input::Input;
use crate::forms::output::Output;
use crate::handler::{Bytes, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};

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

    /// Copies the longest prefix that is valid UTF-8 and fits: the standard library's
    /// validator agrees with the algorithm above on where valid input ends.
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        O::copy_utf8(src, dst)
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
        EncodeStep::Bytes(Bytes {
            bytes: buf,
            len: len as u8,
        })
    }

    #[inline]
    fn bulk<'a, I: Input<'a>>(&mut self, src: I, dst: &mut [u8]) -> (usize, usize) {
        src.copy_to_utf8(dst)
    }
}
