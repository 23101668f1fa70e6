//! [`Sniffer`]: sniffing as the bytes arrive, holding at most 1024 of them.

use super::algorithm::Progress;
use super::document::{ended, Converted, Followed, Follower};
use super::options::SniffOptions;
use super::prescan_length::PRESCAN_LENGTH;
use super::result::{Confidence, Format, Sniffed};
use crate::decoder::Decoder;

/// Sniffs a document's encoding from its bytes as they arrive ([`Sniffer::push`]), and
/// answers as soon as the rules can: right after a byte order mark, at once with a transport
/// charset or an override, right after a complete `<meta charset=…>` (even at byte 100),
/// otherwise at the 1024th byte or at [`Sniffer::finish`]. It holds the bytes it took, at
/// most 1024: decode them ([`Sniffer::held`]) and then the rest of the stream with the
/// encoding it chose. [`SniffingDecoder`](super::SniffingDecoder) does that for you.
///
/// However the input is cut into pushes, the answer is that of [`sniff`](super::sniff) given
/// the same bytes at once.
///
/// ```
/// # #[cfg(all(feature = "alloc", feature = "koi8-r"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{Format, Rule, SniffOptions, Sniffer};
/// use whatwg_encoding::KOI8_R;
///
/// let page = b"<html><head><meta charset=koi8-r><title>\xED\xC1\xD2\xD3</title>";
/// let mut sniffer = Sniffer::new(Format::Html, SniffOptions::default());
/// assert_eq!(sniffer.push(&page[..20]), (20, None)); // not yet
/// let (taken, sniffed) = sniffer.push(&page[20..]);
/// let sniffed = sniffed.unwrap();
/// assert_eq!((sniffed.encoding, sniffed.rule), (KOI8_R, Rule::Meta { offset: 12 }));
///
/// // The held bytes first, then whatever of the push the sniffer did not take.
/// let mut decoder = sniffed.encoding.new_decoder();
/// let mut text = String::with_capacity(100); // decode_to_string writes into spare capacity
/// decoder.decode_to_string(sniffer.held(), &mut text, false);
/// decoder.decode_to_string(&page[20 + taken..], &mut text, true);
/// assert!(text.ends_with("<title>Марс</title>"));
/// # }
/// # #[cfg(not(all(feature = "alloc", feature = "koi8-r")))]
/// # fn main() {}
/// ```
///
/// [`Sniffer::whole_document`] makes one that answers with the encoding an HTML document ends
/// with, as [`sniff_whole_document`](super::sniff_whole_document) does: see there.
#[derive(Clone)]
pub struct Sniffer {
    format: Format,
    options: SniffOptions,
    progress: Progress,
    held: [u8; PRESCAN_LENGTH],
    len: usize,
    answer: Option<Sniffed>,
    /// In the whole-document mode: the document followed after a tentative answer.
    whole: Option<Whole>,
}

/// A document followed while the confidence is tentative. (Inline, large: the sniffing
/// works without an allocator.)
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Whole {
    /// The sniffing has not answered yet.
    Sniffing,
    /// The sniffing answered this, tentatively; the bytes after it are followed.
    Following {
        sniffed: Sniffed,
        decoder: Decoder,
        follower: Follower,
        converted: Converted,
    },
}

impl Clone for Whole {
    fn clone(&self) -> Whole {
        match self {
            Whole::Sniffing => Whole::Sniffing,
            Whole::Following {
                sniffed,
                decoder,
                follower,
                converted,
            } => Whole::Following {
                sniffed: *sniffed,
                decoder: decoder.fork(),
                follower: follower.clone(),
                converted: *converted,
            },
        }
    }
}

impl Sniffer {
    /// A sniffer for a document in `format`, with what the user agent knows besides the bytes.
    pub fn new(format: Format, options: SniffOptions) -> Sniffer {
        Sniffer {
            format,
            options,
            progress: Progress::default(),
            held: [0; PRESCAN_LENGTH],
            len: 0,
            answer: None,
            whole: None,
        }
    }

    /// A sniffer of an HTML document's encoding to the end of parsing, as
    /// [`sniff_whole_document`](super::sniff_whole_document) answers it: after a tentative
    /// answer of the sniffing algorithm it takes every byte pushed (holding none but the
    /// first 1024, which [`Sniffer::held`] gives as before) and answers once a late `<meta>`
    /// makes the confidence certain, or at [`Sniffer::finish`] with the sniffing's answer.
    /// The document is then decoded from its start with the answer's encoding. Step 5 of
    /// changing the encoding (on the fly or by parsing again) is decided without the bytes,
    /// which it does not hold: only where the bytes before the `<meta>` were ASCII, or both
    /// encodings single-byte and alike for every byte that came, is it on the fly; this
    /// changes no answer's encoding.
    ///
    /// ```
    /// # #[cfg(feature = "koi8-r")]
    /// # fn main() {
    /// use whatwg_encoding::sniff::{Rule, SniffOptions, Sniffer};
    /// use whatwg_encoding::KOI8_R;
    ///
    /// let mut page = b"<!DOCTYPE html><style>".to_vec();
    /// page.extend([b' '; 2000]);
    /// page.extend(b"</style><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4");
    /// let mut sniffer = Sniffer::whole_document(SniffOptions::default());
    /// let mut answer = None;
    /// for chunk in page.chunks(512) {
    ///     let (taken, sniffed) = sniffer.push(chunk);
    ///     assert_eq!(taken, chunk.len());
    ///     if sniffed.is_some() {
    ///         answer = sniffed;
    ///         break;
    ///     }
    /// }
    /// let answer = answer.unwrap();
    /// assert_eq!((answer.encoding, answer.rule), (KOI8_R, Rule::LateMeta { offset: 2030 }));
    /// # }
    /// # #[cfg(not(feature = "koi8-r"))]
    /// # fn main() {}
    /// ```
    pub fn whole_document(options: SniffOptions) -> Sniffer {
        Sniffer {
            whole: Some(Whole::Sniffing),
            ..Sniffer::new(Format::Html, options)
        }
    }

