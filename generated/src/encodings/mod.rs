//! The encodings: one file per family, named after the standard's sections (sections 8 to
//! 14), each a decoder and an encoder handler (the two-byte families look their indexes up
//! through `crate::tables::TwoByteIndex`). This file is the enum dispatch from an encoding to
//! its handlers: the
//! `match` happens once per call into a decoder or encoder, and each arm runs the generic
//! loop monomorphised for one handler.

#[cfg(feature = "big5")]
pub(crate) mod big5;
#[cfg(feature = "euc-jp")]
pub(crate) mod euc_jp;
#[cfg(feature = "euc-kr")]
pub(crate) mod euc_kr;
#[cfg(any(feature = "gbk", feature = "gb18030"))]
pub(crate) mod gb18030;
#[cfg(feature = "iso-2022-jp")]
pub(crate) mod iso_2022_jp;
pub(crate) mod replacement;
#[cfg(feature = "shift_jis")]
pub(crate) mod shift_jis;
#[cfg(feature = "_single-byte")]
pub(crate) mod single_byte;
#[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
pub(crate) mod utf_16;
pub(crate) mod utf_8;
#[cfg(feature = "x-user-defined")]
pub(crate) mod x_user_defined;

#[cfg(feature = "_single-byte")]
use crate::tables::SingleByteTables;
#[cfg(feature = "big5")]
use big5::{Big5Decoder, Big5Encoder};
#[cfg(feature = "euc-jp")]
use euc_jp::{EucJpDecoder, EucJpEncoder};
#[cfg(feature = "euc-kr")]
use euc_kr::{EucKrDecoder, EucKrEncoder};
#[cfg(any(feature = "gbk", feature = "gb18030"))]
use gb18030::{Gb18030Decoder, Gb18030Encoder};
#[cfg(feature = "iso-2022-jp")]
use iso_2022_jp::{Iso2022JpDecoder, Iso2022JpEncoder};
use replacement::ReplacementDecoder;
#[cfg(feature = "shift_jis")]
use shift_jis::{ShiftJisDecoder, ShiftJisEncoder};
#[cfg(feature = "_single-byte")]
use single_byte::{SingleByteDecoder, SingleByteEncoder};
#[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
use utf_16::Utf16Decoder;
use utf_8::{Utf8Decoder, Utf8Encoder};
#[cfg(feature = "x-user-defined")]
use x_user_defined::{XUserDefinedDecoder, XUserDefinedEncoder};

use crate::forms::input::Input;
use crate::forms::output::Output;
use crate::results::{DecoderResult, EncoderResult};
use crate::run::{DecodeState, EncodeState, ErrorMode};

