//! CSS Syntax Module Level 3, section 3.2, "The input byte stream": *decode*'s byte order
//! mark, then *determine the fallback encoding* (the transport layer's label, the exact
//! `@charset "…";` bytes, the referring document's environment encoding, UTF-8).

use core::ops::ControlFlow;

use super::bom::byte_order_mark_rule;
use super::bytes::{get_an_encoding, utf_16_to_utf_8};
use super::options::SniffOptions;
use super::prescan_length::PRESCAN_LENGTH;
use super::result::{Rule, Sniffed};
use crate::encoding::Encoding;

/// What the `@charset` rule says of the bytes so far.
enum Charset<'a> {
    /// The stream begins with `@charset "` XX* `";`: these are the XX bytes.
    Label(&'a [u8]),
    /// It does not, whatever bytes follow.
    Absent,
    /// The bytes so far begin that sequence but do not complete it.
    Undecided,
}

/// The bytes before the label.
const OPENING: &[u8] = b"@charset \"";

/// Step 2's test: "If the first 1024 bytes of the stream begin with the hex sequence
/// 40 63 68 61 72 73 65 74 20 22 XX* 22 3B where each XX byte is a value between 0x00 and 0x21
/// inclusive or a value between 0x23 and 0x7F inclusive". `window` is at most the first 1024
/// bytes.
fn charset_rule(window: &[u8]) -> Charset<'_> {
    if !window.starts_with(OPENING) {
        return if OPENING.starts_with(window) {
            Charset::Undecided
        } else {
            Charset::Absent
        };
    }
    let label_start = OPENING.len();
    let label = &window[label_start..];
    match label.iter().position(|&b| b == b'"' || b > 0x7F) {
        None => Charset::Undecided,
        Some(i) if label[i] != b'"' => Charset::Absent,
        Some(i) => match label.get(i + 1) {
            Some(b';') => Charset::Label(&label[..i]),
            Some(_) => Charset::Absent,
            None => Charset::Undecided,
        },
    }
}

/// CSS Syntax 3, 3.2, "determine the fallback encoding" of a style sheet whose first bytes
/// are `bytes`, given the label the transport layer provides (e.g. a `Content-Type` charset,
/// see [`content_type_charset`](super::content_type_charset), already looked up) and the
/// referring document's environment encoding. Only the first 1024 bytes are looked at.
///
/// (CSS's *decode* looks for a byte order mark first, and uses this only without one:
/// [`sniff`](super::sniff) with [`Format::Css`](super::Format::Css) does both.)
///
/// ```
/// # #[cfg(all(feature = "iso-8859-15", feature = "windows-1252", feature = "utf-16le"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{determine_the_fallback_encoding, Rule};
/// use whatwg_encoding::{ISO_8859_15, UTF_8, WINDOWS_1252};
///
/// let sniffed = determine_the_fallback_encoding(b"@charset \"l9\";", None, None);
/// assert_eq!((sniffed.encoding, sniffed.rule), (ISO_8859_15, Rule::CssCharset));
/// // Single quotes are not the rule's bytes.
/// let sniffed = determine_the_fallback_encoding(b"@charset 'l9';", None, Some(WINDOWS_1252));
/// assert_eq!((sniffed.encoding, sniffed.rule), (WINDOWS_1252, Rule::Parent));
/// let sniffed = determine_the_fallback_encoding(b"@charset \"utf-16le\";", None, None);
/// assert_eq!((sniffed.encoding, sniffed.rule), (UTF_8, Rule::CssCharset));
/// # }
/// # #[cfg(not(all(feature = "iso-8859-15", feature = "windows-1252", feature = "utf-16le")))]
/// # fn main() {}
/// ```
pub fn determine_the_fallback_encoding(
    bytes: &[u8],
    transport: Option<&'static Encoding>,
    environment: Option<&'static Encoding>,
) -> Sniffed {
    let options = SniffOptions {
        transport,
        parent: environment,
        ..SniffOptions::default()
    };
    fallback(bytes, true, &options).unwrap_or(Sniffed::certain(crate::UTF_8, Rule::Default))
}

/// Determine the fallback encoding; None: wait for more bytes.
fn fallback(bytes: &[u8], end: bool, options: &SniffOptions) -> Option<Sniffed> {
    // 1. If HTTP or equivalent protocol provides an encoding label (e.g. via the charset
    //    parameter of the Content-Type header) for the stylesheet, get an encoding from
    //    encoding label. If that does not return failure, return it.
    if let Some(encoding) = options.transport {
        return Some(Sniffed::certain(encoding, Rule::TransportLayer));
    }
    // 2. Otherwise, check stylesheet's byte stream. If the first 1024 bytes of the stream
    //    begin with the hex sequence 40 63 68 61 72 73 65 74 20 22 XX* 22 3B …, then get an
    //    encoding from a string formed out of the sequence of XX bytes, interpreted as ASCII.
    //    If the return value was utf-16be or utf-16le, return utf-8; if it was anything else
    //    except failure, return it.
    let window = &bytes[..bytes.len().min(PRESCAN_LENGTH)];
    match charset_rule(window) {
        Charset::Label(label) => {
            if let Some(encoding) = get_an_encoding(label) {
                return Some(Sniffed::certain(
                    utf_16_to_utf_8(encoding),
                    Rule::CssCharset,
                ));
            }
        }
        Charset::Undecided if !end && window.len() < PRESCAN_LENGTH => return None,
        Charset::Undecided | Charset::Absent => {}
    }
    // 3. Otherwise, if an environment encoding is provided by the referring document,
    //    return it.
    if let Some(encoding) = options.parent {
        return Some(Sniffed::certain(encoding, Rule::Parent));
    }
    // 4. Otherwise, return utf-8.
    Some(Sniffed::certain(crate::UTF_8, Rule::Default))
}

/// A style sheet: CSS's *decode* checks for a byte order mark, then determines the fallback
/// encoding. None: wait for more bytes.
pub(super) fn sniff_css(bytes: &[u8], end: bool, options: &SniffOptions) -> Option<Sniffed> {
    match byte_order_mark_rule(bytes, end) {
        ControlFlow::Break(answer) => answer,
        ControlFlow::Continue(()) => fallback(bytes, end, options),
    }
}
