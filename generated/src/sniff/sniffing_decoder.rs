//! [`SniffingDecoder`]: a streaming decoder that first sniffs its encoding.

#[cfg(feature = "alloc")]
use alloc::string::String;

use super::change::EncodingChange;
use super::document::{Following, Step};
use super::options::SniffOptions;
use super::prescan_length::PRESCAN_LENGTH;
use super::result::{Confidence, Format, Sniffed};
use super::sniffer::Sniffer;
use crate::decoder::Decoder;
use crate::encoding::Encoding;
use crate::results::CoderResult;

/// A streaming decoder that sniffs its encoding first: the bytes go to a [`Sniffer`] until it
/// answers (they are read as part of the call, and no output comes), then the bytes it held
/// and everything after go to a decoder of the encoding it chose (section 6.1's "decode",
/// which removes the byte order mark that decided). Each byte is looked at once by the
/// sniffer and once by the decoder, and never copied more than once into the sniffer.
///
/// ```
/// # #[cfg(all(feature = "alloc", feature = "windows-1251"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{Format, SniffOptions, SniffingDecoder};
/// use whatwg_encoding::WINDOWS_1251;
///
/// let page = b"<meta charset=windows-1251><p>\xcf\xf0\xe8\xe2\xe5\xf2</p>";
/// let mut decoder = SniffingDecoder::new(Format::Html, SniffOptions::default());
/// let mut text = String::with_capacity(100); // decode_to_string writes into spare capacity
/// for chunk in page.chunks(10) {
///     decoder.decode_to_string(chunk, &mut text, false);
/// }
/// decoder.decode_to_string(b"", &mut text, true);
/// assert_eq!(text, "<meta charset=windows-1251><p>Привет</p>");
/// assert_eq!(decoder.encoding(), Some(WINDOWS_1251));
/// # }
/// # #[cfg(not(all(feature = "alloc", feature = "windows-1251")))]
/// # fn main() {}
/// ```
#[derive(Debug)]
pub struct SniffingDecoder {
    sniffer: Sniffer,
    /// The decoder, once the sniffer has answered.
    decoder: Option<Decoder>,
    /// How many of the held bytes the decoder has read.
    held_read: usize,
    /// The whole-document mode: whether it is on, the document followed while the
    /// confidence is tentative, and what a late `<meta>` decided.
    whole: bool,
    following: Option<Following>,
    late: Option<(Sniffed, EncodingChange)>,
}

/// Where a decoder step writes: the caller's bytes, or a string's spare capacity.
trait Out {
    /// Decodes `src` into the output: the result, the bytes read, whether a malformed
    /// sequence was replaced, and where the text written starts.
    fn step(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> (CoderResult, usize, bool, usize);
    /// The output from `start` on.
    fn text_from(&self, start: usize) -> &[u8];
    /// Drops the output from `at` on.
    fn truncate(&mut self, at: usize);
}

struct Utf8Out<'a> {
    dst: &'a mut [u8],
    written: usize,
}

impl Out for Utf8Out<'_> {
    fn step(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> (CoderResult, usize, bool, usize) {
        let start = self.written;
        let dst = self.dst.get_mut(start..).unwrap_or_default();
        let (result, read, written, replaced) = decoder.decode_to_utf8(src, dst, last);
        self.written += written;
        (result, read, replaced, start)
    }

    fn text_from(&self, start: usize) -> &[u8] {
        self.dst.get(start..self.written).unwrap_or_default()
    }

    fn truncate(&mut self, at: usize) {
        self.written = at;
    }
}

#[cfg(feature = "alloc")]
impl Out for String {
    fn step(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
    ) -> (CoderResult, usize, bool, usize) {
        let start = self.len();
        let (result, read, replaced) = decoder.decode_to_string(src, self, last);
        (result, read, replaced, start)
    }

    fn text_from(&self, start: usize) -> &[u8] {
        self.as_bytes().get(start..).unwrap_or_default()
    }

