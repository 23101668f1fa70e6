//! The encoding an HTML document ends with: the sniffing algorithm, then the document
//! followed as the HTML parser would while the confidence is tentative, so that a `<meta>`
//! that tree construction processes with the "in head" rules after the prescan's 1024 bytes
//! runs *changing the encoding while parsing* (HTML Standard, 13.2.3.4).
//!
//! The parsing rules followed are those of the HTML Living Standard as of November 2026
//! (after the 2025 change that relaxed the `select` parser: no "in select" insertion mode):
//! 13.2.5 tokenization, over the text decoded in the current encoding; 13.2.6 tree
//! construction, as far as it decides whether a `meta` start tag reaches the "in head" rules
//! (13.2.6.4.4) and which tokenizer state a start tag switches to. Where a `meta` counts:
//! in the head and before it; in the body and every mode that hands a start tag to "in body"
//! (tables, after `</body>`, after `</html>`, inside `select`); after the head; in a
//! template; in "in head noscript"; in foreign content (`svg`, `math`), which hands `meta`
//! back to HTML content. Where it does not: in a frameset or after it, in a template whose
//! first start tag was `col`, and as text: a comment's, a title's or textarea's (RCDATA), a
//! style's, xmp's, iframe's, noembed's, noframes' or (with scripting) noscript's (RAWTEXT), a
//! script's (script data and its escaped states), after `plaintext`, in a CDATA section, in
//! an attribute value. This crate runs no scripts: a `<meta>` that a script would write does
//! not count. What the model of tree construction leaves out is listed in `tree.rs`: the
//! list of active formatting elements, the implied closing of table parts, quirks mode, and
//! nesting past 256 open elements.
//!
//! The state is bounded whatever the document: the tokenizer's few dozen bytes and the
//! stack of open elements' 256 entries.
//!
//! [`sniff_whole_document`], which has all the bytes, follows them only as far as a `meta`
//! start tag can still come (`ahead.rs`: up to the last `<meta` of the bytes, in the encodings
//! whose ASCII characters are their own bytes).

mod ahead;
mod char_ref;
mod follow;
mod following;
mod names;
mod start_tag;
mod tokenizer;
mod tree;
mod values;

pub(crate) use follow::{Followed, Follower, Found};
pub(crate) use following::{Following, Step};

use super::bytes::is_utf_16;
use super::change::{change_the_encoding, EncodingChange};
use super::options::SniffOptions;
use super::result::{Confidence, Format, Rule, Sniffed};
use super::sniff;
use crate::encoding::Encoding;
use crate::results::CoderResult;

/// The encoding an HTML document ends with, from all its bytes: the encoding sniffing
/// algorithm (as [`super::sniff`] with `end` true), and then, while the confidence is
/// tentative, the document tokenized in that encoding until tree construction processes a
/// `<meta>` that declares an encoding with the "in head" rules. That one runs *changing the
/// encoding while parsing* (13.2.3.4, [`change_the_encoding`]), after which the confidence
/// is certain: the answer is the encoding it leaves (the declared one, or the one in use for
/// UTF-16 or an encoding declared again) with [`Rule::LateMeta`] and the byte offset of its
/// `<` (or [`Rule::Meta`] when it is the prescan's own `<meta>`). Without one, the answer is
/// the sniffing's.
///
/// A `meta` start tag's text is `<meta` and a space, `/` or `>`, and in every encoding but
/// UTF-16 and ISO-2022-JP those characters are the same bytes: the text is followed only up
/// to the end of the tag at the bytes' last `<meta` (not at all if they have none), which
/// changes no answer. The streaming forms, which see no bytes ahead, follow every byte.
///
/// ```
/// # #[cfg(all(feature = "koi8-r", feature = "windows-1252"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{sniff, sniff_whole_document, Confidence, Format, Rule, SniffOptions};
/// use whatwg_encoding::{KOI8_R, WINDOWS_1252};
///
/// // A long comment, then the declaration: past the prescan's 1024 bytes.
/// let mut page = b"<!DOCTYPE html><!--".to_vec();
/// page.extend([b'x'; 1100]);
/// page.extend(b"--><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4");
/// let options = SniffOptions::default();
/// let sniffed = sniff(Format::Html, &page, true, &options).unwrap();
/// assert_eq!((sniffed.encoding, sniffed.rule), (WINDOWS_1252, Rule::Default));
///
/// let ended = sniff_whole_document(&page, &options);
/// assert_eq!(ended.encoding, KOI8_R);
/// assert_eq!(ended.confidence, Confidence::Certain);
/// assert_eq!(ended.rule, Rule::LateMeta { offset: 1122 });
/// assert!(KOI8_R.decode_without_bom_handling(&page).0.ends_with("<p>Привет"));
/// # }
/// # #[cfg(not(all(feature = "koi8-r", feature = "windows-1252")))]
/// # fn main() {}
/// ```
pub fn sniff_whole_document(bytes: &[u8], options: &SniffOptions) -> Sniffed {
    whole_document(bytes, options, Ahead::Searched)
}