/// Which family an encoding is, with the tables it needs.
#[derive(Clone, Copy)]
pub(crate) enum VariantEncoding {
    Utf8,
    Replacement,
    #[cfg(feature = "utf-16be")]
    Utf16Be,
    #[cfg(feature = "utf-16le")]
    Utf16Le,
    #[cfg(feature = "x-user-defined")]
    XUserDefined,
    #[cfg(feature = "_single-byte")]
    SingleByte(&'static SingleByteTables),
    #[cfg(feature = "gbk")]
    Gbk,
    #[cfg(feature = "gb18030")]
    Gb18030,
    #[cfg(feature = "big5")]
    Big5,
    #[cfg(feature = "euc-jp")]
    EucJp,
    #[cfg(feature = "iso-2022-jp")]
    Iso2022Jp,
    #[cfg(feature = "shift_jis")]
    ShiftJis,
    #[cfg(feature = "euc-kr")]
    EucKr,
}

/// A decoder handler of any family.
#[derive(Clone, Copy)]
pub(crate) enum VariantDecoder {
    Utf8(Utf8Decoder),
    Replacement(ReplacementDecoder),
    #[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
    Utf16(Utf16Decoder),
    #[cfg(feature = "x-user-defined")]
    XUserDefined(XUserDefinedDecoder),
    #[cfg(feature = "_single-byte")]
    SingleByte(SingleByteDecoder),
    #[cfg(any(feature = "gbk", feature = "gb18030"))]
    Gb18030(Gb18030Decoder),
    #[cfg(feature = "big5")]
    Big5(Big5Decoder),
    #[cfg(feature = "euc-jp")]
    EucJp(EucJpDecoder),
    #[cfg(feature = "iso-2022-jp")]
    Iso2022Jp(Iso2022JpDecoder),
    #[cfg(feature = "shift_jis")]
    ShiftJis(ShiftJisDecoder),
    #[cfg(feature = "euc-kr")]
    EucKr(EucKrDecoder),
}

/// An encoder handler of any family. UTF-16BE, UTF-16LE and replacement have none: their
/// output encoding is UTF-8 (section 4.3).
#[derive(Clone, Copy)]
pub(crate) enum VariantEncoder {
    Utf8(Utf8Encoder),
    #[cfg(feature = "x-user-defined")]
    XUserDefined(XUserDefinedEncoder),
    #[cfg(feature = "_single-byte")]
    SingleByte(SingleByteEncoder),
    #[cfg(any(feature = "gbk", feature = "gb18030"))]
    Gb18030(Gb18030Encoder),
    #[cfg(feature = "big5")]
    Big5(Big5Encoder),
    #[cfg(feature = "euc-jp")]
    EucJp(EucJpEncoder),
    #[cfg(feature = "iso-2022-jp")]
    Iso2022Jp(Iso2022JpEncoder),
    #[cfg(feature = "shift_jis")]
    ShiftJis(ShiftJisEncoder),
    #[cfg(feature = "euc-kr")]
    EucKr(EucKrEncoder),
}

impl VariantEncoding {
    /// A fresh decoder handler (section 4.1: "a new decoder").
    pub(crate) fn new_decoder(self) -> VariantDecoder {
        match self {
            VariantEncoding::Utf8 => VariantDecoder::Utf8(Utf8Decoder::default()),
            VariantEncoding::Replacement => {
                VariantDecoder::Replacement(ReplacementDecoder::default())
            }
            #[cfg(feature = "utf-16be")]
            VariantEncoding::Utf16Be => VariantDecoder::Utf16(Utf16Decoder::new(true)),
            #[cfg(feature = "utf-16le")]
            VariantEncoding::Utf16Le => VariantDecoder::Utf16(Utf16Decoder::new(false)),
            #[cfg(feature = "x-user-defined")]
            VariantEncoding::XUserDefined => VariantDecoder::XUserDefined(XUserDefinedDecoder),
            #[cfg(feature = "_single-byte")]
            VariantEncoding::SingleByte(tables) => {
                VariantDecoder::SingleByte(SingleByteDecoder { tables })
            }
            #[cfg(feature = "gbk")]
            VariantEncoding::Gbk => VariantDecoder::Gb18030(Gb18030Decoder::default()),
            #[cfg(feature = "gb18030")]
            VariantEncoding::Gb18030 => VariantDecoder::Gb18030(Gb18030Decoder::default()),
            #[cfg(feature = "big5")]
            VariantEncoding::Big5 => VariantDecoder::Big5(Big5Decoder::default()),
            #[cfg(feature = "euc-jp")]
            VariantEncoding::EucJp => VariantDecoder::EucJp(EucJpDecoder::default()),
            #[cfg(feature = "iso-2022-jp")]
            VariantEncoding::Iso2022Jp => VariantDecoder::Iso2022Jp(Iso2022JpDecoder::default()),
            #[cfg(feature = "shift_jis")]
            VariantEncoding::ShiftJis => VariantDecoder::ShiftJis(ShiftJisDecoder::default()),
            #[cfg(feature = "euc-kr")]
            VariantEncoding::EucKr => VariantDecoder::EucKr(EucKrDecoder::default()),
        }
    }

