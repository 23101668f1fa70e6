//! [`EncodeWriter`]: UTF-8 in, any output encoding out, through [`std::io::Write`].

use std::boxed::Box;
use std::fmt;
use std::format;
use std::io::{self, Write};
use std::vec;
use std::vec::Vec;

use super::errors::UnmappableCharacter;
use super::{DEFAULT_BUFFER_SIZE, MIN_BUFFER_SIZE};
use crate::{Encoder, EncoderResult, Encoding};

/// Options for an [`EncodeWriter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeWriterBuilder {
    fatal: bool,
    buffer_size: usize,
}

impl Default for EncodeWriterBuilder {
    fn default() -> EncodeWriterBuilder {
        EncodeWriterBuilder {
            fatal: false,
            buffer_size: DEFAULT_BUFFER_SIZE,
        }
    }
}

impl EncodeWriterBuilder {
    /// The defaults: unmappable characters as numeric character references, a 32 KiB
    /// buffer.
    pub fn new() -> EncodeWriterBuilder {
        EncodeWriterBuilder::default()
    }

    /// Stop at the first character the encoding cannot represent with an [`io::Error`] of
    /// kind [`InvalidData`](io::ErrorKind::InvalidData) holding an [`UnmappableCharacter`]
    /// (the "fatal" error mode) instead of writing `&#NNNN;` for it ("html", the default).
    /// After the error every write gives it again; [`Write::flush`] still writes out what
    /// was encoded before it.
    pub fn fatal(mut self, fatal: bool) -> EncodeWriterBuilder {
        self.fatal = fatal;
        self
    }

    /// The size of the output buffer (at least 64 bytes; 32 KiB by default).
    pub fn buffer_size(mut self, size: usize) -> EncodeWriterBuilder {
        self.buffer_size = size.max(MIN_BUFFER_SIZE);
        self
    }

    /// A writer that encodes into `writer` with `encoding`'s output encoding (section 4.3:
    /// UTF-8 for replacement, UTF-16BE and UTF-16LE, which have no encoder).
    pub fn build<W: Write>(self, writer: W, encoding: &'static Encoding) -> EncodeWriter<W> {
        EncodeWriter {
            inner: Some(writer),
            encoder: encoding.new_encoder(),
            fatal: self.fatal,
            output: vec![0; self.buffer_size].into_boxed_slice(),
            output_len: 0,
            partial: [0; 4],
            partial_len: 0,
            position: 0,
            failure: None,
            ended: false,
        }
    }
}

/// Takes UTF-8 through [`std::io::Write`] and writes it to an inner writer in an encoding
/// (section 6.1's "encode", streamed). A character split between two writes is completed by
/// the second. Memory stays at the fixed buffer whatever the input's length.
///
/// Call [`finish`](EncodeWriter::finish) at the end: it writes what the encoder still holds
/// (ISO-2022-JP's return to ASCII), reports a character left incomplete, and gives the inner
/// writer back. Dropping the writer finishes it too, ignoring errors.
///
/// ```
/// # #[cfg(feature = "windows-1252")]
/// # fn main() -> std::io::Result<()> {
/// use std::io::Write;
/// use whatwg_encoding::io::{EncodeWriter, UnmappableCharacter};
/// use whatwg_encoding::WINDOWS_1252;
///
/// let mut writer = EncodeWriter::new(Vec::new(), WINDOWS_1252);
/// writer.write_all(b"caf\xC3")?; // the é is split between two writes
/// writer.write_all(b"\xA9 \xE2\x9C\x93")?;
/// assert_eq!(writer.finish()?, b"caf\xE9 &#10003;");
///
/// let mut writer = EncodeWriter::builder().fatal(true).build(Vec::new(), WINDOWS_1252);
/// let error = writer.write_all("café ✓".as_bytes()).unwrap_err();
/// let unmappable = error.get_ref().and_then(|e| e.downcast_ref::<UnmappableCharacter>());
/// assert_eq!(unmappable.map(|u| (u.code_point(), u.offset())), Some(('✓', 6)));
/// # Ok(())
/// # }
/// # #[cfg(not(feature = "windows-1252"))]
/// # fn main() {}
/// ```
pub struct EncodeWriter<W: Write> {
    /// The inner writer; None only once [`EncodeWriter::finish`] has taken it.
    inner: Option<W>,
    encoder: Encoder,
    fatal: bool,
    /// Encoded bytes not yet written to the inner writer: `output[..output_len]`.
    output: Box<[u8]>,
    output_len: usize,
    /// The start of a character whose other bytes the next write brings.
    partial: [u8; 4],
    partial_len: usize,
    /// UTF-8 bytes taken so far.
    position: u64,
    failure: Option<Failure>,
    /// `finish` has run (successfully or not): dropping does nothing more.
    ended: bool,
}

