//! Section 6, "Hooks for standards", and section 6.1, "Legacy hooks for standards", as
//! named functions: what a Rust implementation of another standard (URL, HTML, Fetch, …)
//! calls where that standard says "UTF-8 decode", "get an encoding", "encode or fail" and
//! so on. Each is a thin call into [`Encoding`], [`Decoder`](crate::Decoder) and
//! [`Encoder`].
//!
//! The standard's I/O queues are slices here: a queue of bytes is `&[u8]`, a queue of scalar
//! values is `&str`, and the output queue is the return value.
//!
//! ```
//! # #[cfg(feature = "alloc")]
//! # fn main() {
//! use whatwg_encoding::hooks;
//!
//! assert_eq!(hooks::utf8_decode(b"\xEF\xBB\xBFcaf\xC3\xA9"), "café");
//! assert_eq!(hooks::utf8_decode_without_bom(b"\xEF\xBB\xBFa\xFF"), "\u{FEFF}a\u{FFFD}");
//! assert!(hooks::utf8_decode_without_bom_or_fail(b"a\xFF").is_err());
//! assert_eq!(hooks::utf8_encode("é"), b"\xC3\xA9");
//! # }
//! # #[cfg(not(feature = "alloc"))]
//! # fn main() {}
//! ```

#[cfg(feature = "alloc")]
use alloc::borrow::Cow;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::fmt;

use crate::{Encoder, Encoding, LabelError};
#[cfg(feature = "alloc")]
use crate::{EncoderResult, UTF_8};

/// Section 6, "UTF-8 decode": removes a UTF-8 byte order mark, if `io_queue` starts with
/// one, and decodes the rest as UTF-8, malformed sequences becoming U+FFFD. What new formats
/// are to use. Borrows when the bytes are the text.
#[cfg(feature = "alloc")]
pub fn utf8_decode(io_queue: &[u8]) -> Cow<'_, str> {
    UTF_8.decode_with_bom_removal(io_queue).0
}

/// Section 6, "UTF-8 decode without BOM": decodes `io_queue` as UTF-8, a byte order mark
/// included (as U+FEFF) and malformed sequences becoming U+FFFD. For identifiers and byte
/// sequences within a format or protocol.
#[cfg(feature = "alloc")]
pub fn utf8_decode_without_bom(io_queue: &[u8]) -> Cow<'_, str> {
    UTF_8.decode_without_bom_handling(io_queue).0
}

/// Section 6, "UTF-8 decode without BOM or fail": `io_queue` as text, or failure at the
/// first malformed sequence. UTF-8's decoder in the fatal error mode fails exactly where
/// the bytes are not well-formed UTF-8 and otherwise outputs them unchanged, so the failure
/// is [`core::str::Utf8Error`], which says where the bytes stop being UTF-8.
pub fn utf8_decode_without_bom_or_fail(io_queue: &[u8]) -> Result<&str, core::str::Utf8Error> {
    core::str::from_utf8(io_queue)
}

/// Section 6, "UTF-8 encode": the UTF-8 of `io_queue`. A `&str` is a sequence of scalar
/// values already in UTF-8 (the standard asks callers for a queue with no surrogates), so
/// this returns its bytes.
pub fn utf8_encode(io_queue: &str) -> &[u8] {
    io_queue.as_bytes()
}

/// Section 6.1, "decode": a byte order mark wins over `encoding`, the fallback, and is
/// removed; the rest is decoded with malformed sequences as U+FFFD. Call [`bom_sniff`]
/// first to learn which encoding was used. Borrows when the bytes are the text.
#[cfg(feature = "alloc")]
pub fn decode<'a>(io_queue: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    encoding.decode(io_queue).0
}

/// Section 6.1, "BOM sniff": the encoding whose byte order mark `io_queue` starts with
/// (0xEF 0xBB 0xBF UTF-8, 0xFE 0xFF UTF-16BE, 0xFF 0xFE UTF-16LE), or None. A UTF-16 mark
/// is recognised only in a build with that encoding.
pub fn bom_sniff(io_queue: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_bom(io_queue).map(|(encoding, _)| encoding)
}

