//! Section 9, "Legacy single-byte encodings": one decoder and one encoder over an index of 128
//! code points for bytes 0x80 to 0xFF.

use crate::forms::input::Input;
use crate::forms::output::Output;
use crate::handler::{Bytes, DecodeHandler, DecodeStep, EncodeHandler, EncodeStep, Restore};
use crate::table::SingleByteTables;

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
        crate::table::code_point_u16(self.tables.decode, (byte - 0x80) as usize)
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
    /// ([`crate::fast::single_byte`]).
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        O::single_byte(src, dst, self.tables)
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
            return EncodeStep::Bytes(Bytes::one(code_point as u8));
        }
        // Steps 3 to 5: the index pointer, plus 0x80 (folded into the emitted map).
        match self.tables.encode.byte(code_point, self.tables.decode) {
            Some(b) => EncodeStep::Bytes(Bytes::one(b)),
            None => EncodeStep::Error(code_point),
        }
    }

    /// Encodes runs of ASCII and of code points in the index, trying first the run of the
    /// last code point found. Text in one script meets mostly one run of consecutive bytes
    /// for consecutive code points (windows-1251's 0xC0 to 0xFF for U+0410 to U+044F), so
    /// `code point − byte` of the last hit usually gives the next byte too, which the decode
    /// array confirms (the same check that verifies a value of the map; the generator
    /// rejects an index with a code point at two bytes, so a byte that decodes to the code
    /// point is the one the map holds); otherwise the map.
    /// (The offset lives for one call: the encoder has no field for it, and one call
    /// usually covers the whole input.)
    ///
    /// In a build with a non-Latin script's encoding (see [`crate::fast::single_byte`]),
    /// after a few misses of the guess in a long input, a miss is followed by the inverse of
    /// the index for one block of 256 code points, built on the stack for the call: the
    /// block of that miss (Arabic text stays in its block, whose code points map to bytes in
    /// no run the guess would find: windows-1256's letters are spread among its Latin ones).
    #[inline]
    fn bulk<'a, I: Input<'a>>(&mut self, src: I, dst: &mut [u8]) -> (usize, usize) {
        let (decode, run) = (self.tables.decode, self.tables.run);
        let inverse_worth_it = crate::fast::single_byte::TABLED && src.len() >= 64;
        // `inverse[cp & 0xFF]` is the byte of code point `cp` of `block`, 0 for none.
        let mut block = None;
        let mut inverse = [0u8; 256];
        // Bytes 0xA0 to 0xFF are U+00A0 to U+00FF in many indexes: the first guess.
        let mut offset = 0u32;
        // Guesses missed: the inverse is built only for text the guess does not serve.
        let mut misses = 0u32;
        let mut step = |c: char| {
            let cp = c as u32;
            let byte = cp.wrapping_sub(offset);
            let i = byte.wrapping_sub(0x80) as usize;
            if decode.get(i).is_some_and(|&d| d as u32 == cp) {
                return EncodeStep::Bytes(Bytes::one(byte as u8));
            }
            if inverse_worth_it {
                let high = cp >> 8;
                misses += 1;
                if block.is_none() && misses > 8 {
                    for (b, &d) in (0x80u8..=0xFF).zip(decode.iter()) {
                        if d as u32 >> 8 == high {
                            inverse[(d & 0xFF) as usize] = b;
                        }
                    }
                    block = Some(high);
                }
                if block == Some(high) {
                    return match inverse[(cp & 0xFF) as usize] {
                        0 => EncodeStep::Error(c),
                        b => {
                            offset = cp.wrapping_sub(b as u32);
                            EncodeStep::Bytes(Bytes::one(b))
                        }
                    };
                }
            }
            let step = self.code_point(c);
            if let EncodeStep::Bytes(b) = step {
                offset = cp.wrapping_sub(b.bytes[0] as u32);
            }
            step
        };
        // UTF-16 input: ASCII and the index's main run a block at a time, the rest by `step`.
        if let Some(done) = src.single_byte(dst, run, |c| match step(c) {
            EncodeStep::Bytes(b) => Some(b.bytes[0]),
            _ => None,
        }) {
            return done;
        }
        use crate::handler::encode_bulk::{encode_steps, AsciiThen};
        encode_steps(&mut AsciiThen(step), src, dst)
    }
}