/// How the follower knows where a `meta` start tag can still come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ahead {
    /// From the bytes ahead, where the encoding shows ASCII as its own bytes (`ahead`).
    Searched,
    /// Not at all: the whole document is followed (the streaming forms' way, which see no
    /// bytes ahead; what the tests hold the search against).
    #[cfg_attr(not(test), allow(dead_code))]
    Unknown,
}

/// [`sniff_whole_document`], knowing what is ahead as `ahead` says.
fn whole_document(bytes: &[u8], options: &SniffOptions, ahead: Ahead) -> Sniffed {
    let sniffed = sniff(Format::Html, bytes, true, options)
        .unwrap_or(Sniffed::tentative(options.default, Rule::Default));
    if sniffed.confidence != Confidence::Tentative {
        return sniffed;
    }
    let last_meta = match ahead {
        Ahead::Searched if ahead::ascii_is_its_own_bytes(sniffed.encoding) => {
            // No `<meta` in the bytes: no `meta` start tag comes, and the answer is the
            // sniffing's, as at the end of the document.
            let Some(at) = ahead::last_meta(bytes) else {
                return sniffed;
            };
            Some(at)
        }
        _ => None,
    };
    match follow_all(sniffed.encoding, bytes, options.scripting, last_meta) {
        Some(found) => {
            let converted = bytes.get(..found.end as usize).unwrap_or(bytes);
            let change = change_the_encoding(sniffed.encoding, found.encoding, converted);
            ended(sniffed, &found, change)
        }
        None => sniffed,
    }
}

/// The answer after a late `meta`: `sniffed` was the answer before it, `change` what
/// changing the encoding decided.
pub(crate) fn ended(sniffed: Sniffed, found: &Found, change: EncodingChange) -> Sniffed {
    let encoding = match change {
        EncodingChange::Keep => sniffed.encoding,
        EncodingChange::ChangeInPlace(encoding) | EncodingChange::Reparse(encoding) => encoding,
    };
    let offset = found.offset as usize;
    let rule = match sniffed.rule {
        Rule::Meta { offset: prescan } if prescan == offset => sniffed.rule,
        _ => Rule::LateMeta { offset },
    };
    Sniffed::certain(encoding, rule)
}

/// Decodes `bytes` in `encoding` a buffer at a time (no allocator), following the text, until
/// a `meta` declares an encoding. With `last_meta`, the offset of the last `<meta` in the
/// bytes (`ahead`), only until the follower has passed it and is in no start tag that may
/// still be a `meta`.
fn follow_all(
    encoding: &'static Encoding,
    bytes: &[u8],
    scripting: bool,
    last_meta: Option<usize>,
) -> Option<Found> {
    /// Text per piece; each piece's bytes are at most a third of it, so the decoder never
    /// stops for room.
    const TEXT: usize = 32 * 1024;
    const PIECE: usize = TEXT / 3 - 2;
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut follower = Follower::new(scripting);
    let mut text = [0u8; TEXT];
    let mut at = 0;
    // From the last `<meta` on, the rest of its tag is read in short pieces, doubled each
    // time; the pieces before end at its `<`, so that none ends inside it (where the follower
    // would locate its start in the bytes).
    let mut short = 256;
    loop {
        let piece = match last_meta {
            Some(last) if at < last => (last - at).min(PIECE),
            Some(_) => {
                let piece = short;
                short = (2 * short).min(PIECE);
                piece
            }
            None => PIECE,
        };
        let end = bytes.len().min(at + piece);
        let last = end == bytes.len();
        let before = decoder.fork();
        let (result, read, written, _) = decoder.decode_to_utf8(&bytes[at..end], &mut text, last);
        debug_assert_eq!(result, CoderResult::InputEmpty);
        match follower.follow(&before, &bytes[at..at + read], &text[..written]) {
            Followed::More => {}
            Followed::Meta(found) => return Some(found),
            Followed::Plaintext => return None,
        }
        at += read;
        // Past the six bytes of the last `<meta` and out of any tag that may be a `meta`.
        let past = |meta: usize| at >= meta + 6 && !follower.in_possible_meta();
        if last || last_meta.is_some_and(past) {
            return None;
        }
    }
}

