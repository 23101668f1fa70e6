//! HTML Standard, section 2.5.3 ("URLs and fetching"), "the algorithm for extracting a
//! character encoding from a meta element": the charset in a `content` attribute, which the
//! prescan reads for `<meta http-equiv=content-type>`.

use super::bytes::{get_an_encoding, is_ascii_whitespace};
use crate::encoding::Encoding;
use crate::kernels::scan::find;

/// HTML Standard, 2.5.3, "the algorithm for extracting a character encoding from a meta
/// element", given a string `s` (a `content` attribute's value): the encoding, or None for
/// "nothing" (no charset, or a label that names no encoding this build has).
///
/// ```
/// # #[cfg(feature = "shift_jis")]
/// # fn main() {
/// use whatwg_encoding::sniff::extract_a_character_encoding_from_a_meta_element as extract;
/// use whatwg_encoding::SHIFT_JIS;
///
/// assert_eq!(extract(b"text/html; charset=Shift_JIS"), Some(SHIFT_JIS));
/// assert_eq!(extract(b"text/html; CHARSET = 'sjis'"), Some(SHIFT_JIS));
/// assert_eq!(extract(b"text/html; charset=\"sjis"), None); // an unmatched quote
/// # }
/// # #[cfg(not(feature = "shift_jis"))]
/// # fn main() {}
/// ```
pub fn extract_a_character_encoding_from_a_meta_element(s: &[u8]) -> Option<&'static Encoding> {
    // 1. Let position be a pointer into s, initially pointing at the start of the string.
    let mut position = 0;
    let next = loop {
        // 2. Loop: Find the first seven characters in s after position that are an ASCII
        //    case-insensitive match for the word "charset". If no such match is found, return
        //    nothing.
        let found = find_charset(s, position)?;
        // 3. Skip any ASCII whitespace that immediately follow the word "charset" (there
        //    might not be any).
        let mut after = found + b"charset".len();
        while s.get(after).is_some_and(|&b| is_ascii_whitespace(b)) {
            after += 1;
        }
        // 4. If the next character is not a U+003D EQUALS SIGN (=), then move position to
        //    point just before that next character, and jump back to the step labeled loop.
        if s.get(after) == Some(&b'=') {
            break after + 1;
        }
        position = after;
    };
    // 5. Skip any ASCII whitespace that immediately follow the equals sign (there might not
    //    be any).
    let start = next
        + s.get(next..)?
            .iter()
            .take_while(|&&b| is_ascii_whitespace(b))
            .count();
    // 6. Process the next character as follows:
    match *s.get(start)? {
        // If it is a U+0022 (") and there is a later U+0022 (") in s, or a U+0027 (') and
        // there is a later U+0027 (') in s: return the result of getting an encoding from
        // the substring that is between this character and the next earliest occurrence of
        // this character. If it is an unmatched U+0022 (") or U+0027 ('): return nothing.
        quote @ (b'"' | b'\'') => {
            let close = find(s, start + 1, quote)?;
            get_an_encoding(s.get(start + 1..close)?)
        }
        // Otherwise: return the result of getting an encoding from the substring that
        // consists of this character up to but not including the first ASCII whitespace or
        // U+003B SEMICOLON character (;), or the end of s, whichever comes first.
        _ => {
            let end = s
                .get(start..)?
                .iter()
                .position(|&b| is_ascii_whitespace(b) || b == b';')
                .map_or(s.len(), |i| start + i);
            get_an_encoding(s.get(start..end)?)
        }
    }
    // (If there is no next character, `s.get(start)?` returned nothing above.)
}

/// Where the first ASCII case-insensitive "charset" at or after `from` starts.
fn find_charset(s: &[u8], from: usize) -> Option<usize> {
    s.get(from..)?
        .windows(b"charset".len())
        .position(|window| window.eq_ignore_ascii_case(b"charset"))
        .map(|i| from + i)
}
