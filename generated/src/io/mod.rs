//! The standard's streams in Rust's terms: [`DecodeReader`] presents bytes in any encoding as
//! UTF-8 through [`std::io::Read`] (section 6.1's "decode", or one fixed encoding), and
//! [`EncodeWriter`] takes UTF-8 through [`std::io::Write`] and writes an encoding (section
//! 6.1's "encode", or "encode or fail"). Both hold fixed-size buffers, so memory does not grow
//! with the input, and both can stop at the first error and say where it is.
//!
//! ```
//! # #[cfg(feature = "shift_jis")]
//! # fn main() -> std::io::Result<()> {
//! use std::io::{Read, Write};
//! use whatwg_encoding::io::{DecodeReader, EncodeWriter};
//! use whatwg_encoding::SHIFT_JIS;
//!
//! // Shift_JIS to UTF-8.
//! let mut text = String::new();
//! DecodeReader::builder().encoding(SHIFT_JIS).build(&b"\x93\xFA\x96\x7B"[..]).read_to_string(&mut text)?;
//! assert_eq!(text, "日本");
//!
//! // UTF-8 to Shift_JIS; what Shift_JIS cannot represent becomes a numeric character reference.
//! let mut writer = EncodeWriter::new(Vec::new(), SHIFT_JIS);
//! writer.write_all("日本€".as_bytes())?;
//! assert_eq!(writer.finish()?, b"\x93\xFA\x96\x7B&#8364;");
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "shift_jis"))]
//! # fn main() {}
//! ```
//!
//! `encoding_rs_io`'s `DecodeReaderBytes` does the first job for encoding_rs; this module
//! does what it does and more (its builder's options, in these terms, are listed on
//! [`DecodeReaderBuilder`]), plus the fatal error mode and the writer.

mod decode_reader;
mod encode_writer;
mod errors;
mod history;

pub use decode_reader::{BomHandling, DecodeReader, DecodeReaderBuilder};
pub use encode_writer::{EncodeWriter, EncodeWriterBuilder};
#[cfg(feature = "sniff")]
pub use errors::EncodingChangeNeedsReparse;
pub use errors::{MalformedSequence, UnmappableCharacter};

/// The size of each adapter's buffer unless its builder says otherwise.
const DEFAULT_BUFFER_SIZE: usize = 32 * 1024;

/// The smallest buffer an adapter takes: room for a character's longest output (16 bytes,
/// ISO-2022-JP's return to ASCII and a numeric character reference) several times over.
const MIN_BUFFER_SIZE: usize = 64;
