//! The byte classes the sniffing standards name, the encodings their rules switch to, and the
//! search that lets the prescan skip text, comments and quoted values a block at a time.

use crate::encoding::Encoding;

/// Infra's ASCII whitespace (HTML's 0x09, 0x0A, 0x0C, 0x0D, 0x20).
#[inline]
pub(super) fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
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

/// Bytes per test of [`find`]: an array the compiler compares in two vector instructions.
const BLOCK: usize = 16;

/// The index of the first byte at or after `from` that is `needle`, or None.
#[inline]
pub(super) fn find(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut chunks = rest.chunks_exact(BLOCK);
    let mut done = from;
    for chunk in &mut chunks {
        let block: &[u8; BLOCK] = chunk.try_into().ok()?;
        if block.iter().fold(false, |any, &b| any | (b == needle)) {
            return block.iter().position(|&b| b == needle).map(|i| done + i);
        }
        done += BLOCK;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == needle)
        .map(|i| done + i)
}

/// The index of the first byte at or after `from` that `stop` accepts, or None: for the
/// short runs (tag names, unquoted values) where a block's set-up would not pay.
#[inline]
pub(super) fn find_by(bytes: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|&b| stop(b))
        .map(|i| from + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_sees_every_position_at_every_start() {
        for len in 0..=40 {
            let plain = vec![b'a'; len];
            for from in 0..=len + 1 {
                assert_eq!(find(&plain, from, b'<'), None);
            }
            for at in 0..len {
                let mut bytes = plain.clone();
                bytes[at] = b'<';
                for from in 0..=len {
                    let expected = (from <= at).then_some(at);
                    assert_eq!(find(&bytes, from, b'<'), expected, "len {len} at {at}");
                }
            }
        }
    }

    #[test]
    fn find_by_stops_at_the_first_accepted_byte() {
        let bytes = b"name value>";
        assert_eq!(find_by(bytes, 0, is_ascii_whitespace), Some(4));
        assert_eq!(find_by(bytes, 5, |b| b == b'>'), Some(10));
        assert_eq!(find_by(bytes, 11, |b| b == b'>'), None);
        assert_eq!(find_by(bytes, 12, |b| b == b'>'), None);
    }
}
