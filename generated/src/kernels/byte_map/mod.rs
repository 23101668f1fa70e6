//! Section 9's single-byte encodings: decoding with an index of 128 code points (to UTF-8
//! and to UTF-16), and encoding into it from UTF-16 and from a `&str`, the index's longest
//! linear run a block at a time.

pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod encode_str;
