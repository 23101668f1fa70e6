//! HTML Standard, section 13.2.3.2, "prescan a byte stream to determine its encoding": the
//! `<meta charset>` and `<meta http-equiv=content-type>` of the first 1024 bytes.
//!
//! The loop can start again where it stopped: its only state between one turn and the next
//! is the position, so when the bytes run out, the position where the last turn that could
//! change with more bytes began is kept, and a later call with more bytes goes on from there.

use super::bytes::{
    find_class, get_an_encoding, is_in, is_word, utf_16_to_utf_8, x_user_defined_to_windows_1252,
    GREATER, SLASH, SPACE,
};
use super::get_an_attribute::{get_a_value, get_an_attribute};
use super::meta::extract_a_character_encoding_from_a_meta_element;
use super::prescan_length::PRESCAN_LENGTH;
use super::result::{Rule, Sniffed};
use super::tag_end::{skip_attributes, Skipped};
use super::xml::get_an_xml_encoding;
use crate::encoding::Encoding;
use crate::kernels::scan::{find, find_pair};

/// What the prescan found in the bytes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prescan {
    /// It returned this encoding (after its own UTF-16 and x-user-defined rules) for the
    /// `<meta` at `offset`.
    Meta {
        encoding: &'static Encoding,
        offset: usize,
    },
    /// Step 2 found a UTF-16 `<?x` at the start.
    Utf16XmlDeclaration(&'static Encoding),
    /// It ran out of bytes; with more, call again from `resume`.
    RanOut { resume: usize },
}

/// The most bytes any pattern of the loop looks at from a `<`: `<meta` and the byte after.
const LOOKAHEAD: usize = 6;

/// HTML Standard, 13.2.3.2, "prescan a byte stream to determine its encoding", with its end
/// condition at the end of `bytes` or at their 1024th byte, whichever comes first (the
/// standard encourages 1024; this is the most it reads). When it runs out of bytes it
/// returns "get an XML encoding" of the same bytes, as the standard says. The answer is
/// tentative, as step 5 of the encoding sniffing algorithm returns it.
///
/// ```
/// # #[cfg(all(feature = "windows-1252", feature = "utf-16le"))]
/// # fn main() {
/// use whatwg_encoding::sniff::{prescan_a_byte_stream_to_determine_its_encoding as prescan, Rule};
/// use whatwg_encoding::{UTF_8, WINDOWS_1252};
///
/// let found = prescan(b"<!-- <meta charset=utf-8> --><meta charset=latin1>").unwrap();
/// assert_eq!((found.encoding, found.rule), (WINDOWS_1252, Rule::Meta { offset: 29 }));
/// // A meta's UTF-16 means UTF-8: the bytes are ASCII-compatible after all.
/// assert_eq!(prescan(b"<meta charset=utf-16le>").unwrap().encoding, UTF_8);
/// assert_eq!(prescan(b"<p>No declaration</p>"), None);
/// # }
/// # #[cfg(not(all(feature = "windows-1252", feature = "utf-16le")))]
/// # fn main() {}
/// ```
pub fn prescan_a_byte_stream_to_determine_its_encoding(bytes: &[u8]) -> Option<Sniffed> {
    let window = &bytes[..bytes.len().min(PRESCAN_LENGTH)];
    match prescan(window, 0, true) {
        Prescan::Meta { encoding, offset } => {
            Some(Sniffed::tentative(encoding, Rule::Meta { offset }))
        }
        Prescan::Utf16XmlDeclaration(encoding) => {
            Some(Sniffed::tentative(encoding, Rule::XmlDeclaration))
        }
        Prescan::RanOut { .. } => get_an_xml_encoding(window)
            .map(|encoding| Sniffed::tentative(encoding, Rule::XmlDeclaration)),
    }
}

