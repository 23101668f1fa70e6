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
/// The html error mode's reference, for the one-shot `encode`'s own writing.
#[cfg(feature = "alloc")]
pub(crate) use encode::numeric_character_reference_text;
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
    use crate::forms::output::Utf8;
    use crate::handler::{DecodeHandler, DecodeStep, Restore};
    use crate::DecoderResult;

    /// A handler that turns every byte into two code points, the second needing three bytes:
    /// a step needs four bytes of room.
    #[derive(Clone, Copy)]
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
    fn a_step_whose_output_does_not_fit_is_not_taken() {
        for out_len in 0..=9 {
            let mut st = DecodeState::new();
            let mut h = Doubler;
            let src = b"abc";
            let mut read = 0;
            let mut text = Vec::new();
            loop {
                let mut dst = vec![0u8; out_len];
                let (result, r, w, _) = decode::<_, Utf8>(
                    &mut h,
                    &mut st,
                    &src[read..],
                    &mut dst,
                    true,
                    ErrorMode::Replace,
                );
                // Everything read is written, and nothing else.
                let expected: String = src[read..read + r]
                    .iter()
                    .flat_map(|&b| [b as char, '\u{20AC}'])
                    .collect();
                assert_eq!(&dst[..w], expected.as_bytes(), "out_len {out_len}");
                read += r;
                text.extend_from_slice(&dst[..w]);
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull if out_len < 4 => {
                        assert_eq!((r, w), (0, 0));
                        break;
                    }
                    DecoderResult::OutputFull => assert!(r > 0),
                    DecoderResult::Malformed(..) => unreachable!(),
                }
            }
            if out_len >= 4 {
                assert_eq!(std::str::from_utf8(&text).unwrap(), "a€b€c€");
            }
        }
    }

    /// A handler that decodes "abc" as one character and, after "ab" and anything else,
    /// returns an error restoring the last two bytes.
    #[derive(Default, Clone, Copy)]
    struct Restorer {
        held: u8,
    }

    impl DecodeHandler for Restorer {
        const ASCII_FAST_PATH: bool = false;
        fn byte(&mut self, byte: u8) -> DecodeStep {
            match (self.held, byte) {
                (0, b'a') | (1, b'b') => {
                    self.held += 1;
                    DecodeStep::Continue
                }
                (2, b'c') => {
                    self.held = 0;
                    DecodeStep::Emit('\u{1F600}')
                }
                (2, _) => {
                    self.held = 0;
                    DecodeStep::Error(Restore::two(b'b', byte))
                }
                _ => {
                    self.held = 0;
                    DecodeStep::Emit(byte as char)
                }
            }
        }
        fn end(&mut self) -> DecodeStep {
            DecodeStep::Finished
        }
        fn between_sequences(&self) -> bool {
            self.held == 0
        }
    }

    /// "abd": "a" is the malformed part; "b" and "d" are decoded again, whichever buffer
    /// they came from. The current byte stays unread in the caller's buffer; "b" is queued
    /// and counted as read after the malformed byte.
    #[test]
    fn restored_bytes_are_processed_next_wherever_they_came_from() {
        for cut in 0..=3 {
            let src = b"abd";
            let mut st = DecodeState::new();
            let mut h = Restorer::default();
            let mut dst = [0u8; 32];
            let (r1, read1, w1, _) = decode::<_, Utf8>(
                &mut h,
                &mut st,
                &src[..cut],
                &mut dst,
                false,
                ErrorMode::Replace,
            );
            assert_eq!((r1, read1), (DecoderResult::InputEmpty, cut));
            let (r2, read2, w2, _) = decode::<_, Utf8>(
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

    #[test]
    fn malformed_reports_the_bytes_read_after_the_sequence() {
        let mut st = DecodeState::new();
        let mut h = Restorer::default();
        let mut dst = [0u8; 32];
        let (result, read, written, _) =
            decode::<_, Utf8>(&mut h, &mut st, b"abd", &mut dst, true, ErrorMode::Fatal);
        // "a" is malformed; "b" was read after it (queued); "d" is left unread.
        assert_eq!(
            (result, read, written),
            (DecoderResult::Malformed(1, 1), 2, 0)
        );
        let (result, read, written, _) =
            decode::<_, Utf8>(&mut h, &mut st, b"d", &mut dst, true, ErrorMode::Fatal);
        assert_eq!((result, read, written), (DecoderResult::InputEmpty, 1, 2));
        assert_eq!(&dst[..2], b"bd");
    }
}
