//! What an incremental decoder's `getstate()` returns and `setstate()` takes, for
//! `io.TextIOWrapper`'s `tell()` and `seek()`: the bytes the decoder holds (read, not yet
//! decoded into text) and an int for the rest of its state, which only ISO-2022-JP has: the
//! mode its last escape sequence before those bytes selected (section 12.2.1).
//!
//! Every other decoder's state between calls is the bytes it holds, which a new decoder
//! given the same bytes holds in the same way. ISO-2022-JP's mode outlives its bytes, so it
//! is followed here from the escape sequences in the stream: 0x1B starts an escape sequence
//! in every state (in the trail byte state after an error), so each ESC ( B, ESC ( J,
//! ESC ( I, ESC $ @ and ESC $ B in the bytes is one the decoder took.

use std::collections::VecDeque;

/// The escape sequences after which a new ISO-2022-JP decoder is in each mode of the flags
/// (0 ASCII, the initial one; 1 Roman; 2 katakana; 3 jis0208), each followed by a character
/// of that mode so that a second escape sequence right after is no error ("ISO-2022-JP
/// output" unset, as it is wherever the decoder holds no bytes).
pub(crate) const ENTER: [&[u8]; 4] = [b"", b"\x1B(Ja", b"\x1B(I!", b"\x1B$B!!"];

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

/// The escape sequences of an ISO-2022-JP stream: where the last few ended, and the mode
/// the stream started in.
#[derive(Default)]
pub(crate) struct Modes {
    /// The mode at offset 0 (what `setstate` was given).
    start: u8,
    /// Bytes of the stream so far.
    fed: u64,
    /// The last two bytes, for a sequence split between two calls.
    tail: Vec<u8>,
    /// (offset just past an escape sequence, its mode), the last ones.
    ends: VecDeque<(u64, u8)>,
}

/// How many escape sequences are remembered: more than the bytes a decoder can hold (twenty)
/// can end, three bytes each.
const REMEMBERED: usize = 8;

impl Modes {
    pub(crate) fn starting_in(mode: u8) -> Modes {
        Modes {
            start: mode,
            ..Modes::default()
        }
    }

    /// Follows the next bytes of the stream.
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        // The sequences that start in the last bytes of earlier calls, then those that start
        // in these: every one once.
        let mut edge = std::mem::take(&mut self.tail);
        let carried = edge.len();
        edge.extend_from_slice(bytes.get(..2).unwrap_or(bytes));
        let start = self.fed - carried as u64;
        for at in 0..carried {
            self.note(start + at as u64, edge.get(at..at + 3));
        }
        for (at, _) in bytes.iter().enumerate().filter(|&(_, &b)| b == 0x1B) {
            self.note(self.fed + at as u64, bytes.get(at..at + 3));
        }
        self.fed += bytes.len() as u64;
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

    /// The mode at `held` bytes before the end of the stream so far.
    pub(crate) fn before(&self, held: usize) -> u8 {
        let offset = self.fed.saturating_sub(held as u64);
        self.ends
            .iter()
            .rev()
            .find(|&&(end, _)| end <= offset)
            .map_or(self.start, |&(_, mode)| mode)
    }
}
