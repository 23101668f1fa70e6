//! The WHATWG Encoding Standard (<https://encoding.spec.whatwg.org/>), with every table
//! generated at compile time from the standard's own data files.
//!
//! The API is encoding_rs's, so a program switches by changing one line of its Cargo.toml:
//!
//! ```toml
//! encoding_rs = { package = "whatwg-encoding", version = "0.1" }
//! ```
//!
//! ```
//! # // The example needs two encodings' features; with either left out it compiles to nothing.
//! # #[cfg(all(feature = "alloc", feature = "windows-1252", feature = "shift_jis"))]
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
//! # #[cfg(not(all(feature = "alloc", feature = "windows-1252", feature = "shift_jis")))]
//! # fn main() {}
//! ```
//!
//! # Cargo features
//!
//! - One per encoding, named after the encoding's lowercased name (`shift_jis`,
//!   `windows-1252`, …), grouped as `single-byte`, `chinese-simplified`,
//!   `chinese-traditional`, `japanese`, `korean` and `utf-16`; `all` has every one. UTF-8 and
//!   replacement are always present. A label of an encoding left out is reported by
//!   [`Encoding::lookup`] as [`LabelError::NotCompiledIn`].
//! - `alloc`: the calls that return or grow `Cow`, `String` and `Vec` (the one-shot
//!   [`Encoding::decode`] and [`Encoding::encode`], [`Decoder::decode_to_string`],
//!   [`Encoder::encode_from_utf8_to_vec`], …). Without it the crate is `#![no_std]`, needs no
//!   allocator, and keeps the slice-based streaming calls ([`Decoder::decode_to_utf8`],
//!   [`Encoder::encode_from_utf8`], …).
//! - `std` (implies `alloc`): what needs the standard library.
//! - `sniff` (default): [`sniff`], which encoding a document is in: the HTML Standard's
//!   encoding sniffing algorithm (byte order mark, transport charset, the `<meta>` prescan,
//!   …), XML's declaration and CSS's `@charset`. Needs no allocator.
//! - `serde`: `Serialize` for [`Encoding`] (its name) and `Deserialize` for
//!   `&'static Encoding` (by label), as encoding_rs has them.
//! - encoding_rs's speed options (`fast-legacy-encode`, `fast-*-encode`,
//!   `less-slow-*-encode`, `simd-accel`) are accepted so that manifests written for it
//!   resolve; they change nothing here (the legacy encoders always use generated encode
//!   tables, and the fast paths are always on).
//!
//! The default is `std`, `sniff` and `all`. With `default-features = false`, name what you need:
//! `features = ["alloc", "shift_jis"]` for Shift_JIS with `String` results, or
//! `features = ["shift_jis"]` for the slice-based calls alone. (encoding_rs's
//! `default-features = false, features = ["alloc"]` keeps every encoding; here that is
//! `features = ["alloc", "all"]`.)

// Without `alloc`, the crate is `#![no_std]` and needs no allocator. Unit tests link std.
#![cfg_attr(not(test), no_std)]
#![warn(missing_docs)]
// With only some encodings compiled in, some of the shared machinery goes unused; the full
// build (the default, and what clippy checks) still reports dead code.
#![cfg_attr(not(feature = "all"), allow(dead_code))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// The layers, top first. A file names only files of its own layer and of those below, and
// no files name each other in a circle, test modules included; spec-tests/tests/layers.rs
// checks both (its `LAYERS` are these), and ARCHITECTURE.md says what each layer may not do:
//
// - the API, itself in five layers: section 7's (`web/`), the io adapters (`io/`), the hooks
//   and serde; sniffing (`sniff/`), encoding_rs's `mem`, the calls that allocate (`owned/`)
//   and which instruction set runs (`instruction_set.rs`); the streaming decoder and
//   encoder; the encodings found by label; the statics and `Encoding`;
// - `encodings/`: one file per family (a decoder and an encoder handler), and the dispatch
//   from an encoding to its handlers;
// - `run/`: the generic loop (section 4.1's "run"), written once;
// - `handler/`: the contract a family implements, with its default bulk steps;
// - `forms/`: UTF-8 or UTF-16 output (into a `&mut str` too), `&str` or UTF-16 input;
// - `kernels/`: the bulk loops, with the instruction sets under `kernels/arch/`;
// - `tables/`: the data, emitted from the WHATWG files at compile time, and its forms; and
//   `results.rs`, the results the API and the loops share.
mod decoder;
mod encoder;
mod encoding;
pub mod hooks;
pub mod instruction_set;
#[cfg(feature = "std")]
pub mod io;
mod labels;
pub mod mem;
#[cfg(feature = "alloc")]
mod owned;
mod results;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "sniff")]
pub mod sniff;
mod statics;
#[cfg(feature = "alloc")]
mod web;

mod encodings;
mod forms;
mod handler;
mod kernels;
mod run;

// The data.
mod tables;

pub use decoder::Decoder;
pub use encoder::Encoder;
pub use encoding::Encoding;
pub use labels::LabelError;
pub use results::{CoderResult, DecoderResult, EncoderResult};
pub use statics::*;
#[cfg(feature = "alloc")]
pub use web::{
    RangeError, TextDecodeOptions, TextDecoder, TextDecoderOptions, TextDecoderStream, TextEncoder,
    TextEncoderEncodeIntoResult, TextEncoderStream, TypeError,
};

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

    /// Every encoding's name, in encodings.json's order; complete whatever features are
    /// enabled.
    pub fn encodings() -> &'static [&'static str] {
        &crate::statics::NAMES
    }
}
