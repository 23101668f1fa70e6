//! Section 7.5, "interface TextDecoderStream", as a push API: [`TextDecoderStream::write`] is
//! the transform algorithm, [`TextDecoderStream::close`] the flush algorithm.

use alloc::string::{String, ToString};
use core::fmt;

use super::errors::{RangeError, TypeError};
use super::text_decoder_common::{TextDecoderCommon, TextDecoderOptions};

/// The standard's `TextDecoderStream` (section 7.5): decodes a stream of byte chunks into a
/// stream of string chunks. Each [`write`](TextDecoderStream::write) returns what its chunk
/// completes (a character split between chunks comes out with the chunk that ends it), and
/// [`close`](TextDecoderStream::close) returns the end of the stream.
///
/// In the fatal error mode a malformed sequence errors the stream: that call and every call
/// after it give a [`TypeError`], as a JavaScript stream's writer would.
///
/// ```
/// use whatwg_encoding::{TextDecoderOptions, TextDecoderStream};
///
/// let mut stream = TextDecoderStream::new("utf-8", TextDecoderOptions::default())?;
/// // U+1F499 is F0 9F 92 99.
/// assert_eq!(stream.write(b"I \xF0\x9F")?, "I ");
/// assert_eq!(stream.write(b"\x92\x99 streams")?, "\u{1F499} streams");
/// assert_eq!(stream.write(b"\xF0")?, "");
/// assert_eq!(stream.close()?, "\u{FFFD}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TextDecoderStream {
    common: TextDecoderCommon,
    state: StreamState,
}

/// Where the stream's writable side is: open, closed, or errored with a TypeError.
enum StreamState {
    Open,
    Closed,
    Errored(TypeError),
}

impl TextDecoderStream {
    /// `new TextDecoderStream(label, options)` (section 7.5): a RangeError if `label` is not
    /// a label of any encoding, is a label of replacement, or names an encoding this build
    /// left out.
    pub fn new(label: &str, options: TextDecoderOptions) -> Result<TextDecoderStream, RangeError> {
        Ok(TextDecoderStream {
            common: TextDecoderCommon::new(label, options)?,
            state: StreamState::Open,
        })
    }

    /// The `encoding` getter (section 7.1): the encoding's name, ASCII lowercased.
    pub fn encoding(&self) -> &'static str {
        self.common.encoding()
    }

    /// The `fatal` getter (section 7.1): whether malformed input errors the stream.
    pub fn fatal(&self) -> bool {
        self.common.fatal()
    }

    /// The `ignoreBOM` getter (section 7.1).
    pub fn ignore_bom(&self) -> bool {
        self.common.ignore_bom()
    }

    /// "Decode and enqueue a chunk" (section 7.5): the text this chunk completes, which may
    /// be empty (the standard then enqueues nothing).
    pub fn write(&mut self, chunk: &[u8]) -> Result<String, TypeError> {
        self.check_open()?;
        let result = self.common.decode(chunk, false);
        self.settle(result)
    }

    /// "Flush and enqueue" (section 7.5): the end of the stream, which is U+FFFD (or, in the
    /// fatal error mode, a TypeError) if the stream ended inside a sequence. Closes the
    /// stream: later calls give a TypeError.
    pub fn close(&mut self) -> Result<String, TypeError> {
        self.check_open()?;
        let result = self.common.decode(&[], true);
        if result.is_ok() {
            self.state = StreamState::Closed;
        }
        self.settle(result)
    }

    /// The TypeError a closed or errored stream gives a writer.
    fn check_open(&self) -> Result<(), TypeError> {
        match &self.state {
            StreamState::Open => Ok(()),
            StreamState::Closed => Err(TypeError::new(
                "The TextDecoderStream is closed: it takes no more chunks.".to_string(),
            )),
            StreamState::Errored(error) => Err(error.clone()),
        }
    }

    /// A TypeError errors the stream (section 7.5: "both readable and writable will be
    /// errored with a TypeError").
    fn settle(&mut self, result: Result<String, TypeError>) -> Result<String, TypeError> {
        if let Err(error) = &result {
            self.state = StreamState::Errored(error.clone());
        }
        result
    }
}

impl fmt::Debug for TextDecoderStream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.common.debug("TextDecoderStream", f)
    }
}
