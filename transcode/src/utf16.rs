//! UTF-16 output, `-t utf-16le` and `-t utf-16be`: an extension outside the Encoding
//! Standard, which defines no UTF-16 encoder (section 4.3 makes UTF-8 the output encoding of
//! UTF-16BE and UTF-16LE, for the web). A person converting a file for a program that reads
//! UTF-16 (Windows, Java) needs one; the library's `Encoding::encode` stays as the standard
//! says, and this lives in the tool only.
//!
//! Text in, code units out in one byte order, through fixed buffers. A `&str` holds no lone
//! surrogate, so every character has a UTF-16 form: nothing is unmappable.

use std::io::{self, Write};

use whatwg_encoding::mem::convert_str_to_utf16;

/// How many code units are converted at a time: 32 KiB of output, as the EncodeWriter's
/// default buffer.
const UNITS: usize = 16 * 1024;

/// The order of a code unit's two bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByteOrder {
    /// UTF-16LE: the low byte first.
    Little,
    /// UTF-16BE: the high byte first.
    Big,
}

impl ByteOrder {
    /// Writes `units` into `bytes`, two bytes each in this order.
    fn write(self, units: &[u16], bytes: &mut [u8]) {
        // One loop per order, each with its conversion inlined, so that it is vectorised.
        fn each(units: &[u16], bytes: &mut [u8], to_bytes: impl Fn(u16) -> [u8; 2]) {
            for (pair, &unit) in bytes.chunks_exact_mut(2).zip(units) {
                pair.copy_from_slice(&to_bytes(unit));
            }
        }
        match self {
            ByteOrder::Little => each(units, bytes, u16::to_le_bytes),
            ByteOrder::Big => each(units, bytes, u16::to_be_bytes),
        }
    }
}

/// Writes text to an inner writer as UTF-16 in one byte order, in constant memory.
pub struct Utf16Writer<W: Write> {
    inner: W,
    order: ByteOrder,
    units: Box<[u16]>,
    bytes: Box<[u8]>,
    /// Bytes of UTF-8 taken so far.
    position: u64,
}

impl<W: Write> Utf16Writer<W> {
    /// A writer of UTF-16 in `order` into `inner`.
    pub fn new(inner: W, order: ByteOrder) -> Utf16Writer<W> {
        Utf16Writer {
            inner,
            order,
            units: vec![0; UNITS].into_boxed_slice(),
            bytes: vec![0; 2 * UNITS].into_boxed_slice(),
            position: 0,
        }
    }

    /// How many bytes of UTF-8 the writer has taken.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Writes all of `text`, a buffer's worth at a time.
    pub fn write_str(&mut self, text: &str) -> io::Result<()> {
        let mut rest = text;
        while !rest.is_empty() {
            // At most as many bytes as the buffer has units (no character has more UTF-16
            // units than UTF-8 bytes), cut at a character boundary.
            let mut end = rest.len().min(self.units.len());
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            let (piece, tail) = rest.split_at(end);
            let written = convert_str_to_utf16(piece, &mut self.units);
            self.order.write(&self.units[..written], &mut self.bytes);
            self.inner.write_all(&self.bytes[..2 * written])?;
            self.position += piece.len() as u64;
            rest = tail;
        }
        Ok(())
    }

    /// Ends the stream: flushes, and gives back the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.inner.flush()?;
        Ok(self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, order: ByteOrder) -> Vec<u8> {
        let mut writer = Utf16Writer::new(Vec::new(), order);
        writer.write_str(text).unwrap();
        assert_eq!(writer.position(), text.len() as u64);
        writer.finish().unwrap()
    }

    #[test]
    fn both_byte_orders() {
        // "a", "é", "日" and U+1F600 (a surrogate pair, D83D DE00), worked out by hand.
        let text = "aé日😀";
        assert_eq!(
            utf16(text, ByteOrder::Little),
            b"a\x00\xE9\x00\xE5\x65\x3D\xD8\x00\xDE"
        );
        assert_eq!(
            utf16(text, ByteOrder::Big),
            b"\x00a\x00\xE9\x65\xE5\xD8\x3D\xDE\x00"
        );
    }

    /// Texts longer than the buffer, with characters of every UTF-8 length across each of
    /// its boundaries, come out whole.
    #[test]
    fn pieces_are_cut_at_character_boundaries() {
        for prefix in 0..4 {
            let text = format!("{}{}", "x".repeat(prefix), "é日😀a".repeat(UNITS));
            let expected: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
            assert_eq!(utf16(&text, ByteOrder::Big), expected, "prefix {prefix}");
        }
    }
}
