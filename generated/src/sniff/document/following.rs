//! A document followed by a streaming decoder: each decode step's bytes and text, until a
//! late `meta` ends the tentative confidence. What [`SniffingDecoder`] and the io reader's
//! whole-document mode share.
//!
//! [`SniffingDecoder`]: crate::sniff::SniffingDecoder

use super::{ended, Converted, Followed, Follower};
use crate::decoder::Decoder;
use crate::sniff::{EncodingChange, Sniffed};

/// Following a document whose sniffing answered `sniffed`, tentatively.
#[derive(Clone, Debug)]
pub(crate) struct Following {
    sniffed: Sniffed,
    follower: Follower,
    converted: Converted,
}

/// What a decode step came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Go on following.
    More,
    /// Nothing can change the encoding any more (PLAINTEXT).
    Stop,
    /// A late `meta`: the answer is now `answer` and changing the encoding decided `change`;
    /// it ended after `read` bytes of the step and `written` bytes of its text.
    Late {
        answer: Sniffed,
        change: EncodingChange,
        read: usize,
        written: usize,
    },
}

impl Following {
    pub(crate) fn new(sniffed: Sniffed, scripting: bool) -> Following {
        Following {
            sniffed,
            follower: Follower::new(scripting),
            converted: Converted::default(),
        }
    }

    /// Follows a step of `before` (the decoder as it was), which read `bytes` and wrote
    /// `text`.
    pub(crate) fn step(&mut self, before: &Decoder, bytes: &[u8], text: &[u8]) -> Step {
        match self.follower.follow(before, bytes, text) {
            Followed::More => {
                self.converted.note(bytes);
                Step::More
            }
            Followed::Plaintext => Step::Stop,
            Followed::Meta(found) => {
                self.converted
                    .note(bytes.get(..found.piece_read).unwrap_or(bytes));
                let change = self.converted.change(self.sniffed.encoding, found.encoding);
                Step::Late {
                    answer: ended(self.sniffed, &found, change),
                    change,
                    read: found.piece_read,
                    written: found.piece_written,
                }
            }
        }
    }
}
