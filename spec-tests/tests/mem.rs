//! `whatwg_encoding::mem` against `encoding_rs::mem` (0.8.44), the oracle: the same items
//! with the same signatures, and the same results, panics and destination contents for
//! every code point, every UTF-16 code unit, invalid UTF-8 of every kind, each kind of
//! character at every offset in ASCII text (so that the block-at-a-time paths meet it at
//! every position), destinations of every length, and random text.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use encoding_rs::mem as theirs;
use proptest::prelude::*;
use whatwg_encoding::mem as ours;

// ---------------------------------------------------------------------------------------
// Harness

thread_local! {
    /// Whether this thread's panics are expected, and not to be printed.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, catching a panic: `Some` of what it returned, or `None` if it panicked. The
/// expected panics are not printed; other threads' panics (failing tests) still are.
fn returned<R>(f: impl FnOnce() -> R) -> Option<R> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    QUIET.with(|q| q.set(true));
    let result = catch_unwind(AssertUnwindSafe(f)).ok();
    QUIET.with(|q| q.set(false));
    result
}

/// Runs a conversion into a slice of `dst_len` units (filled with `fill`) both ways and
/// asserts the same outcome (a value, or a panic) and the same first `vouched(result)`
/// units of the destination: what the result says was written (`usize::MAX` for all).
fn compare_into<S: ?Sized + Debug, D: Copy + PartialEq + Debug, R: PartialEq + Debug>(
    name: &str,
    src: &S,
    dst_len: usize,
    fill: D,
    ours: impl Fn(&S, &mut [D]) -> R,
    theirs: impl Fn(&S, &mut [D]) -> R,
    vouched: impl Fn(&R) -> usize,
) -> Option<R> {
    let mut dst_ours = vec![fill; dst_len];
    let mut dst_theirs = vec![fill; dst_len];
    let r_ours = returned(|| ours(src, &mut dst_ours));
    let r_theirs = returned(|| theirs(src, &mut dst_theirs));
    assert_eq!(
        r_ours, r_theirs,
        "{name}({src:x?}) into {dst_len}: result (None: panicked)"
    );
    if let Some(r) = &r_ours {
        let n = vouched(r).min(dst_len);
        assert_eq!(
            dst_ours[..n],
            dst_theirs[..n],
            "{name}({src:x?}) into {dst_len}: destination"
        );
    }
    r_ours
}

/// A `str` of exactly `len` bytes made of characters of every UTF-8 length (starting at
/// `phase` in the cycle), so that a conversion into it overwrites the start of characters
/// whose continuation bytes it must clear.
fn filled_str(len: usize, phase: usize) -> String {
    let mut s = String::new();
    for c in ['é', '€', '😀', 'a'].iter().cycle().skip(phase % 4) {
        if s.len() + c.len_utf8() > len {
            break;
        }
        s.push(*c);
    }
    while s.len() < len {
        s.push('x');
    }
    s
}

/// Runs a conversion into a `str` of `dst_len` bytes both ways, from each starting content,
/// and asserts the same outcome and the same whole `str` after it.
fn compare_into_str<S: ?Sized + Debug, R: PartialEq + Debug>(
    name: &str,
    src: &S,
    dst_len: usize,
    ours: impl Fn(&S, &mut str) -> R,
    theirs: impl Fn(&S, &mut str) -> R,
) {
    for phase in 0..4 {
        let mut dst_ours = filled_str(dst_len, phase);
        let mut dst_theirs = dst_ours.clone();
        let r_ours = returned(|| ours(src, &mut dst_ours));
        let r_theirs = returned(|| theirs(src, &mut dst_theirs));
        assert_eq!(
            r_ours, r_theirs,
            "{name}({src:x?}) into {dst_len}: result (None: panicked)"
        );
        assert_eq!(
            dst_ours, dst_theirs,
            "{name}({src:x?}) into {dst_len}, phase {phase}: destination"
        );
    }
}