/// Section 6.1, "encode": `io_queue` in `encoding`, each code point it cannot represent
/// written as a decimal numeric character reference (`&#8364;`), the "html" error mode.
/// The legacy hook of HTML forms. `encoding` is to be an output encoding (see
/// [`get_an_output_encoding`]); replacement, UTF-16BE and UTF-16LE encode as their output
/// encoding, UTF-8, rather than fail the standard's assertion. Borrows when the string is
/// the bytes.
#[cfg(feature = "alloc")]
pub fn encode<'a>(io_queue: &'a str, encoding: &'static Encoding) -> Cow<'a, [u8]> {
    encoding.encode(io_queue).0
}

/// Section 4.2, "get an encoding": the encoding `label` names, once leading and trailing
/// ASCII whitespace is removed, ignoring ASCII case. The failure says whether the label is
/// unknown or names an encoding this build left out.
pub fn get_an_encoding(label: &str) -> Result<&'static Encoding, LabelError> {
    Encoding::lookup(label.as_bytes())
}

/// Section 4.3, "get an output encoding": UTF-8 for replacement, UTF-16BE and UTF-16LE,
/// which have no encoder; `encoding` itself otherwise. What URL parsing and HTML form
/// submission pass to [`encode`] and [`get_an_encoder`].
pub fn get_an_output_encoding(encoding: &'static Encoding) -> &'static Encoding {
    encoding.output_encoding()
}

/// Section 6.1, "get an encoder": an instance of `encoding`'s encoder. The standard asserts
/// that `encoding` is not replacement, UTF-16BE or UTF-16LE; here that is an error, which
/// names the encoding, rather than a panic.
pub fn get_an_encoder(encoding: &'static Encoding) -> Result<Encoder, NoEncoder> {
    if encoding.output_encoding() == encoding {
        Ok(encoding.new_encoder())
    } else {
        Err(NoEncoder { encoding })
    }
}

/// Section 6.1, "encode or fail", the legacy hook of URL percent-encoding: encodes the
/// scalar values of `io_queue` with `encoder`, appending the bytes to `output`, until one
/// cannot be encoded. Returns that code point, with `io_queue` advanced past it, or None
/// once all of it is encoded (and the encoder has reached end-of-queue: an ISO-2022-JP
/// encoder has returned to ASCII).
///
/// As the standard says, call it again with the same encoder and the rest of the queue after
/// writing something for the code point; with ISO-2022-JP, only bytes 0x00 to 0x7F other
/// than 0x0E, 0x0F, 0x1B, 0x5C and 0x7E.
///
/// ```
/// # #[cfg(feature = "windows-1252")]
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use whatwg_encoding::{hooks, WINDOWS_1252};
///
/// let mut encoder = hooks::get_an_encoder(WINDOWS_1252)?;
/// let mut queue = "é✓!";
/// let mut output = Vec::new();
/// assert_eq!(hooks::encode_or_fail(&mut queue, &mut encoder, &mut output), Some('✓'));
/// assert_eq!((output.as_slice(), queue), (&b"\xE9"[..], "!"));
/// assert_eq!(hooks::encode_or_fail(&mut queue, &mut encoder, &mut output), None);
/// assert_eq!((output.as_slice(), queue), (&b"\xE9!"[..], ""));
/// # Ok(())
/// # }
/// # #[cfg(not(feature = "windows-1252"))]
/// # fn main() {}
/// ```
#[cfg(feature = "alloc")]
pub fn encode_or_fail(
    io_queue: &mut &str,
    encoder: &mut Encoder,
    output: &mut Vec<u8>,
) -> Option<char> {
    loop {
        let room = encoder
            .max_buffer_length_from_utf8_without_replacement(io_queue.len())
            .unwrap_or(io_queue.len());
        output.reserve(room.max(16));
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(io_queue, output, true);
        *io_queue = io_queue.get(read..).unwrap_or_default();
        match result {
            EncoderResult::InputEmpty => return None,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => return Some(c),
        }
    }
}

/// Why [`get_an_encoder`] gave no encoder: the encoding has none (section 4.3), so its
/// output encoding, UTF-8, is to be used instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoEncoder {
    /// The encoding that has no encoder: replacement, UTF-16BE or UTF-16LE.
    pub encoding: &'static Encoding,
}

impl fmt::Display for NoEncoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} has no encoder; get an output encoding first (section 4.3), which gives UTF-8",
            self.encoding.name()
        )
    }
}

impl core::error::Error for NoEncoder {}
