//! UTF-16: how far it is valid, converting it to UTF-8, and UTF-16 stored as byte pairs (the
//! UTF-16BE and UTF-16LE decoders' input).

pub(crate) mod bytes;
pub(crate) mod to_utf8;
pub(crate) mod valid;
