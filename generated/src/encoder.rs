//! [`Encoder`]: a streaming encoder from UTF-8 (section 6's encode, one buffer at a time),
//! with the API of encoding_rs's UTF-8 side.

use crate::encoding::Encoding;
use crate::results::{CoderResult, EncoderResult};
use crate::run::{EncodeState, ErrorMode};
use crate::variant::VariantEncoder;

/// A streaming encoder from UTF-8 into an output encoding (section 4.3). Feed it string
/// slices; the last call says `last = true`.
///
/// What one code point becomes is written whole: when it does not fit, the encoder keeps it,
/// reports `OutputFull` and writes it first on the next call. An output buffer of 16 bytes
/// always makes progress (the longest is ISO-2022-JP's return to ASCII followed by a numeric
/// character reference, `ESC ( B &#1114111;`).
pub struct Encoder {
    encoding: &'static Encoding,
    variant: VariantEncoder,
    state: EncodeState,
}

impl Encoder {
    /// `encoding` must be an output encoding: one with an encoder of its own.
    pub(crate) fn new(encoding: &'static Encoding) -> Encoder {
        let variant = encoding
            .variant
            .new_encoder()
            .unwrap_or(VariantEncoder::Utf8(crate::utf_8::Utf8Encoder));
        Encoder {
            encoding,
            variant,
            state: EncodeState::new(),
        }
    }

    /// The encoding this encoder writes.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// An upper bound on the bytes that encoding `byte_length` bytes of UTF-8 can produce if
    /// every code point is mappable; None on overflow.
    pub fn max_buffer_length_from_utf8_if_no_unmappables(
        &self,
        byte_length: usize,
    ) -> Option<usize> {
        let (per_byte, at_end) = self.variant.bounds();
        byte_length
            .checked_mul(per_byte)?
            .checked_add(at_end + self.state.pending_output())
    }

    /// As [`Encoder::max_buffer_length_from_utf8_if_no_unmappables`]; the without-replacement
    /// calls stop at an unmappable code point, so the same bound holds.
    pub fn max_buffer_length_from_utf8_without_replacement(
        &self,
        byte_length: usize,
    ) -> Option<usize> {
        self.max_buffer_length_from_utf8_if_no_unmappables(byte_length)
    }

    /// Encodes `src` into `dst`, writing unmappable code points as decimal numeric character
    /// references (the html error mode). Returns the result, bytes read, bytes written and
    /// whether any code point was unmappable.
    pub fn encode_from_utf8(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let (result, read, written, replaced) =
            self.encode_impl(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, written, replaced)
    }

    /// Encodes `src` into `dst`, stopping at the first unmappable code point, which it
    /// reports (as read).
    pub fn encode_from_utf8_without_replacement(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (result, read, written, _) = self.encode_impl(src, dst, last, ErrorMode::Fatal);
        (result, read, written)
    }

    /// Encodes in `mode`: the result, bytes read, bytes written, and whether an unmappable
    /// code point was replaced.
    pub(crate) fn encode_impl(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        mode: ErrorMode,
    ) -> (EncoderResult, usize, usize, bool) {
        self.variant.encode(&mut self.state, src, dst, last, mode)
    }
}

impl Encoding {
    /// An encoder for the output encoding (section 6, "encode").
    pub fn new_encoder(&'static self) -> Encoder {
        Encoder::new(self.output_encoding())
    }
}