/// What the streaming forms know of the bytes converted so far, to decide step 5 of changing
/// the encoding without holding them: which bytes at or above 0x80 occurred, and whether a
/// control of ISO-2022-JP's (ESC, SO, SI) did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Converted {
    high: [u64; 2],
    controls: bool,
}

impl Converted {
    /// Notes bytes converted.
    pub(crate) fn note(&mut self, bytes: &[u8]) {
        let ascii = Encoding::ascii_valid_up_to(bytes);
        for &b in &bytes[ascii..] {
            if b >= 0x80 {
                self.high[usize::from(b >> 6) & 1] |= 1 << (b & 63);
            }
        }
        self.controls |= bytes.iter().any(|&b| matches!(b, 0x1B | 0x0E | 0x0F));
    }

    /// Changing the encoding from `current` to `new` with these bytes converted: as
    /// [`change_the_encoding`], but where the bytes may mean something else in `new` and
    /// the summary cannot tell (either encoding has sequences of several bytes), step 6.
    pub(crate) fn change(
        &self,
        current: &'static Encoding,
        new: &'static Encoding,
    ) -> EncodingChange {
        // Steps 1 to 4 need no bytes.
        match change_the_encoding(current, new, b"") {
            EncodingChange::ChangeInPlace(new) => {
                let ascii_only = self.high == [0, 0];
                let iso_2022_jp = |e: &'static Encoding| e.name == "ISO-2022-JP";
                let controls = self.controls && (iso_2022_jp(current) || iso_2022_jp(new));
                let replacement = |e: &'static Encoding| e.name == "replacement";
                let same = if replacement(current) || replacement(new) || controls {
                    false
                } else if ascii_only {
                    true
                } else {
                    single_byte(current) && single_byte(new) && self.same_high_bytes(current, new)
                };
                if same {
                    EncodingChange::ChangeInPlace(new)
                } else {
                    EncodingChange::Reparse(new)
                }
            }
            other => other,
        }
    }

    /// Whether every high byte noted decodes alike in the two single-byte encodings.
    fn same_high_bytes(&self, a: &'static Encoding, b: &'static Encoding) -> bool {
        (0x80u16..=0xFF).all(|byte| {
            let byte = byte as u8;
            let noted = self.high[usize::from(byte >> 6) & 1] & (1 << (byte & 63)) != 0;
            !noted || change_the_encoding(a, b, &[byte]) == EncodingChange::ChangeInPlace(b)
        })
    }
}

/// Whether every byte of `encoding` decodes on its own: the single-byte encodings and
/// x-user-defined (and not UTF-16, whose step 1 keeps it anyway).
fn single_byte(encoding: &'static Encoding) -> bool {
    !is_utf_16(encoding)
        && !matches!(
            encoding.name,
            "UTF-8"
                | "GBK"
                | "gb18030"
                | "Big5"
                | "EUC-JP"
                | "ISO-2022-JP"
                | "Shift_JIS"
                | "EUC-KR"
                | "replacement"
        )
}

// The search ahead against the full path: in any build (they take the encodings it has).
#[cfg(test)]
mod ahead_tests;

// The tests name encodings that reduced feature sets leave out.
#[cfg(all(
    test,
    feature = "koi8-r",
    feature = "windows-1251",
    feature = "windows-1252",
    feature = "iso-2022-jp",
    feature = "utf-16le"
))]
mod tests;
