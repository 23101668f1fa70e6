//! Section 7.2, "interface TextDecoder".

use alloc::string::String;
use core::fmt;

use super::errors::{RangeError, TypeError};
use super::text_decoder_common::{TextDecoderCommon, TextDecoderOptions};

/// The `TextDecodeOptions` dictionary (section 7.2): the options of one `decode()` call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextDecodeOptions {
    /// More input follows: keep the decoder's state, and a sequence split at the end of this
    /// input, for the next call (the do not flush flag).
    pub stream: bool,
}

/// The standard's `TextDecoder` (section 7.2): decodes bytes in any encoding but
/// replacement, in one call or in a stream of calls, exactly as a browser's does.
///
/// Streamed calls give what one call would: a character split between inputs comes out
/// whole in the call that completes it, and a byte order mark is dropped only at the very
/// start of the stream.
///
/// ```
/// # #[cfg(feature = "shift_jis")]
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use whatwg_encoding::{TextDecodeOptions, TextDecoder, TextDecoderOptions};
///
/// let mut decoder = TextDecoder::new("sjis", TextDecoderOptions::default())?;
/// assert_eq!(decoder.encoding(), "shift_jis");
///
/// let stream = TextDecodeOptions { stream: true };
/// // 日本 is 93 FA 96 7B; the second character is split between the calls.
/// assert_eq!(decoder.decode(b"\x93\xFA\x96", stream)?, "日");
/// assert_eq!(decoder.decode(b"\x7B", TextDecodeOptions::default())?, "本");
///
/// let mut fatal = TextDecoder::new("utf-8", TextDecoderOptions { fatal: true, ..Default::default() })?;
/// assert!(fatal.decode(b"\xFF", TextDecodeOptions::default()).is_err());
/// # Ok(())
/// # }
/// # #[cfg(not(feature = "shift_jis"))]
/// # fn main() {}
/// ```
pub struct TextDecoder {
    common: TextDecoderCommon,
    do_not_flush: bool,
}

impl TextDecoder {
    /// `new TextDecoder(label, options)` (section 7.2): a RangeError if `label` is not a
    /// label of any encoding (after trimming ASCII whitespace and ignoring ASCII case), is
    /// a label of replacement, or names an encoding this build left out.
    pub fn new(label: &str, options: TextDecoderOptions) -> Result<TextDecoder, RangeError> {
        Ok(TextDecoder {
            common: TextDecoderCommon::new(label, options)?,
            do_not_flush: false,
        })
    }

    /// The `encoding` getter (section 7.1): the encoding's name, ASCII lowercased, such as
    /// "shift_jis".
    pub fn encoding(&self) -> &'static str {
        self.common.encoding()
    }

    /// The `fatal` getter (section 7.1): whether malformed input throws.
    pub fn fatal(&self) -> bool {
        self.common.fatal()
    }

    /// The `ignoreBOM` getter (section 7.1).
    pub fn ignore_bom(&self) -> bool {
        self.common.ignore_bom()
    }

    /// `decode(input, options)` (section 7.2). Unless the previous call set `stream`, starts
    /// afresh (step 1: a new decoder, an empty I/O queue, BOM seen false). With `stream`,
    /// an incomplete sequence at the end of `input` waits for the next call; without it,
    /// the end of `input` is the end of the stream.
    ///
    /// In the fatal error mode a malformed sequence gives a [`TypeError`] and this call's
    /// output is lost. What happens next is the standard's: after a call without `stream`
    /// the next call starts afresh; after a call with `stream` the decoder keeps its state
    /// and the bytes after the malformed sequence, and the next call goes on from there.
    pub fn decode(
        &mut self,
        input: &[u8],
        options: TextDecodeOptions,
    ) -> Result<String, TypeError> {
        if !self.do_not_flush {
            self.common.reset();
        }
        self.do_not_flush = options.stream;
        self.common.decode(input, !options.stream)
    }
}

/// `new TextDecoder()`: the label defaults to "utf-8" and the options to false.
impl Default for TextDecoder {
    fn default() -> TextDecoder {
        TextDecoder {
            common: TextDecoderCommon::utf_8(TextDecoderOptions::default()),
            do_not_flush: false,
        }
    }
}

impl fmt::Debug for TextDecoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.common.debug("TextDecoder", f)
    }
}
