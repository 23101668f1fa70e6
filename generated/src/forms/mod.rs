//! The forms text takes on the Unicode side: decoders write UTF-8 or UTF-16
//! ([`output`]), encoders read a `&str` or UTF-16 ([`input`]). The loops and the handlers'
//! bulk paths are generic over them, so that each form is the same code monomorphised, and a
//! faster kernel for one form is a change here. UTF-8 written into an existing `&mut str`
//! goes through [`str_bytes`], which keeps it a `str`.

pub(crate) mod input;
pub(crate) mod output;
pub(crate) mod str_bytes;
