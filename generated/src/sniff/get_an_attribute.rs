//! HTML Standard, section 13.2.3.2, "get an attribute": the prescan's reading of one attribute
//! of a tag.
//!
//! The standard builds the name and the value a code point at a time, lowercasing A-Z. Both
//! are always one run of the input's bytes, so they are returned as byte ranges (no copy, no
//! allocator): compare them ASCII-case-insensitively, which is what the lowercasing is for.

use super::bytes::{find_class, is_in, skip_class, EQUALS, GREATER, SLASH, SPACE};
use crate::kernels::scan::find;

/// An attribute that [`get_an_attribute`] found: where its name and its value are in the
/// bytes it was given. The standard's "attribute name" and "attribute value" are these bytes
/// with A-Z lowercased.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attribute {
    /// Where the name starts.
    pub name_start: usize,
    /// Where the name ends (exclusive).
    pub name_end: usize,
    /// Where the value starts (inside the quotes, for a quoted value).
    pub value_start: usize,
    /// Where the value ends (exclusive); equal to `value_start` for an empty value.
    pub value_end: usize,
}

impl Attribute {
    /// The name's bytes in `bytes` (the slice given to [`get_an_attribute`]).
    pub fn name<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        bytes
            .get(self.name_start..self.name_end)
            .unwrap_or_default()
    }

    /// The value's bytes in `bytes` (the slice given to [`get_an_attribute`]).
    pub fn value<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        bytes
            .get(self.value_start..self.value_end)
            .unwrap_or_default()
    }
}

/// The prescan ran out of bytes (the position went past the end of the bytes given): the
/// standard then aborts the prescan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RanOutOfBytes;

/// HTML Standard, 13.2.3.2, "get an attribute", from `position` in `bytes`, which it advances
/// as the standard says. `Ok(None)`: there isn't one (the byte at `position` is a `>`).
///
/// ```
/// use whatwg_encoding::sniff::get_an_attribute;
///
/// let tag = b"<meta CHARSET = 'koi8-r'>";
/// let mut position = 5;
/// let attribute = get_an_attribute(tag, &mut position).unwrap().unwrap();
/// assert_eq!(attribute.name(tag), b"CHARSET"); // the standard's "charset"
/// assert_eq!(attribute.value(tag), b"koi8-r");
/// assert_eq!(position, 24);
/// assert_eq!(get_an_attribute(tag, &mut position), Ok(None));
/// ```
#[inline(always)]
pub fn get_an_attribute(
    bytes: &[u8],
    position: &mut usize,
) -> Result<Option<Attribute>, RanOutOfBytes> {
    // Each step below that runs past the end of `bytes` runs out of bytes.
    let ran_out = || RanOutOfBytes;
    // 1. If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), 0x20
    //    (SP), or 0x2F (/), then advance position to the next byte and redo this step.
    let name_start = skip_class(bytes, *position, SPACE | SLASH).ok_or_else(ran_out)?;
    // 2. If the byte at position is 0x3E (>), then abort the get an attribute algorithm.
    //    There isn't one.
    if bytes[name_start] == b'>' {
        *position = name_start;
        return Ok(None);
    }
    // 3. Otherwise, the byte at position is the start of the attribute name. Let attribute
    //    name and attribute value be the empty string.
    let attribute = |name_end: usize, value_start: usize, value_end: usize| {
        Ok(Some(Attribute {
            name_start,
            name_end,
            value_start,
            value_end,
        }))
    };
    // 4. Process the byte at position as follows: if it is 0x3D (=), and the attribute name
    //    is longer than the empty string: advance position to the next byte and jump to the
    //    step below labeled value. If it is 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), or
    //    0x20 (SP): jump to the step below labeled spaces. If it is 0x2F (/) or 0x3E (>):
    //    abort the get an attribute algorithm; the attribute's name is the value of attribute
    //    name, its value is the empty string. Anything else (A-Z lowercased): append it to
    //    attribute name.
    // 5. Advance position to the next byte and return to the previous step.
    // (The first byte is not whitespace, `/` or `>` (steps 1 and 2), and a `=` there is
    // appended, the name being empty: it is always the name's.)
    let name_end =
        find_class(bytes, name_start + 1, SPACE | SLASH | GREATER | EQUALS).ok_or_else(ran_out)?;
    let stop = bytes[name_end];
    let mut at = name_end;
    if is_in(stop, SLASH | GREATER) {
        *position = at;
        return attribute(name_end, at, at);
    }
    if is_in(stop, SPACE) {
        // 6. Spaces: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D
        //    (CR), or 0x20 (SP), then advance position to the next byte, then, repeat this
        //    step.
        at = skip_class(bytes, at, SPACE).ok_or_else(ran_out)?;
        // 7. If the byte at position is not 0x3D (=), abort the get an attribute algorithm.
        //    The attribute's name is the value of attribute name, its value is the empty
        //    string.
        if bytes[at] != b'=' {
            *position = at;
            return attribute(name_end, at, at);
        }
        // 8. Advance position past the 0x3D (=) byte.
    }
    let (value_start, value_end, after) = get_a_value(bytes, at + 1)?;
    *position = after;
    attribute(name_end, value_start, value_end)
}

/// Steps 9 to 12 of get an attribute ("value"), from `at`, the byte after the attribute's
/// `=`: where the value starts and ends (inside the quotes, for a quoted value) and the
/// position the steps leave.
#[inline(always)]
pub(super) fn get_a_value(bytes: &[u8], at: usize) -> Result<(usize, usize, usize), RanOutOfBytes> {
    let ran_out = || RanOutOfBytes;
    // 9. Value: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR),
    //    or 0x20 (SP), then advance position to the next byte, then, repeat this step.
    let at = skip_class(bytes, at, SPACE).ok_or_else(ran_out)?;
    // 10. Process the byte at position as follows:
    match bytes[at] {
        // If it is 0x22 (") or 0x27 ('): 1. Let b be the value of the byte at position.
        // 2. Quote loop: Advance position to the next byte. 3. If the value of the byte at
        // position is the value of b, then advance position to the next byte and abort the
        // "get an attribute" algorithm. The attribute's name is the value of attribute name,
        // and its value is the value of attribute value. 4.-6. Otherwise, append the byte
        // (A-Z lowercased) to attribute value, and return to the step labeled quote loop.
        quote @ (b'"' | b'\'') => {
            let close = find(bytes, at + 1, quote).ok_or_else(ran_out)?;
            Ok((at + 1, close, close + 1))
        }
        // If it is 0x3E (>): abort the get an attribute algorithm. The attribute's name is
        // the value of attribute name, its value is the empty string.
        b'>' => Ok((at, at, at)),
        // If it is in the range 0x41 (A) to 0x5A (Z), or anything else: append the byte (A-Z
        // lowercased) to attribute value. Advance position to the next byte.
        // 11. Process the byte at position as follows: if it is 0x09 (HT), 0x0A (LF), 0x0C
        //     (FF), 0x0D (CR), 0x20 (SP), or 0x3E (>): abort the get an attribute algorithm;
        //     the attribute's name is the value of attribute name and its value is the value
        //     of attribute value. Otherwise append the byte (A-Z lowercased) to attribute
        //     value. 12. Advance position to the next byte and return to the previous step.
        _ => {
            let end = find_class(bytes, at + 1, SPACE | GREATER).ok_or_else(ran_out)?;
            Ok((at, end, end))
        }
    }
}
