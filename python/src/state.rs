//! A decoder's state between calls as plain values: for `getstate()` and `setstate()`, which
//! `io.TextIOWrapper`'s `tell()` and `seek()` use, and for pickling, which moves a decoder
//! mid-stream to another process.
//!
//! A decoder's state between calls is the bytes it holds (read, not yet decoded into text),
//! which a new decoder given the same bytes holds in the same way; and, for ISO-2022-JP only,
//! what outlives those bytes (section 12.2.1): the mode its last escape sequence selected,
//! and its output flag, set by an escape sequence and cleared by anything decoded after it.
//! Both are followed here from the escape sequences in the stream: 0x1B starts an escape
//! sequence in every state (in the trail byte state after an error), so each ESC ( B,
//! ESC ( J, ESC ( I, ESC $ @ and ESC $ B in the bytes is one the decoder took. The
//! replacement encoding's decoder has a state too (section 14.1): whether it has returned its
//! one error, which it has once fed any byte.

use std::collections::VecDeque;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use whatwg_encoding::{Decoder, Encoding, ISO_2022_JP, REPLACEMENT};

/// The most bytes before a call's input that a malformed sequence reported in it can reach
/// back to (a sequence and the bytes read after it never span 16), and that a decoder can
/// hold between calls.
const HISTORY: usize = 32;

/// The flag in a state's int that says ISO-2022-JP's output flag is set: an escape sequence
/// was the last thing decoded.
const ESCAPED: u8 = 4;

/// The escape sequences that select each of ISO-2022-JP's modes (0 ASCII, the initial one;
/// 1 Roman; 2 katakana; 3 jis0208).
const ESCAPES: [&[u8]; 4] = [b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$B"];

/// The bytes after which a new decoder of `encoding` is in the state a state's int names:
/// for ISO-2022-JP the mode's escape sequence, followed by a character of that mode unless
/// the output flag is to stay set; for replacement, a byte if its error was returned (1);
/// nothing for the int 0, the state every decoder starts in.
fn entering(encoding: &'static Encoding, flags: u8) -> Option<Vec<u8>> {
    if encoding != ISO_2022_JP {
        return match (flags, encoding == REPLACEMENT) {
            (0, _) => Some(Vec::new()),
            (1, true) => Some(vec![0]),
            _ => None,
        };
    }
    let escape = ESCAPES.get(usize::from(flags & !ESCAPED))?;
    let character: &[u8] = match flags {
        0 => return Some(Vec::new()),
        1 => b"a",
        2 => b"!",
        3 => b"!!",
        _ => b"",
    };
    Some([*escape, character].concat())
}

/// The mode an escape sequence selects, if it is one.
fn mode_of(sequence: &[u8]) -> Option<u8> {
    match sequence {
        b"\x1B(B" => Some(0),
        b"\x1B(J" => Some(1),
        b"\x1B(I" => Some(2),
        b"\x1B$@" | b"\x1B$B" => Some(3),
        _ => None,
    }
}

/// The escape sequences of an ISO-2022-JP stream: where the last few ended, and the state
/// the stream started in.
#[derive(Default)]
struct Modes {
    /// The state's int at offset `start_at` (what `setstate` was given), where the stream
    /// this decoder was fed starts.
    start: u8,
    start_at: u64,
    /// The last two bytes, for a sequence split between two calls.
    tail: Vec<u8>,
    /// (offset just past an escape sequence, its mode), the last ones.
    ends: VecDeque<(u64, u8)>,
}

/// How many escape sequences are remembered: more than the bytes a decoder can hold (twenty)
/// can end, three bytes each.
const REMEMBERED: usize = 8;

impl Modes {
    /// Follows `bytes`, which start at offset `fed` of the stream.
    fn push(&mut self, fed: u64, bytes: &[u8]) {
        // The sequences that start in the last bytes of earlier calls, then those that start
        // in these: every one once.
        let mut edge = std::mem::take(&mut self.tail);
        let carried = edge.len();
        edge.extend_from_slice(bytes.get(..2).unwrap_or(bytes));
        let start = fed - carried as u64;
        for at in 0..carried {
            self.note(start + at as u64, edge.get(at..at + 3));
        }
        for (at, _) in bytes.iter().enumerate().filter(|&(_, &b)| b == 0x1B) {
            self.note(fed + at as u64, bytes.get(at..at + 3));
        }
        if bytes.len() >= 2 {
            edge = bytes[bytes.len() - 2..].to_vec();
        }
        let excess = edge.len().saturating_sub(2);
        edge.drain(..excess);
        self.tail = edge;
    }

    /// Notes `sequence`, found at `offset`, if it is an escape sequence.
    fn note(&mut self, offset: u64, sequence: Option<&[u8]>) {
        if let Some(mode) = sequence.and_then(mode_of) {
            self.ends.push_back((offset + 3, mode));
            if self.ends.len() > REMEMBERED {
                self.ends.pop_front();
            }
        }
    }

    /// The state's int at `offset`: the mode, and [`ESCAPED`] if an escape sequence ends
    /// right there.
    fn at(&self, offset: u64) -> u8 {
        match self.ends.iter().rev().find(|&&(end, _)| end <= offset) {
            Some(&(end, mode)) if end == offset => mode | ESCAPED,
            Some(&(_, mode)) => mode,
            // Anything decoded after the start clears the output flag.
            None if offset == self.start_at => self.start,
            None => self.start & !ESCAPED,
        }
    }
}

/// What a decoder has been fed since it was made: the last bytes (what an error reported in
/// the next call may reach back to, and what the decoder holds), how many, and for
/// ISO-2022-JP its escape sequences.
#[derive(Default)]
pub(crate) struct Fed {
    last: Vec<u8>,
    count: u64,
    modes: Option<Modes>,
    /// For the replacement encoding's decoder, whether it has returned its error.
    replaced: Option<bool>,
}

impl Fed {
    /// Nothing fed yet to a decoder of `encoding`.
    pub(crate) fn new(encoding: &'static Encoding) -> Fed {
        Fed {
            modes: (encoding == ISO_2022_JP).then(Modes::default),
            replaced: (encoding == REPLACEMENT).then_some(false),
            ..Fed::default()
        }
    }

    /// The last bytes fed.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.last
    }

    /// Records that `read` followed the bytes recorded.
    pub(crate) fn push(&mut self, read: &[u8]) {
        self.last
            .extend_from_slice(&read[read.len().saturating_sub(HISTORY)..]);
        let excess = self.last.len().saturating_sub(HISTORY);
        self.last.drain(..excess);
        if let Some(modes) = self.modes.as_mut() {
            modes.push(self.count, read);
        }
        if let Some(replaced) = self.replaced.as_mut() {
            *replaced |= !read.is_empty();
        }
        self.count += read.len() as u64;
    }

    /// The state `decoder`, fed these bytes, is in.
    pub(crate) fn state(&self, decoder: &Decoder) -> State {
        // What decoding no more bytes can still produce is one code unit for each byte held
        // and one for the end of the stream.
        let held = decoder
            .max_utf16_buffer_length(0)
            .map_or(0, |n| n.saturating_sub(1))
            .min(self.last.len());
        let flags = match &self.modes {
            Some(modes) => modes.at(self.count - held as u64),
            None => u8::from(self.replaced == Some(true)),
        };
        State {
            last: self.last.clone(),
            held,
            flags,
            count: self.count,
        }
    }
}