    /// A fresh encoder handler, or None where the output encoding is UTF-8 because the
    /// encoding has no encoder of its own.
    pub(crate) fn new_encoder(self) -> Option<VariantEncoder> {
        Some(match self {
            VariantEncoding::Utf8 => VariantEncoder::Utf8(Utf8Encoder),
            VariantEncoding::Replacement => return None,
            #[cfg(feature = "utf-16be")]
            VariantEncoding::Utf16Be => return None,
            #[cfg(feature = "utf-16le")]
            VariantEncoding::Utf16Le => return None,
            #[cfg(feature = "x-user-defined")]
            VariantEncoding::XUserDefined => VariantEncoder::XUserDefined(XUserDefinedEncoder),
            #[cfg(feature = "_single-byte")]
            VariantEncoding::SingleByte(tables) => {
                VariantEncoder::SingleByte(SingleByteEncoder { tables })
            }
            #[cfg(feature = "gbk")]
            VariantEncoding::Gbk => VariantEncoder::Gb18030(Gb18030Encoder::new(true)),
            #[cfg(feature = "gb18030")]
            VariantEncoding::Gb18030 => VariantEncoder::Gb18030(Gb18030Encoder::new(false)),
            #[cfg(feature = "big5")]
            VariantEncoding::Big5 => VariantEncoder::Big5(Big5Encoder),
            #[cfg(feature = "euc-jp")]
            VariantEncoding::EucJp => VariantEncoder::EucJp(EucJpEncoder::default()),
            #[cfg(feature = "iso-2022-jp")]
            VariantEncoding::Iso2022Jp => VariantEncoder::Iso2022Jp(Iso2022JpEncoder::default()),
            #[cfg(feature = "shift_jis")]
            VariantEncoding::ShiftJis => VariantEncoder::ShiftJis(ShiftJisEncoder::default()),
            #[cfg(feature = "euc-kr")]
            VariantEncoding::EucKr => VariantEncoder::EucKr(EucKrEncoder),
        })
    }
}

/// What bytes 0x00 to 0x7F, and code points U+0000 to U+007F, are to an encoding: whether
/// a one-shot decode or encode of ASCII can hand back its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ascii {
    /// Always themselves, in both directions.
    Itself,
    /// Themselves but for ESC, SO and SI (ISO-2022-JP, section 12.2: ESC starts an escape
    /// sequence; SO and SI are errors).
    #[cfg(feature = "iso-2022-jp")]
    ItselfButEscapes,
    /// Not themselves (UTF-16BE, UTF-16LE, replacement).
    Other,
}

impl VariantEncoding {
    pub(crate) fn ascii(self) -> Ascii {
        match self {
            VariantEncoding::Replacement => Ascii::Other,
            #[cfg(feature = "utf-16be")]
            VariantEncoding::Utf16Be => Ascii::Other,
            #[cfg(feature = "utf-16le")]
            VariantEncoding::Utf16Le => Ascii::Other,
            #[cfg(feature = "iso-2022-jp")]
            VariantEncoding::Iso2022Jp => Ascii::ItselfButEscapes,
            _ => Ascii::Itself,
        }
    }

    /// Whether the encoding has an encoder of its own; section 4.3 makes UTF-8 the output
    /// encoding of the others (replacement, UTF-16BE, UTF-16LE).
    pub(crate) fn has_encoder(self) -> bool {
        match self {
            VariantEncoding::Replacement => false,
            #[cfg(feature = "utf-16be")]
            VariantEncoding::Utf16Be => false,
            #[cfg(feature = "utf-16le")]
            VariantEncoding::Utf16Le => false,
            _ => true,
        }
    }

    /// Section 9's single-byte encodings, and x-user-defined.
    pub(crate) fn is_single_byte(self) -> bool {
        match self {
            #[cfg(feature = "_single-byte")]
            VariantEncoding::SingleByte(_) => true,
            #[cfg(feature = "x-user-defined")]
            VariantEncoding::XUserDefined => true,
            _ => false,
        }
    }
}

/// Runs `$body` with `$h` bound to the handler inside a [`VariantDecoder`].
macro_rules! with_decoder {
    ($variant:expr, $h:ident => $body:expr) => {
        match $variant {
            VariantDecoder::Utf8($h) => $body,
            VariantDecoder::Replacement($h) => $body,
            #[cfg(any(feature = "utf-16be", feature = "utf-16le"))]
            VariantDecoder::Utf16($h) => $body,
            #[cfg(feature = "x-user-defined")]
            VariantDecoder::XUserDefined($h) => $body,
            #[cfg(feature = "_single-byte")]
            VariantDecoder::SingleByte($h) => $body,
            #[cfg(any(feature = "gbk", feature = "gb18030"))]
            VariantDecoder::Gb18030($h) => $body,
            #[cfg(feature = "big5")]
            VariantDecoder::Big5($h) => $body,
            #[cfg(feature = "euc-jp")]
            VariantDecoder::EucJp($h) => $body,
            #[cfg(feature = "iso-2022-jp")]
            VariantDecoder::Iso2022Jp($h) => $body,
            #[cfg(feature = "shift_jis")]
            VariantDecoder::ShiftJis($h) => $body,
            #[cfg(feature = "euc-kr")]
            VariantDecoder::EucKr($h) => $body,
        }
    };
}

