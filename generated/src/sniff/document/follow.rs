//! Following a document's decoded text as the HTML parser would, piece by piece as a decoder
//! gives it, and finding where a late `meta` is in the bytes.

use super::tokenizer::{Fed, Tokenizer};
use super::tree::Tree;
use crate::decoder::Decoder;
use crate::encoding::Encoding;

/// A `meta` whose encoding changing the encoding is to be run with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The encoding it declares.
    pub(crate) encoding: &'static Encoding,
    /// The byte offset of its `<`.
    pub(crate) offset: u64,
    /// The byte offset just past its `>`: the bytes a parser has converted at least.
    pub(crate) end: u64,
    /// Of the piece in which it ended, the bytes up to its `>` and the text up to it.
    pub(crate) piece_read: usize,
    pub(crate) piece_written: usize,
}

/// What following one piece found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Followed {
    /// Nothing yet.
    More,
    /// A `meta` declared an encoding.
    Meta(Found),
    /// The PLAINTEXT state: nothing can declare one any more.
    Plaintext,
}

/// The tokenizer and the tree construction, with where the text is in the bytes.
#[derive(Clone, Debug)]
pub(crate) struct Follower {
    tokenizer: Tokenizer,
    tree: Tree,
    /// The byte offset of the `<` of a possible `meta` that began in an earlier piece, with
    /// its offset in the text.
    earlier_start: Option<(u64, u64)>,
    /// How much text and how many bytes the pieces so far held.
    text: u64,
    bytes: u64,
}

impl Follower {
    /// A follower of a document's text from its start; `scripting` is the scripting flag.
    pub(crate) fn new(scripting: bool) -> Follower {
        Follower {
            tokenizer: Tokenizer::default(),
            tree: Tree::new(scripting),
            earlier_start: None,
            text: 0,
            bytes: 0,
        }
    }

    /// Whether the tokenizer is in a start tag that may still be a `meta`, after the text so
    /// far: no `meta` start tag is to come unless this one is or the text has another `<meta`.
    pub(crate) fn in_possible_meta(&self) -> bool {
        self.tokenizer.in_possible_meta()
    }

    /// Follows the next piece: `decoder` is the decoder as it was before it decoded `bytes`
    /// (the next bytes of the stream, following the bytes of the pieces before) into `text`.
    pub(crate) fn follow(&mut self, decoder: &Decoder, bytes: &[u8], text: &[u8]) -> Followed {
        let followed = match self.tokenizer.feed(text, &mut self.tree) {
            Fed::Done => {
                if self.tokenizer.in_possible_meta() {
                    let start = self.tokenizer.tag_start();
                    if self.earlier_start.is_none_or(|(at, _)| at != start) && start >= self.text {
                        let at = locate(decoder, bytes, (start - self.text) as usize);
                        self.earlier_start = Some((start, self.bytes + at.first as u64));
                    }
                }
                Followed::More
            }
            Fed::Plaintext => Followed::Plaintext,
            Fed::Meta {
                encoding,
                start,
                gt,
                end,
            } => {
                let offset = match self.earlier_start {
                    Some((at, offset)) if at == start => offset,
                    _ if start >= self.text => {
                        self.bytes
                            + locate(decoder, bytes, (start - self.text) as usize).first as u64
                    }
                    // (Unreachable: a tag that began earlier was located then.)
                    _ => self.bytes,
                };
                let last = locate(decoder, bytes, (gt - self.text) as usize).last + 1;
                Followed::Meta(Found {
                    encoding,
                    offset,
                    end: self.bytes + last as u64,
                    piece_read: last,
                    piece_written: end,
                })
            }
        };
        self.text += text.len() as u64;
        self.bytes += bytes.len() as u64;
        followed
    }
}

/// Where a character is in the bytes.
struct Located {
    /// Its first byte (in UTF-16, the first byte of its code unit).
    first: usize,
    /// The byte whose decoding gave it.
    last: usize,
}

/// Which of `bytes` gave the ASCII character at byte `target` of their UTF-8 text, decoding
/// them again with a copy of `decoder` as it was before them, a byte at a time.
fn locate(decoder: &Decoder, bytes: &[u8], target: usize) -> Located {
    let mut decoder = decoder.fork();
    let mut written = 0;
    let mut out = [0u8; 16];
    for (i, byte) in bytes.iter().enumerate() {
        let (_, _, more, _) = decoder.decode_to_utf8(core::slice::from_ref(byte), &mut out, false);
        written += more;
        if written > target {
            let unit = match decoder.encoding().name {
                "UTF-16BE" | "UTF-16LE" => 2,
                _ => 1,
            };
            return Located {
                first: (i + 1).saturating_sub(unit),
                last: i,
            };
        }
    }
    Located {
        first: bytes.len(),
        last: bytes.len().saturating_sub(1),
    }
}
