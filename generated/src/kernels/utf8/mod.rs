//! UTF-8: packing code points into it, checking it, and converting it to UTF-16.

pub(crate) mod pack;
pub(crate) mod to_utf16;
pub(crate) mod valid;

#[cfg(test)]
mod tests;
