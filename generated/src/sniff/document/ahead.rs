//! Where a `meta` start tag can still come: only where the bytes hold `<meta`.
//!
//! The tag name state lowercases ASCII letters and takes nothing else for them, and a tag
//! name never comes from a character reference: a start tag named `meta` is the text `<`,
//! `m`, `e`, `t`, `a` (each letter in either case) and then one of tab, LF, FF, CR, space,
//! `/` or `>` (a NULL makes the name another; the end of the input drops the tag). In every
//! ASCII-compatible encoding but ISO-2022-JP, an ASCII character of the decoded text is the
//! same byte, and the characters after a `<` come from the bytes after it: no byte sequence
//! other than one ASCII byte decodes to an ASCII character, a `<` or a letter of `meta` is
//! never a trail byte that a lead byte swallows, and a lead byte whose sequence an ASCII byte
//! breaks gives U+FFFD before that byte is decoded again on its own (the "restore byte to
//! ioQueue" steps; gb18030's "prepend" steps give back its second, a digit, and its third, a
//! lead, first). So a text holding that tag's six characters holds them as the six bytes at
//! the same place, and bytes without them decode to text without them. ISO-2022-JP's escapes
//! decode to nothing (`<` ESC `(B` `meta` is `<meta` in its text), and UTF-16 has no ASCII
//! bytes: both are followed to the end.
//!
//! The search for the last `<meta` is the kernels' [`last_pair_where`] (a page's length: on
//! the implementation the kernels use), given what follows a `<m` in such a tag.

use super::super::bytes::is_utf_16;
use crate::encoding::Encoding;
use crate::kernels::scan::last_pair_where;

/// Whether `encoding` decodes ASCII characters from the same bytes, as the module says: every
/// encoding but UTF-16BE, UTF-16LE and ISO-2022-JP (replacement decodes to no ASCII at all).
pub(super) fn ascii_is_its_own_bytes(encoding: &'static Encoding) -> bool {
    !is_utf_16(encoding) && encoding.name != "ISO-2022-JP"
}

/// The offset of the last place in `bytes` where a start tag named `meta` can begin: `<meta`
/// (ASCII case-insensitive) followed by tab, LF, FF, CR, space, `/` or `>`.
pub(super) fn last_meta(bytes: &[u8]) -> Option<usize> {
    last_pair_where(bytes, b'<', b'm', is_meta)
}

/// Whether `rest` starts with a start tag named `meta` as [`last_meta`] says.
#[inline]
fn is_meta(rest: &[u8]) -> bool {
    match rest.get(..6) {
        Some([b'<', m, e, t, a, after]) => {
            [*m, *e, *t, *a].eq_ignore_ascii_case(b"meta")
                && matches!(after, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_meta_is_found_in_any_case_with_its_ends() {
        assert_eq!(last_meta(b""), None);
        assert_eq!(last_meta(b"<meta"), None, "the end drops the tag");
        assert_eq!(last_meta(b"<meta>"), Some(0));
        assert_eq!(last_meta(b"x<META/"), Some(1));
        assert_eq!(last_meta(b"<meta charset=x><MeTa\t"), Some(16));
        assert_eq!(last_meta(b"<meta charset=x><metadata>"), Some(0));
        assert_eq!(last_meta(b"<meta\0"), None);
        assert_eq!(last_meta(b"<<meta\r<m<meta\x0C"), Some(9));
        for end in [b'\t', b'\n', b'\x0C', b'\r', b' ', b'/', b'>'] {
            let mut bytes = vec![b'a'; 100];
            bytes.extend(b"<mEtA");
            bytes.push(end);
            bytes.extend([b'b'; 100]);
            assert_eq!(last_meta(&bytes), Some(100));
        }
    }
}