/// The prescan over `bytes` (the whole window: its end is the end condition), going on from
/// `resume` (0 to start afresh, else a [`Prescan::RanOut`]'s `resume` for fewer of the same
/// bytes); `complete`: no more bytes will be added.
pub(super) fn prescan(bytes: &[u8], resume: usize, complete: bool) -> Prescan {
    let len = bytes.len();
    // Where a turn began whose patterns could not see all their bytes: more bytes could
    // change it, so a later call must go on from there.
    let mut uncertain = None;
    // 1. Let position be a pointer to a byte in the input byte stream, initially pointing at
    //    the first byte.
    let mut position = resume;
    if resume == 0 {
        // 2. Prescan for UTF-16 XML declarations: If position points to a sequence of bytes
        //    starting with 0x3C, 0x0, 0x3F, 0x0, 0x78, 0x0 (case-sensitive UTF-16
        //    little-endian '<?x'), return UTF-16LE; starting with 0x0, 0x3C, 0x0, 0x3F, 0x0,
        //    0x78 (case-sensitive UTF-16 big-endian '<?x'), return UTF-16BE. (An encoding
        //    this build leaves out is not returned.)
        if bytes.starts_with(b"<\0?\0x\0") {
            if let Some(encoding) = super::bytes::compiled_in("UTF-16LE") {
                return Prescan::Utf16XmlDeclaration(encoding);
            }
        }
        if bytes.starts_with(b"\0<\0?\0x") {
            if let Some(encoding) = super::bytes::compiled_in("UTF-16BE") {
                return Prescan::Utf16XmlDeclaration(encoding);
            }
        }
        if len < LOOKAHEAD {
            uncertain = Some(0);
        }
    }
    // Only the meta steps return an encoding from the loop: bytes that hold no `<meta`
    // followed by whitespace or `/` run out whatever the turns before do, so a complete
    // window without one needs no turns at all.
    if complete && !has_meta(bytes, position) {
        return Prescan::RanOut { resume: len };
    }
    loop {
        // 3. Loop: … Any other byte: Do nothing with that byte. (Every byte but 0x3C starts
        //    none of the sequences, so the loop goes straight to the next 0x3C.)
        if bytes.get(position) != Some(&b'<') {
            match find(bytes, position, b'<') {
                Some(next) => position = next,
                None => {
                    return Prescan::RanOut {
                        resume: uncertain.unwrap_or(len),
                    }
                }
            }
        }
        if position + LOOKAHEAD > len {
            near_the_end(&mut uncertain, position);
        }
        match turn(bytes, position) {
            None => {
                return Prescan::RanOut {
                    resume: uncertain.unwrap_or(position),
                }
            }
            Some(Turn::Declared(encoding)) => {
                return Prescan::Meta {
                    encoding,
                    offset: position,
                }
            }
            // 4. Next byte: Move position so it points at the next byte in the input byte
            //    stream, and return to the step above labeled loop.
            Some(Turn::Next(at)) => position = at + 1,
        }
        if position >= len {
            return Prescan::RanOut {
                resume: uncertain.unwrap_or(position),
            };
        }
    }
}

/// Keeps `position` as where the first turn that could change with more bytes began, unless
/// one did before. (Out of line: only the last few turns of the window come here.)
#[cold]
fn near_the_end(uncertain: &mut Option<usize>, position: usize) {
    uncertain.get_or_insert(position);
}

/// Whether `bytes` hold, at or after `from`, the bytes that start the meta steps: `<meta`
/// (case-insensitive) and one of 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2F.
fn has_meta(bytes: &[u8], from: usize) -> bool {
    let mut at = from;
    while let Some(found) = find_pair(bytes, at, b'<', b'm') {
        if is_meta(&bytes[found..]) {
            return true;
        }
        at = found + 1;
    }
    false
}

/// Whether `rest` starts with `<meta` (case-insensitive) and whitespace or `/`.
fn is_meta(rest: &[u8]) -> bool {
    rest.len() >= 6 && is_word(&rest[1..5], b"meta") && is_in(rest[5], SPACE | SLASH)
}

