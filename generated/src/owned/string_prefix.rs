//! What `Decoder::decode_to_string` appends to the string straight from the input, without
//! the decode loop and the zeroed window it writes into (see `streaming.rs`): UTF-8's valid
//! prefix, and a single-byte decoder's runs of ASCII with lone letters between them, the
//! shape of text in a Latin script.

use alloc::string::String;

use crate::kernels::ascii::copy_ascii_uninit;
use crate::kernels::utf8::valid::valid_prefix;

/// The first stretch of bytes that are not ASCII [`utf8`] checks after a long run of
/// ASCII, and the longest.
const FIRST_STRETCH: usize = 64;
const LONGEST_STRETCH: usize = 64 * 1024;

/// Appends to `dst`, within its spare capacity, the longest prefix of `src` that is valid
/// UTF-8 and fits; returns its length. The UTF-8 decoder between sequences writes exactly
/// those bytes.
///
/// Runs of ASCII are copied as they are checked, in one pass ([`push_ascii`]); what follows
/// one is checked by the validator and then copied, a stretch at a time, each stretch twice
/// as long as the last while no long run of ASCII comes between, so that text in a script
/// outside ASCII is checked in long stretches and a page in English goes back to the one
/// pass soon after each letter outside ASCII. Checking all of it first and copying it after
/// took en.html to a `String` 2.1 times a copy's time.
pub(crate) fn utf8(src: &[u8], dst: &mut String) -> usize {
    let mut read = 0;
    let mut stretch = FIRST_STRETCH;
    loop {
        let run = push_ascii(src.get(read..).unwrap_or_default(), dst);
        read += run;
        if run >= FIRST_STRETCH {
            stretch = FIRST_STRETCH;
        }
        let rest = src.get(read..).unwrap_or_default();
        let room = dst.capacity() - dst.len();
        let same = valid_prefix(rest.get(..stretch.min(room)).unwrap_or(rest));
        // At the end, out of room, or at a sequence that is invalid or cut off by the end of
        // `src` or of the stretch with nothing before it.
        if same.is_empty() {
            return read;
        }
        dst.push_str(same);
        read += same.len();
        stretch = (stretch * 2).min(LONGEST_STRETCH);
    }
}

/// Appends to `dst`, within its spare capacity, the text of the longest prefix of `src` that
/// section 9.1's decoder with index `decode` (the code point of byte 0x80 + i at i, 0 for
/// none) decodes without error, as long as it is runs of ASCII each followed by one byte
/// that is not (or by the end); returns its length. Nothing if `src` starts with a byte
/// that is not ASCII: text in a script outside ASCII, mostly such bytes, is faster through
/// the decode loop's table than one `String::push` a letter.
#[cfg(feature = "_single-byte")]
pub(crate) fn single_byte(src: &[u8], dst: &mut String, decode: &[u16; 128]) -> usize {
    let mut read = 0;
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let run = push_ascii(rest, dst);
        read += run;
        let (Some(&b), after) = (rest.get(run), rest.get(run + 1)) else {
            return read;
        };
        // Out of room, at a first byte that is not ASCII, or at two in a row.
        if b.is_ascii() || read == 0 || after.is_some_and(|a| !a.is_ascii()) {
            return read;
        }
        // Step 3: the index code point for byte − 0x80; step 4: null is an error, which
        // the decode loop takes.
        let Some(c) = crate::table::code_point_u16(decode, (b - 0x80) as usize) else {
            return read;
        };
        if dst.capacity() - dst.len() < c.len_utf8() {
            return read;
        }
        dst.push(c);
        read += 1;
    }
}

