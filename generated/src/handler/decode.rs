//! The decoder side of the standard's handlers (section 4.1): a handler's answer to one byte,
//! the trait each decoder implements, and the bulk decoding the multi-byte decoders share:
//! runs of ASCII, then whole sequences decoded in one loop rather than one byte per turn of the
//! generic loop in [`crate::run::decode`] (which pays for the queue, the sequence length, the
//! undo copy and a check for output that does not fit at every byte). The trait's default
//! bulk methods and the bulk loops are generic over each other, so they share this file.

#[cfg(feature = "_two-byte")]
use crate::forms::output::Form;
#[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
use crate::forms::output::OutputBuffer;
use crate::forms::output::{window, Output};

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
    /// ([`bulk_and_steps_replacing`]); for a handler whose
    /// `bulk` leaves it as it was and stops at every error.
    const STEPS_IN_BULK: bool = false;

    /// Decodes a prefix of `src` into `dst`, in output form `O`, faster than byte by byte,
    /// returning (bytes read, units written). Called only between sequences; may decode
    /// nothing. Must leave the handler in the state the per-byte path would have.
    ///
    /// By default, runs of ASCII (if `ASCII_FAST_PATH`) and the handler's own steps over
    /// whole sequences in one loop ([`bulk_steps`]).
    #[inline]
    fn bulk<O: Output>(&mut self, src: &[u8], dst: &mut [O::Unit]) -> (usize, usize) {
        bulk_steps::<Self, O>(self, src, dst)
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
            return bulk_and_steps_replacing::<Self, O>(self, src, dst, replaced);
        }
        self.bulk::<O>(src, dst)
    }
}

