//! The streaming calls that append to a `String` or a `Vec` within its spare capacity, as
//! encoding_rs has them.

use alloc::string::String;
use alloc::vec::Vec;

use super::spare::{fill_spare_capacity_vec, fill_spare_window, SPARE_WINDOW};
use crate::decoder::Decoder;
use crate::encoder::Encoder;
use crate::forms::output::Utf8;
use crate::results::{CoderResult, DecoderResult, EncoderResult};
use crate::run::ErrorMode;

/// A prefix taken without the decode loop at least this long is followed by a piece of the
/// input this long only (an invalid sequence in UTF-8 text, or two letters in a row in
/// windows-1252, then the next run).
const LONG_RUN: usize = 16;
const PIECE: usize = 64;

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
        let mut read = 0;
        let mut replaced = false;
        // Whether the last prefix taken without the loop was a long one.
        let mut after_run = false;
        loop {
            let rest = src.get(read..).unwrap_or_default();
            let room = dst.capacity() - dst.len();
            // What the decoder takes without its loop (UTF-8's valid prefix, a single-byte
            // decoder's ASCII runs and lone letters) goes straight in, with no zeroing and
            // without the decode loop's window.
            let same = self.append_prefix(rest, dst);
            if same > 0 {
                read += same;
                after_run = same >= LONG_RUN;
                continue;
            }
            // The rest a window of the spare capacity at a time; after a long prefix, only a piece of the input, so that the next run goes straight in too.
            let piece = match after_run {
                true => rest.get(..PIECE).unwrap_or(rest),
                false => rest,
            };
            // No more than the piece can become: after a prefix that took the whole input,
            // the piece is empty and nothing is zeroed.
            let most = self
                .max_utf8_buffer_length(piece.len())
                .unwrap_or(usize::MAX);
            let window = room.min(SPARE_WINDOW).min(most);
            let piece_is_last = last && piece.len() == rest.len();
            after_run = false;
            let (result, r, rep) = fill_spare_window(dst, Some(window), |spare| {
                let (result, r, written, rep) =
                    self.decode_impl::<Utf8>(piece, spare, piece_is_last, mode);
                ((result, r, rep), written)
            });
            read += r;
            replaced |= rep;
            match result {
                // A window short of the spare capacity filled up, or a piece short of the
                // input was decoded: go on.
                DecoderResult::OutputFull if window < room => {}
                DecoderResult::InputEmpty if piece.len() < rest.len() => {}
                _ => return (result, read, replaced),
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Encoding;

    /// Text of every width, long enough to cross several windows, with errors.
    fn text(encoding: &'static Encoding) -> Vec<u8> {
        let mut bytes = Vec::new();
        for i in 0..3000 {
            let line =
                alloc::format!("line {i}: <a href=\"x\">caf\u{e9}</a> \u{65e5}\u{672c}\u{1f600}\n");
            bytes.extend_from_slice(&encoding.encode(&line).0);
            if i >= 1500 && i % 97 == 0 {
                bytes.extend_from_slice(b"\xff\x80\xfe");
            }
        }
        bytes
    }

    /// A string's spare capacity decoded a window at a time gives what one call into a
    /// slice of that size gives: the result, the bytes read, the text; for every capacity
    /// from a few bytes short of the input to three times it, with and without replacement.
    #[test]
    fn windows_of_the_spare_capacity_decode_as_one_slice_would() {
        let mut tried = 0;
        for label in ["UTF-8", "windows-1252", "Shift_JIS", "UTF-16LE", "gb18030"] {
            let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
                continue;
            };
            tried += 1;
            for src in [
                text(encoding),
                [&b"\xEF\xBB\xBF"[..], &text(encoding)].concat(),
            ] {
                let max = src.len() * 3 + 8;
                for capacity in [
                    5,
                    100,
                    SPARE_WINDOW - 1,
                    SPARE_WINDOW,
                    SPARE_WINDOW + 3,
                    src.len() - 7,
                    src.len(),
                    max,
                ] {
                    for (prefix, last) in [("", true), ("\u{e9}", false)] {
                        let mut string = String::with_capacity(capacity);
                        string.push_str(prefix);
                        let room = string.capacity() - string.len();
                        let mut expected = alloc::vec![0u8; room];
                        let mut slice_decoder = encoding.new_decoder();
                        let (want, want_read, want_written, want_replaced) =
                            slice_decoder.decode_to_utf8(&src, &mut expected, last);
                        let mut decoder = encoding.new_decoder();
                        let got = decoder.decode_to_string(&src, &mut string, last);
                        assert_eq!(got, (want, want_read, want_replaced), "{label} {capacity}");
                        assert_eq!(
                            &string.as_bytes()[prefix.len()..],
                            &expected[..want_written]
                        );

                        let mut string = String::with_capacity(capacity);
                        let mut expected = alloc::vec![0u8; string.capacity()];
                        let mut slice_decoder = encoding.new_decoder();
                        let want = slice_decoder.decode_to_utf8_without_replacement(
                            &src,
                            &mut expected,
                            last,
                        );
                        let mut decoder = encoding.new_decoder();
                        let got =
                            decoder.decode_to_string_without_replacement(&src, &mut string, last);
                        assert_eq!(got, (want.0, want.1), "{label} {capacity}");
                        assert_eq!(string.as_bytes(), &expected[..want.2]);
                    }
                }
            }
        }
        // UTF-8 is in every build.
        assert!(tried >= 1);
    }
}
