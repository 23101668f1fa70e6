//! The generic loops: section 4.1's "run" for a decoder or encoder handler over one buffer.
//!
//! Written once, monomorphised per handler, so that there is no dynamic dispatch per byte.
//! The loops own what every encoding needs the same way: output that did not fit in the
//! caller's buffer (kept and written first on the next call, so a handler can be resumed
//! mid-character), bytes a handler restored that came from an earlier buffer, the error
//! modes, and the fast paths.

mod decode;
mod encode;
mod queue;

pub(crate) use decode::{decode, DecodeState};
/// The html error mode's reference, for the one-shot `encode`'s own writing.
#[cfg(feature = "alloc")]
pub(crate) use encode::numeric_character_reference_text;
pub(crate) use encode::{encode, EncodeState};

/// The error mode of section 4.1 a loop runs in. The "html" mode is only for encoders and
/// "replacement" only for decoders; `Replace` stands for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ErrorMode {
    /// Decoders: an error becomes U+FFFD. Encoders: an error becomes a decimal numeric
    /// character reference (the standard's "html" mode).
    Replace,
    /// An error stops the loop and is reported.
    Fatal,
}
