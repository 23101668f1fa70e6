//! The byte classes the sniffing standards name, and the encodings their rules switch to.

use crate::encoding::Encoding;

/// Infra's ASCII whitespace (HTML's 0x09, 0x0A, 0x0C, 0x0D, 0x20).
#[inline]
pub(super) fn is_ascii_whitespace(b: u8) -> bool {
    is_in(b, SPACE)
}

/// A set of bytes below 0x40 that the prescan and get an attribute test for, a bit a byte
/// (bit `b` for byte `b`): a test is a shift, with no table to load.
pub(super) type Class = u64;

/// The class of the one byte `b` (below 0x40).
const fn byte(b: u8) -> Class {
    1 << b
}

/// 0x09, 0x0A, 0x0C, 0x0D or 0x20.
pub(super) const SPACE: Class = byte(0x09) | byte(0x0A) | byte(0x0C) | byte(0x0D) | byte(0x20);
/// 0x2F (/).
pub(super) const SLASH: Class = byte(b'/');
/// 0x3E (>).
pub(super) const GREATER: Class = byte(b'>');
/// 0x3D (=).
pub(super) const EQUALS: Class = byte(b'=');

/// Whether `b` is in `class`.
#[inline(always)]
pub(super) fn is_in(b: u8, class: Class) -> bool {
    b < 64 && (class >> b) & 1 != 0
}

/// The index of the first byte at or after `from` in `class`, or None.
#[inline(always)]
pub(super) fn find_class(bytes: &[u8], from: usize, class: Class) -> Option<usize> {
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        if is_in(b, class) {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// The index of the first byte at or after `from` not in `class`, or None.
#[inline(always)]
pub(super) fn skip_class(bytes: &[u8], from: usize, class: Class) -> Option<usize> {
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        if !is_in(b, class) {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// Whether `bytes` are `word` (lowercase ASCII) up to ASCII case: the standard's lowercased
/// string compared with `word`. A letter of `word` matches with the byte's 0x20 bit set (A-Z
/// and a-z, nothing else), any other byte exactly; the bytes are compared eight at a time as
/// integers (the first eight and the last eight of a longer word), for a constant `word` a
/// few instructions in all.
#[inline(always)]
pub(super) fn is_word<const N: usize>(bytes: &[u8], word: &[u8; N]) -> bool {
    /// Up to eight bytes as one integer, the first in the low bits, zeros after the last.
    #[inline(always)]
    fn pack(bytes: impl IntoIterator<Item = u8>) -> u64 {
        let mut buffer = [0; 8];
        for (b, byte) in buffer.iter_mut().zip(bytes) {
            *b = byte;
        }
        u64::from_le_bytes(buffer)
    }
    /// Whether `bytes[from..to]` is `word[from..to]` up to case. Inlined, as the rest is,
    /// so that the word's integers are constants.
    #[inline(always)]
    fn same(bytes: &[u8], word: &[u8], from: usize, to: usize) -> bool {
        let (bytes, word) = (&bytes[from..to], &word[from..to]);
        let case = pack(word.iter().map(|w| u8::from(w.is_ascii_lowercase()) << 5));
        pack(bytes.iter().copied()) | case == pack(word.iter().copied())
    }
    if bytes.len() != N {
        return false;
    }
    same(bytes, word, 0, N.min(8)) && same(bytes, word, N.saturating_sub(8), N)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_word` against the standard's reading (A-Z lowercased, then compared) for every
    /// word the prescan compares, with every byte at every position, and every length.
    #[test]
    fn is_word_is_the_lowercased_comparison() {
        fn check<const N: usize>(word: &[u8; N]) {
            let reference = |bytes: &[u8]| {
                bytes.len() == N
                    && bytes
                        .iter()
                        .zip(word)
                        .all(|(b, w)| b.to_ascii_lowercase() == *w)
            };
            let mut upper = *word;
            upper.make_ascii_uppercase();
            for base in [*word, upper] {
                assert!(is_word(&base, word));
                for at in 0..N {
                    for b in 0..=u8::MAX {
                        let mut bytes = base;
                        bytes[at] = b;
                        assert_eq!(is_word(&bytes, word), reference(&bytes), "{bytes:?}");
                    }
                }
                for len in 0..N + 3 {
                    let bytes: Vec<u8> = base.iter().copied().cycle().take(len).collect();
                    assert_eq!(is_word(&bytes, word), reference(&bytes), "{bytes:?}");
                }
            }
        }
        check(b"meta");
        check(b"utf-8");
        check(b"charset");
        check(b"content");
        check(b"http-equiv");
        check(b"content-type");
    }

    /// The classes hold exactly the bytes their names say.
    #[test]
    fn classes() {
        for b in 0..=u8::MAX {
            assert_eq!(
                is_in(b, SPACE),
                matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
            );
            assert_eq!(
                is_in(b, SLASH | GREATER | EQUALS),
                matches!(b, b'/' | b'>' | b'=')
            );
        }
    }
}