/// `Latin1Bidi` as its name and value, comparable across the two crates.
fn ours_class(c: ours::Latin1Bidi) -> (String, i32) {
    (format!("{c:?}"), c as i32)
}

fn theirs_class(c: theirs::Latin1Bidi) -> (String, i32) {
    (format!("{c:?}"), c as i32)
}

// ---------------------------------------------------------------------------------------
// Every function, on one input

/// Asserts that `ours::$f` and `theirs::$f` return the same on each input; a
/// `Latin1Bidi` is compared by name and value.
macro_rules! agree {
    ($input:expr => $($f:ident),+ $(,)?) => {$(
        assert_eq!(ours::$f($input), theirs::$f($input), "{}({:x?})", stringify!($f), $input);
    )+};
    (classes $input:expr => $($f:ident),+ $(,)?) => {$(
        assert_eq!(
            ours_class(ours::$f($input)),
            theirs_class(theirs::$f($input)),
            "{}({:x?})",
            stringify!($f),
            $input
        );
    )+};
}

/// Every check that takes bytes that may not be UTF-8.
fn checks_on_bytes(b: &[u8]) {
    agree!(b => is_ascii, is_utf8_latin1, is_utf8_bidi, utf8_latin1_up_to);
    agree!(classes b => check_utf8_for_latin1_and_bidi);
    if let Ok(s) = std::str::from_utf8(b) {
        checks_on_str(s);
    }
}

/// Every check that takes a `str`.
fn checks_on_str(s: &str) {
    agree!(s => is_str_latin1, is_str_bidi, str_latin1_up_to);
    agree!(classes s => check_str_for_latin1_and_bidi);
}

/// Every check that takes UTF-16, valid or not, and the repair.
fn checks_on_utf16(u: &[u16]) {
    agree!(u => is_basic_latin, is_utf16_latin1, is_utf16_bidi, utf16_valid_up_to);
    agree!(classes u => check_utf16_for_latin1_and_bidi);
    let (mut a, mut b) = (u.to_vec(), u.to_vec());
    ours::ensure_utf16_validity(&mut a);
    theirs::ensure_utf16_validity(&mut b);
    assert_eq!(a, b, "ensure_utf16_validity {u:x?}");
}

/// Every conversion from bytes (as UTF-8 that may be invalid, and as Latin1) into a
/// destination of `n` units.
fn conversions_from_bytes(b: &[u8], n: usize) {
    let all = |_: &_| usize::MAX;
    compare_into(
        "convert_utf8_to_utf16",
        b,
        n,
        0xAAAA,
        ours::convert_utf8_to_utf16,
        theirs::convert_utf8_to_utf16,
        |&w| w,
    );
    compare_into(
        "convert_utf8_to_utf16_without_replacement",
        b,
        n,
        0xAAAA,
        ours::convert_utf8_to_utf16_without_replacement,
        theirs::convert_utf8_to_utf16_without_replacement,
        |w| w.unwrap_or(0),
    );
    compare_into(
        "convert_latin1_to_utf16",
        b,
        n,
        0xAAAA,
        ours::convert_latin1_to_utf16,
        theirs::convert_latin1_to_utf16,
        all,
    );
    compare_into(
        "convert_latin1_to_utf8_partial",
        b,
        n,
        0xAA,
        ours::convert_latin1_to_utf8_partial,
        theirs::convert_latin1_to_utf8_partial,
        |&(_, w)| w,
    );
    // Ours also leaves the bytes past the written ones alone (encoding_rs's may not).
    let mut dst = vec![0xAA; n];
    let (_, written) = ours::convert_latin1_to_utf8_partial(b, &mut dst);
    assert!(dst[written..].iter().all(|&x| x == 0xAA), "{b:x?} into {n}");
    compare_into(
        "convert_latin1_to_utf8",
        b,
        n,
        0xAA,
        ours::convert_latin1_to_utf8,
        theirs::convert_latin1_to_utf8,
        |&w| w,
    );
    compare_into_str(
        "convert_latin1_to_str_partial",
        b,
        n,
        ours::convert_latin1_to_str_partial,
        theirs::convert_latin1_to_str_partial,
    );
    compare_into_str(
        "convert_latin1_to_str",
        b,
        n,
        ours::convert_latin1_to_str,
        theirs::convert_latin1_to_str,
    );
    compare_into(
        "copy_ascii_to_ascii",
        b,
        n,
        0xAA,
        ours::copy_ascii_to_ascii,
        theirs::copy_ascii_to_ascii,
        |&w| w,
    );
    compare_into(
        "copy_ascii_to_basic_latin",
        b,
        n,
        0xAAAA,
        ours::copy_ascii_to_basic_latin,
        theirs::copy_ascii_to_basic_latin,
        |&w| w,
    );
    // Defined for Latin1 UTF-8 only; anything else panics in debug builds, both ways.
    if theirs::is_utf8_latin1(b) || cfg!(debug_assertions) {
        compare_into(
            "convert_utf8_to_latin1_lossy",
            b,
            n,
            0xAA,
            ours::convert_utf8_to_latin1_lossy,
            theirs::convert_utf8_to_latin1_lossy,
            |&w| w,
        );
    }
    if let Ok(s) = std::str::from_utf8(b) {
        compare_into(
            "convert_str_to_utf16",
            s,
            n,
            0xAAAA,
            ours::convert_str_to_utf16,
            theirs::convert_str_to_utf16,
            |&w| w,
        );
    }
}

