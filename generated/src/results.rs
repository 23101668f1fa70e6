//! The results of the streaming calls, shared by the public API and the loops that produce
//! them. They are encoding_rs's, so that code written against it compiles unchanged.

/// The result of a streaming call that replaces errors (U+FFFD when decoding, numeric
/// character references when encoding).
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoderResult {
    /// All the input was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// The output buffer is full: call again with more room.
    OutputFull,
}

/// The result of a streaming decode that stops at errors.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecoderResult {
    /// All the input was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// The output buffer is full: call again with more room.
    OutputFull,
    /// A malformed byte sequence: its length, and how many bytes were read after it. The
    /// sequence ends `after` bytes before the read count the call returns, and may have
    /// begun in an earlier buffer.
    Malformed(u8, u8),
}

/// The result of a streaming encode that stops at unmappable code points.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncoderResult {
    /// All the input was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// The output buffer is full: call again with more room.
    OutputFull,
    /// A code point the encoding cannot represent; it has been read.
    Unmappable(char),
}

impl DecoderResult {
    /// What the replacing calls report for this result (they never stop at an error).
    pub(crate) fn into_coder_result(self) -> CoderResult {
        match self {
            DecoderResult::OutputFull => CoderResult::OutputFull,
            _ => CoderResult::InputEmpty,
        }
    }
}

impl EncoderResult {
    /// What the replacing calls report for this result (they never stop at an error).
    pub(crate) fn into_coder_result(self) -> CoderResult {
        match self {
            EncoderResult::OutputFull => CoderResult::OutputFull,
            _ => CoderResult::InputEmpty,
        }
    }
}
