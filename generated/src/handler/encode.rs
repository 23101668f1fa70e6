//! The encoder side of the standard's handlers (section 4.1): a handler's answer to one code
//! point, the trait each encoder implements, and the bulk encoding every legacy encoder
//! shares: the handler's own steps, run over a whole stretch of input inside one loop, rather
//! than one code point per turn of the generic loop in [`crate::run::encode`] (which pays for
//! a char decode, a step value, a queue check and a variable-length copy each time). The
//! trait's default bulk method and the bulk loop are generic over each other, so they share
//! this file.

use crate::forms::input::{Cursor, Input};
use crate::forms::output::window;

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
    fn run<'a, C: Cursor<'a>>(&mut self, _cursor: &mut C, _out: &mut [u8]) -> usize {
        0
    }

    /// Encodes a prefix of `src` into `dst` faster than code point by code point, returning
    /// (code units read, bytes written); `read` is at a character boundary. May encode
    /// nothing.
    ///
    /// By default, runs of ASCII (while [`Self::copies_ascii`]) and the handler's own steps in one
    /// loop ([`encode_steps`]), up to the first error, which the generic
    /// loop then meets again: this relies on an error leaving the handler as it was, which
    /// holds of every encoder of the standard.
    #[inline]
    fn bulk<'a, I: Input<'a>>(&mut self, src: I, dst: &mut [u8]) -> (usize, usize) {
        encode_steps(self, src, dst)
    }
}

/// The most bytes one step of any encoder handler writes (gb18030's four-byte sequences).
const MAX_STEP_BYTES: usize = 4;

/// What [`encode_steps`] runs: an encoder handler, or [`AsciiThen`] a step of its own.
pub(crate) trait Steps {
    /// Whether runs of ASCII are copied now (asked again after each step).
    fn copies_ascii(&self) -> bool;
    /// How many of the `copied` ASCII bytes at the start of `out` a run keeps: it ends
    /// before the first that is left to [`Steps::step`] ([`EncodeHandler::ascii_run_len`]).
    fn ascii_run_len(out: &[u8], copied: usize) -> usize;
    /// The answer for `c`.
    fn step(&mut self, c: char) -> EncodeStep;
    /// Encodes a run of code points at `cursor` that the present state answers with bytes
    /// alone ([`EncodeHandler::run`]); returns the bytes written.
    #[inline(always)]
    fn run<'a, C: Cursor<'a>>(&mut self, _cursor: &mut C, _out: &mut [u8]) -> usize {
        0
    }
}

/// A handler's own steps, with ASCII copied as [`EncodeHandler::copies_ascii`] says.
impl<H: EncodeHandler> Steps for H {
    #[inline(always)]
    fn copies_ascii(&self) -> bool {
        EncodeHandler::copies_ascii(self)
    }
    #[inline(always)]
    fn ascii_run_len(out: &[u8], copied: usize) -> usize {
        H::ascii_run_len(out, copied)
    }
    #[inline(always)]
    fn step(&mut self, c: char) -> EncodeStep {
        self.code_point(c)
    }
    #[inline(always)]
    fn run<'a, C: Cursor<'a>>(&mut self, cursor: &mut C, out: &mut [u8]) -> usize {
        EncodeHandler::run(self, cursor, out)
    }
}

/// Every ASCII run copied, and the rest given to the closure (an ASCII-compatible encoder's
/// own faster steps: the single-byte encoders').
pub(crate) struct AsciiThen<F>(pub(crate) F);

impl<F: FnMut(char) -> EncodeStep> Steps for AsciiThen<F> {
    #[inline(always)]
    fn copies_ascii(&self) -> bool {
        true
    }
    #[inline(always)]
    fn ascii_run_len(_out: &[u8], copied: usize) -> usize {
        copied
    }
    #[inline(always)]
    fn step(&mut self, c: char) -> EncodeStep {
        (self.0)(c)
    }
}

