//! The generic loops: section 4.1's "run" for a decoder or encoder handler over one buffer.
//!
//! Written once, monomorphised per handler, so that there is no dynamic dispatch per byte.
//! The loops own what every encoding needs the same way: output that did not fit in the
//! caller's buffer (kept and written first on the next call, so a handler can be resumed
//! mid-character), bytes a handler restored that came from an earlier buffer, the error
//! modes, and the fast paths.

mod decode;
mod encode;
mod queue;

pub(crate) use decode::{decode, DecodeState};
pub(crate) use encode::{encode, EncodeState};

/// The error mode of section 4.1 a loop runs in. The "html" mode is only for encoders and
/// "replacement" only for decoders; `Replace` stands for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ErrorMode {
    /// Decoders: an error becomes U+FFFD. Encoders: an error becomes a decimal numeric
    /// character reference (the standard's "html" mode).
    Replace,
    /// An error stops the loop and is reported.
    Fatal,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handler::{DecodeHandler, DecodeStep, Restore};
    use crate::DecoderResult;

    /// A handler that turns every byte into two code points, the second needing three bytes:
    /// the loop must keep what does not fit and write it first on the next call.
    struct Doubler;

    impl DecodeHandler for Doubler {
        const ASCII_FAST_PATH: bool = false;
        fn byte(&mut self, byte: u8) -> DecodeStep {
            DecodeStep::EmitTwo(byte as char, '\u{20AC}')
        }
        fn end(&mut self) -> DecodeStep {
            DecodeStep::Finished
        }
        fn between_sequences(&self) -> bool {
            true
        }
    }

    #[test]
    fn output_that_does_not_fit_is_written_on_the_next_call() {
        for out_len in 3..=9 {
            let mut st = DecodeState::new();
            let mut h = Doubler;
            let src = b"abc";
            let mut read = 0;
            let mut text = Vec::new();
            loop {
                let mut dst = vec![0u8; out_len];
                let (result, r, w, _) = decode(
                    &mut h,
                    &mut st,
                    &src[read..],
                    &mut dst,
                    true,
                    ErrorMode::Replace,
                );
                read += r;
                text.extend_from_slice(&dst[..w]);
                // Only whole characters are ever written.
                assert!(std::str::from_utf8(&dst[..w]).is_ok());
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => {}
                    DecoderResult::Malformed(..) => unreachable!(),
                }
            }
            assert_eq!(
                std::str::from_utf8(&text).unwrap(),
                "a\u{20AC}b\u{20AC}c\u{20AC}",
                "out_len {out_len}"
            );
        }
    }

    /// A handler that decodes "abc" as one character and, after "ab" and anything else,
    /// returns an error restoring the last two bytes: restored bytes that came from an
    /// earlier buffer must be queued, those from the current one re-read.
    #[derive(Default)]
    struct Restorer {
        held: Vec<u8>,
    }

    impl DecodeHandler for Restorer {
        const ASCII_FAST_PATH: bool = false;
        fn byte(&mut self, byte: u8) -> DecodeStep {
            if self.held.is_empty() && byte == b'a' {
                self.held.push(byte);
                return DecodeStep::Continue;
            }
            if self.held == b"a" && byte == b'b' {
                self.held.push(byte);
                return DecodeStep::Continue;
            }
            if self.held == b"ab" {
                self.held.clear();
                return if byte == b'c' {
                    DecodeStep::Emit('\u{1F600}')
                } else {
                    DecodeStep::Error(Restore::two(b'b', byte))
                };
            }
            self.held.clear();
            DecodeStep::Emit(byte as char)
        }
        fn end(&mut self) -> DecodeStep {
            DecodeStep::Finished
        }
        fn between_sequences(&self) -> bool {
            self.held.is_empty()
        }
    }

    #[test]
    fn restored_bytes_from_an_earlier_buffer_are_processed_next() {
        // "abd": "a" is the malformed part; "b" and "d" are decoded again, whichever buffer
        // they came from.
        for cut in 0..=3 {
            let src = b"abd";
            let mut st = DecodeState::new();
            let mut h = Restorer::default();
            let mut dst = [0u8; 32];
            let (r1, read1, w1, _) = decode(
                &mut h,
                &mut st,
                &src[..cut],
                &mut dst,
                false,
                ErrorMode::Replace,
            );
            assert_eq!((r1, read1), (DecoderResult::InputEmpty, cut));
            let (r2, read2, w2, _) = decode(
                &mut h,
                &mut st,
                &src[cut..],
                &mut dst[w1..],
                true,
                ErrorMode::Replace,
            );
            assert_eq!(
                (r2, read2),
                (DecoderResult::InputEmpty, 3 - cut),
                "cut {cut}"
            );
            let text = std::str::from_utf8(&dst[..w1 + w2]).unwrap();
            assert_eq!(text, "\u{FFFD}bd", "cut {cut}");
        }
    }
}
