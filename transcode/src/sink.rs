//! Where decoded text goes: the standard's encoder for `-t`'s encoding (section 6.1's
//! "encode", streamed), or UTF-16 (outside the standard; see utf16.rs).

use std::io;

use whatwg_encoding::io::{EncodeWriter, EncodeWriterBuilder};
use whatwg_encoding::{Encoding, UTF_8};

use crate::output::Output;
use crate::utf16::{ByteOrder, Utf16Writer};

/// What `-t` asks for.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    /// An encoding with an encoder of its own (section 4.3).
    Encoder(&'static Encoding),
    /// UTF-16LE or UTF-16BE code units: an extension outside the standard.
    Utf16(ByteOrder),
}

impl Target {
    /// The encoding's name, as the standard spells it.
    pub fn name(self) -> &'static str {
        match self {
            Target::Encoder(encoding) => encoding.name(),
            Target::Utf16(ByteOrder::Little) => "UTF-16LE",
            Target::Utf16(ByteOrder::Big) => "UTF-16BE",
        }
    }

    /// Whether the output can begin with a byte order mark: U+FEFF in UTF-8, UTF-16LE or
    /// UTF-16BE, the three that BOM sniffing (section 6.1) recognises when the output is
    /// read back.
    pub fn has_bom(self) -> bool {
        match self {
            Target::Encoder(encoding) => encoding == UTF_8,
            Target::Utf16(_) => true,
        }
    }
}

/// The writer for a target.
pub enum Sink {
    /// The standard's encoder, with the run's error mode.
    Encoder(EncodeWriter<Output>),
    /// UTF-16, outside the standard.
    Utf16(Utf16Writer<Output>),
}

impl Sink {
    /// A writer of `target` into `output`; `fatal` stops at the first unmappable character
    /// (which UTF-16 has none of).
    pub fn new(output: Output, target: Target, fatal: bool) -> Sink {
        match target {
            Target::Encoder(encoding) => Sink::Encoder(
                EncodeWriterBuilder::new()
                    .fatal(fatal)
                    .build(output, encoding),
            ),
            Target::Utf16(order) => Sink::Utf16(Utf16Writer::new(output, order)),
        }
    }

    /// How many bytes of UTF-8 the writer has taken.
    pub fn position(&self) -> u64 {
        match self {
            Sink::Encoder(writer) => writer.position(),
            Sink::Utf16(writer) => writer.position(),
        }
    }

    /// Writes all of `text`; an unmappable character is an error holding an
    /// `UnmappableCharacter`, as from the EncodeWriter.
    pub fn write_str(&mut self, text: &str) -> io::Result<()> {
        match self {
            Sink::Encoder(writer) => writer.write_str(text),
            Sink::Utf16(writer) => writer.write_str(text),
        }
    }

    /// Ends the stream and gives back the output.
    pub fn finish(self) -> io::Result<Output> {
        match self {
            Sink::Encoder(writer) => writer.finish(),
            Sink::Utf16(writer) => writer.finish(),
        }
    }
}