/// Encodes a prefix of `src` into `dst`, returning (code units read, bytes written): runs of
/// ASCII copied a word at a time while `steps` copies ASCII (asked again after each step:
/// ISO-2022-JP's encoder does in its ASCII state), each ending before a byte
/// [`Steps::ascii_run_len`] leaves out, and every other code point given to
/// [`Steps::step`], while `dst` has room for any step.
///
/// "Return bytes" is written and the code point consumed; "prepend code point to ioQueue"
/// (ISO-2022-JP's switch of state) is written and the same code point handled again, as the
/// generic loop does. Stops before an error or end of input, leaving it to the generic loop:
/// `step` must therefore leave the handler as it was when it answers with an error, which
/// every handler of the standard does (an error never changes an encoder's state).
#[inline(always)]
pub(crate) fn encode_steps<'a, S: Steps, I: Input<'a>>(
    steps: &mut S,
    src: I,
    dst: &mut [u8],
) -> (usize, usize) {
    // The unread input is `cursor.rest()`; a `&str`'s cursor decodes valid UTF-8 without
    // checks.
    let mut cursor = src.cursor();
    let mut written = 0;
    while let Some(lead) = cursor.first_unit() {
        if lead < 0x80 && steps.copies_ascii() && S::ascii_run_len(&[lead as u8], 1) == 1 {
            // One byte here, and the word-at-a-time copy only for a run: CJK text has many
            // lone ASCII characters (spaces, digits) between its ideographs.
            let out = dst.get_mut(written..).unwrap_or_default();
            let n = if cursor.second_is_ascii() {
                let copied = cursor.rest().copy_ascii(out);
                // The run ends before the first byte the steps must answer (not the lead,
                // tested above); for an ASCII-compatible encoder there is none, and no check.
                S::ascii_run_len(out, copied)
            } else if let Some(out) = out.first_mut() {
                *out = lead as u8;
                1
            } else {
                0
            };
            if n == 0 {
                break;
            }
            // `n` ASCII units end at a character boundary.
            written += n;
            cursor.skip(n);
            continue;
        }
        // A run the handler encodes without steps (the Japanese encoders' kanji and kana).
        let n = steps.run(&mut cursor, dst.get_mut(written..).unwrap_or_default());
        if n > 0 {
            written += n;
            continue;
        }
        let Some(out) = window::<u8, MAX_STEP_BYTES>(dst, written) else {
            break;
        };
        let before = cursor.clone();
        let Some(c) = cursor.next_char() else {
            break;
        };
        match steps.step(c) {
            // All four bytes are stored and only `len` counted: one fixed-size store.
            EncodeStep::Bytes(b) => {
                *out = b.bytes;
                written += b.len as usize;
            }
            EncodeStep::BytesThenAgain(b) => {
                *out = b.bytes;
                written += b.len as usize;
                cursor = before;
            }
            EncodeStep::Error(_) | EncodeStep::Finished => {
                cursor = before;
                break;
            }
        }
    }
    (src.len() - cursor.rest().len(), written)
}

