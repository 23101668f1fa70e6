//! The WHATWG Encoding Standard (<https://encoding.spec.whatwg.org/>), with every table
//! generated at compile time from the standard's own data files.
//!
//! The API is that of encoding_rs's UTF-8 side, so a program switches by changing one line
//! of its Cargo.toml:
//!
//! ```toml
//! encoding_rs = { package = "whatwg-encoding", version = "0.1" }
//! ```
//!
//! ```
//! # // The example needs two encodings' features; with either left out it compiles to nothing.
//! # #[cfg(all(feature = "windows-1252", feature = "shift_jis"))]
//! # fn main() {
//! use whatwg_encoding::{Encoding, SHIFT_JIS, WINDOWS_1252};
//!
//! let (text, encoding, had_errors) = WINDOWS_1252.decode(b"caf\xE9");
//! assert_eq!((&*text, encoding, had_errors), ("café", WINDOWS_1252, false));
//!
//! let (bytes, _, had_unmappables) = SHIFT_JIS.encode("日本");
//! assert_eq!((&*bytes, had_unmappables), (&b"\x93\xFA\x96\x7B"[..], false));
//!
//! assert_eq!(Encoding::for_label(b" Latin1 "), Some(WINDOWS_1252));
//! # }
//! # #[cfg(not(all(feature = "windows-1252", feature = "shift_jis")))]
//! # fn main() {}
//! ```
//!
//! Each encoding is behind a Cargo feature named after its lowercased name (`shift_jis`,
//! `windows-1252`, …), grouped as `single-byte`, `chinese-simplified`,
//! `chinese-traditional`, `japanese`, `korean` and `utf-16`; `all` (the default) has every
//! one. UTF-8 and replacement are always present.

// With only some encodings compiled in, some of the shared machinery goes unused; the full
// build (the default, and what clippy checks) still reports dead code.
#![cfg_attr(not(feature = "all"), allow(dead_code))]

mod ascii;
mod decoder;
mod encode_bulk;
mod encoder;
mod encoding;
mod handler;
mod run;
mod statics;
mod table;
mod tables;
mod variant;

mod replacement;
#[cfg(single_byte)]
mod single_byte;
mod utf8_out;
#[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
mod utf_16;
mod utf_8;
#[cfg(feature = "x-user-defined")]
mod x_user_defined;

#[cfg(feature = "big5")]
mod big5;
#[cfg(feature = "euc-jp")]
mod euc_jp;
#[cfg(feature = "euc-kr")]
mod euc_kr;
#[cfg(any(feature = "gbk", feature = "gb18030"))]
mod gb18030;
#[cfg(feature = "iso-2022-jp")]
mod iso_2022_jp;
#[cfg(feature = "shift_jis")]
mod shift_jis;

pub use decoder::Decoder;
pub use encoder::Encoder;
pub use encoding::{Encoding, LabelError};
pub use statics::*;

/// The result of a streaming call that replaces errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoderResult {
    /// All the input was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// The output buffer is full: call again with more room.
    OutputFull,
}

/// The result of a streaming decode that stops at errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecoderResult {
    /// All the input was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// The output buffer is full: call again with more room.
    OutputFull,
    /// A malformed byte sequence: its length, and how many bytes after it were read. The
    /// bytes may have been part of an earlier buffer.
    Malformed(u8, u8),
}

/// The result of a streaming encode that stops at unmappable code points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncoderResult {
    /// All the input was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// The output buffer is full: call again with more room.
    OutputFull,
    /// A code point the encoding cannot represent; it has been read.
    Unmappable(char),
}

/// Which data this build's tables were generated from, for audits and snapshot tests.
pub mod data {
    /// Every index of the data the tables were built from, sorted by name, as (name,
    /// Identifier, Date); Identifier and Date come from the `index-*.txt` headers and are
    /// empty where the data had no such file.
    pub fn indexes() -> &'static [(&'static str, &'static str, &'static str)] {
        &crate::tables::labels::INDEXES
    }

    /// Every label of section 4.2 with its encoding's name, sorted by label; complete whatever
    /// features are enabled.
    pub fn labels() -> &'static [(&'static str, &'static str)] {
        &crate::tables::labels::LABELS
    }
}
