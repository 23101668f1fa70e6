//! The standard's handlers (section 4.1), as traits the generic loops in [`crate::run`] drive.
//!
//! A decoder handler is given one byte (or end-of-queue) and answers with a [`DecodeStep`]; an
//! encoder handler is given one code point (or end-of-queue) and answers with an
//! [`EncodeStep`]. Everything an encoding family does differently lives behind these two
//! traits; buffering, error modes, output-buffer limits and resumption live once in the loops.

pub(crate) mod decode_bulk;
pub(crate) mod encode_bulk;

use crate::forms::input::Input;
use crate::forms::output::Output;

/// Bytes a decoder handler gives back to be processed again: the standard's "restore" /
/// "prepend to ioQueue". Always the last bytes the handler was given, in stream order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Restore {
    pub(crate) bytes: [u8; 3],
    pub(crate) len: u8,
}

impl Restore {
    pub(crate) const NONE: Restore = Restore {
        bytes: [0; 3],
        len: 0,
    };

    pub(crate) const fn one(b: u8) -> Restore {
        Restore {
            bytes: [b, 0, 0],
            len: 1,
        }
    }

    /// `byte` if it is ASCII, else nothing: the "if byte is an ASCII byte, restore byte to
    /// ioQueue" step that keeps an invalid lead from masking ASCII (section 2).
    pub(crate) const fn if_ascii(byte: u8) -> Restore {
        if byte.is_ascii() {
            Restore::one(byte)
        } else {
            Restore::NONE
        }
    }

    pub(crate) const fn two(a: u8, b: u8) -> Restore {
        Restore {
            bytes: [a, b, 0],
            len: 2,
        }
    }

    pub(crate) const fn three(a: u8, b: u8, c: u8) -> Restore {
        Restore {
            bytes: [a, b, c],
            len: 3,
        }
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        self.bytes.get(..self.len as usize).unwrap_or_default()
    }
}

/// A decoder handler's result (section 4.1: finished, one or more items, error, continue).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DecodeStep {
    /// "Return continue": the byte was taken into the handler's state.
    Continue,
    /// One code point.
    Emit(char),
    /// Two code points (Big5's four pointers that decode to a base and a combining mark).
    EmitTwo(char, char),
    /// "Return error", after restoring some bytes to the stream.
    Error(Restore),
    /// "Return error" for a malformed sequence that ended before the byte given: it is the
    /// `len` bytes before the last `after` bytes given (this one included), which were read
    /// after it; if `open`, those bytes begin what follows and the handler holds them, else
    /// they were whole. ISO-2022-JP's two cases, reported as encoding_rs reports them: an
    /// ESC after a lead byte (the lead is malformed, the ESC opens an escape sequence), and
    /// an escape sequence right after another (the first, which introduced nothing, is
    /// malformed; the second was read after it).
    ErrorEarlier { len: u8, after: u8, open: bool },
    /// "Return finished": only in answer to end-of-queue.
    Finished,
}

/// A decoder handler: the per-encoding part of section 4.1's "process a queue".
///
/// Its state is a few bytes, and `Copy`: the loop copies it before each byte so that a step
/// whose output does not fit can be undone.
pub(crate) trait DecodeHandler: Copy {
    /// Whether bytes 0x00 to 0x7F, given between sequences, always decode to themselves, so
    /// that the loop may copy runs of them without asking the handler.
    const ASCII_FAST_PATH: bool;

    /// How many bytes the handler reads as one unit (two for UTF-16's code units): an error
    /// that restores the current unit leaves it unread in the caller's buffer, as
    /// encoding_rs reports it.
    const CODE_UNIT: usize = 1;

    /// The handler given `byte`.
    fn byte(&mut self, byte: u8) -> DecodeStep;

    /// The handler given end-of-queue.
    fn end(&mut self) -> DecodeStep;

    /// Whether no partial byte sequence is held (the state a fresh decoder is in, as far as
    /// bytes already given are concerned).
    fn between_sequences(&self) -> bool;

