//! [`decode_document`]: a fetched document's text in one call, what a crawler's worker runs
//! per record.

use alloc::borrow::Cow;

use super::document::sniff_whole_document;
use super::options::SniffOptions;
use super::result::{Format, Rule, Sniffed};
use super::sniff;

/// A whole document's text, decoded with the encoding its format's standard chooses, and
/// how it was chosen: for HTML the encoding the document ends with
/// ([`sniff_whole_document`]: the sniffing algorithm, then a late `<meta>` the parser
/// meets), for XML and CSS their sniffing ([`sniff`] with `end` true). `options` carry
/// what came with the document, such as its `Content-Type`
/// ([`SniffOptions::content_type`]). The byte order mark is read once: when it decided,
/// the text leaves it out (section 6.1, "decode"); otherwise there is none. Malformed
/// sequences become U+FFFD.
///
/// ```
/// # #[cfg(all(feature = "windows-1251", feature = "shift_jis"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{decode_document, Format, Rule, SniffOptions};
/// use whatwg_encoding::{SHIFT_JIS, WINDOWS_1251};
///
/// // A crawler's record: the body and the Content-Type header it came with.
/// let body = b"<meta charset=windows-1251><p>\xcf\xf0\xe8\xe2\xe5\xf2</p>";
/// let options = SniffOptions::new().content_type(b"text/html");
/// let (text, sniffed) = decode_document(Format::Html, body, &options);
/// assert_eq!(text, "<meta charset=windows-1251><p>Привет</p>");
/// assert_eq!((sniffed.encoding, sniffed.rule), (WINDOWS_1251, Rule::Meta { offset: 0 }));
///
/// // The header's charset wins over the <meta>.
/// let options = SniffOptions::new().content_type(b"text/html; charset=Shift_JIS");
/// let (_, sniffed) = decode_document(Format::Html, body, &options);
/// assert_eq!((sniffed.encoding, sniffed.rule), (SHIFT_JIS, Rule::TransportLayer));
/// # }
/// # #[cfg(not(all(feature = "windows-1251", feature = "shift_jis")))]
/// # fn main() {}
/// ```
pub fn decode_document<'a>(
    format: Format,
    bytes: &'a [u8],
    options: &SniffOptions,
) -> (Cow<'a, str>, Sniffed) {
    let sniffed = match format {
        Format::Html => sniff_whole_document(bytes, options),
        // With `end`, every format answers.
        _ => sniff(format, bytes, true, options)
            .unwrap_or(Sniffed::certain(crate::UTF_8, Rule::Default)),
    };
    // A byte order mark, if any, is the one that decided (the first rule of each format), so
    // removing the chosen encoding's own mark reads it once.
    let (text, _) = sniffed.encoding.decode_with_bom_removal(bytes);
    (text, sniffed)
}
