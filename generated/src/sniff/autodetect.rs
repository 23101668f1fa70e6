//! HTML step 8: the autodetection hook, and the one detector this crate has.

use crate::encoding::Encoding;

/// HTML encoding sniffing, step 8: "The user agent may attempt to autodetect the character
/// encoding from applying frequency analysis or other algorithms to the data stream."
/// Implement it over a statistical detector (chardetng, …) to plug one in through
/// [`SniffOptions::autodetect`](super::SniffOptions::autodetect).
///
/// ```
/// use whatwg_encoding::sniff::{sniff, Autodetect, Format, Rule, SniffOptions};
/// use whatwg_encoding::{Encoding, UTF_8};
///
/// /// Says UTF-8 for anything that starts with "utf8:".
/// struct Prefix;
///
/// impl Autodetect for Prefix {
///     fn autodetect(&self, bytes: &[u8], _end: bool) -> Option<&'static Encoding> {
///         bytes.starts_with(b"utf8:").then_some(UTF_8)
///     }
/// }
///
/// let options = SniffOptions::new().autodetect(Some(&Prefix));
/// let sniffed = sniff(Format::Html, b"utf8:<p>", true, &options).unwrap();
/// assert_eq!((sniffed.encoding, sniffed.rule), (UTF_8, Rule::Autodetection));
/// ```
pub trait Autodetect: Sync {
    /// The encoding of a document that starts with `bytes`, or None if the detector cannot
    /// tell. `end`: the stream ends after `bytes` (else more may follow, and a character can
    /// be cut at the end).
    fn autodetect(&self, bytes: &[u8], end: bool) -> Option<&'static Encoding>;
}

/// The detector the HTML Standard suggests for files from the local file system: "Files ...
/// that contain bytes with values greater than 0x7F which match the UTF-8 pattern are very
/// likely to be UTF-8". Says UTF-8 when the bytes are valid UTF-8 (a character cut at the
/// end counts as valid unless the stream has ended) and at least one is not ASCII; otherwise
/// nothing.
///
/// ```
/// use whatwg_encoding::sniff::{Autodetect, Utf8Autodetect};
/// use whatwg_encoding::UTF_8;
///
/// assert_eq!(Utf8Autodetect.autodetect("<p>café".as_bytes(), true), Some(UTF_8));
/// assert_eq!(Utf8Autodetect.autodetect(b"<p>cafe", true), None); // ASCII says nothing
/// assert_eq!(Utf8Autodetect.autodetect(b"<p>caf\xE9", true), None); // not UTF-8
/// assert_eq!(Utf8Autodetect.autodetect(b"<p>\xC3\xA9\xE2\x82", false), Some(UTF_8)); // cut
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Utf8Autodetect;

impl Autodetect for Utf8Autodetect {
    fn autodetect(&self, bytes: &[u8], end: bool) -> Option<&'static Encoding> {
        let ascii = Encoding::ascii_valid_up_to(bytes);
        if ascii == bytes.len() {
            return None;
        }
        let rest = &bytes[ascii..];
        let valid = Encoding::utf8_valid_up_to(rest);
        let complete = valid == rest.len();
        (complete || (!end && is_cut_character(&rest[valid..]))).then_some(crate::UTF_8)
    }
}

/// Whether `tail` (the bytes after the longest valid prefix) is the start of a UTF-8
/// character that more bytes could complete: a lead byte and the right continuation bytes,
/// fewer than the lead asks for (Encoding Standard, 8.1.1, "UTF-8 decoder", with its bounds
/// on the second byte).
fn is_cut_character(tail: &[u8]) -> bool {
    let Some((&lead, continuation)) = tail.split_first() else {
        return false;
    };
    let (needed, second) = match lead {
        0xC2..=0xDF => (1, 0x80..=0xBF),
        0xE0 => (2, 0xA0..=0xBF),
        0xED => (2, 0x80..=0x9F),
        0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80..=0xBF),
        0xF0 => (3, 0x90..=0xBF),
        0xF4 => (3, 0x80..=0x8F),
        0xF1..=0xF3 => (3, 0x80..=0xBF),
        _ => return false,
    };
    continuation.len() < needed
        && continuation.iter().enumerate().all(|(i, b)| {
            if i == 0 {
                second.contains(b)
            } else {
                (0x80..=0xBF).contains(b)
            }
        })
}
