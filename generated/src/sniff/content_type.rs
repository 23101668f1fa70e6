//! The charset of a `Content-Type` value: MIME Sniffing Standard, section 4.4, "parse a MIME
//! type" (with Fetch's "collect an HTTP quoted string", section 2.2), then the Encoding
//! Standard's "get an encoding" of the `charset` parameter.
//!
//! Only what the charset needs is kept (the type and subtype are checked, not stored), so
//! that no allocator is needed; every step is taken once per byte, so that a hostile value
//! costs time in proportion to its length.

use super::bytes::get_an_encoding;
use crate::encoding::Encoding;

/// Fetch, 2.2: "HTTP whitespace is U+000A LF, U+000D CR, or an HTTP tab or space" (U+0009
/// TAB or U+0020 SPACE).
fn is_http_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r' | b' ')
}

/// MIME Sniffing, 3: "An HTTP token code point is U+0021 (!), U+0023 (#), U+0024 ($), U+0025
/// (%), U+0026 (&), U+0027 ('), U+002A (*), U+002B (+), U+002D (-), U+002E (.), U+005E (^),
/// U+005F (_), U+0060 (`), U+007C (|), U+007E (~), or an ASCII alphanumeric."
fn is_http_token_code_point(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'#'
            | b'$'
            | b'%'
            | b'&'
            | b'\''
            | b'*'
            | b'+'
            | b'-'
            | b'.'
            | b'^'
            | b'_'
            | b'`'
            | b'|'
            | b'~'
    ) || b.is_ascii_alphanumeric()
}

/// MIME Sniffing, 3: "An HTTP quoted-string token code point is U+0009 TAB, a code point in
/// the range U+0020 SPACE to U+007E (~), inclusive, or a code point in the range U+0080
/// through U+00FF (ÿ), inclusive." (A byte, isomorphic decoded, is one of U+0000 to U+00FF.)
fn is_http_quoted_string_token_code_point(b: u8) -> bool {
    b == b'\t' || (0x20..=0x7E).contains(&b) || b >= 0x80
}

/// The longest label of section 4.2 and then some: a longer value names no encoding.
const LABEL_ROOM: usize = 32;

/// A parameter value fed a byte at a time, kept only as far as "get an encoding" needs it:
/// the bytes between leading and trailing ASCII whitespace (which get an encoding removes),
/// if there are few enough of them and no whitespace among them (no label has any).
struct Label {
    bytes: [u8; LABEL_ROOM],
    len: usize,
    state: LabelState,
    /// Every byte was an HTTP quoted-string token code point.
    valid: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LabelState {
    /// Only whitespace so far.
    Leading,
    /// In the label.
    Label,
    /// Whitespace after the label.
    Trailing,
    /// Not a label: too long, or whitespace inside.
    NotALabel,
}

impl Label {
    fn new() -> Label {
        Label {
            bytes: [0; LABEL_ROOM],
            len: 0,
            state: LabelState::Leading,
            valid: true,
        }
    }

    fn push(&mut self, b: u8) {
        self.valid &= is_http_quoted_string_token_code_point(b);
        let whitespace = matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
        self.state = match (self.state, whitespace) {
            (LabelState::Leading, true) => LabelState::Leading,
            (LabelState::Label | LabelState::Trailing, true) => LabelState::Trailing,
            (LabelState::Leading | LabelState::Label, false) => {
                match self.bytes.get_mut(self.len) {
                    Some(slot) => {
                        *slot = b;
                        self.len += 1;
                        LabelState::Label
                    }
                    None => LabelState::NotALabel,
                }
            }
            (LabelState::Trailing | LabelState::NotALabel, false)
            | (LabelState::NotALabel, true) => LabelState::NotALabel,
        };
    }

    /// "Get an encoding" of the value.
    fn encoding(&self) -> Option<&'static Encoding> {
        match self.state {
            LabelState::Label | LabelState::Trailing => {
                get_an_encoding(self.bytes.get(..self.len)?)
            }
            LabelState::Leading | LabelState::NotALabel => None,
        }
    }
}

