//! Section 7.1, "interface mixin TextDecoderCommon": what [`TextDecoder`] and
//! [`TextDecoderStream`] share (the constructor's label steps and its options, the getters,
//! the decoder instance with its I/O queue, and "serialize I/O queue" with its BOM seen
//! flag).
//!
//! [`TextDecoder`]: crate::TextDecoder
//! [`TextDecoderStream`]: crate::TextDecoderStream

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::errors::{RangeError, TypeError};
use crate::{Decoder, DecoderResult, Encoding, LabelError, REPLACEMENT, UTF_8};

/// The `TextDecoderOptions` dictionary (section 7.2): the options of both constructors,
/// TextDecoder's and TextDecoderStream's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextDecoderOptions {
    /// Malformed input throws a [`TypeError`] (the "fatal" error mode) instead of decoding
    /// to U+FFFD (the "replacement" error mode).
    pub fatal: bool,
    /// Keep a byte order mark in the output: by default "serialize I/O queue" drops a
    /// leading U+FEFF in UTF-8, UTF-16BE and UTF-16LE (section 7.1).
    pub ignore_bom: bool,
}

/// A TextDecoderCommon object's state (section 7.1): encoding, decoder, I/O queue, ignore
/// BOM, BOM seen and error mode.
pub(crate) struct TextDecoderCommon {
    encoding: &'static Encoding,
    /// The encoding's name, ASCII lowercased: what the `encoding` getter returns.
    lowercase_name: &'static str,
    decoder: Decoder,
    /// The bytes of the I/O queue that a fatal error left unread: a streaming call that
    /// throws leaves them for the next call (section 7.2, `decode()` step 5.3.3 returns with
    /// the rest of the queue in place).
    queue: Vec<u8>,
    ignore_bom: bool,
    bom_seen: bool,
    /// The error mode is "fatal" (otherwise "replacement").
    fatal: bool,
    /// Bytes the decoder instance has read, so that an error can say where it is.
    position: u64,
}

impl TextDecoderCommon {
    /// Steps 1 to 5 of the TextDecoder and TextDecoderStream constructors (sections 7.2 and
    /// 7.5): get an encoding from `label`, refuse failure and replacement with a
    /// RangeError, then take the options. Also makes the decoder instance, which
    /// TextDecoderStream's step 6 does and TextDecoder's `decode()` does anew.
    pub(crate) fn new(
        label: &str,
        options: TextDecoderOptions,
    ) -> Result<TextDecoderCommon, RangeError> {
        let encoding = Encoding::lookup(label.as_bytes()).map_err(|error| match error {
            LabelError::Unknown => RangeError::new(format!(
                "The encoding label provided ('{label}') is invalid."
            )),
            LabelError::NotCompiledIn { .. } => RangeError::new(format!(
                "The encoding label provided ('{label}') is not supported by this build: {error}."
            )),
        })?;
        if encoding == REPLACEMENT {
            return Err(RangeError::new(format!(
                "The encoding label provided ('{label}') is a label of the replacement \
                 encoding, which TextDecoder does not decode."
            )));
        }
        Ok(TextDecoderCommon::with_encoding(encoding, options))
    }

    /// The constructors' steps with the default label, "utf-8", which cannot fail.
    pub(crate) fn utf_8(options: TextDecoderOptions) -> TextDecoderCommon {
        TextDecoderCommon::with_encoding(UTF_8, options)
    }

    fn with_encoding(
        encoding: &'static Encoding,
        options: TextDecoderOptions,
    ) -> TextDecoderCommon {
        TextDecoderCommon {
            encoding,
            lowercase_name: lowercase_name(encoding),
            decoder: encoding.new_decoder_without_bom_handling(),
            queue: Vec::new(),
            ignore_bom: options.ignore_bom,
            bom_seen: false,
            fatal: options.fatal,
            position: 0,
        }
    }

