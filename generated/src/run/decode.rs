//! The generic decode loop: section 4.1's "run" for a decoder handler over one buffer, into
//! either output form.
//!
//! Only the loop's skeleton is generic. What is rare (an error, a character that does not
//! fit, Big5's two code points, end-of-queue) is handled by [`rare_step`], which is generic
//! over the output form only and kept out of line, so that the binary has one copy of it per
//! form however many handlers it has: a program that reads only windows-1252 still carries
//! the UTF-8 and replacement decoders (a byte order mark or a label can select them), and
//! each copy of the loop costs it size.
//!
//! Two rules shape what a call reports, and both are encoding_rs's:
//!
//! - Output is written a whole step at a time, and a step whose output does not fit is not
//!   taken: the handler is put back as it was before the byte and the byte is left unread,
//!   so that when a call returns `OutputFull`, everything read has been written.
//! - When a handler restores bytes ("prepend to ioQueue"), the current code unit (one byte;
//!   two for UTF-16, and then only if the lead surrogate before it came in the same buffer)
//!   is left unread if the caller's buffer holds it, and the other restored bytes stay read,
//!   queued in the decoder and processed before the next byte of input: a malformed sequence
//!   is reported as `Malformed(length, bytes read after it)`.

use super::queue::ByteQueue;
use super::ErrorMode;
use crate::forms::output::{window, Output};
use crate::handler::{DecodeHandler, DecodeStep, Restore};
use crate::results::DecoderResult;

/// What a decoder keeps between calls besides its handler's own state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct DecodeState {
    /// Bytes read from the caller's buffers that are still to be given to the handler: the
    /// bytes it restored ("prepend to ioQueue") that the caller's buffer no longer holds.
    pending_in: ByteQueue,
    /// Bytes given to the handler since its last output or error, for reporting the length of
    /// a malformed sequence.
    seq_len: u8,
}

impl DecodeState {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Bytes this state holds that may still turn into output, at most.
    pub(crate) fn held(&self) -> usize {
        self.pending_in.len() + self.seq_len as usize
    }

    /// Whether the state holds no byte: nothing read is waiting to be decoded.
    pub(crate) fn is_empty(&self) -> bool {
        self.pending_in.is_empty() && self.seq_len == 0
    }
}

/// Where one call is in its buffers. Passed by value to [`rare_step`] and back, so that in
/// the loop these stay in registers.
#[derive(Debug, Clone, Copy, Default)]
struct Cursor {
    read: usize,
    written: usize,
    /// Whether an error was replaced by U+FFFD.
    replaced: bool,
    /// How many of the bytes most recently given to the handler came straight from `src`:
    /// those may be left unread rather than queued.
    from_src: usize,
}

impl Cursor {
    fn result(self, result: DecoderResult) -> (DecoderResult, usize, usize, bool) {
        (result, self.read, self.written, self.replaced)
    }
}

/// Decodes `src` into `dst` with handler `h`; section 4.1's "process a queue" with `last`
/// meaning that end-of-queue follows `src`.
///
/// Returns the result, bytes read, units written and whether any error was replaced.
#[inline]
pub(crate) fn decode<H: DecodeHandler, O: Output>(
    h: &mut H,
    st: &mut DecodeState,
    src: &[u8],
    dst: &mut [O::Unit],
    last: bool,
    mode: ErrorMode,
) -> (DecoderResult, usize, usize, bool) {
    let mut cur = Cursor::default();
    loop {
        // The next item of the queue: a restored byte, a byte of `src`, or end-of-queue.
        let mut from_queue = false;
        let item = if let Some(b) = st.pending_in.pop_front() {
            cur.from_src = 0;
            from_queue = true;
            Some(b)
        } else if cur.read < src.len() {
            if h.between_sequences() {
                let rest = src.get(cur.read..).unwrap_or_default();
                let out = dst.get_mut(cur.written..).unwrap_or_default();
                let (r, w) = match mode {
                    ErrorMode::Replace => h.bulk_replacing::<O>(rest, out, &mut cur.replaced),
                    ErrorMode::Fatal => h.bulk::<O>(rest, out),
                };
                cur.read += r;
                cur.written += w;
                if cur.written >= dst.len() && cur.read < src.len() {
                    return cur.result(DecoderResult::OutputFull);
                }
            }
            let Some(&b) = src.get(cur.read) else {
                // The bulk step took the rest of `src`: what the next turn would find.
                if last {
                    continue;
                }
                return cur.result(DecoderResult::InputEmpty);
            };
            cur.read += 1;
            cur.from_src += 1;
            Some(b)
        } else if last {
            // End-of-queue: no byte of `src` is current, so nothing restored stays unread.
            cur.from_src = 0;
            None
        } else {
            return cur.result(DecoderResult::InputEmpty);
        };
        // A handler is a few bytes: copied, it can be put back if the step's output does
        // not fit.
        let before = *h;
        let step = match item {
            Some(b) => {
                st.seq_len += 1;
                h.byte(b)
            }
            None => h.end(),
        };
        match step {
            DecodeStep::Continue => {
                if h.between_sequences() {
                    st.seq_len = 0;
                }
                continue;
            }
            DecodeStep::Emit(c) => {
                if let Some(out) = window::<_, 4>(dst, cur.written) {
                    st.seq_len = 0;
                    cur.written += O::write_char(c, out);
                    continue;
                }
            }
            _ => {}
        }
        match rare_step::<O>(step, cur, st, dst, mode, H::CODE_UNIT) {
            Rare::Next(next) => cur = next,
            Rare::Return(next, result) => return next.result(result),
            Rare::DoesNotFit => {
                *h = before;
                if let Some(b) = item {
                    st.seq_len -= 1;
                    if from_queue {
                        st.pending_in.push_front_all(&[b]);
                    } else {
                        cur.read -= 1;
                        cur.from_src -= 1;
                    }
                }
                return cur.result(DecoderResult::OutputFull);
            }
        }
    }
}