    /// The length of the longest prefix of `bytes` that the handler, in its current state,
    /// decodes to the code points equal to the bytes' values; None if it is in the middle
    /// of a sequence or never decodes a byte to itself (`Decoder::latin1_byte_compatible_up_to`).
    fn latin1_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
        (Self::ASCII_FAST_PATH && self.between_sequences())
            .then(|| crate::kernels::ascii::ascii_up_to(bytes))
    }

    /// Whether [`DecodeHandler::bulk_replacing`] should take, where [`DecodeHandler::bulk`]
    /// stops, the handler's own steps for one sequence, replacing errors, and go on
    /// ([`crate::handler::decode_bulk::bulk_and_steps_replacing`]); for a handler whose
    /// `bulk` leaves it as it was and stops at every error.
    const STEPS_IN_BULK: bool = false;

    /// Decodes a prefix of `src` into `dst`, in output form `O`, faster than byte by byte,
    /// returning (bytes read, units written). Called only between sequences; may decode
    /// nothing. Must leave the handler in the state the per-byte path would have.
    ///
    /// By default, runs of ASCII (if `ASCII_FAST_PATH`) and the handler's own steps over
    /// whole sequences in one loop ([`crate::handler::decode_bulk::decode_steps`]).
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        crate::handler::decode_bulk::decode_steps::<Self, O>(self, src, dst)
    }

    /// As [`DecodeHandler::bulk`], in the replacement error mode: the bulk path may also
    /// write U+FFFD for an error that leaves the handler between sequences, setting
    /// `replaced`, rather than stop before it. For input full of errors (random bytes), where
    /// going back to the generic loop for each would cost more than the error itself.
    #[inline]
    fn bulk_replacing<O: Output>(
        &mut self,
        src: &[u8],
        dst: &mut [O::Unit],
        replaced: &mut bool,
    ) -> (usize, usize) {
        if Self::STEPS_IN_BULK {
            return crate::handler::decode_bulk::bulk_and_steps_replacing::<Self, O>(
                self, src, dst, replaced,
            );
        }
        self.bulk::<O>(src, dst)
    }
}

/// Up to four bytes an encoder handler returns for one code point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ByteSequence {
    pub(crate) bytes: [u8; 4],
    pub(crate) len: u8,
}

impl ByteSequence {
    pub(crate) const fn one(a: u8) -> ByteSequence {
        ByteSequence {
            bytes: [a, 0, 0, 0],
            len: 1,
        }
    }
    pub(crate) const fn two(a: u8, b: u8) -> ByteSequence {
        ByteSequence {
            bytes: [a, b, 0, 0],
            len: 2,
        }
    }
    pub(crate) const fn pair([a, b]: [u8; 2]) -> ByteSequence {
        ByteSequence::two(a, b)
    }
    pub(crate) const fn three(a: u8, b: u8, c: u8) -> ByteSequence {
        ByteSequence {
            bytes: [a, b, c, 0],
            len: 3,
        }
    }
    pub(crate) const fn four(a: u8, b: u8, c: u8, d: u8) -> ByteSequence {
        ByteSequence {
            bytes: [a, b, c, d],
            len: 4,
        }
    }
    pub(crate) fn as_slice(&self) -> &[u8] {
        self.bytes.get(..self.len as usize).unwrap_or_default()
    }
}

/// An encoder handler's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EncodeStep {
    /// "Return bytes".
    Bytes(ByteSequence),
    /// "Prepend code point to ioQueue" and "return bytes": ISO-2022-JP's switch of state,
    /// after which the same code point is handled again.
    BytesThenAgain(ByteSequence),
    /// "Return error with code point" (the code point to report, which for ISO-2022-JP's
    /// U+000E, U+000F and U+001B is U+FFFD).
    Error(char),
    /// "Return finished": only in answer to end-of-queue.
    Finished,
}