/// Runs `$body` with `$h` bound to the handler inside a [`VariantEncoder`].
macro_rules! with_encoder {
    ($variant:expr, $h:ident => $body:expr) => {
        match $variant {
            VariantEncoder::Utf8($h) => $body,
            #[cfg(feature = "x-user-defined")]
            VariantEncoder::XUserDefined($h) => $body,
            #[cfg(feature = "_single-byte")]
            VariantEncoder::SingleByte($h) => $body,
            #[cfg(any(feature = "gbk", feature = "gb18030"))]
            VariantEncoder::Gb18030($h) => $body,
            #[cfg(feature = "big5")]
            VariantEncoder::Big5($h) => $body,
            #[cfg(feature = "euc-jp")]
            VariantEncoder::EucJp($h) => $body,
            #[cfg(feature = "iso-2022-jp")]
            VariantEncoder::Iso2022Jp($h) => $body,
            #[cfg(feature = "shift_jis")]
            VariantEncoder::ShiftJis($h) => $body,
            #[cfg(feature = "euc-kr")]
            VariantEncoder::EucKr($h) => $body,
        }
    };
}

impl VariantDecoder {
    /// Runs the generic decode loop for this handler, in output form `O`.
    pub(crate) fn decode<O: Output>(
        &mut self,
        st: &mut DecodeState,
        src: &[u8],
        dst: &mut [O::Unit],
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, usize, bool) {
        with_decoder!(self, h => crate::run::decode::<_, O>(h, st, src, dst, last, mode))
    }

    /// See [`crate::handler::DecodeHandler::latin1_compatible_up_to`].
    pub(crate) fn latin1_byte_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
        with_decoder!(self, h => crate::handler::DecodeHandler::latin1_compatible_up_to(h, bytes))
    }

    /// Appends to `dst`, within its spare capacity, the text of the longest prefix of
    /// `bytes` that this handler takes without its decode loop, and returns its length:
    /// UTF-8's valid prefix between sequences ([`Utf8Decoder::append_prefix`]), a
    /// single-byte decoder's ASCII runs with lone letters
    /// ([`SingleByteDecoder::append_prefix`]); nothing for the others, whose bytes the loop
    /// decodes into a zeroed window.
    #[cfg(feature = "alloc")]
    pub(crate) fn append_prefix(&self, bytes: &[u8], dst: &mut alloc::string::String) -> usize {
        match self {
            VariantDecoder::Utf8(h) => h.append_prefix(bytes, dst),
            #[cfg(feature = "_single-byte")]
            VariantDecoder::SingleByte(h) => h.append_prefix(bytes, dst),
            _ => 0,
        }
    }
}

impl VariantEncoder {
    /// Runs the generic encode loop for this handler over input form `I`.
    pub(crate) fn encode<'a, I: Input<'a>>(
        &mut self,
        st: &mut EncodeState,
        src: I,
        dst: &mut [u8],
        last: bool,
        mode: ErrorMode,
    ) -> (EncoderResult, usize, usize, bool) {
        with_encoder!(self, h => crate::run::encode(h, st, src, dst, last, mode))
    }

    /// Appends to `dst`, within its spare capacity, what the handler encodes of `src`
    /// without its encode loop; returns how much of `src` that took and whether a
    /// character without a byte stopped it; `None` where it takes nothing this way: see
    /// [`SingleByteEncoder::append_encoded`], the only one that does.
    #[cfg(feature = "alloc")]
    #[cfg_attr(not(feature = "_single-byte"), allow(unused_variables))]
    pub(crate) fn append_encoded(
        &self,
        src: &str,
        dst: &mut alloc::vec::Vec<u8>,
    ) -> Option<(usize, bool)> {
        match self {
            #[cfg(feature = "_single-byte")]
            VariantEncoder::SingleByte(h) => h.append_encoded(src, dst),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// Whether the handler is in its initial state (see
    /// [`crate::handler::EncodeHandler::is_initial`]).
    pub(crate) fn is_initial(&self) -> bool {
        with_encoder!(self, h => crate::handler::EncodeHandler::is_initial(h))
    }

    /// The most bytes one byte of UTF-8 input can become, one code unit of UTF-16 input can
    /// become, and end-of-queue can add.
    pub(crate) fn bounds(&self) -> (usize, usize, usize) {
        fn of<H: crate::handler::EncodeHandler>(_: &H) -> (usize, usize, usize) {
            (
                H::MAX_BYTES_PER_UTF8_BYTE,
                H::MAX_BYTES_PER_UTF16_UNIT,
                H::MAX_BYTES_AT_END,
            )
        }
        with_encoder!(self, h => of(h))
    }
}