/// The encoding named by the `charset` parameter of a `Content-Type` value, as the MIME
/// Sniffing Standard's *parse a MIME type from bytes* (section 4.4) reads it: None if the
/// value is not a MIME type, has no valid `charset` parameter, or its label names no encoding
/// this build has. The first valid `charset` counts; a quoted value has its backslash
/// escapes undone; case and whitespace are as the standard says.
///
/// ```
/// # #[cfg(all(feature = "shift_jis", feature = "windows-1252"))]
/// # fn main() {
/// use whatwg_encoding::sniff::content_type_charset as charset;
/// use whatwg_encoding::{SHIFT_JIS, WINDOWS_1252};
///
/// assert_eq!(charset(b"text/html; charset=Shift_JIS"), Some(SHIFT_JIS));
/// assert_eq!(charset(b"TEXT/HTML;CHARSET=\"s\\jis\"; charset=latin1"), Some(SHIFT_JIS));
/// assert_eq!(charset(b"text/html;charset=\"shift_jis\"iso-8859-1"), Some(SHIFT_JIS));
/// assert_eq!(charset(b"text/html;charset=;charset=latin1"), Some(WINDOWS_1252));
/// assert_eq!(charset(b"text/html;charset=bogus;charset=latin1"), None); // the first counts
/// assert_eq!(charset(b"text/ html;charset=latin1"), None); // not a MIME type
/// # }
/// # #[cfg(not(all(feature = "shift_jis", feature = "windows-1252")))]
/// # fn main() {}
/// ```
pub fn content_type_charset(value: &[u8]) -> Option<&'static Encoding> {
    parse_a_mime_type_charset(value)?.encoding()
}

/// Parse a MIME type from bytes, keeping the `charset` parameter. None: failure, or no
/// `charset` parameter was set.
fn parse_a_mime_type_charset(input: &[u8]) -> Option<Label> {
    // (Parse a MIME type from bytes: 1. Let string be input, isomorphic decoded: a byte is
    // the code point of the same value, so the steps below read bytes.)
    // 1. Remove any leading and trailing HTTP whitespace from input.
    let start = input.iter().position(|&b| !is_http_whitespace(b))?;
    let end = input.iter().rposition(|&b| !is_http_whitespace(b))? + 1;
    let input = input.get(start..end)?;
    let len = input.len();
    // 2. Let position be a position variable for input, initially pointing at the start of
    //    input.
    // 3. Let type be the result of collecting a sequence of code points that are not U+002F
    //    (/) from input, given position.
    let mut position = input.iter().position(|&b| b == b'/').unwrap_or(len);
    let mime_type = &input[..position];
    // 4. If type is the empty string or does not solely contain HTTP token code points, then
    //    return failure.
    if mime_type.is_empty() || !mime_type.iter().all(|&b| is_http_token_code_point(b)) {
        return None;
    }
    // 5. If position is past the end of input, then return failure.
    if position >= len {
        return None;
    }
    // 6. Advance position by 1. (This skips past U+002F (/).)
    position += 1;
    // 7. Let subtype be the result of collecting a sequence of code points that are not
    //    U+003B (;) from input, given position.
    let subtype_start = position;
    position = collect_not(input, position, |b| b == b';');
    // 8. Remove any trailing HTTP whitespace from subtype.
    let subtype = trim_end(&input[subtype_start..position]);
    // 9. If subtype is the empty string or does not solely contain HTTP token code points,
    //    then return failure.
    if subtype.is_empty() || !subtype.iter().all(|&b| is_http_token_code_point(b)) {
        return None;
    }
    // 10. Let mimeType be a new MIME type record whose type is type, in ASCII lowercase, and
    //     subtype is subtype, in ASCII lowercase. (Only its charset parameter is kept.)
    // 11. While position is not past the end of input:
    while position < len {
        // 1. Advance position by 1. (This skips past U+003B (;).)
        position += 1;
        // 2. Collect a sequence of code points that are HTTP whitespace from input given
        //    position.
        position = collect_not(input, position, |b| !is_http_whitespace(b));
        // 3. Let parameterName be the result of collecting a sequence of code points that are
        //    not U+003B (;) or U+003D (=) from input, given position.
        let name_start = position;
        position = collect_not(input, position, |b| b == b';' || b == b'=');
        // 4. Set parameterName to parameterName, in ASCII lowercase.
        let is_charset = input[name_start..position].eq_ignore_ascii_case(b"charset");
        // 5. If position is not past the end of input, then: 1. If the code point at position
        //    within input is U+003B (;), then continue. 2. Advance position by 1. (This skips
        //    past U+003D (=).)
        if position < len {
            if input[position] == b';' {
                continue;
            }
            position += 1;
        }
        // 6. If position is past the end of input, then break.
        if position >= len {
            break;
        }
        // 7. Let parameterValue be null.
        let mut value = Label::new();
        // 8. If the code point at position within input is U+0022 ("), then:
        if input[position] == b'"' {
            // 1. Set parameterValue to the result of collecting an HTTP quoted string from
            //    input, given position and true.
            position = collect_an_http_quoted_string(input, position, |b| value.push(b));
            // 2. Collect a sequence of code points that are not U+003B (;) from input, given
            //    position.
            position = collect_not(input, position, |b| b == b';');
        } else {
            // 9. Otherwise: 1. Set parameterValue to the result of collecting a sequence of
            //    code points that are not U+003B (;) from input, given position.
            let value_start = position;
            position = collect_not(input, position, |b| b == b';');
            // 2. Remove any trailing HTTP whitespace from parameterValue.
            let unquoted = trim_end(&input[value_start..position]);
            // 3. If parameterValue is the empty string, then continue.
            if unquoted.is_empty() {
                continue;
            }
            if is_charset {
                unquoted.iter().for_each(|&b| value.push(b));
            }
        }
        // 10. If all of the following are true: parameterName is not the empty string;
        //     parameterName solely contains HTTP token code points; parameterValue solely
        //     contains HTTP quoted-string token code points; mimeType's
        //     parameters[parameterName] does not exist; then set mimeType's
        //     parameters[parameterName] to parameterValue. ("charset" is a non-empty token,
        //     and the first one set is the one kept: no later parameter can change it.)
        if is_charset && value.valid {
            return Some(value);
        }
    }
    // 12. Return mimeType. (It has no charset parameter.)
    None
}