/// Every conversion from UTF-16 (valid or not) into a destination of `n` units.
fn conversions_from_utf16(u: &[u16], n: usize) {
    compare_into(
        "convert_utf16_to_utf8_partial",
        u,
        n,
        0xAA,
        ours::convert_utf16_to_utf8_partial,
        theirs::convert_utf16_to_utf8_partial,
        // Both promise to leave the rest alone: compare all of it.
        |_| usize::MAX,
    );
    compare_into(
        "convert_utf16_to_utf8",
        u,
        n,
        0xAA,
        ours::convert_utf16_to_utf8,
        theirs::convert_utf16_to_utf8,
        |&w| w,
    );
    compare_into_str(
        "convert_utf16_to_str_partial",
        u,
        n,
        ours::convert_utf16_to_str_partial,
        theirs::convert_utf16_to_str_partial,
    );
    compare_into_str(
        "convert_utf16_to_str",
        u,
        n,
        ours::convert_utf16_to_str,
        theirs::convert_utf16_to_str,
    );
    compare_into(
        "copy_basic_latin_to_ascii",
        u,
        n,
        0xAA,
        ours::copy_basic_latin_to_ascii,
        theirs::copy_basic_latin_to_ascii,
        |&w| w,
    );
    // Unspecified above U+00FF, but today both keep the low byte: compared everywhere.
    compare_into(
        "convert_utf16_to_latin1_lossy",
        u,
        n,
        0xAA,
        ours::convert_utf16_to_latin1_lossy,
        theirs::convert_utf16_to_latin1_lossy,
        |_| u.len(),
    );
}

/// The allocating conversions: the same content, borrowed in the same cases.
fn owned_conversions(b: &[u8]) {
    let (a, t) = (ours::decode_latin1(b), theirs::decode_latin1(b));
    assert_eq!(a, t, "decode_latin1 {b:x?}");
    assert_eq!(
        matches!(a, Cow::Borrowed(_)),
        matches!(t, Cow::Borrowed(_)),
        "decode_latin1 {b:x?} borrows"
    );
    if let Ok(s) = std::str::from_utf8(b) {
        if theirs::is_str_latin1(s) {
            let (a, t) = (ours::encode_latin1_lossy(s), theirs::encode_latin1_lossy(s));
            assert_eq!(a, t, "encode_latin1_lossy {s:?}");
            assert_eq!(
                matches!(a, Cow::Borrowed(_)),
                matches!(t, Cow::Borrowed(_)),
                "encode_latin1_lossy {s:?} borrows"
            );
        } else if cfg!(debug_assertions) {
            assert_eq!(
                returned(|| ours::encode_latin1_lossy(s).into_owned()),
                returned(|| theirs::encode_latin1_lossy(s).into_owned()),
                "encode_latin1_lossy {s:?}: both panic in debug builds"
            );
        }
    }
}