/// Why a writer stopped.
#[derive(Clone, Debug)]
enum Failure {
    Unmappable(UnmappableCharacter),
    /// The input was not UTF-8 at this offset.
    NotUtf8(u64),
    /// The input ended inside a character that starts at this offset.
    Incomplete(u64),
}

impl Failure {
    fn to_io_error(&self) -> io::Error {
        match self {
            Failure::Unmappable(unmappable) => unmappable.clone().into(),
            Failure::NotUtf8(offset) => io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the input is not UTF-8: a malformed sequence at byte offset {offset}"),
            ),
            Failure::Incomplete(offset) => io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the input ended inside a UTF-8 sequence that starts at byte offset {offset}"
                ),
            ),
        }
    }
}

impl EncodeWriter<Vec<u8>> {
    /// Options for a writer: error mode and buffer size.
    pub fn builder() -> EncodeWriterBuilder {
        EncodeWriterBuilder::new()
    }
}

impl<W: Write> EncodeWriter<W> {
    /// A writer that encodes into `writer` as section 6.1's "encode" does: with
    /// `encoding`'s output encoding (section 4.3), characters it cannot represent becoming
    /// decimal numeric character references.
    pub fn new(writer: W, encoding: &'static Encoding) -> EncodeWriter<W> {
        EncodeWriterBuilder::new().build(writer, encoding)
    }

