//! [`Sniffer`]: sniffing as the bytes arrive, holding at most 1024 of them.

use super::css::sniff_css;
use super::html::sniff_html;
use super::options::SniffOptions;
use super::result::{Format, Sniffed};
use super::xml::sniff_xml;
use super::PRESCAN_LENGTH;

/// Where a sniff of growing bytes stands: what the prescan has read for good. The state of
/// [`Sniffer`], and of [`DecodeReader`](crate::io::DecodeReader)'s sniffing over its own
/// buffer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Progress {
    /// Where the prescan goes on from.
    resume: usize,
}

impl Progress {
    /// Sniffs `bytes`, which extend the bytes of the last call (from the stream's start).
    pub(crate) fn advance(
        &mut self,
        format: Format,
        bytes: &[u8],
        end: bool,
        options: &SniffOptions,
    ) -> Option<Sniffed> {
        match format {
            Format::Html => sniff_html(bytes, end, options, &mut self.resume),
            Format::Xml => sniff_xml(bytes, end, options),
            Format::Css => sniff_css(bytes, end, options),
        }
    }
}

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
#[derive(Clone)]
pub struct Sniffer {
    format: Format,
    options: SniffOptions,
    progress: Progress,
    held: [u8; PRESCAN_LENGTH],
    len: usize,
    answer: Option<Sniffed>,
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
        }
    }

    /// Takes bytes from the start of `input`, as many as there is room for (1024 in all),
    /// and returns how many it took with the answer if the rules can give it now. Once it has
    /// answered it takes nothing more; with 1024 bytes held it always has.
    pub fn push(&mut self, input: &[u8]) -> (usize, Option<Sniffed>) {
        if self.answer.is_some() {
            return (0, self.answer);
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
        (taken, self.answer)
    }

    /// The answer for the bytes held: the stream has ended, or the caller will not wait for
    /// more (the standard's "the user agent may wait", step 3, ends here).
    pub fn finish(&mut self) -> Sniffed {
        if let Some(answer) = self.answer {
            return answer;
        }
        let answer =
            self.progress
                .advance(self.format, &self.held[..self.len], true, &self.options);
        // With `end`, every format answers; UTF-8 is its own last resort.
        let answer = answer.unwrap_or(Sniffed::certain(crate::UTF_8, super::Rule::Default));
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