/// Every function on bytes, each conversion into every destination length from none to
/// two past the largest any of them needs (twice the input, for Latin1 to UTF-8).
fn everything_on_bytes(b: &[u8]) {
    checks_on_bytes(b);
    owned_conversions(b);
    for n in 0..=2 * b.len() + 2 {
        conversions_from_bytes(b, n);
    }
}

/// Every function on UTF-16, each conversion into every destination length from none to
/// two past the largest any of them needs (three bytes per unit).
fn everything_on_utf16(u: &[u16]) {
    checks_on_utf16(u);
    for n in 0..=3 * u.len() + 2 {
        conversions_from_utf16(u, n);
    }
}

// ---------------------------------------------------------------------------------------
// Signatures

/// Every public item of `encoding_rs::mem`, bound to its exact type both ways: a drift in
/// a signature (or a missing item) fails to compile.
#[test]
fn every_item_has_encoding_rs_signature() {
    macro_rules! same {
        ($($name:ident: $ty:ty,)*) => {$(
            let _: $ty = ours::$name;
            let _: $ty = theirs::$name;
        )*};
    }
    same! {
        is_ascii: fn(&[u8]) -> bool,
        is_basic_latin: fn(&[u16]) -> bool,
        is_utf8_latin1: fn(&[u8]) -> bool,
        is_str_latin1: fn(&str) -> bool,
        is_utf16_latin1: fn(&[u16]) -> bool,
        is_utf8_bidi: fn(&[u8]) -> bool,
        is_str_bidi: fn(&str) -> bool,
        is_utf16_bidi: fn(&[u16]) -> bool,
        is_char_bidi: fn(char) -> bool,
        is_utf16_code_unit_bidi: fn(u16) -> bool,
        convert_utf8_to_utf16: fn(&[u8], &mut [u16]) -> usize,
        convert_str_to_utf16: fn(&str, &mut [u16]) -> usize,
        convert_utf8_to_utf16_without_replacement: fn(&[u8], &mut [u16]) -> Option<usize>,
        convert_utf16_to_utf8_partial: fn(&[u16], &mut [u8]) -> (usize, usize),
        convert_utf16_to_utf8: fn(&[u16], &mut [u8]) -> usize,
        convert_utf16_to_str_partial: fn(&[u16], &mut str) -> (usize, usize),
        convert_utf16_to_str: fn(&[u16], &mut str) -> usize,
        convert_latin1_to_utf16: fn(&[u8], &mut [u16]),
        convert_latin1_to_utf8_partial: fn(&[u8], &mut [u8]) -> (usize, usize),
        convert_latin1_to_utf8: fn(&[u8], &mut [u8]) -> usize,
        convert_latin1_to_str_partial: fn(&[u8], &mut str) -> (usize, usize),
        convert_latin1_to_str: fn(&[u8], &mut str) -> usize,
        convert_utf8_to_latin1_lossy: fn(&[u8], &mut [u8]) -> usize,
        convert_utf16_to_latin1_lossy: fn(&[u16], &mut [u8]),
        decode_latin1: for<'a> fn(&'a [u8]) -> Cow<'a, str>,
        encode_latin1_lossy: for<'a> fn(&'a str) -> Cow<'a, [u8]>,
        utf16_valid_up_to: fn(&[u16]) -> usize,
        utf8_latin1_up_to: fn(&[u8]) -> usize,
        str_latin1_up_to: fn(&str) -> usize,
        ensure_utf16_validity: fn(&mut [u16]),
        copy_ascii_to_ascii: fn(&[u8], &mut [u8]) -> usize,
        copy_ascii_to_basic_latin: fn(&[u8], &mut [u16]) -> usize,
        copy_basic_latin_to_ascii: fn(&[u16], &mut [u8]) -> usize,
    }
    let _: fn(&[u8]) -> ours::Latin1Bidi = ours::check_utf8_for_latin1_and_bidi;
    let _: fn(&[u8]) -> theirs::Latin1Bidi = theirs::check_utf8_for_latin1_and_bidi;
    let _: fn(&str) -> ours::Latin1Bidi = ours::check_str_for_latin1_and_bidi;
    let _: fn(&str) -> theirs::Latin1Bidi = theirs::check_str_for_latin1_and_bidi;
    let _: fn(&[u16]) -> ours::Latin1Bidi = ours::check_utf16_for_latin1_and_bidi;
    let _: fn(&[u16]) -> theirs::Latin1Bidi = theirs::check_utf16_for_latin1_and_bidi;
}

