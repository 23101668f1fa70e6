//! The streaming calls that append to a `String` or a `Vec` within its spare capacity, as
//! encoding_rs has them.

use alloc::string::String;
use alloc::vec::Vec;

use super::spare::{fill_spare_capacity, fill_spare_capacity_vec};
use crate::decoder::Decoder;
use crate::encoder::Encoder;
use crate::forms::output::Utf8;
use crate::results::{CoderResult, DecoderResult, EncoderResult};
use crate::run::ErrorMode;

impl Decoder {
    /// As [`Decoder::decode_to_utf8`], appending to `dst` within its spare capacity.
    pub fn decode_to_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> (CoderResult, usize, bool) {
        let (result, read, replaced) = self.decode_into_string(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, replaced)
    }

    /// As [`Decoder::decode_to_utf8_without_replacement`], appending to `dst` within its
    /// spare capacity.
    pub fn decode_to_string_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> (DecoderResult, usize) {
        let (result, read, _) = self.decode_into_string(src, dst, last, ErrorMode::Fatal);
        (result, read)
    }

    fn decode_into_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
        mode: ErrorMode,
    ) -> (DecoderResult, usize, bool) {
        fill_spare_capacity(dst, |spare| {
            let (result, read, written, replaced) =
                self.decode_impl::<Utf8>(src, spare, last, mode);
            ((result, read, replaced), written)
        })
    }
}

impl Encoder {
    /// As [`Encoder::encode_from_utf8`], appending to `dst` within its spare capacity.
    pub fn encode_from_utf8_to_vec(
        &mut self,
        src: &str,
        dst: &mut Vec<u8>,
        last: bool,
    ) -> (CoderResult, usize, bool) {
        let (result, read, replaced) = self.encode_into_vec(src, dst, last, ErrorMode::Replace);
        (result.into_coder_result(), read, replaced)
    }

    /// As [`Encoder::encode_from_utf8_without_replacement`], appending to `dst` within its
    /// spare capacity.
    pub fn encode_from_utf8_to_vec_without_replacement(
        &mut self,
        src: &str,
        dst: &mut Vec<u8>,
        last: bool,
    ) -> (EncoderResult, usize) {
        let (result, read, _) = self.encode_into_vec(src, dst, last, ErrorMode::Fatal);
        (result, read)
    }

    fn encode_into_vec(
        &mut self,
        src: &str,
        dst: &mut Vec<u8>,
        last: bool,
        mode: ErrorMode,
    ) -> (EncoderResult, usize, bool) {
        fill_spare_capacity_vec(dst, |spare| {
            let (result, read, written, replaced) = self.encode_impl(src, spare, last, mode);
            ((result, read, replaced), written)
        })
    }
}
