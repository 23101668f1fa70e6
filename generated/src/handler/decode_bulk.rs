//! The bulk decoding the multi-byte decoders share: runs of ASCII, then whole sequences
//! decoded in one loop rather than one byte per turn of the generic loop in
//! [`crate::run::decode`] (which pays for the queue, the sequence length, the undo copy and
//! a check for output that does not fit at every byte).

use crate::forms::output::{window, Output};
use crate::handler::{DecodeHandler, DecodeStep};

/// Decodes a prefix of `src` into `dst`, returning (bytes read, units written): runs of
/// ASCII copied a word at a time if `H::ASCII_FAST_PATH`, and otherwise the handler's own
/// steps, on a copy of it, over whole sequences: a sequence is taken when the handler, given
/// its bytes, answers with code points, while `dst` has room for any answer. Stops before an
/// error, a sequence the input ends inside, or anything else, leaving it to the generic
/// loop; only whole sequences are taken, so the handler stays between sequences.
#[inline(always)]
pub(crate) fn decode_steps<H: DecodeHandler, O: Output>(
    h: &mut H,
    src: &[u8],
    dst: &mut [O::Unit],
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&first) = src.get(read) {
        if H::ASCII_FAST_PATH && first.is_ascii() {
            let n = ascii_run::<O>(src, read, dst, written);
            if n == 0 {
                break;
            }
            read += n;
            written += n;
            continue;
        }
        let Some((r, w)) = one_sequence::<H, O>(
            h,
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
            None,
        ) else {
            break;
        };
        read += r;
        written += w;
    }
    (read, written)
}

/// The sequence at the start of `src` through the handler's own steps, on a copy of it: if
/// the handler answers its bytes (at most four, gb18030's longest) with a code point and
/// `dst` has room for four units, the code point is written, the handler updated, and
/// (bytes read, units written) returned; otherwise None, and nothing changes.
///
/// With `replaced` (the replacement error mode), an error after which the handler is
/// between sequences, having restored nothing or only the byte just given, is answered
/// the same way with U+FFFD (the restored byte left unread), and `replaced` set.
#[inline(always)]
pub(crate) fn one_sequence<H: DecodeHandler, O: Output>(
    h: &mut H,
    src: &[u8],
    dst: &mut [O::Unit],
    replaced: Option<&mut bool>,
) -> Option<(usize, usize)> {
    let out = window::<_, 4>(dst, 0)?;
    let mut trial = *h;
    for (i, &b) in src.iter().take(4).enumerate() {
        match trial.byte(b) {
            DecodeStep::Continue => continue,
            DecodeStep::Emit(c) => {
                *h = trial;
                return Some((i + 1, O::write_char(c, out)));
            }
            DecodeStep::Error(restore) => {
                let replaced = replaced?;
                let read = (i + 1).checked_sub(restore.len as usize)?;
                if read == 0 || restore.len > 1 || !trial.between_sequences() {
                    return None;
                }
                *h = trial;
                *replaced = true;
                return Some((read, O::write_char('\u{FFFD}', out)));
            }
            _ => return None,
        }
    }
    None
}

/// The bulk decoding of the table-driven multi-byte encodings: runs of ASCII, single bytes
/// that `single` maps, and two-byte sequences that `pair` (the decoder's own lookup, given
/// lead and trail) maps, while `dst` has room for four bytes. Both answer a code point, or
/// anything below 0x80 (0 with the tables' "null") for none. Stops before anything else (a
/// lone lead, an invalid trail, a sequence of more bytes), which the per-byte path handles;
/// since only whole sequences are taken, the decoder's state is untouched. Returns (read,
/// written).
#[cfg(any(
    feature = "gbk",
    feature = "gb18030",
    feature = "big5",
    feature = "euc-kr",
    feature = "euc-jp",
    feature = "shift_jis",
    feature = "iso-2022-jp"
))]
#[inline(always)]
pub(crate) fn decode_ascii_and_pairs<O: Output>(
    src: &[u8],
    dst: &mut [O::Unit],
    single: impl Fn(u8) -> u32,
    pair: impl Fn(u8, u8) -> u32,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&lead) = src.get(read) {
        if lead.is_ascii() {
            let n = ascii_run::<O>(src, read, dst, written);
            if n == 0 {
                break;
            }
            read += n;
            written += n;
            continue;
        }
        let Some(out) = window::<_, 4>(dst, written) else {
            break;
        };
        let (code_point, len) = match single(lead) {
            0x80.. => (single(lead), 1),
            _ => match src.get(read + 1) {
                Some(&trail) => (pair(lead, trail), 2),
                None => break,
            },
        };
        written += match code_point {
            0..=0x7F => break,
            // The tables hold scalar values only (the generator builds them from chars).
            0x80..=0xFFFF => O::write_bmp_non_ascii(code_point as u16, out),
            _ => match char::from_u32(code_point) {
                Some(c) => O::write_char(c, out),
                None => break,
            },
        };
        read += len;
    }
    (read, written)
}

/// The ASCII at `src[read..]` copied to `dst[written..]`: one byte here, and the
/// word-at-a-time copy only for a run (CJK text has many lone ASCII characters, spaces and
/// digits, between its ideographs). Returns how many bytes.
#[inline(always)]
fn ascii_run<O: Output>(src: &[u8], read: usize, dst: &mut [O::Unit], written: usize) -> usize {
    let rest = src.get(read..).unwrap_or_default();
    let out = dst.get_mut(written..).unwrap_or_default();
    match (rest, out.first_mut()) {
        ([_, next, ..], _) if next.is_ascii() => O::copy_ascii(rest, out),
        ([b, ..], Some(out)) => {
            *out = O::ascii(*b);
            1
        }
        _ => 0,
    }
}
