//! Where in an input file the character at a given offset of the decoded text came from, for
//! the message about an unmappable character: the encoder knows only the UTF-8 offset.
//!
//! Only on that error path: the file is decoded again, a chunk at a time up to the chunk
//! before the one where the decoded text reaches the offset, then a byte at a time.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use whatwg_encoding::{CoderResult, Decoder};

const CHUNK: usize = 64 * 1024;

/// The input bytes that decoded to the character starting at UTF-8 offset `target`, and the
/// offset of the first, decoding `path` with decoders from `new_decoder` (made as the run's
/// DecodeReader decodes). None if the decoded text is shorter.
pub fn locate(
    path: &Path,
    new_decoder: impl Fn() -> Decoder,
    target: u64,
) -> io::Result<Option<(u64, Vec<u8>)>> {
    // Pass 1: the chunk whose decoding reaches past `target`.
    let mut decoder = new_decoder();
    let mut file = File::open(path)?;
    let mut chunk = vec![0; CHUNK];
    let mut produced = 0u64;
    let mut index = 0u64;
    let found = loop {
        let n = read_full(&mut file, &mut chunk)?;
        produced += decode_count(&mut decoder, chunk.get(..n).unwrap_or_default(), n < CHUNK);
        if produced > target {
            break index;
        }
        if n < CHUNK {
            return Ok(None);
        }
        index += 1;
    };
    // Pass 2: the same decoding up to the chunk before, then a byte at a time.
    let mut decoder = new_decoder();
    let mut file = File::open(path)?;
    let mut produced = 0u64;
    for _ in 0..found.saturating_sub(1) {
        let n = read_full(&mut file, &mut chunk)?;
        produced += decode_count(&mut decoder, chunk.get(..n).unwrap_or_default(), false);
    }
    let mut offset = found.saturating_sub(1) * CHUNK as u64;
    let mut since_output = Vec::new();
    let mut byte = [0u8];
    loop {
        let n = read_full(&mut file, &mut byte)?;
        let before = produced;
        produced += decode_count(&mut decoder, byte.get(..n).unwrap_or_default(), n == 0);
        if n == 0 {
            return Ok(None);
        }
        since_output.push(byte[0]);
        offset += 1;
        if produced > target {
            let start = offset - since_output.len() as u64;
            return Ok(Some((start, since_output)));
        }
        if produced > before {
            since_output.clear();
        }
    }
}

/// How many bytes of UTF-8 decoding `src` gives.
fn decode_count(decoder: &mut Decoder, src: &[u8], last: bool) -> u64 {
    let mut out = vec![
        0;
        decoder
            .max_utf8_buffer_length(src.len())
            .unwrap_or(CHUNK * 4)
            .max(16)
    ];
    let mut read = 0;
    let mut total = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let (result, r, written, _) = decoder.decode_to_utf8(rest, &mut out, last);
        read += r;
        total += written as u64;
        if result == CoderResult::InputEmpty {
            return total;
        }
    }
}

/// Reads until `buf` is full or the input ends; returns how many bytes were read.
fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while let Some(rest) = buf.get_mut(filled..).filter(|rest| !rest.is_empty()) {
        match reader.read(rest) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}
