//! `--sniff html`: the encoding a page ends with (whatwg_encoding::sniff::Sniffer's
//! whole-document mode), found before any text is written. A file is followed to its end (or
//! to the `<meta>` that decides) and then read again from its start, as the standard's
//! "parse again"; standard input, which cannot be read again, is held up to [`STDIN_HOLD`]
//! bytes, and past them the answer so far is kept.

use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::Path;

use whatwg_encoding::sniff::{SniffOptions, Sniffed, Sniffer};

/// The most bytes of standard input held while following a page: 1 MiB.
pub const STDIN_HOLD: usize = 1 << 20;

/// The size of the reads of the first pass over a file.
const CHUNK: usize = 64 * 1024;

/// A page's answer, and whether it is only the answer for the first [`STDIN_HOLD`] bytes of
/// standard input.
#[derive(Clone, Copy, Debug)]
pub struct Ended {
    pub sniffed: Sniffed,
    pub held_back: bool,
}

/// Follows the file at `path` to the answer.
pub fn file(path: &Path, options: SniffOptions) -> io::Result<Ended> {
    let mut file = File::open(path)?;
    let mut sniffer = Sniffer::whole_document(options);
    let mut buffer = vec![0; CHUNK];
    loop {
        let n = read_some(&mut file, &mut buffer)?;
        if n == 0 {
            break;
        }
        if sniffer.push(&buffer[..n]).1.is_some() {
            break;
        }
    }
    Ok(Ended {
        sniffed: sniffer.finish(),
        held_back: false,
    })
}

/// Follows standard input (`reader`) up to [`STDIN_HOLD`] bytes; returns the answer and a
/// reader of the whole input from its start (the bytes held, then the rest).
pub fn stdin<R: Read>(mut reader: R, options: SniffOptions) -> io::Result<(Ended, impl Read)> {
    let mut held = Vec::new();
    let mut sniffer = Sniffer::whole_document(options);
    let mut buffer = vec![0; CHUNK];
    let mut answered = false;
    let mut ended = false;
    while !answered && held.len() < STDIN_HOLD {
        let room = (STDIN_HOLD - held.len()).min(CHUNK);
        let n = read_some(&mut reader, &mut buffer[..room])?;
        if n == 0 {
            ended = true;
            break;
        }
        held.extend_from_slice(&buffer[..n]);
        answered = sniffer.push(&buffer[..n]).1.is_some();
    }
    let answer = Ended {
        sniffed: sniffer.finish(),
        held_back: !answered && !ended,
    };
    Ok((answer, Cursor::new(held).chain(reader)))
}

/// A read that is retried when interrupted.
fn read_some(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}