    /// The `encoding` getter: the encoding's name, ASCII lowercased.
    pub(crate) fn encoding(&self) -> &'static str {
        self.lowercase_name
    }

    /// The `fatal` getter: whether the error mode is "fatal".
    pub(crate) fn fatal(&self) -> bool {
        self.fatal
    }

    /// The `ignoreBOM` getter.
    pub(crate) fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    /// The Debug output of an object that includes the mixin: its name and getters.
    pub(crate) fn debug(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(name)
            .field("encoding", &self.encoding())
            .field("fatal", &self.fatal())
            .field("ignore_bom", &self.ignore_bom())
            .finish_non_exhaustive()
    }

    /// Section 7.2, `decode()` step 1: a new instance of the encoding's decoder, the I/O
    /// queue « end-of-queue », and BOM seen false.
    pub(crate) fn reset(&mut self) {
        self.decoder = self.encoding.new_decoder_without_bom_handling();
        self.queue.clear();
        self.bom_seen = false;
        self.position = 0;
    }

    /// Pushes `input` to the I/O queue and processes items until the queue is empty (and,
    /// when `end_of_queue`, processes end-of-queue too): the loop of section 7.2's `decode()`
    /// step 5 and of section 7.5's "decode and enqueue a chunk" and "flush and enqueue".
    /// Returns the serialized output, or the TypeError of a fatal error, after which the
    /// output is dropped and the rest of the queue stays for the next call.
    pub(crate) fn decode(&mut self, input: &[u8], end_of_queue: bool) -> Result<String, TypeError> {
        if self.queue.is_empty() {
            return self.process(input, end_of_queue);
        }
        let mut queue = core::mem::take(&mut self.queue);
        queue.extend_from_slice(input);
        self.process(&queue, end_of_queue)
    }

    fn process(&mut self, src: &[u8], end_of_queue: bool) -> Result<String, TypeError> {
        let mut output = String::new();
        let mut read = 0;
        loop {
            let rest = src.get(read..).unwrap_or_default();
            output.reserve(room_for(&self.decoder, rest.len()));
            let result = if self.fatal {
                let (result, r) = self.decoder.decode_to_string_without_replacement(
                    rest,
                    &mut output,
                    end_of_queue,
                );
                read += r;
                result
            } else {
                let (result, r, _) = self
                    .decoder
                    .decode_to_string(rest, &mut output, end_of_queue);
                read += r;
                match result {
                    crate::CoderResult::InputEmpty => DecoderResult::InputEmpty,
                    crate::CoderResult::OutputFull => DecoderResult::OutputFull,
                }
            };
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(length, after) => {
                    let error = self.malformed(src, read, length, after);
                    self.position += read as u64;
                    self.queue = src.get(read..).unwrap_or_default().to_vec();
                    return Err(error);
                }
            }
        }
        self.position += read as u64;
        Ok(self.serialize(output))
    }

    /// The TypeError for a malformed sequence of `length` bytes followed by `after` bytes
    /// read, where `read` bytes of `src` have been read (encoding_rs's meaning of
    /// `DecoderResult::Malformed`; the sequence may have begun in an earlier call).
    fn malformed(&self, src: &[u8], read: usize, length: u8, after: u8) -> TypeError {
        let end = read.saturating_sub(after as usize);
        let start = end.saturating_sub(length as usize);
        // In the stream, not in `src`: the bytes read after the sequence may have come in
        // earlier calls (gb18030 restores them), so that `after` exceeds `read`.
        let offset = (self.position + read as u64).saturating_sub(after as u64 + length as u64);
        let bytes = match src.get(start..end) {
            Some(bytes) if end - start == length as usize => {
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
                format!(" ({})", hex.join(" "))
            }
            _ => String::new(),
        };
        TypeError::new(format!(
            "The encoded data was not valid {}: a malformed sequence of {length} byte(s){bytes} \
             at byte {offset} of the stream.",
            self.lowercase_name
        ))
    }

    /// Section 7.1, "serialize I/O queue": the output as a string, less a leading U+FEFF if
    /// the encoding is UTF-8, UTF-16BE or UTF-16LE and neither ignore BOM nor BOM seen is
    /// set. The first output item sets BOM seen, whatever it is.
    fn serialize(&mut self, mut output: String) -> String {
        let sniffs = matches!(self.encoding.name(), "UTF-8" | "UTF-16BE" | "UTF-16LE");
        if sniffs && !self.ignore_bom && !self.bom_seen && !output.is_empty() {
            self.bom_seen = true;
            if output.starts_with('\u{FEFF}') {
                output.drain(..'\u{FEFF}'.len_utf8());
            }
        }
        output
    }
}

/// Room to reserve before decoding `len` more bytes: the decoder's bound when the input is
/// small, about the input's length otherwise (the bound triples it; the loop grows the string
/// on `OutputFull`).
fn room_for(decoder: &Decoder, len: usize) -> usize {
    match decoder.max_utf8_buffer_length(len) {
        Some(bound) if len <= 4096 => bound,
        _ => len.saturating_add(16),
    }
}

/// `encoding`'s name, ASCII lowercased, as a static string: the standard makes every
/// lowercased name one of the encoding's labels (section 4.2), so it is found among them.
fn lowercase_name(encoding: &'static Encoding) -> &'static str {
    let name = encoding.name();
    let labels = crate::data::labels();
    labels
        .binary_search_by(|(label, _)| {
            label
                .bytes()
                .cmp(name.bytes().map(|b| b.to_ascii_lowercase()))
        })
        .ok()
        .and_then(|i| labels.get(i))
        .map_or(name, |(label, _)| label)
}
