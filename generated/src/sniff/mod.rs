//! Which encoding is this document in? The step before decoding, as the web's standards define
//! it (feature `sniff`, on by default; works under `no_std` without an allocator):
//!
//! - HTML: the *encoding sniffing algorithm* of the HTML Standard, section 13.2.3.2 (a byte
//!   order mark, the user's override, the transport layer's `Content-Type` charset, the
//!   *prescan* of the first 1024 bytes for `<meta charset>` and
//!   `<meta http-equiv=content-type>`, the parent document's encoding, a likely encoding, an
//!   optional autodetector, the locale's suggested default), and *changing the encoding while
//!   parsing* (13.2.3.4) for a `<meta>` a parser meets later;
//! - XML: a byte order mark, the transport layer's charset, *get an XML encoding* over the
//!   first 1024 bytes, else UTF-8;
//! - CSS: CSS Syntax 3, section 3.2: the byte order mark check of *decode*, then *determine
//!   the fallback encoding* (`Content-Type` charset, `@charset "…";`, the referring document's
//!   encoding, UTF-8).
//!
//! The answer says the encoding, the HTML *confidence* and the [`Rule`] that decided (with the
//! byte offset of a deciding `<meta>`), so that a tool can say why:
//!
//! ```
//! # #[cfg(feature = "windows-1251")]
//! # fn main() {
//! use whatwg_encoding::sniff::{sniff, Confidence, Format, Rule, SniffOptions};
//! use whatwg_encoding::{UTF_8, WINDOWS_1251};
//!
//! let page = b"<!DOCTYPE html><meta http-equiv=Content-Type content='text/html; charset=cp1251'>";
//! let sniffed = sniff(Format::Html, page, true, &SniffOptions::default()).unwrap();
//! assert_eq!(sniffed.encoding, WINDOWS_1251);
//! assert_eq!(sniffed.confidence, Confidence::Tentative);
//! assert_eq!(sniffed.rule, Rule::Meta { offset: 15 });
//!
//! // The transport layer's charset wins over the <meta>, with certainty.
//! let options = SniffOptions::new().content_type(b"text/html; charset=\"UTF-8\"");
//! let sniffed = sniff(Format::Html, page, true, &options).unwrap();
//! assert_eq!((sniffed.encoding, sniffed.rule), (UTF_8, Rule::TransportLayer));
//! # }
//! # #[cfg(not(feature = "windows-1251"))]
//! # fn main() {}
//! ```
//!
//! [`sniff_whole_document`] goes on where the sniffing algorithm stops: with a tentative
//! answer it follows the document as the HTML parser would, and a `<meta>` the parser meets
//! later (after the prescan's 1024 bytes, past a long comment, script or style) changes the
//! encoding as 13.2.3.4 says: the answer is the encoding the document ends with, as a
//! browser shows it, with [`Rule::LateMeta`]. [`Sniffer::whole_document`],
//! [`SniffingDecoder::whole_document`] and
//! [`DecodeReaderBuilder::sniff_whole_document`](crate::io::DecodeReaderBuilder::sniff_whole_document)
//! are its streaming forms; [`decode_document`] decodes a fetched document in one call.
//!
//! [`sniff`] answers for the bytes seen so far: `None` means "wait for more", which happens
//! only before the 1024th byte and before the end of the stream. [`Sniffer`] takes the bytes
//! as they arrive, answers as soon as the algorithm can (right after a byte order mark, right
//! after a complete `<meta charset>`), holds at most 1024 bytes and gives them to the decoder
//! it chose; [`SniffingDecoder`] is that with the decoder, and
//! [`DecodeReaderBuilder::sniff`](crate::io::DecodeReaderBuilder::sniff) the same through
//! `std::io::Read`. The standard's named steps are public functions under their own names:
//! [`prescan_a_byte_stream_to_determine_its_encoding`], [`get_an_attribute()`],
//! [`get_an_xml_encoding`], [`extract_a_character_encoding_from_a_meta_element`],
//! [`determine_the_fallback_encoding`], [`change_the_encoding`],
//! [`suggested_default_encoding`]; [`content_type_charset`] reads a `Content-Type` value's
//! charset as MIME Sniffing's *parse a MIME type* does.
//!
//! # What this module decides where the standards leave a choice
//!
//! - **How long to wait** (step 3): for 1024 bytes or the end of the stream, whichever comes
//!   first, and no longer; no clock (there is none under `no_std`): a caller that stops
//!   waiting on a timer calls [`Sniffer::finish`] (or [`sniff`] with `end` true), which
//!   applies the prescan's end condition to the bytes it has.
//! - **The prescan** (step 5) always runs, over the first 1024 bytes, as the standard
//!   encourages.
//! - **Autodetection** (step 8) is off unless [`SniffOptions::autodetect`] names a detector:
//!   the standard discourages it for resources from the network. [`Utf8Autodetect`], the one
//!   this crate has, only recognises valid UTF-8 with some non-ASCII, which the standard
//!   suggests for files from the local file system.
//! - **Unsupported encodings**: an encoding whose Cargo feature is off counts as one the user
//!   agent does not support: a `<meta>`, transport charset or `@charset` naming it is passed
//!   over as if its label were unknown, and a locale default that is missing becomes UTF-8.
//! - **XML and CSS** have no confidence of their own: their answers are final and say
//!   [`Confidence::Certain`].

mod algorithm;
mod autodetect;
mod bom;
mod bytes;
mod change;
mod content_type;
mod css;
mod document;
#[cfg(feature = "alloc")]
mod fetched;
mod get_an_attribute;
mod html;
mod locale;
mod meta;
mod options;
mod prescan;
mod prescan_length;
mod result;
mod sniffer;
mod sniffing_decoder;
mod tag_end;
mod xml;

pub use algorithm::sniff;
pub use autodetect::{Autodetect, Utf8Autodetect};
pub use change::{change_the_encoding, EncodingChange};
pub use content_type::content_type_charset;
pub use css::determine_the_fallback_encoding;
pub use document::sniff_whole_document;
#[cfg(feature = "alloc")]
pub use fetched::decode_document;
pub use get_an_attribute::{get_an_attribute, Attribute, RanOutOfBytes};
pub use locale::{suggested_default_encoding, suggested_default_encoding_name, LOCALE_DEFAULTS};
pub use meta::extract_a_character_encoding_from_a_meta_element;
pub use options::SniffOptions;
pub use prescan::prescan_a_byte_stream_to_determine_its_encoding;
pub use prescan_length::PRESCAN_LENGTH;
pub use result::{Confidence, Format, Rule, Sniffed};
pub use sniffer::Sniffer;
pub use sniffing_decoder::SniffingDecoder;
pub use xml::get_an_xml_encoding;

#[cfg(feature = "std")]
pub(crate) use algorithm::Progress;
#[cfg(feature = "std")]
pub(crate) use document::{Following, Step};