/// Infra's "collect a sequence of code points" that `stop` does not accept, from `position`:
/// the position after them.
fn collect_not(input: &[u8], position: usize, stop: impl Fn(u8) -> bool) -> usize {
    input
        .get(position..)
        .and_then(|rest| rest.iter().position(|&b| stop(b)))
        .map_or(input.len(), |i| position + i)
}

/// `bytes` without its trailing HTTP whitespace.
fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|&b| !is_http_whitespace(b))
        .map_or(0, |i| i + 1);
    &bytes[..end]
}

/// Fetch, 2.2, "collect an HTTP quoted string" from `input` at `position` (a U+0022) with
/// extract-value true: each code point of the value is given to `value`; returns the position
/// after the string.
fn collect_an_http_quoted_string(
    input: &[u8],
    mut position: usize,
    mut value: impl FnMut(u8),
) -> usize {
    // 1. Let positionStart be position. 2. Let value be the empty string.
    // 3. Assert: the code point at position within input is U+0022 (").
    debug_assert_eq!(input.get(position), Some(&b'"'));
    // 4. Advance position by 1.
    position += 1;
    // 5. While true:
    loop {
        // 1. Append the result of collecting a sequence of code points that are not U+0022
        //    (") or U+005C (\) from input, given position, to value.
        let run_end = collect_not(input, position, |b| b == b'"' || b == b'\\');
        input[position..run_end].iter().for_each(|&b| value(b));
        position = run_end;
        // 2. If position is past the end of input, then break.
        // 3. Let quoteOrBackslash be the code point at position within input.
        let Some(&quote_or_backslash) = input.get(position) else {
            break;
        };
        // 4. Advance position by 1.
        position += 1;
        // 5. If quoteOrBackslash is U+005C (\), then:
        if quote_or_backslash == b'\\' {
            // 1. If position is past the end of input, then append U+005C (\) to value and
            //    break.
            let Some(&escaped) = input.get(position) else {
                value(b'\\');
                break;
            };
            // 2. Append the code point at position within input to value.
            value(escaped);
            // 3. Advance position by 1.
            position += 1;
        } else {
            // 6. Otherwise: 1. Assert: quoteOrBackslash is U+0022 ("). 2. Break.
            break;
        }
    }
    // 6. If extract-value is true, then return value. (Given to `value` as it was collected.)
    position
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The label as the parser keeps it, as text.
    fn kept(value: &[u8]) -> Option<(usize, bool)> {
        parse_a_mime_type_charset(value).map(|label| (label.len, label.valid))
    }

    #[test]
    fn a_label_is_kept_between_its_whitespace() {
        let mut label = Label::new();
        b" \tutf-8 \x0C".iter().for_each(|&b| label.push(b));
        assert_eq!(&label.bytes[..label.len], b"utf-8");
        assert!(!label.valid, "FF is no quoted-string token code point");
        assert_eq!(label.encoding(), Some(crate::UTF_8));
        let mut label = Label::new();
        b"utf -8".iter().for_each(|&b| label.push(b));
        assert_eq!(label.encoding(), None);
        let mut label = Label::new();
        [b'a'; LABEL_ROOM + 1].iter().for_each(|&b| label.push(b));
        assert_eq!(label.encoding(), None);
    }

    #[test]
    fn only_a_valid_charset_is_set() {
        assert_eq!(kept(b"text/html;charset=utf-8"), Some((5, true)));
        assert_eq!(kept(b"text/html;charset=\"\""), Some((0, true)));
        assert_eq!(kept(b"text/html;charset="), None);
        assert_eq!(
            kept(b"text/html;charset=utf-8\x7F;charset=latin1"),
            Some((6, true))
        );
    }
}
