//! UTF-16: how far it is valid, and converting it to UTF-8, from `&[u16]` and from code
//! units stored as bytes (the UTF-16BE and UTF-16LE decoders' input).

pub(crate) mod to_utf8;
pub(crate) mod valid;
