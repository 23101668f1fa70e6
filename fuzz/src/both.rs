//! The streaming calls of whatwg-encoding and of encoding_rs behind one interface, so that a
//! driver is written once and run on either: the two APIs are the same but for their types.

/// What a call returned: `CoderResult`, `DecoderResult` or `EncoderResult`, either library's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    InputEmpty,
    OutputFull,
    Malformed(u8, u8),
    Unmappable(char),
}

/// A streaming decoder: one call into UTF-8 or UTF-16, replacing or not, returning (result,
/// bytes read, the output as text, whether a replacing call replaced anything).
pub trait AnyDecoder {
    fn encoding_name(&self) -> &'static str;
    fn call(
        &mut self,
        src: &[u8],
        len: usize,
        last: bool,
        fatal: bool,
        utf16: bool,
    ) -> (Step, usize, String, bool);
    /// The bound for `len` more bytes in the form of [`AnyDecoder::call`].
    fn bound(&self, len: usize, fatal: bool, utf16: bool) -> Option<usize>;
    fn latin1_byte_compatible_up_to(&self, bytes: &[u8]) -> Option<usize>;
}

/// A streaming encoder: one call from UTF-8 or UTF-16, replacing or not, returning (result,
/// code units read, the bytes written, whether a replacing call replaced anything).
pub trait AnyEncoder {
    fn encode_str(
        &mut self,
        src: &str,
        len: usize,
        last: bool,
        fatal: bool,
    ) -> (Step, usize, Vec<u8>, bool);
    fn encode_utf16(
        &mut self,
        src: &[u16],
        len: usize,
        last: bool,
        fatal: bool,
    ) -> (Step, usize, Vec<u8>, bool);
    fn has_pending_state(&self) -> bool;
}

/// One encoder call, replacing (`$replacing`) or not (`$fatal_call`), into `len` bytes.
macro_rules! encode_call {
    ($encoder:ident, $src:ident, $len:ident, $last:ident, $fatal:ident, $replacing:ident, $fatal_call:ident) => {{
        let mut dst = vec![0u8; $len];
        let (r, read, w, replaced) = if $fatal {
            let (r, read, w) = $encoder.$fatal_call($src, &mut dst, $last);
            (r.into(), read, w, false)
        } else {
            let (r, read, w, replaced) = $encoder.$replacing($src, &mut dst, $last);
            (r.into(), read, w, replaced)
        };
        assert!(w <= $len, "wrote {w} into {}", $len);
        dst.truncate(w);
        (r, read, dst, replaced)
    }};
}

macro_rules! both {
    ($lib:ident) => {
        impl From<$lib::CoderResult> for Step {
            fn from(r: $lib::CoderResult) -> Step {
                match r {
                    $lib::CoderResult::InputEmpty => Step::InputEmpty,
                    $lib::CoderResult::OutputFull => Step::OutputFull,
                }
            }
        }

        impl From<$lib::DecoderResult> for Step {
            fn from(r: $lib::DecoderResult) -> Step {
                match r {
                    $lib::DecoderResult::InputEmpty => Step::InputEmpty,
                    $lib::DecoderResult::OutputFull => Step::OutputFull,
                    $lib::DecoderResult::Malformed(len, after) => Step::Malformed(len, after),
                }
            }
        }

        impl From<$lib::EncoderResult> for Step {
            fn from(r: $lib::EncoderResult) -> Step {
                match r {
                    $lib::EncoderResult::InputEmpty => Step::InputEmpty,
                    $lib::EncoderResult::OutputFull => Step::OutputFull,
                    $lib::EncoderResult::Unmappable(c) => Step::Unmappable(c),
                }
            }
        }

        impl AnyDecoder for $lib::Decoder {
            fn encoding_name(&self) -> &'static str {
                self.encoding().name()
            }

            fn call(
                &mut self,
                src: &[u8],
                len: usize,
                last: bool,
                fatal: bool,
                utf16: bool,
            ) -> (Step, usize, String, bool) {
                if utf16 {
                    let mut dst = vec![0u16; len];
                    let (r, read, w, replaced) = if fatal {
                        let (r, read, w) =
                            self.decode_to_utf16_without_replacement(src, &mut dst, last);
                        (r.into(), read, w, false)
                    } else {
                        let (r, read, w, replaced) = self.decode_to_utf16(src, &mut dst, last);
                        (r.into(), read, w, replaced)
                    };
                    (
                        r,
                        read,
                        String::from_utf16(&dst[..w]).expect("whole characters of UTF-16"),
                        replaced,
                    )
                } else {
                    let mut dst = vec![0u8; len];
                    let (r, read, w, replaced) = if fatal {
                        let (r, read, w) =
                            self.decode_to_utf8_without_replacement(src, &mut dst, last);
                        (r.into(), read, w, false)
                    } else {
                        let (r, read, w, replaced) = self.decode_to_utf8(src, &mut dst, last);
                        (r.into(), read, w, replaced)
                    };
                    dst.truncate(w);
                    (
                        r,
                        read,
                        String::from_utf8(dst).expect("whole characters of UTF-8"),
                        replaced,
                    )
                }
            }

            fn bound(&self, len: usize, fatal: bool, utf16: bool) -> Option<usize> {
                match (utf16, fatal) {
                    (true, _) => self.max_utf16_buffer_length(len),
                    (false, false) => self.max_utf8_buffer_length(len),
                    (false, true) => self.max_utf8_buffer_length_without_replacement(len),
                }
            }

            fn latin1_byte_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
                $lib::Decoder::latin1_byte_compatible_up_to(self, bytes)
            }
        }

        impl AnyEncoder for $lib::Encoder {
            fn encode_str(
                &mut self,
                src: &str,
                len: usize,
                last: bool,
                fatal: bool,
            ) -> (Step, usize, Vec<u8>, bool) {
                encode_call!(
                    self,
                    src,
                    len,
                    last,
                    fatal,
                    encode_from_utf8,
                    encode_from_utf8_without_replacement
                )
            }

            fn encode_utf16(
                &mut self,
                src: &[u16],
                len: usize,
                last: bool,
                fatal: bool,
            ) -> (Step, usize, Vec<u8>, bool) {
                encode_call!(
                    self,
                    src,
                    len,
                    last,
                    fatal,
                    encode_from_utf16,
                    encode_from_utf16_without_replacement
                )
            }

            fn has_pending_state(&self) -> bool {
                $lib::Encoder::has_pending_state(self)
            }
        }
    };
}

both!(whatwg_encoding);
both!(encoding_rs);
