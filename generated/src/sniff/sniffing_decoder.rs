//! [`SniffingDecoder`]: a streaming decoder that first sniffs its encoding.

#[cfg(feature = "alloc")]
use alloc::string::String;

use super::options::SniffOptions;
use super::result::{Format, Sniffed};
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
}

impl SniffingDecoder {
    /// A decoder that sniffs a document in `format` with `options`.
    pub fn new(format: Format, options: SniffOptions) -> SniffingDecoder {
        SniffingDecoder {
            sniffer: Sniffer::new(format, options),
            decoder: None,
            held_read: 0,
        }
    }

    /// The sniffing's answer, once there is one.
    pub fn sniffed(&self) -> Option<Sniffed> {
        self.sniffer.sniffed()
    }

    /// The encoding chosen, once sniffing has answered.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        self.sniffed().map(|sniffed| sniffed.encoding)
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
        let mut written = 0;
        let (result, read, replaced) = self.decode(src, last, |decoder, src, last| {
            let (result, read, more, replaced) =
                decoder.decode_to_utf8(src, dst.get_mut(written..).unwrap_or_default(), last);
            written += more;
            (result, read, replaced)
        });
        (result, read, written, replaced)
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
        self.decode(src, last, |decoder, src, last| {
            decoder.decode_to_string(src, dst, last)
        })
    }

    /// Sniffs with what `src` brings, then decodes the held bytes and the rest of `src` with
    /// `step` (one of the decoder's calls, into the caller's output).
    fn decode(
        &mut self,
        src: &[u8],
        last: bool,
        mut step: impl FnMut(&mut Decoder, &[u8], bool) -> (CoderResult, usize, bool),
    ) -> (CoderResult, usize, bool) {
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
        }
        let Some(decoder) = self.decoder.as_mut() else {
            return (CoderResult::InputEmpty, read, false);
        };
        let mut replaced = false;
        let held = self.sniffer.held();
        if self.held_read < held.len() {
            // Never `last` here: the end of the stream, if it is one, comes with `src`.
            let (result, r, rep) = step(decoder, &held[self.held_read..], false);
            self.held_read += r;
            replaced |= rep;
            if result == CoderResult::OutputFull {
                return (result, read, replaced);
            }
        }
        let (result, r, rep) = step(decoder, &src[read..], last);
        (result, read + r, replaced | rep)
    }
}
