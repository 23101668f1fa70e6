//! [`Encoder`]: a streaming encoder (section 6's encode, one buffer at a time), with
//! encoding_rs's API: input as a `&str` or as UTF-16 code units. (The `Vec` forms are in
//! `owned`.)

use core::fmt;

use crate::encoding::Encoding;
use crate::encodings::VariantEncoder;
use crate::forms::input::Input;
use crate::results::{CoderResult, EncoderResult};
use crate::run::{EncodeState, ErrorMode};

/// A streaming encoder into an output encoding (section 4.3). Feed it string slices with
/// [`Encoder::encode_from_utf8`] or UTF-16 with [`Encoder::encode_from_utf16`]; the last
/// call says `last = true`.
///
/// What one code point becomes is written whole, and a code point whose bytes do not fit is
/// left unread: when a call returns `OutputFull`, everything it read has been written. In
/// the replacing calls an unmappable code point is read only when its whole numeric
/// character reference fits: an output buffer of 13 bytes always makes progress (the
/// longest is ISO-2022-JP's return to ASCII followed by a reference, `ESC ( B &#1114111;`).
///
/// UTF-16 input may hold unpaired surrogates: each is U+FFFD, as with encoding_rs. A lead
/// surrogate that ends a call (not the last) is kept and paired with a trail surrogate that
/// starts the next call, so that a string split anywhere encodes as the whole would.
///
/// An encoder's state is bounded: its handler's state (ISO-2022-JP's current set) and at most
/// one held lead surrogate; 32 bytes in all on a 64-bit target.
///
/// ```
/// # #[cfg(feature = "windows-1252")]
/// # fn main() {
/// use whatwg_encoding::{CoderResult, WINDOWS_1252};
///
/// let mut encoder = WINDOWS_1252.new_encoder();
/// let text: Vec<u16> = "café 😀".encode_utf16().collect();
/// let mut out = [0u8; 32];
/// let (result, read, written, had_unmappables) =
///     encoder.encode_from_utf16(&text, &mut out, true);
/// assert_eq!((result, read, had_unmappables), (CoderResult::InputEmpty, 7, true));
/// assert_eq!(&out[..written], b"caf\xE9 &#128512;");
/// # }
/// # #[cfg(not(feature = "windows-1252"))]
/// # fn main() {}
/// ```
pub struct Encoder {
    encoding: &'static Encoding,
    variant: VariantEncoder,
    state: EncodeState,
}

/// Shows the encoding, as encoding_rs does.
impl fmt::Debug for Encoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Encoder")
            .field("encoding", self.encoding)
            .finish_non_exhaustive()
    }
}

impl Encoder {
    /// `encoding` must be an output encoding: one with an encoder of its own.
    pub(crate) fn new(encoding: &'static Encoding) -> Encoder {
        let variant = encoding
            .variant
            .new_encoder()
            .unwrap_or(VariantEncoder::Utf8(crate::encodings::utf_8::Utf8Encoder));
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

    /// Whether the encoder holds state that the last call (`last = true`) would turn into
    /// output: ISO-2022-JP's encoder outside its ASCII state (its return to ASCII), or a
    /// lead surrogate that ended the previous call's UTF-16 input.
    pub fn has_pending_state(&self) -> bool {
        !self.variant.is_initial() || self.state.holds_lead_surrogate()
    }

    /// The most bytes what this encoder holds can still become, and the most one code
    /// unit of UTF-8 and of UTF-16 input can become.
    fn bounds(&self) -> (usize, usize, usize) {
        let (per_byte, per_unit, at_end) = self.variant.bounds();
        // A held lead surrogate becomes U+FFFD, or pairs with the next unit.
        let held = if self.state.holds_lead_surrogate() {
            per_unit
        } else {
            0
        };
        (held + at_end, per_byte, per_unit)
    }

    /// An upper bound on the bytes that encoding `byte_length` bytes of UTF-8 can produce if
    /// every code point is mappable; None on overflow.
    pub fn max_buffer_length_from_utf8_if_no_unmappables(
        &self,
        byte_length: usize,
    ) -> Option<usize> {
        let (held, per_byte, _) = self.bounds();
        byte_length.checked_mul(per_byte)?.checked_add(held)
    }

    /// As [`Encoder::max_buffer_length_from_utf8_if_no_unmappables`]; the without-replacement
    /// calls stop at an unmappable code point, so the same bound holds.
    pub fn max_buffer_length_from_utf8_without_replacement(
        &self,
        byte_length: usize,
    ) -> Option<usize> {
        self.max_buffer_length_from_utf8_if_no_unmappables(byte_length)
    }

    /// An upper bound on the bytes that encoding `u16_length` code units of UTF-16 can
    /// produce if every code point is mappable; None on overflow.
    pub fn max_buffer_length_from_utf16_if_no_unmappables(
        &self,
        u16_length: usize,
    ) -> Option<usize> {
        let (held, _, per_unit) = self.bounds();
        u16_length.checked_mul(per_unit)?.checked_add(held)
    }

    /// As [`Encoder::max_buffer_length_from_utf16_if_no_unmappables`]; the
    /// without-replacement calls stop at an unmappable code point, so the same bound holds.
    pub fn max_buffer_length_from_utf16_without_replacement(
        &self,
        u16_length: usize,
    ) -> Option<usize> {
        self.max_buffer_length_from_utf16_if_no_unmappables(u16_length)
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

    /// As [`Encoder::encode_from_utf8`], from UTF-16 code units (`read` counts them).
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let (result, read, written, replaced) =
            self.encode_impl(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, written, replaced)
    }

    /// As [`Encoder::encode_from_utf8_without_replacement`], from UTF-16 code units (`read`
    /// counts them). An unpaired surrogate is U+FFFD, and unmappable in every encoding but
    /// UTF-8 and gb18030.
    pub fn encode_from_utf16_without_replacement(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (result, read, written, _) = self.encode_impl(src, dst, last, ErrorMode::Fatal);
        (result, read, written)
    }

    /// Encodes in `mode`: the result, code units read, bytes written, and whether an
    /// unmappable code point was replaced.
    pub(crate) fn encode_impl<'a, I: Input<'a>>(
        &mut self,
        src: I,
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
