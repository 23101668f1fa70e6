//! The errors the io adapters give in the fatal error mode (and, for a late `<meta>` that
//! needs the document decoded again, in the whole-document sniffing mode), carried inside an
//! [`std::io::Error`] of kind [`InvalidData`](std::io::ErrorKind::InvalidData): get them back
//! with `error.get_ref().and_then(|e| e.downcast_ref::<MalformedSequence>())`.

use std::fmt;
use std::io;
use std::vec::Vec;

use crate::Encoding;

/// A malformed byte sequence in a [`DecodeReader`](super::DecodeReader)'s input, where the
/// decoder's handler returned error in the fatal error mode (section 4.1, "process an
/// item").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MalformedSequence {
    pub(crate) encoding: &'static Encoding,
    pub(crate) offset: u64,
    pub(crate) bytes: Vec<u8>,
}

/// A scalar value that an [`EncodeWriter`](super::EncodeWriter)'s encoding cannot represent,
/// where the encoder's handler returned error with that code point in the fatal error mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmappableCharacter {
    pub(crate) encoding: &'static Encoding,
    pub(crate) offset: u64,
    pub(crate) code_point: char,
}

/// A late `<meta>` that a [`DecodeReader`](super::DecodeReader) in the whole-document mode
/// met (see [`DecodeReaderBuilder::sniff_whole_document`]) declares an encoding in which the
/// bytes already decoded may mean something else (*changing the encoding while parsing*,
/// HTML Standard 13.2.3.4, step 6): the text already read cannot be taken back, so the
/// document must be decoded again from its start, with [`EncodingChangeNeedsReparse::encoding`].
/// Reads give it once the text up to the `<meta>`'s `>` has been read.
///
/// [`DecodeReaderBuilder::sniff_whole_document`]: super::DecodeReaderBuilder::sniff_whole_document
#[cfg(feature = "sniff")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingChangeNeedsReparse {
    pub(crate) sniffed: crate::sniff::Sniffed,
    pub(crate) decoded_with: &'static Encoding,
}

#[cfg(feature = "sniff")]
impl EncodingChangeNeedsReparse {
    /// The encoding to decode the document with: the `<meta>`'s (after changing the
    /// encoding's own rules), with certainty.
    pub fn encoding(&self) -> &'static Encoding {
        self.sniffed.encoding
    }

    /// The whole answer: the encoding, certain, and the rule with the `<meta>`'s offset.
    pub fn sniffed(&self) -> crate::sniff::Sniffed {
        self.sniffed
    }

    /// The encoding the text read so far was decoded with.
    pub fn decoded_with(&self) -> &'static Encoding {
        self.decoded_with
    }
}

#[cfg(feature = "sniff")]
impl fmt::Display for EncodingChangeNeedsReparse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} declares {}, and the bytes before it, decoded as {}, may mean something else \
             in it: decode the document again from its start as {}",
            self.sniffed.rule,
            self.sniffed.encoding.name(),
            self.decoded_with.name(),
            self.sniffed.encoding.name()
        )
    }
}

#[cfg(feature = "sniff")]
impl std::error::Error for EncodingChangeNeedsReparse {}

#[cfg(feature = "sniff")]
impl From<EncodingChangeNeedsReparse> for io::Error {
    fn from(error: EncodingChangeNeedsReparse) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, error)
    }
}

impl MalformedSequence {
    /// The encoding the input was being decoded from.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Where the sequence starts: its first byte's offset in the input, counting from 0
    /// (and counting a byte order mark).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The bytes of the malformed sequence.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl UnmappableCharacter {
    /// The encoding the text was being encoded in.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Where the character starts: its first byte's offset in the UTF-8 written to the
    /// writer, counting from 0.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The code point the encoding cannot represent.
    pub fn code_point(&self) -> char {
        self.code_point
    }
}

impl fmt::Display for MalformedSequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "malformed {} sequence at byte offset {}:",
            self.encoding.name(),
            self.offset
        )?;
        for byte in &self.bytes {
            write!(f, " 0x{byte:02X}")?;
        }
        Ok(())
    }
}

impl fmt::Display for UnmappableCharacter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "U+{:04X} ({}) cannot be encoded in {} (byte offset {} of the UTF-8 input)",
            self.code_point as u32,
            self.code_point.escape_debug(),
            self.encoding.name(),
            self.offset
        )
    }
}

impl std::error::Error for MalformedSequence {}
impl std::error::Error for UnmappableCharacter {}

impl From<MalformedSequence> for io::Error {
    fn from(error: MalformedSequence) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, error)
    }
}

impl From<UnmappableCharacter> for io::Error {
    fn from(error: UnmappableCharacter) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, error)
    }
}