/// `Latin1Bidi` has encoding_rs's variants, in its order, with its values (it is
/// `#[repr(C)]` for FFI) and its derives.
#[test]
fn latin1_bidi_has_the_same_variants_values_and_derives() {
    fn derives<T: Debug + PartialEq + Eq>() {}
    derives::<ours::Latin1Bidi>();
    derives::<theirs::Latin1Bidi>();
    let ours_all = [
        ours::Latin1Bidi::Latin1,
        ours::Latin1Bidi::LeftToRight,
        ours::Latin1Bidi::Bidi,
    ];
    let theirs_all = [
        theirs::Latin1Bidi::Latin1,
        theirs::Latin1Bidi::LeftToRight,
        theirs::Latin1Bidi::Bidi,
    ];
    for (a, t) in ours_all.into_iter().zip(theirs_all) {
        assert_eq!(ours_class(a), theirs_class(t));
    }
    assert_eq!(
        std::mem::size_of::<ours::Latin1Bidi>(),
        std::mem::size_of::<theirs::Latin1Bidi>()
    );
}

// ---------------------------------------------------------------------------------------
// Exhaustive: every code point, every code unit

/// Every scalar value through the char check and, alone, through every check and
/// conversion of its UTF-8 and UTF-16 forms.
#[test]
fn every_scalar_value() {
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        assert_eq!(ours::is_char_bidi(c), theirs::is_char_bidi(c), "{c:?}");
        let mut buf8 = [0; 4];
        let s = c.encode_utf8(&mut buf8);
        checks_on_bytes(s.as_bytes());
        let mut buf16 = [0; 2];
        let u = c.encode_utf16(&mut buf16);
        checks_on_utf16(u);
        // Room for every conversion's output, so that nothing panics (the panics are
        // tested with every destination length elsewhere).
        let utf16_len = u.len();
        conversions_from_bytes(s.as_bytes(), 2 * s.len());
        conversions_from_utf16(u, 3 * utf16_len);
    }
}

/// Every UTF-16 code unit through the unit check and, alone and before and after a
/// character, through every UTF-16 check and conversion: lone surrogates of every value.
#[test]
fn every_code_unit() {
    for u in 0..=0xFFFF {
        assert_eq!(
            ours::is_utf16_code_unit_bidi(u),
            theirs::is_utf16_code_unit_bidi(u),
            "{u:#x}"
        );
        for units in [&[u][..], &[u, 0x41], &[0x41, u], &[u, 0xDC00], &[0xD800, u]] {
            checks_on_utf16(units);
            conversions_from_utf16(units, 3 * units.len());
        }
    }
}

/// Every byte pair, and every byte triple whose last byte is a boundary of some range in
/// the table of well-formed sequences, through every check and conversion of bytes: the
/// invalid UTF-8 of every kind (stray continuation bytes, overlong forms, surrogates, code
/// points above U+10FFFF, truncated sequences, bytes that never appear).
#[test]
fn every_two_and_three_byte_sequence() {
    let boundaries = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xF5, 0xFF,
    ];
    for b0 in 0..=0xFF {
        for b1 in 0..=0xFF {
            checks_on_bytes(&[b0, b1]);
            conversions_from_bytes(&[b0, b1], 4);
            for b2 in boundaries {
                checks_on_bytes(&[b0, b1, b2]);
                conversions_from_bytes(&[b0, b1, b2], 6);
            }
        }
    }
}

