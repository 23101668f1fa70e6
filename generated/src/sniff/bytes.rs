//! The byte classes the sniffing standards name, and the encodings their rules switch to.

use crate::encoding::Encoding;

/// Infra's ASCII whitespace (HTML's 0x09, 0x0A, 0x0C, 0x0D, 0x20).
#[inline]
pub(super) fn is_ascii_whitespace(b: u8) -> bool {
    class(b) & SPACE != 0
}

/// A bit of [`class`]: 0x09, 0x0A, 0x0C, 0x0D or 0x20.
pub(super) const SPACE: u8 = 1;
/// A bit of [`class`]: 0x2F (/).
pub(super) const SLASH: u8 = 2;
/// A bit of [`class`]: 0x3E (>).
pub(super) const GREATER: u8 = 4;
/// A bit of [`class`]: 0x3D (=).
pub(super) const EQUALS: u8 = 8;

/// Each byte's bits of the classes that get an attribute and the prescan test for.
static CLASSES: [u8; 256] = {
    let mut classes = [0; 256];
    classes[0x09] = SPACE;
    classes[0x0A] = SPACE;
    classes[0x0C] = SPACE;
    classes[0x0D] = SPACE;
    classes[0x20] = SPACE;
    classes[0x2F] = SLASH;
    classes[0x3E] = GREATER;
    classes[0x3D] = EQUALS;
    classes
};

/// The classes `b` is in, as bits: one load instead of a chain of comparisons.
#[inline(always)]
pub(super) fn class(b: u8) -> u8 {
    CLASSES[usize::from(b)]
}

/// The index of the first byte at or after `from` in one of the classes `classes`, or None.
#[inline(always)]
pub(super) fn find_class(bytes: &[u8], from: usize, classes: u8) -> Option<usize> {
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        if class(b) & classes != 0 {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// The index of the first byte at or after `from` in none of the classes `classes`, or None.
#[inline(always)]
pub(super) fn skip_class(bytes: &[u8], from: usize, classes: u8) -> Option<usize> {
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        if class(b) & classes == 0 {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// Whether `bytes` are `word` (lowercase ASCII) up to ASCII case: the standard's lowercased
/// string compared with `word`. A letter of `word` matches with the byte's 0x20 bit set (A-Z
/// and a-z, nothing else), any other byte exactly; for a constant `word` this unrolls into a
/// few instructions a byte.
#[inline(always)]
pub(super) fn is_word(bytes: &[u8], word: &[u8]) -> bool {
    bytes.len() == word.len()
        && bytes
            .iter()
            .zip(word)
            .all(|(&b, &w)| b | (u8::from(w.is_ascii_lowercase()) << 5) == w)
}

/// Encoding Standard, 4.2, "get an encoding", with the label that nearly every document
/// declares, `utf-8`, tried before the search through every label.
#[inline]
pub(super) fn get_an_encoding(label: &[u8]) -> Option<&'static Encoding> {
    if is_word(label, b"utf-8") {
        return Some(crate::UTF_8);
    }
    Encoding::for_label(label)
}

/// Whether `encoding` is UTF-16BE/LE (Encoding Standard, section 4.2).
pub(super) fn is_utf_16(encoding: &'static Encoding) -> bool {
    matches!(encoding.name, "UTF-16BE" | "UTF-16LE")
}

/// The encoding named `name`, if this build has it.
pub(super) fn compiled_in(name: &str) -> Option<&'static Encoding> {
    crate::statics::by_name(name)
}

/// The rule of the prescan, of *get an XML encoding*, of `@charset` and of *changing the
/// encoding*: "if it is UTF-16BE/LE, change it to UTF-8".
pub(super) fn utf_16_to_utf_8(encoding: &'static Encoding) -> &'static Encoding {
    if is_utf_16(encoding) {
        crate::UTF_8
    } else {
        encoding
    }
}

/// The prescan's and *changing the encoding*'s rule "if it is x-user-defined, change it to
/// windows-1252"; None when this build has x-user-defined but not windows-1252 (the encoding
/// the rule asks for is unsupported).
pub(super) fn x_user_defined_to_windows_1252(
    encoding: &'static Encoding,
) -> Option<&'static Encoding> {
    if encoding.name == "x-user-defined" {
        compiled_in("windows-1252")
    } else {
        Some(encoding)
    }
}
