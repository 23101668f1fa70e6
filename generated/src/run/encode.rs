//! The generic encode loop: section 4.1's "run" for an encoder handler over one buffer of
//! either input form.
//!
//! As with the decode loop, only the skeleton is generic, and a step whose bytes do not fit
//! is not taken (the handler is put back as it was and the code point left unread), so that
//! when a call returns `OutputFull`, everything read has been written. An unmappable code
//! point in the html mode is taken only when its whole numeric character reference fits.

use super::queue::ByteQueue;
use super::ErrorMode;
use crate::forms::input::{after_held_lead, Cursor, Input};
use crate::forms::output::window;
use crate::handler::{EncodeHandler, EncodeStep};
use crate::results::EncoderResult;

/// What an encoder keeps between calls besides its handler's own state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EncodeState {
    /// A lead surrogate that ended the previous call's UTF-16 input: it pairs with a trail
    /// surrogate at the start of the next call, and is otherwise U+FFFD.
    held_lead: Option<u16>,
}

impl EncodeState {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Whether a lead surrogate is held for the next call.
    pub(crate) fn holds_lead_surrogate(&self) -> bool {
        self.held_lead.is_some()
    }
}

/// What became of one code point given to the handler outside its bulk path.
enum One {
    /// It was taken: the handler's bytes (or its numeric character reference) were written.
    Written,
    /// Its bytes were written and the same code point is to be given again (ISO-2022-JP's
    /// switch of state).
    Again,
    /// Its bytes do not fit: nothing was written and the handler is as it was.
    DoesNotFit,
    /// It is unmappable, in the fatal mode.
    Unmappable(char),
    /// End-of-queue was answered with finished.
    Finished,
}

/// Encodes `src` into `dst` with handler `h`; `last` means that end-of-queue follows `src`.
///
/// Returns the result, code units read, bytes written and whether any unmappable code point
/// was replaced by a numeric character reference.
#[inline]
pub(crate) fn encode<'a, H: EncodeHandler, I: Input<'a>>(
    h: &mut H,
    st: &mut EncodeState,
    src: I,
    dst: &mut [u8],
    last: bool,
    mode: ErrorMode,
) -> (EncoderResult, usize, usize, bool) {
    let mut read = 0;
    let mut written = 0;
    let mut replaced = false;
    if let Some(lead) = st.held_lead {
        if src.len() == 0 && !last {
            return (EncoderResult::InputEmpty, 0, 0, false);
        }
        let (c, used) = after_held_lead(lead, src.first_utf16_unit());
        loop {
            match one(h, Some(c), dst, &mut written, &mut replaced, mode) {
                One::Again => continue,
                One::DoesNotFit => {
                    return (EncoderResult::OutputFull, 0, written, replaced);
                }
                One::Unmappable(c) => {
                    st.held_lead = None;
                    return (EncoderResult::Unmappable(c), used, written, replaced);
                }
                One::Written | One::Finished => break,
            }
        }
        st.held_lead = None;
        read = used;
    }
    // A lead surrogate at the end of a call that is not the last waits for its trail.
    let (src, tail) = if last {
        (src, None)
    } else {
        src.split_trailing_lead_surrogate()
    };
    loop {
        let (r, w) = h.bulk(src.from(read), dst.get_mut(written..).unwrap_or_default());
        read += r;
        written += w;
        let mut cursor = src.from(read).cursor();
        let c = cursor.next_char();
        if c.is_none() && !last {
            if let Some(lead) = tail {
                st.held_lead = Some(lead);
                read += 1;
            }
            return (EncoderResult::InputEmpty, read, written, replaced);
        }
        let taken = src.len() - read - cursor.rest().len();
        match one(h, c, dst, &mut written, &mut replaced, mode) {
            One::Written => read += taken,
            One::Again => {}
            One::DoesNotFit => return (EncoderResult::OutputFull, read, written, replaced),
            One::Unmappable(c) => {
                return (
                    EncoderResult::Unmappable(c),
                    read + taken,
                    written,
                    replaced,
                )
            }
            One::Finished => return (EncoderResult::InputEmpty, read, written, replaced),
        }
    }
}

/// Gives the handler `code_point` (None: end-of-queue) and writes what it answers.
#[inline]
fn one<H: EncodeHandler>(
    h: &mut H,
    code_point: Option<char>,
    dst: &mut [u8],
    written: &mut usize,
    replaced: &mut bool,
    mode: ErrorMode,
) -> One {
    // A handler is a few bytes: copied, it can be put back if its bytes do not fit.
    let before = *h;
    let step = match code_point {
        Some(c) => h.code_point(c),
        None => h.end(),
    };
    let (bytes, taken) = match step {
        EncodeStep::Bytes(b) => (b, One::Written),
        EncodeStep::BytesThenAgain(b) => (b, One::Again),
        EncodeStep::Finished => return One::Finished,
        EncodeStep::Error(c) => match mode {
            ErrorMode::Fatal => return One::Unmappable(c),
            ErrorMode::Replace => {
                let ncr = numeric_character_reference(h, c);
                if !put_bytes(ncr.as_slice(), dst, written) {
                    *h = before;
                    return One::DoesNotFit;
                }
                *replaced = true;
                return One::Written;
            }
        },
    };
    if let Some(out) = window::<_, 4>(dst, *written) {
        // All four bytes are stored and only `len` counted: one fixed-size store instead of
        // a copy of variable length.
        *out = bytes.bytes;
        *written += bytes.len as usize;
        return taken;
    }
    if put_bytes(bytes.as_slice(), dst, written) {
        taken
    } else {
        *h = before;
        One::DoesNotFit
    }
}

/// Writes `bytes` if they fit; whether they did.
#[inline(never)]
fn put_bytes(bytes: &[u8], dst: &mut [u8], written: &mut usize) -> bool {
    match dst.get_mut(*written..*written + bytes.len()) {
        Some(out) => {
            out.copy_from_slice(bytes);
            *written += bytes.len();
            true
        }
        None => false,
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
pub(crate) fn numeric_character_reference_text(code_point: char) -> ByteQueue {
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