/// Appends to `dst`, within its spare capacity, the longest ASCII prefix of `src` that
/// fits; returns its length. One pass over the bytes, where `push_str` would need them
/// checked first and safe code a zeroed buffer.
fn push_ascii(src: &[u8], dst: &mut String) -> usize {
    // SAFETY: only ASCII bytes are appended below, and a string of UTF-8 followed by ASCII
    // is UTF-8.
    let bytes = unsafe { dst.as_mut_vec() };
    let spare = bytes.spare_capacity_mut();
    let n = copy_ascii_uninit(src, spare);
    debug_assert!(n <= spare.len() && src[..n].is_ascii());
    // SAFETY: `copy_ascii_uninit` wrote the first `n` elements of the spare capacity (at
    // most all of it) with the bytes of `src`'s ASCII prefix. Reached by every streaming
    // decode into a string in UTF-8's and the single-byte encodings (the tests below, and
    // `streaming.rs`'s windows test across every capacity).
    unsafe { bytes.set_len(bytes.len() + n) };
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ASCII of every length 0 to 64 and 200 at every capacity, a prefix already in the
    /// string: appended exactly, up to the capacity.
    #[test]
    fn ascii_appended_up_to_the_capacity() {
        for len in (0..=64).chain([200]) {
            let src: alloc::vec::Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            for capacity in [0, 1, len / 2, len, len + 1, len + 100] {
                let mut dst = String::with_capacity(capacity + 2);
                dst.push('\u{e9}');
                let room = dst.capacity() - dst.len();
                let n = push_ascii(&src, &mut dst);
                assert_eq!(n, len.min(room));
                assert_eq!(dst.as_bytes()[..2], [0xC3, 0xA9]);
                assert_eq!(dst.as_bytes()[2..], src[..n]);
            }
        }
    }

    /// UTF-8 of every shape: dense text long enough for the longest stretch, ASCII runs
    /// long and short between letters, an invalid byte or a sequence cut off by the end at
    /// several places, into strings of several capacities: appended is the longest valid
    /// prefix that fits, whole characters.
    #[test]
    fn utf8_appends_the_valid_prefix_that_fits() {
        let mut texts = alloc::vec::Vec::new();
        texts.push("\u{65e5}\u{672c}\u{8a9e}".repeat(50_000).into_bytes());
        let mut mixed = alloc::vec::Vec::new();
        for i in 0..3000 {
            mixed.extend_from_slice("a".repeat(i % 150).as_bytes());
            mixed.extend_from_slice(
                "\u{e9}\u{20ac}\u{1f600}"
                    .get(..[2, 5, 9][i % 3])
                    .unwrap_or("")
                    .as_bytes(),
            );
        }
        texts.push(mixed);
        for text in texts {
            for bad in [None, Some(0), Some(70), Some(5000), Some(text.len() - 1)] {
                let mut src = text.clone();
                if let Some(at) = bad {
                    src[at] = 0xFF;
                }
                for cut_end in [0, 1, 2] {
                    let src = &src[..src.len() - cut_end];
                    let valid = match core::str::from_utf8(src) {
                        Ok(_) => src.len(),
                        Err(e) => e.valid_up_to(),
                    };
                    for capacity in [0, 3, 100, 70_000, src.len() + 1] {
                        let mut dst = String::with_capacity(capacity);
                        let n = utf8(src, &mut dst);
                        let mut fits = valid.min(capacity);
                        while core::str::from_utf8(&src[..fits]).is_err() {
                            fits -= 1;
                        }
                        assert_eq!(n, fits, "{bad:?} {cut_end} {capacity}");
                        assert_eq!(dst.as_bytes(), &src[..n]);
                    }
                }
            }
        }
    }

    /// The index of the single-byte encoding `label` as the crate builds it, when it does.
    #[cfg(feature = "_single-byte")]
    fn index(label: &str) -> Option<&'static [u16; 128]> {
        match crate::encoding::Encoding::for_label(label.as_bytes())?.variant {
            crate::variant::VariantEncoding::SingleByte(tables) => Some(tables.decode),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// Latin text: runs of ASCII with lone letters, up to two letters in a row, the end;
    /// a first byte that is not ASCII; windows-1253's unmapped 0xAA.
    #[cfg(feature = "_single-byte")]
    #[test]
    fn single_byte_takes_runs_with_lone_letters() {
        let cases: &[(&str, &[u8], &str)] = &[
            ("windows-1252", b"caf\xe9 au lait", "caf\u{e9} au lait"),
            ("windows-1252", b"na\xefve caf\xe9", "na\u{ef}ve caf\u{e9}"),
            ("windows-1252", b"Gr\xf6\xdfe", "Gr"),
            // The index maps 0x81 to U+0081.
            ("windows-1252", b"ab\x81cd", "ab\u{81}cd"),
            ("windows-1252", b"\xe9t\xe9", ""),
            ("windows-1252", b"", ""),
            ("windows-1252", b"price: \x80", "price: \u{20ac}"),
            ("windows-1253", b"ab\xaacd", "ab"),
            ("windows-1253", b"ab\xe1 cd", "ab\u{3b1} cd"),
        ];
        let mut tried = 0;
        for &(label, src, want) in cases {
            let Some(decode) = index(label) else {
                continue;
            };
            tried += 1;
            let mut dst = String::with_capacity(64);
            let n = single_byte(src, &mut dst, decode);
            assert_eq!(dst, want, "{label} {src:?}");
            assert_eq!(n, want.chars().count(), "{label} {src:?}");
        }
        assert!(tried > 0 || !cfg!(feature = "windows-1252"));
    }

    /// A letter that does not fit ends the prefix before it.
    #[cfg(feature = "_single-byte")]
    #[test]
    fn single_byte_stops_where_a_letter_does_not_fit() {
        let Some(decode) = index("windows-1252") else {
            return;
        };
        // "€" is three bytes of UTF-8.
        let src = b"abc\x80def";
        for capacity in 0..12 {
            let mut dst = String::with_capacity(capacity);
            let capacity = dst.capacity();
            let n = single_byte(src, &mut dst, decode);
            let want = match capacity {
                0..=5 => "abc".get(..capacity.min(3)).unwrap_or_default(),
                6 => "abc\u{20ac}",
                7 => "abc\u{20ac}d",
                8 => "abc\u{20ac}de",
                _ => "abc\u{20ac}def",
            };
            assert_eq!(dst, want, "{capacity}");
            assert_eq!(n, want.chars().count());
        }
    }
}