/// A decoder's state between calls (see the module's documentation).
#[derive(Clone, Default)]
pub(crate) struct State {
    /// The last bytes fed.
    last: Vec<u8>,
    /// How many of them the decoder holds.
    held: usize,
    /// ISO-2022-JP's mode and output flag, replacement's error returned (the int of
    /// `getstate()`).
    flags: u8,
    /// How many bytes were fed in all.
    count: u64,
}

/// A [`State`] as Python holds it: `(last bytes fed, bytes held, flags, bytes fed in all)`.
pub(crate) type StateTuple<'py> = (Bound<'py, PyBytes>, usize, u8, u64);

impl State {
    /// A decoder's state with `pending` held and the given flags (`setstate()`'s pair).
    pub(crate) fn holding(pending: &[u8], flags: u8) -> State {
        State {
            last: pending.to_vec(),
            held: pending.len(),
            flags,
            count: pending.len() as u64,
        }
    }

    /// The state as a tuple of plain values, for pickling.
    pub(crate) fn to_tuple<'py>(&self, py: Python<'py>) -> StateTuple<'py> {
        (
            PyBytes::new(py, &self.last),
            self.held,
            self.flags,
            self.count,
        )
    }

    /// A state from [`State::to_tuple`]'s tuple.
    pub(crate) fn from_tuple(tuple: StateTuple<'_>) -> State {
        let (last, held, flags, count) = tuple;
        State {
            last: last.as_bytes().to_vec(),
            held,
            flags,
            count,
        }
    }

    /// The bytes the decoder holds.
    pub(crate) fn pending(&self) -> &[u8] {
        self.last
            .get(self.last.len() - self.held..)
            .unwrap_or_default()
    }

    /// The int of `getstate()`: ISO-2022-JP's mode and output flag, 0 for other decoders.
    pub(crate) fn flags(&self) -> u8 {
        self.flags
    }

    /// A decoder of `encoding` in this state, what it was fed, and the text its bytes
    /// decoded to (none when they are only what a decoder held), made by feeding a new
    /// decoder the bytes it holds (after an escape sequence for ISO-2022-JP). `with_bom`
    /// makes the decoder as [`Encoding::new_decoder_with_bom_removal`] does while everything
    /// fed is held, the byte order mark still undecided.
    pub(crate) fn restore(
        &self,
        encoding: &'static Encoding,
        with_bom: bool,
    ) -> PyResult<(Decoder, Fed, Vec<u16>)> {
        let bad = |what: &str| PyValueError::new_err(format!("not a decoder state: {what}"));
        if self.held > self.last.len() || self.held > HISTORY || self.last.len() > HISTORY {
            return Err(bad("more bytes held than kept"));
        }
        if (self.last.len() as u64) > self.count {
            return Err(bad("more bytes kept than fed"));
        }
        let enter = entering(encoding, self.flags).ok_or_else(|| {
            bad(&format!(
                "no {} decoder has the flags {}",
                encoding.name(),
                self.flags
            ))
        })?;
        let everything_held = self.count == self.held as u64;
        let mut decoder = match with_bom && everything_held && self.flags == 0 {
            true => encoding.new_decoder_with_bom_removal(),
            false => encoding.new_decoder_without_bom_handling(),
        };
        let mut fed = Fed::new(encoding);
        let mut text = Vec::new();
        for bytes in [&enter[..], self.pending()] {
            text.resize(decoder.max_utf16_buffer_length(bytes.len()).unwrap_or(0), 0);
            let (_, _, written, _) = decoder.decode_to_utf16(bytes, &mut text, false);
            text.truncate(written);
        }
        let held_from = self.count - self.held as u64;
        if let Some(modes) = fed.modes.as_mut() {
            modes.start = self.flags;
            modes.start_at = held_from;
            modes.push(held_from, self.pending());
        }
        if let Some(replaced) = fed.replaced.as_mut() {
            *replaced = self.flags == 1;
        }
        fed.last = self.last.clone();
        fed.count = self.count;
        Ok((decoder, fed, text))
    }
}
