//! The bulk encoding every legacy encoder shares: the handler's own steps, run over a whole
//! stretch of input inside one loop, rather than one code point per turn of the generic loop
//! in [`crate::run::encode`] (which pays for a char decode, a step value, a queue check and a
//! variable-length copy each time).

use crate::forms::input::{Cursor, Input};
use crate::forms::output::window;
use crate::handler::EncodeStep;

/// The most bytes one step of any encoder handler writes (gb18030's four-byte sequences).
const MAX_STEP_BYTES: usize = 4;

/// Encodes a prefix of `src` into `dst`, returning (code units read, bytes written): runs of
/// ASCII copied a word at a time if `ascii` (the handler's `ASCII_FAST_PATH`), and every
/// other code point given to `step`, the handler's own answer for it, while `dst` has room
/// for any step.
///
/// "Return bytes" is written and the code point consumed; "prepend code point to ioQueue"
/// (ISO-2022-JP's switch of state) is written and the same code point handled again, as the
/// generic loop does. Stops before an error or end of input, leaving it to the generic loop:
/// `step` must therefore leave the handler as it was when it answers with an error, which
/// every handler of the standard does (an error never changes an encoder's state).
#[inline(always)]
pub(crate) fn encode_steps<'a, I: Input<'a>>(
    src: I,
    dst: &mut [u8],
    ascii: bool,
    mut step: impl FnMut(char) -> EncodeStep,
) -> (usize, usize) {
    // The unread input is `cursor.rest()`; a `&str`'s cursor decodes valid UTF-8 without
    // checks.
    let mut cursor = src.cursor();
    let mut written = 0;
    while let Some(lead) = cursor.first_unit() {
        if ascii && lead < 0x80 {
            // One byte here, and the word-at-a-time copy only for a run: CJK text has many
            // lone ASCII characters (spaces, digits) between its ideographs.
            let out = dst.get_mut(written..).unwrap_or_default();
            let n = if cursor.second_is_ascii() {
                cursor.rest().copy_ascii(out)
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
        let Some(out) = window::<u8, MAX_STEP_BYTES>(dst, written) else {
            break;
        };
        let before = cursor.clone();
        let Some(c) = cursor.next_char() else {
            break;
        };
        match step(c) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handler::Bytes;

    /// A step that encodes 'é' as one byte, 'ж' as two, '€' as an escape then two bytes (the
    /// second time round), and refuses '☃'.
    fn toy_step(escaped: &mut bool, c: char) -> EncodeStep {
        match c {
            'é' => EncodeStep::Bytes(Bytes::one(0xE9)),
            'ж' => EncodeStep::Bytes(Bytes::two(0xA7, 0xD8)),
            '€' if !*escaped => {
                *escaped = true;
                EncodeStep::BytesThenAgain(Bytes::three(0x1B, 0x24, 0x42))
            }
            '€' => EncodeStep::Bytes(Bytes::two(0xA2, 0xE6)),
            c if c.is_ascii() => EncodeStep::Bytes(Bytes::one(c as u8)),
            _ => EncodeStep::Error(c),
        }
    }

    #[test]
    fn steps_ascii_and_again_until_an_error() {
        let mut escaped = false;
        let src = "ab\u{e9}\u{436}\u{20ac}c\u{2603}d";
        let mut dst = [0u8; 32];
        let (read, written) = encode_steps(src, &mut dst, true, |c| toy_step(&mut escaped, c));
        assert_eq!(&src[read..], "\u{2603}d");
        assert_eq!(
            &dst[..written],
            b"ab\xE9\xA7\xD8\x1B\x24\x42\xA2\xE6c".as_slice()
        );
    }

    #[test]
    fn stops_while_the_largest_step_still_fits() {
        let src = "\u{436}\u{436}\u{436}";
        for len in 0..8 {
            let mut dst = vec![0u8; len];
            let (read, written) = encode_steps(src, &mut dst, false, |c| toy_step(&mut false, c));
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