/// Decodes a prefix of `src` into `dst`, returning (bytes read, units written): runs of
/// ASCII copied a word at a time if `H::ASCII_FAST_PATH`, and otherwise the handler's own
/// steps, on a copy of it, over whole sequences: a sequence is taken when the handler, given
/// its bytes, answers with code points, while `dst` has room for any answer. Stops before an
/// error, a sequence the input ends inside, or anything else, leaving it to the generic
/// loop; only whole sequences are taken, so the handler stays between sequences.
#[inline(always)]
pub(crate) fn bulk_steps<H: DecodeHandler, O: Output>(
    h: &mut H,
    src: &[u8],
    dst: &mut [O::Unit],
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    while let Some(&first) = src.get(read) {
        if H::ASCII_FAST_PATH && first.is_ascii() {
            let n = ascii_run::<O>(
                src.get(read..).unwrap_or_default(),
                dst.get_mut(written..).unwrap_or_default(),
            );
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
/// lead and trail) maps, while `dst` has room for four units. Both answer a code point of
/// the BMP, or anything below 0x80 (0 with the tables' "null") for none; for a pair with
/// none, `other_pair` is asked next, for the pairs a decoder does not look up in its
/// table's values (Big5's code points in plane 2, EUC-JP's half-width katakana), and
/// answers a code point, or anything below 0x80 for none. A byte is a lead or a single
/// byte, never both. Stops before anything else (a lone lead, an invalid trail, a sequence
/// of more bytes), which the per-byte path handles; since only whole sequences are taken,
/// the decoder's state is untouched. Returns (read, written).
///
/// The table's values and the other pairs come apart so that the common case, a table's
/// value, is written after one test of its range.
///
/// With `RUNS`, into UTF-16 (UTF-8 takes one pair a turn: its pairs' lengths differ), the
/// pairs after a pair are decoded by [`two_byte`], a loop that bounds the run once rather than
/// each pair's bytes and room (Japanese and Chinese text has long runs of pairs between its
/// ASCII). A decoder for text whose runs are short leaves it off: Korean writes words apart,
/// and runs of a few pairs do not repay the run's set-up.
#[cfg(feature = "_two-byte")]
#[inline(always)]
pub(crate) fn decode_ascii_and_two_byte<O: Output, const RUNS: bool>(
    src: &[u8],
    dst: &mut [O::Unit],
    single: impl Fn(u8) -> u16,
    pair: impl Fn(u8, u8) -> u16,
    other_pair: impl Fn(u8, u8) -> u32,
) -> (usize, usize) {
    // The unwritten output as a slice that shrinks from the front: a sequence then costs
    // one length test for it, where an index costs two.
    let mut read = 0;
    let mut out_rest: &mut [O::Unit] = dst;
    let dst_len = out_rest.len();
    while let Some(&lead) = src.get(read) {
        let Some((out, _)) = out_rest.split_first_chunk_mut::<4>() else {
            break;
        };
        if lead.is_ascii() {
            // A lone ASCII byte here (CJK text has many, spaces and digits between its
            // ideographs), a run by the word-at-a-time copy.
            let n = match src.get(read + 1) {
                Some(next) if next.is_ascii() => {
                    copy_ascii_run::<O>(src.get(read..).unwrap_or_default(), out_rest)
                }
                _ => {
                    out[0] = O::ascii(lead);
                    1
                }
            };
            read += n;
            out_rest = core::mem::take(&mut out_rest)
                .get_mut(n..)
                .unwrap_or_default();
            continue;
        }
        // A byte is a lead or a single byte, never both: a lead's pair first, the common case.
        let trail = src.get(read + 1).copied();
        let (n, len) = match trail.map(|trail| pair(lead, trail)) {
            // The tables hold scalar values only (the generator builds them from chars).
            Some(code_point @ 0x80..) => (O::write_bmp_non_ascii(code_point, out), 2),
            _ => match (single(lead), trail) {
                (code_point @ 0x80.., _) => (O::write_bmp_non_ascii(code_point, out), 1),
                (_, Some(trail)) => match char::from_u32(other_pair(lead, trail)) {
                    Some(c) if !c.is_ascii() => (O::write_char(c, out), 2),
                    _ => break,
                },
                (_, None) => break,
            },
        };
        read += len;
        out_rest = core::mem::take(&mut out_rest)
            .get_mut(n..)
            .unwrap_or_default();
        // After a pair, more of them: the rest of the run in a loop of its own.
        if RUNS
            && O::FORM == Form::Utf16
            && len == 2
            && src.get(read).is_some_and(|b| !b.is_ascii())
        {
            let (r, w) = two_byte::<O>(src.get(read..).unwrap_or_default(), out_rest, &pair);
            read += r;
            out_rest = core::mem::take(&mut out_rest)
                .get_mut(w..)
                .unwrap_or_default();
        }
    }
    (read, dst_len - out_rest.len())
}

/// A handler's bulk path in the replacement error mode, for a handler whose
/// [`DecodeHandler::bulk`] leaves it as it was (the pair decoders'): the bulk path and,
/// where it stops, the handler's own steps for one sequence, replacing an error that leaves
/// the handler between sequences ([`one_sequence`]), in turn until neither takes anything.
/// For input with many errors (random bytes), where going back to the generic loop for
/// each costs more than the error itself; the sequences the bulk path leaves to the
/// handler (gb18030's four bytes, EUC-JP's three) are taken here too.
#[inline(always)]
pub(crate) fn bulk_and_steps_replacing<H: DecodeHandler, O: Output>(
    h: &mut H,
    src: &[u8],
    dst: &mut [O::Unit],
    replaced: &mut bool,
) -> (usize, usize) {
    let mut read = 0;
    let mut written = 0;
    loop {
        let (r, w) = h.bulk::<O>(
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
        );
        read += r;
        written += w;
        match one_sequence::<H, O>(
            h,
            src.get(read..).unwrap_or_default(),
            dst.get_mut(written..).unwrap_or_default(),
            Some(replaced),
        ) {
            Some((r, w)) => {
                read += r;
                written += w;
            }
            None => return (read, written),
        }
    }
}

/// `O::copy_ascii`, out of the pair loop's line: runs are rare in CJK text, and inlined,
/// the copy's registers crowd the loop's.
#[cfg(feature = "_two-byte")]
#[inline(never)]
fn copy_ascii_run<O: Output>(src: &[u8], dst: &mut [O::Unit]) -> usize {
    O::copy_ascii(src, dst)
}

/// The ASCII at the start of `src` copied to the start of `dst`: one byte here, and the
/// word-at-a-time copy only for a run (CJK text has many lone ASCII characters, spaces and
/// digits, between its ideographs). Returns how many bytes.
#[inline(always)]
fn ascii_run<O: Output>(src: &[u8], dst: &mut [O::Unit]) -> usize {
    match (src, dst.first_mut()) {
        ([_, next, ..], _) if next.is_ascii() => O::copy_ascii(src, dst),
        ([b, ..], Some(out)) => {
            *out = O::ascii(*b);
            1
        }
        _ => 0,
    }
}

/// Decodes the run of two-byte sequences at the start of `src` that `pair` (a decoder's
/// lookup, given lead and trail) maps, each to a BMP scalar value of at least 0x80 (anything
/// below 0x80 for none), whose text fits in `dst`; returns (bytes read, units written). The
/// pair decoders' runs, in the kernel of each output form ([`crate::kernels::two_byte`]).
#[cfg(any(feature = "_two-byte", feature = "iso-2022-jp"))]
#[inline(always)]
pub(crate) fn two_byte<O: Output>(
    src: &[u8],
    dst: &mut [O::Unit],
    pair: impl Fn(u8, u8) -> u16,
) -> (usize, usize) {
    match O::buffer(dst) {
        OutputBuffer::Utf8(dst) => crate::kernels::two_byte::to_utf8(src, dst, pair),
        OutputBuffer::Utf16(dst) => crate::kernels::two_byte::to_utf16(src, dst, pair),
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