/// Four-byte leads with boundary continuation bytes, whole and cut short, followed by
/// ASCII or not.
#[test]
fn four_byte_sequences_and_their_prefixes() {
    let seconds = [0x7F, 0x80, 0x8F, 0x90, 0x9E, 0x9F, 0xA0, 0xBF, 0xC0];
    let others = [0x41, 0x7F, 0x80, 0xA0, 0xBF, 0xC0];
    for b0 in 0xF0..=0xFF {
        for b1 in seconds {
            for b2 in others {
                for b3 in others {
                    let v = [b0, b1, b2, b3, b'z'];
                    for len in 1..=v.len() {
                        checks_on_bytes(&v[..len]);
                        conversions_from_bytes(&v[..len], 2 * len);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Each kind of character at every offset in ASCII text

/// One code point of each kind the functions tell apart: ASCII, Latin1, the first code
/// point past Latin1, and both ends of every bidi range and its neighbours.
const CLASS_CHARS: &[char] = &[
    '\u{0}',
    '\u{7F}',
    '\u{80}',
    '\u{E9}',
    '\u{FF}',
    '\u{100}',
    '\u{57F}',
    '\u{580}',
    '\u{58F}',
    '\u{590}',
    '\u{5D0}',
    '\u{627}',
    '\u{8FF}',
    '\u{900}',
    '\u{200E}',
    '\u{200F}',
    '\u{202A}',
    '\u{202B}',
    '\u{202E}',
    '\u{2066}',
    '\u{2067}',
    '\u{2068}',
    '\u{65E5}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FB1C}',
    '\u{FB1D}',
    '\u{FB4F}',
    '\u{FB50}',
    '\u{FDFF}',
    '\u{FE00}',
    '\u{FE6F}',
    '\u{FE70}',
    '\u{FEFE}',
    '\u{FEFF}',
    '\u{FFFD}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{107FF}',
    '\u{10800}',
    '\u{10C00}',
    '\u{10FFF}',
    '\u{11000}',
    '\u{1E7FF}',
    '\u{1E800}',
    '\u{1EC00}',
    '\u{1EFFF}',
    '\u{1F000}',
    '\u{1F600}',
    '\u{10FFFF}',
];

/// Invalid UTF-8 of each kind, to place in ASCII text.
const CLASS_INVALID: &[&[u8]] = &[
    b"\x80",
    b"\xBF",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xC3",
    b"\xD6",
    b"\xD7\xC0",
    b"\xE0\x80\x80",
    b"\xE0\xA0",
    b"\xE2\x80",
    b"\xED\xA0\x80",
    b"\xEF\xBB",
    b"\xF0\x80\x80\x80",
    b"\xF0\x90\xA0",
    b"\xF0\x9E\xA0",
    b"\xF4\x90\x80\x80",
    b"\xF5",
    b"\xFF",
];

/// Lone and reversed surrogates, to place in ASCII UTF-16.
const CLASS_SURROGATES: &[&[u16]] = &[
    &[0xD800],
    &[0xD802],
    &[0xD803],
    &[0xD83A],
    &[0xD83B],
    &[0xDBFF],
    &[0xDC00],
    &[0xDFFF],
    &[0xDC00, 0xD802],
];

/// `insert` between `before` and `after` ASCII units (distinct, so that a misplaced copy
/// shows).
fn amid_ascii<T: Copy + From<u8>>(before: usize, insert: &[T], after: usize) -> Vec<T> {
    let ascii = |i: usize| T::from(b'a' + (i % 26) as u8);
    (0..before)
        .map(ascii)
        .chain(insert.iter().copied())
        .chain((0..after).map(ascii))
        .collect()
}

/// The lengths of ASCII after the inserted text: none, short, and past a block.
const AFTER: [usize; 5] = [0, 1, 7, 16, 33];

#[test]
fn each_kind_of_character_at_every_offset_in_ascii_checks() {
    for before in 0..=64 {
        for after in AFTER {
            for &c in CLASS_CHARS {
                let mut buf = [0; 4];
                checks_on_bytes(&amid_ascii(
                    before,
                    c.encode_utf8(&mut buf).as_bytes(),
                    after,
                ));
                checks_on_utf16(&amid_ascii(before, c.encode_utf16(&mut [0; 2]), after));
            }
            for invalid in CLASS_INVALID {
                checks_on_bytes(&amid_ascii(before, invalid, after));
            }
            for surrogates in CLASS_SURROGATES {
                checks_on_utf16(&amid_ascii(before, surrogates, after));
            }
            checks_on_bytes(&amid_ascii::<u8>(before, &[], after));
            checks_on_utf16(&amid_ascii::<u16>(before, &[], after));
        }
    }
}

/// One character or invalid sequence anywhere in 4 KiB of ASCII: the checks that work a
/// window at a time (64 bytes, then doubling) meet it at every window boundary.
#[test]
fn one_character_anywhere_in_long_text() {
    let inserts: [&[u8]; 7] = [
        "\u{5D0}".as_bytes(),
        "\u{FB1D}".as_bytes(),
        "\u{10800}".as_bytes(),
        "日".as_bytes(),
        b"\xEF\xAC",
        b"\xF0\x90\xA0",
        b"\xFF",
    ];
    for at in 0..=4200 {
        for insert in inserts {
            checks_on_bytes(&amid_ascii(at, insert, 4200 - at));
        }
    }
}

/// The conversions with each kind of character at every offset, into every destination
/// length: where a block-at-a-time copy stops, and where the destination runs out.
#[test]
fn each_kind_of_character_at_every_offset_in_ascii_conversions() {
    for before in 0..=40 {
        let after = 3;
        for &c in &['\u{E9}', '\u{FF}', '\u{5D0}', '\u{65E5}', '\u{1F600}'] {
            let mut buf = [0; 4];
            everything_on_bytes(&amid_ascii(
                before,
                c.encode_utf8(&mut buf).as_bytes(),
                after,
            ));
            everything_on_utf16(&amid_ascii(before, c.encode_utf16(&mut [0; 2]), after));
        }
        for invalid in [&b"\xC3"[..], b"\xE2\x80", b"\xED\xA0\x80", b"\xFF"] {
            everything_on_bytes(&amid_ascii(before, invalid, after));
        }
        for surrogates in [&[0xD800][..], &[0xDC00], &[0xD83D]] {
            everything_on_utf16(&amid_ascii(before, surrogates, after));
        }
    }
}

/// Short mixed texts, with a lone surrogate or an invalid sequence at the start, in the
/// middle and at the end, into every destination length: the partial conversions with
/// every amount of room.
#[test]
fn mixed_text_into_every_destination_length() {
    let texts = [
        "",
        "a",
        "é",
        "日",
        "😀",
        "aé日😀ש",
        "😀😀日日éé",
        "ASCII long enough to take the block path, then é and 日 and 😀",
    ];
    for text in texts {
        everything_on_bytes(text.as_bytes());
        let utf16: Vec<u16> = text.encode_utf16().collect();
        everything_on_utf16(&utf16);
        for surrogate in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
            for at in [0, utf16.len() / 2, utf16.len()] {
                let mut v = utf16.clone();
                v.insert(at, surrogate);
                everything_on_utf16(&v);
            }
        }
        for invalid in [&b"\x80"[..], b"\xE2\x82", b"\xF0\x9F\x98"] {
            for at in [0, text.len()] {
                let mut v = text.as_bytes().to_vec();
                v.splice(at..at, invalid.iter().copied());
                everything_on_bytes(&v);
            }
        }
    }
    let latin1: Vec<u8> = (0..=255).collect();
    everything_on_bytes(&latin1[..100]);
    everything_on_bytes(&latin1[100..]);
    let latin1_utf8: String = latin1.iter().map(|&b| char::from(b)).collect();
    everything_on_bytes(&latin1_utf8.as_bytes()[..120]);
    everything_on_bytes(&latin1_utf8.as_bytes()[200..]);
}

// ---------------------------------------------------------------------------------------
// Random

/// Bytes that are mostly text: runs of ASCII, characters of every length (bidi ones
/// often), single random bytes and cut-off sequences.
fn text_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        "[ -~]{0,24}".prop_map(String::into_bytes),
        any::<char>().prop_map(|c| c.to_string().into_bytes()),
        prop::sample::select(CLASS_CHARS).prop_map(|c| c.to_string().into_bytes()),
        any::<u8>().prop_map(|b| vec![b]),
        (any::<char>(), 1usize..4).prop_map(|(c, cut)| {
            let s = c.to_string().into_bytes();
            s[..cut.min(s.len())].to_vec()
        }),
        (0x80u8..=0xFF).prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

/// UTF-16 that is mostly text: runs of Basic Latin, characters of every kind, and
/// random units (lone surrogates among them).
fn text_utf16() -> impl Strategy<Value = Vec<u16>> {
    let piece = prop_oneof![
        "[ -~]{0,24}".prop_map(|s| s.encode_utf16().collect::<Vec<_>>()),
        any::<char>().prop_map(|c| c.encode_utf16(&mut [0; 2]).to_vec()),
        prop::sample::select(CLASS_CHARS).prop_map(|c| c.encode_utf16(&mut [0; 2]).to_vec()),
        any::<u16>().prop_map(|u| vec![u]),
        (0xD800u16..0xE000).prop_map(|u| vec![u]),
        (0x80u16..0x100).prop_map(|u| vec![u]),
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

/// A destination length near the interesting ones for an input of `len` units: none, a
/// random one up to the largest any conversion needs, and that largest exactly.
fn dst_lens(len: usize, per_unit: usize, pick: usize) -> [usize; 3] {
    [0, pick % (per_unit * len + 3), per_unit * len + 1]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn random_bytes(b in text_bytes(), pick in any::<usize>()) {
        checks_on_bytes(&b);
        owned_conversions(&b);
        for n in dst_lens(b.len(), 2, pick) {
            conversions_from_bytes(&b, n);
        }
        // Around the minimum of the conversion that needs one more than the input.
        for n in [b.len().saturating_sub(1), b.len(), b.len() + 1] {
            conversions_from_bytes(&b, n);
        }
    }

    #[test]
    fn random_utf16(u in text_utf16(), pick in any::<usize>()) {
        checks_on_utf16(&u);
        for n in dst_lens(u.len(), 3, pick) {
            conversions_from_utf16(&u, n);
        }
        for n in [u.len(), 3 * u.len() - u.len().min(1), 3 * u.len()] {
            conversions_from_utf16(&u, n);
        }
    }

    #[test]
    fn random_valid_text(s in "\\PC{0,40}", pick in any::<usize>()) {
        checks_on_str(&s);
        let utf16: Vec<u16> = s.encode_utf16().collect();
        checks_on_utf16(&utf16);
        conversions_from_bytes(s.as_bytes(), s.len() + 1);
        conversions_from_bytes(s.as_bytes(), pick % (s.len() + 2));
        conversions_from_utf16(&utf16, 3 * utf16.len());
        conversions_from_utf16(&utf16, pick % (3 * utf16.len() + 2));
    }

    #[test]
    fn random_latin1(b in prop::collection::vec(any::<u8>(), 0..80), pick in any::<usize>()) {
        owned_conversions(&b);
        let as_utf8: String = b.iter().map(|&x| char::from(x)).collect();
        owned_conversions(as_utf8.as_bytes());
        for n in [b.len(), 2 * b.len(), pick % (2 * b.len() + 2)] {
            conversions_from_bytes(&b, n);
            conversions_from_bytes(as_utf8.as_bytes(), n);
        }
    }
}