    /// Takes bytes from the start of `input`, as many as there is room for (1024 in all),
    /// and returns how many it took with the answer if the rules can give it now. Once it has
    /// answered it takes nothing more; with 1024 bytes held it always has.
    pub fn push(&mut self, input: &[u8]) -> (usize, Option<Sniffed>) {
        if self.answer.is_some() {
            return (0, self.answer);
        }
        if let Some(Whole::Following { .. }) = self.whole {
            self.answer = self.follow(input);
            return (input.len(), self.answer);
        }
        let room = &mut self.held[self.len..];
        let taken = room.len().min(input.len());
        room[..taken].copy_from_slice(&input[..taken]);
        self.len += taken;
        if taken > 0 || self.len == 0 {
            self.answer =
                self.progress
                    .advance(self.format, &self.held[..self.len], false, &self.options);
        }
        if let (Some(sniffed), Some(Whole::Sniffing)) = (self.answer, &self.whole) {
            if sniffed.confidence == Confidence::Tentative {
                self.start_following(sniffed);
                let held = self.held;
                self.answer = self.follow(&held[..self.len]);
                if self.answer.is_none() {
                    self.answer = self.follow(&input[taken..]);
                }
                return (input.len(), self.answer);
            }
        }
        (taken, self.answer)
    }

    fn start_following(&mut self, sniffed: Sniffed) {
        self.whole = Some(Whole::Following {
            sniffed,
            decoder: sniffed.encoding.new_decoder_without_bom_handling(),
            follower: Follower::new(self.options.scripting),
            converted: Converted::default(),
        });
    }

    /// Follows `input`, the next bytes of a document whose sniffing answered tentatively:
    /// the answer once it is certain.
    fn follow(&mut self, input: &[u8]) -> Option<Sniffed> {
        let Some(Whole::Following {
            sniffed,
            decoder,
            follower,
            converted,
        }) = &mut self.whole
        else {
            return None;
        };
        let mut text = [0u8; 3 * 512 + 16];
        for piece in input.chunks(512) {
            let before = decoder.fork();
            let (_, read, written, _) = decoder.decode_to_utf8(piece, &mut text, false);
            let piece = &piece[..read];
            match follower.follow(&before, piece, &text[..written]) {
                Followed::More => converted.note(piece),
                Followed::Meta(found) => {
                    converted.note(&piece[..found.piece_read]);
                    let change = converted.change(sniffed.encoding, found.encoding);
                    return Some(ended(*sniffed, &found, change));
                }
                Followed::Plaintext => return Some(*sniffed),
            }
        }
        None
    }

    /// The answer for the bytes held: the stream has ended, or the caller will not wait for
    /// more (the standard's "the user agent may wait", step 3, ends here).
    pub fn finish(&mut self) -> Sniffed {
        if let Some(answer) = self.answer {
            return answer;
        }
        if let Some(Whole::Following { sniffed, .. }) = self.whole {
            self.answer = Some(sniffed);
            return sniffed;
        }
        let answer =
            self.progress
                .advance(self.format, &self.held[..self.len], true, &self.options);
        // With `end`, every format answers; UTF-8 is its own last resort.
        let mut answer = answer.unwrap_or(Sniffed::certain(crate::UTF_8, super::Rule::Default));
        if matches!(self.whole, Some(Whole::Sniffing)) && answer.confidence == Confidence::Tentative
        {
            self.start_following(answer);
            let held = self.held;
            answer = self.follow(&held[..self.len]).unwrap_or(answer);
        }
        self.answer = Some(answer);
        answer
    }

    /// The answer, once there is one.
    pub fn sniffed(&self) -> Option<Sniffed> {
        self.answer
    }

    /// The bytes taken so far: the start of the stream, at most 1024 bytes.
    pub fn held(&self) -> &[u8] {
        &self.held[..self.len]
    }

    /// The format being sniffed.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The options given to [`Sniffer::new`].
    pub fn options(&self) -> &SniffOptions {
        &self.options
    }
}

impl core::fmt::Debug for Sniffer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Sniffer")
            .field("format", &self.format)
            .field("options", &self.options)
            .field("held", &self.len)
            .field("answer", &self.answer)
            .finish_non_exhaustive()
    }
}