    fn truncate(&mut self, at: usize) {
        String::truncate(self, at);
    }
}

impl SniffingDecoder {
    /// A decoder that sniffs a document in `format` with `options`.
    pub fn new(format: Format, options: SniffOptions) -> SniffingDecoder {
        SniffingDecoder {
            sniffer: Sniffer::new(format, options),
            decoder: None,
            held_read: 0,
            whole: false,
            following: None,
            late: None,
        }
    }

    /// A decoder of an HTML document that goes on, after a tentative answer of the
    /// sniffing, to follow the text it decodes as the HTML parser would (see
    /// [`sniff_whole_document`](super::sniff_whole_document)). At a late `<meta>` that
    /// declares an encoding it runs *changing the encoding while parsing* (13.2.3.4) and
    /// [`SniffingDecoder::encoding_change`] says what it decided:
    ///
    /// - [`EncodingChange::ChangeInPlace`]: the bytes converted so far mean the same in the
    ///   new encoding (step 5), and the decoder changed to it right after the `<meta>`'s
    ///   `>`: all the text is right.
    /// - [`EncodingChange::Reparse`]: they do not (step 6), or this decoder, which holds no
    ///   bytes, cannot tell (either encoding has sequences of several bytes and bytes other
    ///   than ASCII came): the text already returned cannot be taken back, so the decoder
    ///   goes on in the old encoding; decode the document again from its start with the new
    ///   one ([`SniffingDecoder::sniffed`] gives it).
    /// - [`EncodingChange::Keep`]: the same encoding (or UTF-16) was declared.
    ///
    /// ```
    /// # #[cfg(all(feature = "alloc", feature = "koi8-r"))]
    /// # fn main() {
    /// use whatwg_encoding::sniff::{EncodingChange, Rule, SniffOptions, SniffingDecoder};
    /// use whatwg_encoding::KOI8_R;
    ///
    /// let mut page = b"<!-- a comment longer than the prescan reads ".to_vec();
    /// page.extend([b'x'; 1024]);
    /// page.extend(b" --><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4");
    /// let mut decoder = SniffingDecoder::whole_document(SniffOptions::default());
    /// let mut text = String::with_capacity(2 * page.len());
    /// for chunk in page.chunks(100) {
    ///     decoder.decode_to_string(chunk, &mut text, false);
    /// }
    /// decoder.decode_to_string(b"", &mut text, true);
    /// assert!(text.ends_with("<meta charset=koi8-r><p>Привет"));
    /// assert_eq!(decoder.encoding_change(), Some(EncodingChange::ChangeInPlace(KOI8_R)));
    /// assert_eq!(decoder.sniffed().unwrap().rule, Rule::LateMeta { offset: 1073 });
    /// # }
    /// # #[cfg(not(all(feature = "alloc", feature = "koi8-r")))]
    /// # fn main() {}
    /// ```
    pub fn whole_document(options: SniffOptions) -> SniffingDecoder {
        SniffingDecoder {
            whole: true,
            ..SniffingDecoder::new(Format::Html, options)
        }
    }

    /// The answer, once there is one: the sniffing's, and in the whole-document mode the
    /// late `<meta>`'s once the parser has met one.
    pub fn sniffed(&self) -> Option<Sniffed> {
        self.late
            .map(|(answer, _)| answer)
            .or(self.sniffer.sniffed())
    }

