//! Latin1 to and from UTF-8 with the result allocated only when it differs from the input:
//! ASCII, the common case, is the same in both, and is borrowed.

use alloc::borrow::Cow;
use alloc::vec;

use crate::kernels::ascii::ascii_up_to;
use crate::kernels::latin1::utf8_to_latin1;

use super::checks::is_str_latin1;
use super::to_str::convert_latin1_to_str_partial;

/// Converts Latin1 (one byte per code point up to U+00FF) to a UTF-8 string, borrowing
/// `bytes` when they are all ASCII and otherwise allocating once, for exactly the worst
/// case of what is left after the ASCII prefix.
///
/// Needs the `alloc` feature.
pub fn decode_latin1(bytes: &[u8]) -> Cow<'_, str> {
    let ascii = ascii_up_to(bytes);
    if ascii == bytes.len() {
        // ASCII is UTF-8, so this is always `Ok`.
        if let Ok(s) = core::str::from_utf8(bytes) {
            return Cow::Borrowed(s);
        }
    }
    let mut out = "\0".repeat(ascii + (bytes.len() - ascii) * 2);
    let (_, written) = convert_latin1_to_str_partial(bytes, &mut out);
    out.truncate(written);
    Cow::Owned(out)
}

/// Converts a string that holds only code points up to U+00FF to Latin1 (one byte per code
/// point), borrowing it when it is all ASCII and otherwise allocating once. For text
/// already known to be Latin1 (check with [`is_str_latin1`] first), which is why other
/// input is not checked in release builds: it gives unspecified bytes.
///
/// Needs the `alloc` feature.
///
/// # Panics
///
/// With debug assertions enabled, if `string` has a code point above U+00FF.
pub fn encode_latin1_lossy(string: &str) -> Cow<'_, [u8]> {
    let bytes = string.as_bytes();
    let ascii = ascii_up_to(bytes);
    let (Some(head), Some(tail)) = (bytes.get(..ascii), bytes.get(ascii..)) else {
        return Cow::Borrowed(bytes);
    };
    if tail.is_empty() {
        return Cow::Borrowed(bytes);
    }
    debug_assert!(
        is_str_latin1(string),
        "encode_latin1_lossy: the input has a code point above U+00FF"
    );
    let mut out = vec![0; bytes.len()];
    let (out_head, out_tail) = out.split_at_mut(ascii);
    out_head.copy_from_slice(head);
    let (_, written) = utf8_to_latin1(tail, out_tail);
    out.truncate(ascii + written);
    Cow::Owned(out)
}