/// [`EncodeHandler::run`] for a run of code points that each become two bytes: for each
/// code point at `cursor` in `range` (within the BMP) that `bytes` encodes, writes them
/// while `out` has room, advancing `cursor` past it; returns the bytes written. The Japanese
/// encoders' kanji and kana.
#[inline(always)]
pub(crate) fn two_byte_run<'a, C: Cursor<'a>>(
    cursor: &mut C,
    out: &mut [u8],
    range: core::ops::Range<char>,
    bytes: impl Fn(char) -> Option<[u8; 2]> + Copy,
) -> usize {
    let mut written = 0;
    for pair in out.chunks_exact_mut(2) {
        let found = cursor.next_bmp_mapped(|c| range.contains(&c).then(|| bytes(c))?);
        let Some(found) = found else {
            break;
        };
        pair.copy_from_slice(&found);
        written += 2;
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handler that encodes 'é' as one byte, 'ж' as two, '€' as an escape then two bytes
    /// (the second time round), and refuses '☃'; ASCII copied if `ASCII`, and after the
    /// escape no longer (as ISO-2022-JP's jis0208 state), '#' never copied in a run.
    #[derive(Clone, Copy, Default)]
    struct Toy<const ASCII: bool> {
        escaped: bool,
    }

    impl<const ASCII: bool> EncodeHandler for Toy<ASCII> {
        const ASCII_FAST_PATH: bool = ASCII;
        const MAX_BYTES_PER_UTF8_BYTE: usize = 3;
        const MAX_BYTES_PER_UTF16_UNIT: usize = 3;

        fn code_point(&mut self, c: char) -> EncodeStep {
            match c {
                'é' => EncodeStep::Bytes(ByteSequence::one(0xE9)),
                'ж' => EncodeStep::Bytes(ByteSequence::two(0xA7, 0xD8)),
                '€' if !self.escaped => {
                    self.escaped = true;
                    EncodeStep::BytesThenAgain(ByteSequence::three(0x1B, 0x24, 0x42))
                }
                '€' => EncodeStep::Bytes(ByteSequence::two(0xA2, 0xE6)),
                '#' => EncodeStep::Bytes(ByteSequence::two(b'\\', b'#')),
                c if c.is_ascii() => EncodeStep::Bytes(ByteSequence::one(c as u8)),
                _ => EncodeStep::Error(c),
            }
        }

        fn copies_ascii(&self) -> bool {
            ASCII && !self.escaped
        }

        fn ascii_run_len(out: &[u8], copied: usize) -> usize {
            let copied = &out[..copied];
            copied
                .iter()
                .position(|&b| b == b'#')
                .unwrap_or(copied.len())
        }
    }

    #[test]
    fn steps_ascii_and_again_until_an_error() {
        let src = "ab\u{e9}\u{436}\u{20ac}c\u{2603}d";
        let mut dst = [0u8; 32];
        let (read, written) = encode_steps(&mut Toy::<true>::default(), src, &mut dst);
        assert_eq!(&src[read..], "\u{2603}d");
        assert_eq!(
            &dst[..written],
            b"ab\xE9\xA7\xD8\x1B\x24\x42\xA2\xE6c".as_slice()
        );
    }

    /// A run is copied while the handler says so, up to a byte it names, which goes to its
    /// steps; the same text gives the same bytes with no run copied at all.
    #[test]
    fn runs_end_where_the_handler_says() {
        let src = "ab#cd\u{20ac}ef#g";
        let expected = b"ab\\#cd\x1B\x24\x42\xA2\xE6ef\\#g".as_slice();
        let mut dst = [0u8; 32];
        let (read, written) = encode_steps(&mut Toy::<true>::default(), src, &mut dst);
        assert_eq!((read, &dst[..written]), (src.len(), expected));
        let (read, written) = encode_steps(&mut Toy::<false>::default(), src, &mut dst);
        assert_eq!((read, &dst[..written]), (src.len(), expected));
        let units: Vec<u16> = src.encode_utf16().collect();
        let (read, written) = encode_steps(&mut Toy::<true>::default(), &units[..], &mut dst);
        assert_eq!((read, &dst[..written]), (units.len(), expected));
    }

    #[test]
    fn stops_while_the_largest_step_still_fits() {
        let src = "\u{436}\u{436}\u{436}";
        for len in 0..8 {
            let mut dst = vec![0u8; len];
            let (read, written) = encode_steps(&mut Toy::<false>::default(), src, &mut dst);
            // A step is taken only with room for four bytes: (len − 4) / 2 + 1 of them.
            let steps = if len < 4 {
                0
            } else {
                ((len - 4) / 2 + 1).min(3)
            };
            assert_eq!((read, written), (steps * 2, steps * 2), "dst {len}");
        }
    }
}
