//! Section 7, "API": the standard's JavaScript interfaces (`TextDecoder`, `TextEncoder`,
//! `TextDecoderStream`, `TextEncoderStream`) with their exact semantics, for Rust programs,
//! WebAssembly hosts and JavaScript engines that embed this crate.
//!
//! Each type follows the standard's steps; the Rust names are the IDL names in snake case.
//! JavaScript strings (sequences of UTF-16 code units, possibly with lone surrogates) are
//! `&[u16]`; a `&str` is the USVString the standard converts them to.

mod errors;
mod text_decoder;
mod text_decoder_common;
mod text_decoder_stream;
mod text_encoder;
mod text_encoder_stream;
mod utf16;

pub use errors::{RangeError, TypeError};
pub use text_decoder::{TextDecodeOptions, TextDecoder};
pub use text_decoder_common::TextDecoderOptions;
pub use text_decoder_stream::TextDecoderStream;
pub use text_encoder::{TextEncoder, TextEncoderEncodeIntoResult};
pub use text_encoder_stream::TextEncoderStream;