    /// The encoding being written: the output encoding of the one the writer was made with.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoder.encoding()
    }

    /// How many bytes of UTF-8 the writer has taken.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Writes all of `text`, as [`Write::write_all`] would its bytes, without checking that
    /// it is UTF-8 (a `&str` is). A character left incomplete by an earlier byte write is an
    /// [`InvalidData`](io::ErrorKind::InvalidData) error: `text` cannot complete it.
    pub fn write_str(&mut self, text: &str) -> io::Result<()> {
        self.check()?;
        if self.partial_len > 0 && !text.is_empty() {
            let failure = Failure::NotUtf8(self.position);
            self.failure = Some(failure.clone());
            return Err(failure.to_io_error());
        }
        let mut rest = text;
        while !rest.is_empty() {
            self.write_output()?;
            let taken = self.encode(rest)?;
            rest = rest.get(taken..).unwrap_or_default();
        }
        Ok(())
    }

    /// Ends the stream: checks that no character was left incomplete, writes what the
    /// encoder holds at end-of-queue, flushes, and gives back the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.end()?;
        self.inner
            .take()
            .ok_or_else(|| io::Error::other("the writer was already finished"))
    }

    fn end(&mut self) -> io::Result<()> {
        self.ended = true;
        self.check()?;
        if self.partial_len > 0 {
            let failure = Failure::Incomplete(self.position);
            self.failure = Some(failure.clone());
            return Err(failure.to_io_error());
        }
        loop {
            self.write_output()?;
            let dst = self.output.get_mut(self.output_len..).unwrap_or_default();
            let (result, _, written) = if self.fatal {
                self.encoder
                    .encode_from_utf8_without_replacement("", dst, true)
            } else {
                let (result, read, written, _) = self.encoder.encode_from_utf8("", dst, true);
                (into_encoder_result(result), read, written)
            };
            self.output_len += written;
            if result == EncoderResult::InputEmpty {
                break;
            }
        }
        self.flush()
    }

    /// The failure that stopped the writer, if any, as an error.
    fn check(&self) -> io::Result<()> {
        match &self.failure {
            Some(failure) => Err(failure.to_io_error()),
            None => Ok(()),
        }
    }

    /// Writes the buffered output to the inner writer.
    fn write_output(&mut self) -> io::Result<()> {
        let Some(inner) = self.inner.as_mut() else {
            return Err(io::Error::other("the writer was already finished"));
        };
        inner.write_all(self.output.get(..self.output_len).unwrap_or_default())?;
        self.output_len = 0;
        Ok(())
    }

    /// Encodes `text` into the output buffer; returns how many of its bytes were taken.
    fn encode(&mut self, text: &str) -> io::Result<usize> {
        let dst = self.output.get_mut(self.output_len..).unwrap_or_default();
        let (result, read, written) = if self.fatal {
            self.encoder
                .encode_from_utf8_without_replacement(text, dst, false)
        } else {
            let (result, read, written, _) = self.encoder.encode_from_utf8(text, dst, false);
            (into_encoder_result(result), read, written)
        };
        self.output_len += written;
        self.position += read as u64;
        if let EncoderResult::Unmappable(code_point) = result {
            // The unmappable character is the last one read. Its width is the input's, not
            // the reported code point's: ISO-2022-JP reports U+000E, U+000F and U+001B as
            // U+FFFD.
            let width = text
                .get(..read)
                .and_then(|taken| taken.chars().next_back())
                .map_or(0, char::len_utf8);
            let failure = Failure::Unmappable(UnmappableCharacter {
                encoding: self.encoding(),
                offset: self.position - width as u64,
                code_point,
            });
            self.failure = Some(failure.clone());
            return Err(failure.to_io_error());
        }
        Ok(read)
    }

    /// Takes bytes of `buf` that complete the character begun in the previous write, and
    /// encodes it once it is whole.
    fn complete_partial(&mut self, buf: &[u8]) -> io::Result<usize> {
        let width = utf8_width(self.partial[0]);
        let taken = (width - self.partial_len).min(buf.len());
        for (d, s) in self.partial.iter_mut().skip(self.partial_len).zip(buf) {
            *d = *s;
        }
        self.partial_len += taken;
        let bytes = self.partial;
        let sequence = bytes.get(..self.partial_len).unwrap_or_default();
        let character = match std::str::from_utf8(sequence) {
            Ok(character) => character,
            // Still a valid start of a character: the next write brings the rest.
            Err(error) if error.error_len().is_none() => return Ok(taken),
            Err(_) => {
                let failure = Failure::NotUtf8(self.position);
                self.failure = Some(failure.clone());
                return Err(failure.to_io_error());
            }
        };
        self.partial_len = 0;
        self.encode(character)?;
        Ok(taken)
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    /// Takes a prefix of `buf` as UTF-8 (at most a buffer's worth), after writing out what the
    /// previous call encoded.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        if buf.is_empty() {
            return Ok(0);
        }
        self.write_output()?;
        if self.partial_len > 0 {
            return self.complete_partial(buf);
        }
        let window = buf.get(..self.output.len()).unwrap_or(buf);
        let valid = match std::str::from_utf8(window) {
            Ok(text) => text,
            Err(error) => {
                let (valid, rest) = window.split_at(error.valid_up_to());
                match error.error_len() {
                    // A character cut by the end of the input: its start waits for the next write.
                    None if valid.is_empty() && window.len() == buf.len() => {
                        for (d, s) in self.partial.iter_mut().zip(rest) {
                            *d = *s;
                        }
                        self.partial_len = rest.len().min(self.partial.len());
                        return Ok(rest.len());
                    }
                    // A character cut by the window: taken whole by the next write.
                    None if !valid.is_empty() => std::str::from_utf8(valid).unwrap_or_default(),
                    _ if valid.is_empty() => {
                        let failure = Failure::NotUtf8(self.position);
                        self.failure = Some(failure.clone());
                        return Err(failure.to_io_error());
                    }
                    // The malformed bytes are reported by the next write, after these.
                    _ => std::str::from_utf8(valid).unwrap_or_default(),
                }
            }
        };
        self.encode(valid)
    }

    /// Writes out what has been encoded and flushes the inner writer. The encoder keeps its
    /// state (use [`EncodeWriter::finish`] to end the stream).
    fn flush(&mut self) -> io::Result<()> {
        self.write_output()?;
        match self.inner.as_mut() {
            Some(inner) => inner.flush(),
            None => Ok(()),
        }
    }
}

impl<W: Write> Drop for EncodeWriter<W> {
    /// Finishes the stream if [`EncodeWriter::finish`] was not called, ignoring errors (as
    /// [`std::io::BufWriter`] does); after a failure, writes out what was encoded before it.
    fn drop(&mut self) {
        if self.ended || self.inner.is_none() {
            return;
        }
        if self.failure.is_some() {
            let _ = self.write_output();
        } else {
            let _ = self.end();
        }
    }
}

impl<W: Write> fmt::Debug for EncodeWriter<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EncodeWriter")
            .field("encoding", &self.encoding())
            .field("fatal", &self.fatal)
            .field("position", &self.position)
            .finish_non_exhaustive()
    }
}

/// The length of the UTF-8 sequence that `lead` starts (1 for a byte that starts none, so
/// that it is checked, and rejected, alone).
fn utf8_width(lead: u8) -> usize {
    match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

fn into_encoder_result(result: crate::CoderResult) -> EncoderResult {
    match result {
        crate::CoderResult::InputEmpty => EncoderResult::InputEmpty,
        crate::CoderResult::OutputFull => EncoderResult::OutputFull,
    }
}
