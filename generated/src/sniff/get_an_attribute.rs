//! HTML Standard, section 13.2.3.2, "get an attribute": the prescan's reading of one attribute
//! of a tag.
//!
//! The standard builds the name and the value a code point at a time, lowercasing A-Z. Both
//! are always one run of the input's bytes, so they are returned as byte ranges (no copy, no
//! allocator): compare them ASCII-case-insensitively, which is what the lowercasing is for.

use super::bytes::{find, is_ascii_whitespace};

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
pub fn get_an_attribute(
    bytes: &[u8],
    position: &mut usize,
) -> Result<Option<Attribute>, RanOutOfBytes> {
    let byte = |at: usize| bytes.get(at).copied().ok_or(RanOutOfBytes);
    // 1. If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), 0x20
    //    (SP), or 0x2F (/), then advance position to the next byte and redo this step.
    while matches!(
        byte(*position)?,
        b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/'
    ) {
        *position += 1;
    }
    // 2. If the byte at position is 0x3E (>), then abort the get an attribute algorithm.
    //    There isn't one.
    if byte(*position)? == b'>' {
        return Ok(None);
    }
    // 3. Otherwise, the byte at position is the start of the attribute name. Let attribute
    //    name and attribute value be the empty string.
    let name_start = *position;
    let with_value = |name_end: usize, value_start: usize, value_end: usize| {
        Ok(Some(Attribute {
            name_start,
            name_end,
            value_start,
            value_end,
        }))
    };
    // 4. Process the byte at position as follows: … 5. Advance position to the next byte
    //    and return to the previous step.
    let name_end = loop {
        match byte(*position)? {
            // If it is 0x3D (=), and the attribute name is longer than the empty string:
            // advance position to the next byte and jump to the step below labeled value.
            b'=' if *position > name_start => {
                let name_end = *position;
                *position += 1;
                break name_end;
            }
            // If it is 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), or 0x20 (SP): jump to the
            // step below labeled spaces.
            b if is_ascii_whitespace(b) => {
                let name_end = *position;
                // 6. Spaces: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C
                //    (FF), 0x0D (CR), or 0x20 (SP), then advance position to the next byte,
                //    then, repeat this step.
                while is_ascii_whitespace(byte(*position)?) {
                    *position += 1;
                }
                // 7. If the byte at position is not 0x3D (=), abort the get an attribute
                //    algorithm. The attribute's name is the value of attribute name, its
                //    value is the empty string.
                if byte(*position)? != b'=' {
                    return with_value(name_end, *position, *position);
                }
                // 8. Advance position past the 0x3D (=) byte.
                *position += 1;
                break name_end;
            }
            // If it is 0x2F (/) or 0x3E (>): abort the get an attribute algorithm. The
            // attribute's name is the value of attribute name, its value is the empty string.
            b'/' | b'>' => return with_value(*position, *position, *position),
            // If it is in the range 0x41 (A) to 0x5A (Z): append the code point b+0x20 to
            // attribute name. Anything else: append the code point with the same value.
            _ => *position += 1,
        }
    };
    // 9. Value: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D
    //    (CR), or 0x20 (SP), then advance position to the next byte, then, repeat this step.
    while is_ascii_whitespace(byte(*position)?) {
        *position += 1;
    }
    // 10. Process the byte at position as follows:
    match byte(*position)? {
        // If it is 0x22 (") or 0x27 ('): 1. Let b be the value of the byte at position.
        // 2. Quote loop: Advance position to the next byte. 3. If the value of the byte at
        // position is the value of b, then advance position to the next byte and abort the
        // "get an attribute" algorithm. The attribute's name is the value of attribute name,
        // and its value is the value of attribute value. 4.-6. Otherwise, append the byte
        // (A-Z lowercased) to attribute value, and return to the step labeled quote loop.
        quote @ (b'"' | b'\'') => {
            let value_start = *position + 1;
            let close = find(bytes, value_start, quote).ok_or(RanOutOfBytes)?;
            *position = close + 1;
            with_value(name_end, value_start, close)
        }
        // If it is 0x3E (>): abort the get an attribute algorithm. The attribute's name is
        // the value of attribute name, its value is the empty string.
        b'>' => with_value(name_end, *position, *position),
        // If it is in the range 0x41 (A) to 0x5A (Z), or anything else: append the byte (A-Z
        // lowercased) to attribute value. Advance position to the next byte.
        _ => {
            let value_start = *position;
            *position += 1;
            // 11. Process the byte at position as follows: if it is 0x09 (HT), 0x0A (LF),
            //     0x0C (FF), 0x0D (CR), 0x20 (SP), or 0x3E (>): abort the get an attribute
            //     algorithm; the attribute's name is the value of attribute name and its
            //     value is the value of attribute value. Otherwise append the byte (A-Z
            //     lowercased) to attribute value. 12. Advance position to the next byte and
            //     return to the previous step.
            loop {
                let b = byte(*position)?;
                if is_ascii_whitespace(b) || b == b'>' {
                    return with_value(name_end, value_start, *position);
                }
                *position += 1;
            }
        }
    }
}