/// What [`rare_step`] decided.
enum Rare {
    /// Go on from this cursor.
    Next(Cursor),
    /// Return this result.
    Return(Cursor, DecoderResult),
    /// The step's output does not fit: undo the step and report `OutputFull`.
    DoesNotFit,
}

/// Every step but continue and a character that fits a four-unit window: output near the
/// end of the buffer, Big5's two code points, errors in either mode with what the handler
/// restored, and finished. `code_unit` is the handler's [`DecodeHandler::CODE_UNIT`].
#[inline(never)]
fn rare_step<O: Output>(
    step: DecodeStep,
    mut cur: Cursor,
    st: &mut DecodeState,
    dst: &mut [O::Unit],
    mode: ErrorMode,
    code_unit: usize,
) -> Rare {
    // The characters to write, and the sequence length after them.
    let (chars, seq_len): ([Option<char>; 2], u8) = match step {
        DecodeStep::Continue => return Rare::Next(cur),
        DecodeStep::Emit(c) => ([Some(c), None], 0),
        DecodeStep::EmitTwo(a, b) => ([Some(a), Some(b)], 0),
        DecodeStep::Error(_) | DecodeStep::ErrorEarlier { .. } => {
            let (restore, earlier) = match step {
                DecodeStep::ErrorEarlier { len, after, open } => {
                    (Restore::NONE, Some((len, after, open)))
                }
                DecodeStep::Error(restore) => (restore, None),
                _ => (Restore::NONE, None),
            };
            let replacement = match mode {
                ErrorMode::Fatal => None,
                ErrorMode::Replace => Some('\u{FFFD}'),
            };
            if let Some(c) = replacement {
                if dst.len().saturating_sub(cur.written) < O::len_of(c) {
                    return Rare::DoesNotFit;
                }
            }
            let restored = restore.as_slice();
            // The malformed sequence's length, the bytes read after it that the error does
            // not restore, and how many of those the handler holds as a sequence begun.
            let (malformed, after, kept) = match earlier {
                Some((len, after, open)) => (len, after, if open { after } else { 0 }),
                None => (
                    (st.seq_len as usize).saturating_sub(restored.len()) as u8,
                    0,
                    0,
                ),
            };
            // The current code unit stays in the caller's buffer if it came from there (for
            // UTF-16, with the lead surrogate before it); the rest of what was restored is
            // queued.
            let from_src_needed = if code_unit == 1 {
                1
            } else {
                st.seq_len as usize
            };
            let unread = if cur.from_src >= from_src_needed && code_unit <= restored.len() {
                code_unit
            } else {
                0
            };
            cur.read -= unread;
            cur.from_src -= unread;
            if restored.len() > unread {
                st.pending_in
                    .push_front_all(restored.get(..restored.len() - unread).unwrap_or_default());
            }
            st.seq_len = kept;
            match replacement {
                None => {
                    let after = st.pending_in.len() as u8 + after;
                    return Rare::Return(cur, DecoderResult::Malformed(malformed, after));
                }
                Some(c) => {
                    cur.replaced = true;
                    ([Some(c), None], kept)
                }
            }
        }
        DecodeStep::Finished => {
            st.seq_len = 0;
            return Rare::Return(cur, DecoderResult::InputEmpty);
        }
    };
    // Whole steps only: both characters fit, or neither is written.
    let needed: usize = chars.iter().flatten().map(|&c| O::len_of(c)).sum();
    if dst.len().saturating_sub(cur.written) < needed {
        return Rare::DoesNotFit;
    }
    for &c in chars.iter().flatten() {
        // `dst` has room for `c` (checked above): unit by unit rather than a copy of variable
        // length, which would be a call (a four-unit window for the common case would cost
        // the smallest programs 0.2 KiB).
        let mut units = [O::Unit::default(); 4];
        let len = O::write_char(c, &mut units);
        for (d, u) in dst.iter_mut().skip(cur.written).zip(units.iter().take(len)) {
            *d = *u;
        }
        cur.written += len;
    }
    st.seq_len = seq_len;
    Rare::Next(cur)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::output::Utf8;

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