    /// The encoding the text is decoded in, once sniffing has answered.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        match &self.decoder {
            Some(decoder) => Some(decoder.encoding()),
            None => self.sniffed().map(|sniffed| sniffed.encoding),
        }
    }

    /// In the whole-document mode, what changing the encoding decided at a late `<meta>`
    /// (see [`SniffingDecoder::whole_document`]); None before one, and in the other mode.
    pub fn encoding_change(&self) -> Option<EncodingChange> {
        self.late.map(|(_, change)| change)
    }

    /// As [`Decoder::decode_to_utf8`]: decodes `src` into `dst`, returning the result, the
    /// bytes read, the bytes written and whether a malformed sequence was replaced. While
    /// sniffing, the bytes are read and nothing is written.
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let mut out = Utf8Out { dst, written: 0 };
        let (result, read, replaced) = self.decode(src, last, &mut out);
        (result, read, out.written, replaced)
    }

    /// As [`Decoder::decode_to_string`]: appends to `dst` within its spare capacity,
    /// returning the result, the bytes read and whether a malformed sequence was replaced.
    #[cfg(feature = "alloc")]
    pub fn decode_to_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> (CoderResult, usize, bool) {
        self.decode(src, last, dst)
    }

    /// Sniffs with what `src` brings, then decodes the held bytes and the rest of `src` into
    /// `out`.
    fn decode(&mut self, src: &[u8], last: bool, out: &mut dyn Out) -> (CoderResult, usize, bool) {
        let mut read = 0;
        if self.decoder.is_none() {
            let (taken, answer) = self.sniffer.push(src);
            read = taken;
            let answer = match answer {
                Some(answer) => answer,
                None if last => self.sniffer.finish(),
                None => return (CoderResult::InputEmpty, read, false),
            };
            self.decoder = Some(answer.encoding.new_decoder());
            if self.whole && answer.confidence == Confidence::Tentative {
                let scripting = self.sniffer.options().scripting;
                self.following = Some(Following::new(answer, scripting));
            }
        }
        let mut replaced = false;
        let mut held = [0; PRESCAN_LENGTH];
        let held_len = self.sniffer.held().len();
        held[..held_len].copy_from_slice(self.sniffer.held());
        while self.held_read < held_len {
            // Never `last` here: the end of the stream, if it is one, comes with `src`.
            let (result, r, rep) = self.step(&held[self.held_read..held_len], false, out);
            self.held_read += r;
            replaced |= rep;
            if result == CoderResult::OutputFull {
                return (result, read, replaced);
            }
        }
        loop {
            let (result, r, rep) = self.step(&src[read..], last, out);
            read += r;
            replaced |= rep;
            if result == CoderResult::InputEmpty && read < src.len() {
                // The decoder changed after a late `<meta>`: the rest in the new encoding.
                continue;
            }
            return (result, read, replaced);
        }
    }

    /// One decoder step over `src` into `out`, followed in the whole-document mode. After a
    /// late `<meta>` that changes the encoding in place it stops right after the `>` (the
    /// text after it dropped, the bytes after it unread) and reports `InputEmpty`.
    fn step(&mut self, src: &[u8], last: bool, out: &mut dyn Out) -> (CoderResult, usize, bool) {
        let Some(decoder) = self.decoder.as_mut() else {
            return (CoderResult::InputEmpty, 0, false);
        };
        let Some(following) = self.following.as_mut() else {
            let (result, read, replaced, _) = out.step(decoder, src, last);
            return (result, read, replaced);
        };
        let before = decoder.fork();
        let (result, read, replaced, start) = out.step(decoder, src, last);
        match following.step(&before, &src[..read], out.text_from(start)) {
            Step::More => (result, read, replaced),
            Step::Stop => {
                self.following = None;
                (result, read, replaced)
            }
            Step::Late {
                answer,
                change,
                read: kept,
                written,
            } => {
                self.following = None;
                self.late = Some((answer, change));
                let EncodingChange::ChangeInPlace(new) = change else {
                    return (result, read, replaced);
                };
                out.truncate(start + written);
                *decoder = new.new_decoder_without_bom_handling();
                // Whether the text kept holds a replacement character.
                let replaced = replaced
                    && out
                        .text_from(start)
                        .windows(3)
                        .any(|w| w == "\u{FFFD}".as_bytes());
                (CoderResult::InputEmpty, kept, replaced)
            }
        }
    }
}