/// An encoder handler: the per-encoding part of section 4.1's "process a queue" for encoders.
/// `Copy`, as a decoder handler is, so that a step whose bytes do not fit can be undone.
pub(crate) trait EncodeHandler: Copy {
    /// Whether U+0000 to U+007F always encode to their own byte, so that the loop may copy
    /// runs of them without asking the handler.
    const ASCII_FAST_PATH: bool;

    /// The most bytes one byte of UTF-8 input can become (used for buffer bounds).
    const MAX_BYTES_PER_UTF8_BYTE: usize;

    /// The most bytes one UTF-16 code unit of input can become (used for buffer bounds).
    const MAX_BYTES_PER_UTF16_UNIT: usize;

    /// The most bytes end-of-queue can produce (ISO-2022-JP's return to ASCII).
    const MAX_BYTES_AT_END: usize = 0;

    /// The handler given `code_point`.
    fn code_point(&mut self, code_point: char) -> EncodeStep;

    /// The handler given end-of-queue.
    fn end(&mut self) -> EncodeStep {
        EncodeStep::Finished
    }

    /// Whether the handler is in its initial state, so that end-of-queue adds nothing (false
    /// only for ISO-2022-JP's encoder outside its ASCII state).
    fn is_initial(&self) -> bool {
        true
    }

    /// Whether, in the handler's present state, an ASCII code point encodes to its own byte
    /// without changing the state (but those [`Self::ascii_run_len`] leaves out), so
    /// that the bulk loop may copy runs of them: always if `ASCII_FAST_PATH`, and in its
    /// ASCII state for ISO-2022-JP's encoder.
    #[inline(always)]
    fn copies_ascii(&self) -> bool {
        Self::ASCII_FAST_PATH
    }

    /// How many of the `copied` ASCII bytes at the start of `out`, which a run copied where
    /// [`Self::copies_ascii`] holds, it keeps: the run ends before the first byte that is not
    /// its own encoding, which only ISO-2022-JP's encoder has (0x0E, 0x0F and 0x1B, encoder
    /// step 3).
    #[inline(always)]
    fn ascii_run_len(_out: &[u8], copied: usize) -> usize {
        copied
    }

    /// Encodes a run of code points at `cursor` into `out`, each as [`Self::code_point`]
    /// would, switches of state included, advancing `cursor` past them; returns the bytes
    /// written, 0 if there is no such run. By default there is none: ISO-2022-JP's encoder
    /// has one for index jis0208's kanji and kana, which the bulk loop would otherwise take
    /// one step at a time. Bytes written must come with a code point read or a state
    /// changed, or the bulk loop would not move on.
    #[inline(always)]
    fn run<'a, C: crate::forms::input::Cursor<'a>>(
        &mut self,
        _cursor: &mut C,
        _out: &mut [u8],
    ) -> usize {
        0
    }

    /// Encodes a prefix of `src` into `dst` faster than code point by code point, returning
    /// (code units read, bytes written); `read` is at a character boundary. May encode
    /// nothing.
    ///
    /// By default, runs of ASCII (while [`Self::copies_ascii`]) and the handler's own steps in one
    /// loop ([`crate::handler::encode_bulk::encode_steps`]), up to the first error, which the generic
    /// loop then meets again: this relies on an error leaving the handler as it was, which
    /// holds of every encoder of the standard.
    #[inline]
    fn bulk<'a, I: Input<'a>>(&mut self, src: I, dst: &mut [u8]) -> (usize, usize) {
        crate::handler::encode_bulk::encode_steps(self, src, dst)
    }
}

/// The steps a fresh handler returns for `bytes`, then for end-of-queue until it finishes (as
/// the generic loop gives it), for unit tests of one handler's algorithm.
#[cfg(test)]
pub(crate) fn decode_steps<H: DecodeHandler + Default>(bytes: &[u8]) -> Vec<DecodeStep> {
    let mut h = H::default();
    let mut out: Vec<DecodeStep> = bytes.iter().map(|&b| h.byte(b)).collect();
    for _ in 0..3 {
        let step = h.end();
        out.push(step);
        if step == DecodeStep::Finished {
            break;
        }
    }
    out
}
