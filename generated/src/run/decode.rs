//! The generic decode loop: section 4.1's "run" for a decoder handler over one buffer.
//!
//! Only the loop's skeleton is generic. What is rare (an error, a character that does not
//! fit, Big5's two code points, end-of-queue) is handled by [`rare_step`], which is not
//! generic and kept out of line, so that the binary has one copy of it however many
//! handlers it has: a program that reads only windows-1252 still carries the UTF-8 and
//! replacement decoders (a byte order mark or a label can select them), and each copy of
//! the loop costs it size.

use super::queue::ByteQueue;
use super::ErrorMode;
use crate::handler::{DecodeHandler, DecodeStep};
use crate::utf8_out::{window, write_char};
use crate::DecoderResult;

/// What a decoder keeps between calls besides its handler's own state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct DecodeState {
    /// Restored bytes that came from an earlier buffer ("prepended to ioQueue").
    pending_in: ByteQueue,
    /// UTF-8 that did not fit in the caller's buffer.
    pending_out: ByteQueue,
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

    /// Output already produced but not yet written.
    pub(crate) fn pending_output(&self) -> usize {
        self.pending_out.len()
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
    /// those are restored by moving `read` back rather than by queueing them.
    from_src: usize,
}

impl Cursor {
    fn result(self, result: DecoderResult) -> (DecoderResult, usize, usize, bool) {
        (result, self.read, self.written, self.replaced)
    }
}

/// Decodes `src` into `dst` as UTF-8 with handler `h`; section 4.1's "process a queue" with
/// `last` meaning that end-of-queue follows `src`.
///
/// Returns the result, bytes read, bytes written and whether any error was replaced.
#[inline]
pub(crate) fn decode<H: DecodeHandler>(
    h: &mut H,
    st: &mut DecodeState,
    src: &[u8],
    dst: &mut [u8],
    last: bool,
    mode: ErrorMode,
) -> (DecoderResult, usize, usize, bool) {
    let mut cur = Cursor::default();
    if !st.pending_out.is_empty() {
        match st.pending_out.flush_into(dst) {
            Some(n) => cur.written = n,
            None => return cur.result(DecoderResult::OutputFull),
        }
    }
    loop {
        let step = if let Some(b) = st.pending_in.pop_front() {
            cur.from_src = 0;
            st.seq_len += 1;
            h.byte(b)
        } else if cur.read < src.len() {
            if h.between_sequences() {
                let (r, w) = h.bulk(
                    src.get(cur.read..).unwrap_or_default(),
                    dst.get_mut(cur.written..).unwrap_or_default(),
                );
                cur.read += r;
                cur.written += w;
                if cur.written >= dst.len() && cur.read < src.len() {
                    return cur.result(DecoderResult::OutputFull);
                }
            }
            let Some(&b) = src.get(cur.read) else {
                continue;
            };
            cur.read += 1;
            cur.from_src += 1;
            st.seq_len += 1;
            h.byte(b)
        } else if last {
            h.end()
        } else {
            return cur.result(DecoderResult::InputEmpty);
        };
        match step {
            DecodeStep::Continue => {
                if h.between_sequences() {
                    st.seq_len = 0;
                }
                continue;
            }
            DecodeStep::Emit(c) => {
                if let Some(out) = window::<4>(dst, cur.written) {
                    st.seq_len = 0;
                    cur.written += write_char(c, out);
                    continue;
                }
            }
            _ => {}
        }
        let (next, done) = rare_step(step, cur, st, src, dst, mode);
        cur = next;
        if let Some(result) = done {
            return cur.result(result);
        }
    }
}

/// Every step but continue and a character that fits: output that must wait for the next
/// call, errors in either mode with what the handler restored, and finished. Returns the
/// new cursor, and the result if the call ends here.
#[inline(never)]
fn rare_step(
    step: DecodeStep,
    mut cur: Cursor,
    st: &mut DecodeState,
    src: &[u8],
    dst: &mut [u8],
    mode: ErrorMode,
) -> (Cursor, Option<DecoderResult>) {
    let mut out: [char; 2] = ['\0'; 2];
    let chars: &[char] = match step {
        DecodeStep::Continue => return (cur, None),
        DecodeStep::Emit(c) => {
            out[0] = c;
            &out[..1]
        }
        DecodeStep::EmitTwo(a, b) => {
            out = [a, b];
            &out[..]
        }
        DecodeStep::Error(restore) => {
            let restored = restore.len as usize;
            let malformed = (st.seq_len as usize).saturating_sub(restored) as u8;
            if restored > 0 {
                if restored <= cur.from_src {
                    // Handlers restore the last bytes they were given, so these are the bytes
                    // just read.
                    debug_assert_eq!(
                        src.get(cur.read - restored..cur.read),
                        Some(restore.as_slice())
                    );
                    cur.read -= restored;
                    cur.from_src -= restored;
                } else {
                    st.pending_in.push_front_all(restore.as_slice());
                    cur.from_src = 0;
                }
            }
            if mode == ErrorMode::Fatal {
                st.seq_len = 0;
                return (cur, Some(DecoderResult::Malformed(malformed, 0)));
            }
            cur.replaced = true;
            out[0] = '\u{FFFD}';
            &out[..1]
        }
        DecodeStep::Finished => {
            st.seq_len = 0;
            return (cur, Some(DecoderResult::InputEmpty));
        }
    };
    st.seq_len = 0;
    // Whole characters only: once one does not fit, it and the rest wait in the queue.
    let mut full = false;
    for &c in chars {
        let mut buf = [0u8; 4];
        let len = write_char(c, &mut buf);
        let bytes = buf.get(..len).unwrap_or_default();
        match dst.get_mut(cur.written..cur.written + len) {
            Some(out) if !full => {
                out.copy_from_slice(bytes);
                cur.written += len;
            }
            _ => {
                full = true;
                st.pending_out.push_back_all(bytes);
            }
        }
    }
    (cur, full.then_some(DecoderResult::OutputFull))
}
