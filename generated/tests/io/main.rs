//! The io adapters against encoding_rs 0.8 (a dev-dependency, independent of this crate's
//! code) as the oracle for decoded and encoded text, and against offsets worked out by hand.

#![cfg(all(feature = "std", feature = "all"))]

mod decode_reader;
mod encode_writer;
#[cfg(feature = "sniff")]
mod sniffing;

use std::io::{self, Read};

/// A reader that gives at most `step` bytes per read: it splits the input at every place a
/// network or pipe might.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.data.len().min(self.step).min(buf.len());
        let (now, rest) = self.data.split_at(n);
        buf[..n].copy_from_slice(now);
        self.data = rest;
        Ok(n)
    }
}

/// Text that every encoding of the tests can represent in part, repeated: ASCII, Latin,
/// kana, kanji, hangul, a supplementary character.
fn sample_text(copies: usize) -> String {
    "Mars 火星 は、太陽系の惑星 — café, 화성, Марс 𝄞\r\n".repeat(copies)
}
