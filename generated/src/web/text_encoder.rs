//! Section 7.4, "interface TextEncoder".

use alloc::vec::Vec;

use super::utf16::{utf16_to_utf8, utf16_to_utf8_vec};

/// The standard's `TextEncoder` (section 7.4): UTF-8 only, with no options and no state.
///
/// A JavaScript string is a sequence of UTF-16 code units that may hold lone surrogates:
/// pass one as `&[u16]` to [`encode_utf16`](TextEncoder::encode_utf16) and
/// [`encode_into_utf16`](TextEncoder::encode_into_utf16), which encode a lone surrogate as
/// U+FFFD, as the conversion to USVString does. A `&str` is already a USVString.
///
/// ```
/// use whatwg_encoding::{TextEncoder, TextEncoderEncodeIntoResult};
///
/// let encoder = TextEncoder::new();
/// assert_eq!(encoder.encode("€"), b"\xE2\x82\xAC");
/// // "a", then a lone high surrogate.
/// assert_eq!(encoder.encode_utf16(&[0x61, 0xD800]), b"a\xEF\xBF\xBD");
///
/// // U+1D306 is two UTF-16 code units and four bytes: it does not fit in three.
/// let mut buffer = [0; 5];
/// let result = encoder.encode_into("A\u{1D306}", &mut buffer[..3]);
/// assert_eq!(result, TextEncoderEncodeIntoResult { read: 1, written: 1 });
/// let result = encoder.encode_into("A\u{1D306}", &mut buffer);
/// assert_eq!(result, TextEncoderEncodeIntoResult { read: 3, written: 5 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextEncoder;

/// The `TextEncoderEncodeIntoResult` dictionary (section 7.4): what `encodeInto()` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextEncoderEncodeIntoResult {
    /// How much of the source was encoded, in UTF-16 code units (as JavaScript counts
    /// string lengths), also for a `&str` source.
    pub read: usize,
    /// How many bytes of the destination were written.
    pub written: usize,
}

impl TextEncoder {
    /// `new TextEncoder()` (section 7.4): its steps are to do nothing.
    pub fn new() -> TextEncoder {
        TextEncoder
    }

    /// The `encoding` getter (section 7.3): always "utf-8".
    pub fn encoding(&self) -> &'static str {
        "utf-8"
    }

    /// `encode(input)` (section 7.4): the UTF-8 encoder run over `input`. A `&str` is
    /// UTF-8 already, so this is a copy of its bytes.
    pub fn encode(&self, input: &str) -> Vec<u8> {
        input.as_bytes().to_vec()
    }

    /// `encode(input)` for a JavaScript string: the conversion to USVString (a lone
    /// surrogate becomes U+FFFD), then the UTF-8 encoder.
    pub fn encode_utf16(&self, input: &[u16]) -> Vec<u8> {
        utf16_to_utf8_vec(input)
    }

    /// `encodeInto(source, destination)` (section 7.4): encodes as many whole scalar values
    /// of `source` as fit in `destination`, never part of one, and says how many UTF-16 code
    /// units were read and how many bytes written. The bytes of `destination` past
    /// `written` are left as they were.
    pub fn encode_into(&self, source: &str, destination: &mut [u8]) -> TextEncoderEncodeIntoResult {
        let mut end = source.len().min(destination.len());
        while !source.is_char_boundary(end) {
            end -= 1;
        }
        let encoded = source.as_bytes().get(..end).unwrap_or_default();
        for (d, s) in destination.iter_mut().zip(encoded) {
            *d = *s;
        }
        TextEncoderEncodeIntoResult {
            read: utf16_length(encoded),
            written: end,
        }
    }

    /// `encodeInto(source, destination)` for a JavaScript string: as
    /// [`encode_into`](TextEncoder::encode_into), a lone surrogate being read as one code
    /// unit and written as U+FFFD, and a surrogate pair read whole or not at all.
    pub fn encode_into_utf16(
        &self,
        source: &[u16],
        destination: &mut [u8],
    ) -> TextEncoderEncodeIntoResult {
        let (read, written) = utf16_to_utf8(source, destination);
        TextEncoderEncodeIntoResult { read, written }
    }
}

/// How many UTF-16 code units the scalar values of the UTF-8 `bytes` take: one for each,
/// and one more for each four-byte sequence (a supplementary scalar value is a pair).
fn utf16_length(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum()
}