/// How one turn of the loop ended.
enum Turn {
    /// At this position, before step 4 ("next byte").
    Next(usize),
    /// A `<meta>` declared this encoding: the prescan returns it.
    Declared(&'static Encoding),
}

/// One turn of step 3 at `position`, which holds a 0x3C. None: ran out of bytes.
fn turn(bytes: &[u8], position: usize) -> Option<Turn> {
    let rest = &bytes[position..];
    // The sequences below in the standard's order, told apart by the byte after the 0x3C.
    match rest.get(1).copied().unwrap_or(0) {
        // A sequence of bytes starting with: 0x3C 0x21 0x2D 0x2D (`<!--`): Advance the
        // position pointer so that it points at the first 0x3E byte which is preceded by two
        // 0x2D bytes (i.e. at the end of an ASCII '-->' sequence) and comes after the 0x3C
        // byte that was found. (The two 0x2D bytes can be the same as those in the '<!--'
        // sequence.)
        b'!' if rest.starts_with(b"<!--") => {
            let mut from = position + 4;
            loop {
                let end = find(bytes, from, b'>')?;
                if bytes[end - 2..end] == *b"--" {
                    return Some(Turn::Next(end));
                }
                from = end + 1;
            }
        }
        // A sequence of bytes starting with: 0x3C, 0x4D or 0x6D, 0x45 or 0x65, 0x54 or 0x74,
        // 0x41 or 0x61, and one of 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2F (case-insensitive
        // ASCII '<meta' followed by a space or slash)
        b'm' | b'M' if is_meta(rest) => meta(bytes, position),
        // A sequence of bytes starting with a 0x3C byte (<), optionally a 0x2F byte (/), and
        // finally a byte in the range 0x41-0x5A or 0x61-0x7A (A-Z or a-z)
        letter if letter.is_ascii_alphabetic() => tag(bytes, position + 1),
        b'/' if rest.get(2).is_some_and(u8::is_ascii_alphabetic) => tag(bytes, position + 2),
        // A sequence of bytes starting with: 0x3C 0x21 (`<!`), 0x3C 0x2F (`</`), 0x3C 0x3F
        // (`<?`): Advance the position pointer so that it points at the first 0x3E byte (>)
        // that comes after the 0x3C byte that was found.
        b'!' | b'/' | b'?' => find(bytes, position + 1, b'>').map(Turn::Next),
        // Any other byte: Do nothing with that byte.
        _ => Some(Turn::Next(position)),
    }
}

/// The steps for a tag whose name starts at `name`. None: ran out of bytes.
#[inline(always)]
fn tag(bytes: &[u8], name: usize) -> Option<Turn> {
    // 1. Advance the position pointer so that it points at the next 0x09 (HT), 0x0A (LF),
    //    0x0C (FF), 0x0D (CR), 0x20 (SP), or 0x3E (>) byte.
    let at = find_class(bytes, name, SPACE | GREATER)?;
    // 2. Repeatedly get an attribute until no further attributes can be found, then jump to
    //    the step below labeled next byte.
    end_of_attributes(bytes, at).map(Turn::Next)
}

/// Where repeatedly getting an attribute from `at` until no further attributes can be found
/// stops, when where they end is all that matters (the shortcut finds it in the common
/// shapes, see `skip_attributes`). None: ran out of bytes.
#[inline(always)]
fn end_of_attributes(bytes: &[u8], at: usize) -> Option<usize> {
    let mut at = match skip_attributes(bytes, at) {
        Skipped::End(end) => return Some(end),
        Skipped::From(from) => from,
    };
    while get_an_attribute(bytes, &mut at).ok()?.is_some() {}
    Some(at)
}

/// What the `charset` variable of the meta steps holds.
#[derive(Clone, Copy)]
enum Charset {
    /// "The null value".
    Null,
    /// Getting an encoding failed.
    Failure,
    Encoding(&'static Encoding),
}

/// The meta steps 1-16, for the `<meta` at `position`. None: ran out of bytes.
fn meta(bytes: &[u8], position: usize) -> Option<Turn> {
    // 1. Advance the position pointer so that it points at the next 0x09, 0x0A, 0x0C, 0x0D,
    //    0x20, or 0x2F byte (the one in sequence of characters matched above).
    let mut at = position + 5;
    // 2. Let attribute list be an empty list of strings. (Only the three names the steps act
    //    on matter: a repeat of any other is skipped to no effect.)
    let (mut seen_http_equiv, mut seen_content) = (false, false);
    // 3. Let got pragma be false.
    let mut got_pragma = false;
    // 4. Let need pragma be null.
    let mut need_pragma = None;
    // 5. Let charset be the null value (which, for the purposes of this algorithm, is
    //    distinct from an unrecognized encoding or the empty string).
    let mut charset = Charset::Null;
    // The value of the first `charset` attribute: once it is set, no later attribute changes
    // the answer (a repeated `charset` is skipped, `content` sets charset only while it is
    // null, got pragma counts only when need pragma is true), and only where the attributes
    // end matters. Nearly every page's `<meta` is `<meta charset=`: the byte after `<meta`
    // is whitespace or `/` (step 1 of get an attribute passes it), and get an attribute
    // reads the name `charset` up to the `=` (steps 3-5), then its value.
    let charset_value = if is_word(
        bytes.get(position + 6..position + 14).unwrap_or_default(),
        b"charset=",
    ) {
        let (start, end, after) = get_a_value(bytes, position + 14).ok()?;
        at = after;
        Some(start..end)
    } else {
        // 6. Attributes: Get an attribute and its value. If no attribute was sniffed, then
        //    jump to the processing step below.
        loop {
            let Some(attribute) = get_an_attribute(bytes, &mut at).ok()? else {
                break None;
            };
            let name = attribute.name(bytes);
            let value = attribute.value(bytes);
            // 7. If the attribute's name is already in attribute list, then return to the
            //    step labeled attributes.
            // 8. Add the attribute's name to attribute list.
            // 9. Run the appropriate step from the following list, if one applies:
            if is_word(name, b"http-equiv") {
                if core::mem::replace(&mut seen_http_equiv, true) {
                    continue;
                }
                // If the attribute's name is "http-equiv": If the attribute's value is
                // "content-type", then set got pragma to true.
                if is_word(value, b"content-type") {
                    got_pragma = true;
                }
            } else if is_word(name, b"content") {
                if core::mem::replace(&mut seen_content, true) {
                    continue;
                }
                // If the attribute's name is "content": Apply the algorithm for extracting a
                // character encoding from a meta element, giving the attribute's value as
                // the string to parse. If a character encoding is returned, and if charset
                // is still set to null, let charset be the encoding returned, and set need
                // pragma to true.
                if let Some(encoding) = extract_a_character_encoding_from_a_meta_element(value) {
                    if matches!(charset, Charset::Null) {
                        charset = Charset::Encoding(encoding);
                        need_pragma = Some(true);
                    }
                }
            } else if is_word(name, b"charset") {
                break Some(attribute.value_start..attribute.value_end);
            }
            // 10. Return to the step labeled attributes.
        }
    };
    if let Some(value) = charset_value {
        // If the attribute's name is "charset": Let charset be the result of getting an
        // encoding from the attribute's value, and set need pragma to false.
        charset = get_an_encoding(&bytes[value]).map_or(Charset::Failure, Charset::Encoding);
        need_pragma = Some(false);
        at = end_of_attributes(bytes, at)?;
    }
    let next_byte = Some(Turn::Next(at));
    // 11. Processing: If need pragma is null, then jump to the step below labeled next byte.
    // 12. If need pragma is true but got pragma is false, then jump to the step below
    //     labeled next byte.
    match need_pragma {
        None => return next_byte,
        Some(true) if !got_pragma => return next_byte,
        Some(_) => {}
    }
    // 13. If charset is failure, then jump to the step below labeled next byte.
    let Charset::Encoding(encoding) = charset else {
        return next_byte;
    };
    // 14. If charset is UTF-16BE/LE, then set charset to UTF-8.
    // 15. If charset is x-user-defined, then set charset to windows-1252.
    // 16. Return charset. (UTF-8, nearly every page's, is neither.)
    if core::ptr::eq(encoding, crate::UTF_8) {
        return Some(Turn::Declared(encoding));
    }
    match x_user_defined_to_windows_1252(utf_16_to_utf_8(encoding)) {
        Some(encoding) => Some(Turn::Declared(encoding)),
        None => next_byte,
    }
}
