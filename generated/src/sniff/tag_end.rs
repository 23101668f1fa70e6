//! A shortcut for the prescan's step 2 of a tag that is not `<meta`, "repeatedly get an
//! attribute until no further attributes can be found": only where the attributes end
//! matters there, not what they are, and in the common shapes that place is found from the
//! `>`, quotes and `=` alone, a search sixteen bytes at a time each, rather than byte by byte
//! through every name and value.

use super::bytes::{is_in, SLASH, SPACE};
use crate::kernels::scan::{find, find_any};

/// How far [`skip_attributes`] went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Skipped {
    /// Getting attributes from the position given stops at this `>`.
    End(usize),
    /// A position where get an attribute is about to be run (as at the position given), from
    /// which the standard's steps must go on: the bytes after it are not in a shape the
    /// shortcut knows, or run out.
    From(usize),
}

/// Where "repeatedly get an attribute until no further attributes can be found" from
/// `position`, the start of a call of get an attribute, stops, found from the next `>`, `"`,
/// `'` or `=` alone while they are in one of two shapes:
///
/// - A `>` with no `"`, `'` or `=` before it (from `position`): the attributes end at it.
///   Get an attribute moves past a `>` only inside a quoted value (its step 10), and a value
///   is quoted only by a quote after an `=`; each call that finds an attribute moves the
///   position forward, and a call that starts at a `>` finds none. With neither quote nor
///   `=` before the `>`, every call stops at or before it, and the last starts at it.
/// - An `=` with no `"`, `'` or `>` before it, right after a byte that is not whitespace or
///   `/`, and right before a quote: that attribute's value is quoted, and the next call of
///   get an attribute starts after its closing quote. From `position`, step 1 passes over
///   whitespace and `/`, and every other byte (there is no `>`, `=` or quote before the `=`)
///   starts or extends a name, which whitespace (steps 6 and 7, the next byte being no `=`)
///   or `/` (step 4) end. The byte before the `=` is neither, so it is in a name, not empty,
///   that the `=` ends (step 4); no whitespace follows (step 9), and the quote starts a value
///   that ends at the next of the same quote (step 10), the position after it.
///
/// Anything else (no such byte, a quote not after an `=`, whitespace around an `=`, an
/// unquoted value, a value without its closing quote) is left to the standard's steps, from
/// the start of the attribute where it is met.
#[inline(always)]
pub(super) fn skip_attributes(bytes: &[u8], position: usize) -> Skipped {
    // (At a `>`, get an attribute finds none.)
    if bytes.get(position) == Some(&b'>') {
        return Skipped::End(position);
    }
    let mut at = position;
    loop {
        let Some(found) = find_any(bytes, at, *b">=\"'") else {
            return Skipped::From(at);
        };
        match bytes[found] {
            b'>' => return Skipped::End(found),
            b'=' if found > at && !is_in(bytes[found - 1], SPACE | SLASH) => {
                let Some(&quote @ (b'"' | b'\'')) = bytes.get(found + 1) else {
                    return Skipped::From(at);
                };
                // (Each quote a constant needle.)
                let close = match quote {
                    b'"' => find(bytes, found + 2, b'"'),
                    _ => find(bytes, found + 2, b'\''),
                };
                match close {
                    Some(close) => at = close + 1,
                    None => return Skipped::From(at),
                }
            }
            _ => return Skipped::From(at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sniff::get_an_attribute::get_an_attribute;
    use proptest::prelude::*;

    /// The standard's step 2 of a tag from `position`: the `>` it stops at, or None when the
    /// bytes run out first.
    fn spec(bytes: &[u8], position: usize) -> Option<usize> {
        let mut at = position;
        while get_an_attribute(bytes, &mut at).ok()?.is_some() {}
        Some(at)
    }

    /// What the shortcut claims, checked against the standard's steps: an end is theirs, and
    /// going on from where it stopped ends where they end from the start.
    fn check(bytes: &[u8], position: usize) {
        match skip_attributes(bytes, position) {
            Skipped::End(end) => {
                assert_eq!(Some(end), spec(bytes, position), "{:?}", bytes);
                assert_eq!(bytes[end], b'>');
            }
            Skipped::From(from) => {
                assert!(from >= position);
                assert_eq!(spec(bytes, from), spec(bytes, position), "{:?}", bytes);
            }
        }
    }

    #[test]
    fn the_shapes_it_knows_and_those_it_leaves() {
        let cases: &[(&[u8], Skipped)] = &[
            (
                b" class=\"client-nojs\" lang=\"en\" dir='ltr'>",
                Skipped::End(40),
            ),
            (b">", Skipped::End(0)),
            (b" a b/c>", Skipped::End(6)),
            (b" a=\"x>y\">", Skipped::End(8)),
            (b" a='x\"y'>", Skipped::End(8)),
            // A quote not after an `=`, whitespace around an `=`, an unquoted value, an
            // unclosed quote: the steps take over at that attribute.
            (b" a=\"x\" b\"c\">", Skipped::From(6)),
            (b" a =\"x>\">", Skipped::From(0)),
            (b" a= \"x>\">", Skipped::From(0)),
            (b" a=b>", Skipped::From(0)),
            (b" a=\"x", Skipped::From(0)),
            (b" /=\"x>\">", Skipped::From(0)),
            (b" ==\"x>\">", Skipped::From(0)),
            (b" a", Skipped::From(0)),
        ];
        for &(bytes, expected) in cases {
            assert_eq!(skip_attributes(bytes, 0), expected, "{:?}", bytes);
            check(bytes, 0);
        }
        // Every start and every cut of a longer tag, with padding for the sixteen-byte
        // searches on either side of a block's end.
        let tag = b"<a b=\"1\" c='2>' d e = \"f\" g=h i/=\"j\" k\"l\" m=\"n\"/>tail";
        for end in 0..=tag.len() {
            for position in 0..=end {
                check(&tag[..end], position);
            }
        }
    }

    /// Bytes of tags: the bytes the steps tell apart, and a few others.
    fn tag_bytes() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(&b" "[..]),
            Just(&b"\t"[..]),
            Just(&b"\x0B"[..]),
            Just(&b"/"[..]),
            Just(&b"="[..]),
            Just(&b"\""[..]),
            Just(&b"'"[..]),
            Just(&b">"[..]),
            Just(&b"a"[..]),
            Just(&b"charset"[..]),
            Just(&b"=\""[..]),
            Just(&b"=\"value with spaces\" "[..]),
            Just(&b"='x'"[..]),
            Just(&b"\xFF"[..]),
            Just(&b"\0"[..]),
        ];
        prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn the_shortcut_agrees_with_the_steps(bytes in tag_bytes(), position in 0usize..200) {
            check(&bytes, position.min(bytes.len()));
        }

        #[test]
        fn the_shortcut_agrees_with_the_steps_on_any_bytes(
            bytes in prop::collection::vec(any::<u8>(), 0..100),
            position in 0usize..100,
        ) {
            check(&bytes, position.min(bytes.len()));
        }
    }
}
