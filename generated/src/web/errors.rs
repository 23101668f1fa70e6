//! The two exceptions section 7 throws, as Rust errors: [`RangeError`] from the
//! constructors, [`TypeError`] from decoding in the fatal error mode.

use alloc::string::String;
use core::fmt;

/// What the standard's constructors throw (sections 7.2 and 7.5, constructor step 2): the
/// label names no encoding, names the replacement encoding, or names an encoding this build
/// left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError {
    message: String,
}

/// What decoding throws in the "fatal" error mode (section 7.2, `decode()` step 5.3.3;
/// section 7.5, "decode and enqueue a chunk" step 4.4 and "flush and enqueue"): the input
/// has a malformed byte sequence. Also what a [`TextDecoderStream`](crate::TextDecoderStream)
/// gives once it is errored or closed, as a JavaScript stream's writer would.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError {
    message: String,
}

impl RangeError {
    pub(crate) fn new(message: String) -> RangeError {
        RangeError { message }
    }

    /// The error's message, as a JavaScript engine would show it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl TypeError {
    pub(crate) fn new(message: String) -> TypeError {
        TypeError { message }
    }

    /// The error's message, as a JavaScript engine would show it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RangeError: {}", self.message)
    }
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeError: {}", self.message)
    }
}

// `core::error::Error` (the trait `std::error::Error` re-exports) so that the errors work
// with `?` and `Box<dyn Error>` in no_std builds too.
impl core::error::Error for RangeError {}
impl core::error::Error for TypeError {}
