//! The generic encode loop: section 4.1's "run" for an encoder handler over one buffer.
//!
//! As with the decode loop, only the skeleton is generic: writing output that does not fit
//! and spelling a numeric character reference are done once, out of line, for every
//! handler.

use super::queue::ByteQueue;
use super::ErrorMode;
use crate::handler::{EncodeHandler, EncodeStep};
use crate::utf8_out::window;
use crate::EncoderResult;

/// What an encoder keeps between calls besides its handler's own state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EncodeState {
    /// Bytes that did not fit in the caller's buffer: at most a numeric character reference
    /// ("&#1114111;") after an escape sequence.
    pending_out: ByteQueue,
}

impl EncodeState {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    pub(crate) fn pending_output(&self) -> usize {
        self.pending_out.len()
    }
}

/// Encodes `src` into `dst` with handler `h`; `last` means that end-of-queue follows `src`.
///
/// Returns the result, bytes read, bytes written and whether any unmappable code point was
/// replaced by a numeric character reference.
#[inline]
pub(crate) fn encode<H: EncodeHandler>(
    h: &mut H,
    st: &mut EncodeState,
    src: &str,
    dst: &mut [u8],
    last: bool,
    mode: ErrorMode,
) -> (EncoderResult, usize, usize, bool) {
    let mut read = 0;
    let mut written = 0;
    let mut replaced = false;
    if !st.pending_out.is_empty() {
        match st.pending_out.flush_into(dst) {
            Some(n) => written = n,
            None => return (EncoderResult::OutputFull, 0, 0, false),
        }
    }
    loop {
        let (r, w) = h.bulk(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        );
        read += r;
        written += w;
        let step = match src.get(read..).and_then(|rest| rest.chars().next()) {
            Some(c) => {
                let step = h.code_point(c);
                if !matches!(step, EncodeStep::BytesThenAgain(_)) {
                    read += c.len_utf8();
                }
                step
            }
            None if last => h.end(),
            None => return (EncoderResult::InputEmpty, read, written, replaced),
        };
        let fits = match step {
            EncodeStep::Bytes(b) | EncodeStep::BytesThenAgain(b) => {
                if let Some(out) = window::<4>(dst, written) {
                    // All four bytes are stored and only `len` counted: one fixed-size
                    // store instead of a copy of variable length.
                    *out = b.bytes;
                    written += b.len as usize;
                    true
                } else {
                    put_bytes(b.as_slice(), dst, &mut written, &mut st.pending_out)
                }
            }
            EncodeStep::Error(c) => match mode {
                ErrorMode::Fatal => return (EncoderResult::Unmappable(c), read, written, replaced),
                ErrorMode::Replace => {
                    replaced = true;
                    let ncr = numeric_character_reference(h, c);
                    put_bytes(ncr.as_slice(), dst, &mut written, &mut st.pending_out)
                }
            },
            EncodeStep::Finished => return (EncoderResult::InputEmpty, read, written, replaced),
        };
        if !fits {
            return (EncoderResult::OutputFull, read, written, replaced);
        }
    }
}

/// Writes `bytes`, or keeps them for the next call if they do not fit; whether they fit.
#[inline(never)]
fn put_bytes(bytes: &[u8], dst: &mut [u8], written: &mut usize, pending: &mut ByteQueue) -> bool {
    match dst.get_mut(*written..*written + bytes.len()) {
        Some(out) => {
            out.copy_from_slice(bytes);
            *written += bytes.len();
            true
        }
        None => {
            pending.push_back_all(bytes);
            false
        }
    }
}

/// The standard's html error mode: "&#" + the code point in decimal + ";" (section 4.1,
/// "process an item", step 5.2.1), each of which is put through the encoder. For an encoder
/// that maps ASCII to itself (every one but ISO-2022-JP's) that is the text itself;
/// ISO-2022-JP's may have to switch back to ASCII first.
#[inline]
fn numeric_character_reference<H: EncodeHandler>(h: &mut H, code_point: char) -> ByteQueue {
    let text = numeric_character_reference_text(code_point);
    if H::ASCII_FAST_PATH {
        return text;
    }
    let mut out = ByteQueue::new();
    for &b in text.as_slice() {
        loop {
            match h.code_point(b as char) {
                EncodeStep::Bytes(bytes) => {
                    out.push_back_all(bytes.as_slice());
                    break;
                }
                EncodeStep::BytesThenAgain(bytes) => out.push_back_all(bytes.as_slice()),
                // ASCII is encodable in every encoding.
                EncodeStep::Error(_) | EncodeStep::Finished => break,
            }
        }
    }
    out
}

/// "&#", the code point in decimal, ";".
#[inline(never)]
fn numeric_character_reference_text(code_point: char) -> ByteQueue {
    // Written from the end: at most "&#1114111;", ten bytes.
    let mut text = [0u8; 16];
    let mut start = 15;
    text[start] = b';';
    let mut n = code_point as u32;
    loop {
        start -= 1;
        text[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || start < 3 {
            break;
        }
    }
    text[start - 1] = b'#';
    text[start - 2] = b'&';
    ByteQueue::from_tail(text, start - 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_character_references_are_decimal() {
        let text = |c| numeric_character_reference_text(c).as_slice().to_vec();
        assert_eq!(text('\0'), b"&#0;");
        assert_eq!(text('\u{20AC}'), b"&#8364;");
        assert_eq!(text('\u{10FFFF}'), b"&#1114111;");
    }
}
