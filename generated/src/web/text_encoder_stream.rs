//! Section 7.6, "interface TextEncoderStream", as a push API: [`TextEncoderStream::write`] is
//! the transform algorithm, [`TextEncoderStream::close`] the flush algorithm.

use alloc::vec::Vec;

use super::utf16::utf16_to_utf8_vec;

/// The UTF-8 of U+FFFD, what a surrogate that pairs with nothing becomes.
const REPLACEMENT_CHARACTER: &[u8] = "\u{FFFD}".as_bytes();

/// The standard's `TextEncoderStream` (section 7.6): encodes a stream of JavaScript string
/// chunks to UTF-8. A surrogate pair split between two chunks is encoded whole: a high
/// surrogate at the end of a chunk waits for the next one (the pending high surrogate), and
/// becomes U+FFFD if the next chunk does not start with a low surrogate or the stream ends.
///
/// ```
/// use whatwg_encoding::TextEncoderStream;
///
/// let mut stream = TextEncoderStream::new();
/// // U+1F499 is the pair D83D DC99, here split between two chunks.
/// assert_eq!(stream.write(&[0x49, 0x20, 0xD83D]), b"I ");
/// assert_eq!(stream.write(&[0xDC99]), "\u{1F499}".as_bytes());
/// assert_eq!(stream.write(&[0xD83D]), b"");
/// assert_eq!(stream.close(), "\u{FFFD}".as_bytes());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextEncoderStream {
    pending_high_surrogate: Option<u16>,
}

impl TextEncoderStream {
    /// `new TextEncoderStream()` (section 7.6): a UTF-8 encoder and no pending high
    /// surrogate.
    pub fn new() -> TextEncoderStream {
        TextEncoderStream::default()
    }

    /// The `encoding` getter (section 7.3): always "utf-8".
    pub fn encoding(&self) -> &'static str {
        "utf-8"
    }

    /// "Encode and enqueue a chunk" (section 7.6) for a chunk of UTF-16 code units: its
    /// UTF-8, which may be empty (the standard then enqueues nothing). A high surrogate at
    /// the end waits for the next chunk; a lone surrogate elsewhere becomes U+FFFD.
    pub fn write(&mut self, chunk: &[u16]) -> Vec<u8> {
        let mut output = Vec::new();
        let mut rest = chunk;
        if let Some(high) = self.pending_high_surrogate {
            // "Convert code unit to scalar value" step 1.
            let Some((&first, after)) = rest.split_first() else {
                // An empty chunk carries the pending surrogate past it.
                return output;
            };
            self.pending_high_surrogate = None;
            if is_low_surrogate(first) {
                output = utf16_to_utf8_vec(&[high, first]);
                rest = after;
            } else {
                output.extend_from_slice(REPLACEMENT_CHARACTER);
            }
        }
        if let Some((&last, before)) = rest.split_last() {
            if is_high_surrogate(last) {
                // Step 2: the chunk's last code unit might pair with the next chunk's first.
                self.pending_high_surrogate = Some(last);
                rest = before;
            }
        }
        output.extend_from_slice(&utf16_to_utf8_vec(rest));
        output
    }

    /// "Encode and enqueue a chunk" for a chunk that is a `&str`: its bytes, after U+FFFD
    /// for a pending high surrogate (a `&str` cannot start with the low surrogate it needs).
    pub fn write_str(&mut self, chunk: &str) -> Vec<u8> {
        let mut output = Vec::new();
        if !chunk.is_empty() && self.pending_high_surrogate.take().is_some() {
            output.extend_from_slice(REPLACEMENT_CHARACTER);
        }
        output.extend_from_slice(chunk.as_bytes());
        output
    }

    /// "Encode and flush" (section 7.6): U+FFFD if a high surrogate is still pending, else
    /// nothing. The stream can then take a new sequence of chunks.
    pub fn close(&mut self) -> Vec<u8> {
        match self.pending_high_surrogate.take() {
            Some(_) => REPLACEMENT_CHARACTER.to_vec(),
            None => Vec::new(),
        }
    }
}

fn is_high_surrogate(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

fn is_low_surrogate(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}
