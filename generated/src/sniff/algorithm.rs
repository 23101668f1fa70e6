//! The encoding sniffing algorithm over the bytes seen so far: [`sniff`], and the state
//! that lets a caller with growing bytes go on where the prescan stopped.

use super::css::sniff_css;
use super::html::sniff_html;
use super::options::SniffOptions;
use super::result::{Format, Sniffed};
use super::xml::sniff_xml;

/// Where a sniff of growing bytes stands: what the prescan has read for good. The state of
/// [`Sniffer`](super::Sniffer), and of [`DecodeReader`](crate::io::DecodeReader)'s sniffing over its own
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

/// Sniffs the encoding of a document in `format` from `bytes`, the bytes seen so far from the
/// start of the stream, with `options` (the transport layer's charset, the user's override,
/// the parent document's encoding, …; each format reads those that its standard names).
///
/// `end` says that the stream has ended, or that the caller will not wait for more bytes.
/// Returns `None` when the answer needs more bytes: only while fewer than 1024 are known and
/// `end` is false. The prescan and `@charset` look at the first 1024 bytes; an autodetector
/// gets all of `bytes`.
///
/// ```
/// use whatwg_encoding::sniff::{sniff, Format, Rule, SniffOptions};
/// use whatwg_encoding::UTF_8;
///
/// let options = SniffOptions::default();
/// // Nothing decides yet: a <meta> might follow.
/// assert_eq!(sniff(Format::Html, b"<!DOCTYPE html>", false, &options), None);
/// // A byte order mark decides at once.
/// let sniffed = sniff(Format::Html, b"\xEF\xBB\xBF<!DOCTYPE html>", false, &options).unwrap();
/// assert_eq!((sniffed.encoding, sniffed.rule), (UTF_8, Rule::ByteOrderMark));
/// // An XML document without a declaration is UTF-8.
/// let sniffed = sniff(Format::Xml, b"<feed>", false, &options).unwrap();
/// assert_eq!((sniffed.encoding, sniffed.rule), (UTF_8, Rule::Default));
/// ```
pub fn sniff(format: Format, bytes: &[u8], end: bool, options: &SniffOptions) -> Option<Sniffed> {
    Progress::default().advance(format, bytes, end, options)
}
