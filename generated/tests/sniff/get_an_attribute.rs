//! HTML Standard 13.2.3.2, "get an attribute": each step, where it leaves the position, and
//! running out of bytes at each of them.

use whatwg_encoding::sniff::{get_an_attribute, RanOutOfBytes};

/// Every attribute from `position` to the `>`: (name, value, position after), lowercased as
/// the standard's strings are; Err if the bytes run out.
fn attributes(
    bytes: &[u8],
    mut position: usize,
) -> Result<Vec<(String, String, usize)>, RanOutOfBytes> {
    let mut found = Vec::new();
    while let Some(attribute) = get_an_attribute(bytes, &mut position)? {
        let text = |b: &[u8]| String::from_utf8_lossy(b).to_ascii_lowercase();
        found.push((
            text(attribute.name(bytes)),
            text(attribute.value(bytes)),
            position,
        ));
    }
    assert_eq!(bytes[position], b'>', "no attribute only at a `>`");
    Ok(found)
}

fn attr(name: &str, value: &str, after: usize) -> (String, String, usize) {
    (name.to_owned(), value.to_owned(), after)
}

#[test]
fn step_1_skips_whitespace_and_slashes() {
    assert_eq!(attributes(b" \t\n\x0C\r/ />", 0), Ok(vec![]));
    assert_eq!(attributes(b"//a>", 0), Ok(vec![attr("a", "", 3)]));
}

#[test]
fn step_4_the_name() {
    // Ends at `=`, whitespace, `/` or `>`; A-Z are lowercased; anything else is kept.
    assert_eq!(attributes(b"A=b>", 0), Ok(vec![attr("a", "b", 3)]));
    assert_eq!(
        attributes(b"a/b>", 0),
        Ok(vec![attr("a", "", 1), attr("b", "", 3)])
    );
    assert_eq!(attributes(b"a>", 0), Ok(vec![attr("a", "", 1)]));
    assert_eq!(
        attributes(b"\xC3\xA9\"'<=x>", 0),
        Ok(vec![attr("\u{e9}\"'<", "x", 7)])
    );
    // A name that starts with `=` keeps it: the test is for a name longer than empty.
    assert_eq!(attributes(b"==x>", 0), Ok(vec![attr("=", "x", 3)]));
    assert_eq!(attributes(b"=>", 0), Ok(vec![attr("=", "", 1)]));
}

#[test]
fn steps_6_to_8_spaces_then_an_equals_sign_or_not() {
    assert_eq!(attributes(b"a \t= b>", 0), Ok(vec![attr("a", "b", 6)]));
    // Not `=` after the spaces: a name with an empty value, and the next name starts there.
    assert_eq!(
        attributes(b"a  b=c>", 0),
        Ok(vec![attr("a", "", 3), attr("b", "c", 6)])
    );
    assert_eq!(attributes(b"a >", 0), Ok(vec![attr("a", "", 2)]));
}

#[test]
fn step_10_quoted_values() {
    // The position ends past the closing quote: another attribute can follow at once.
    assert_eq!(
        attributes(b"a=\"B C\"d='e\"f'>", 0),
        Ok(vec![attr("a", "b c", 7), attr("d", "e\"f", 14)])
    );
    // `>` and whitespace are part of a quoted value.
    assert_eq!(attributes(b"a='>\n'>", 0), Ok(vec![attr("a", ">\n", 6)]));
    assert_eq!(attributes(b"a=''>", 0), Ok(vec![attr("a", "", 4)]));
}

#[test]
fn steps_10_to_12_unquoted_values() {
    // `>` right after `=` (and its spaces): an empty value.
    assert_eq!(attributes(b"a= >", 0), Ok(vec![attr("a", "", 3)]));
    // Ends at whitespace or `>`; quotes and `/` inside are kept.
    assert_eq!(
        attributes(b"a=B\"c'd/ e=f>", 0),
        Ok(vec![attr("a", "b\"c'd/", 8), attr("e", "f", 12)])
    );
    assert_eq!(
        attributes(b"a=b\x0Cc>", 0),
        Ok(vec![attr("a", "b", 3), attr("c", "", 5)])
    );
}

#[test]
fn running_out_at_each_step() {
    for bytes in [
        &b""[..],
        b"  /",
        b"name",
        b"name  ",
        b"name=",
        b"name=  ",
        b"name=\"value",
        b"name='value\"",
        b"name=value",
    ] {
        let mut position = 0;
        assert_eq!(
            get_an_attribute(bytes, &mut position),
            Err(RanOutOfBytes),
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    // A complete quoted value is returned even at the very end.
    let mut position = 0;
    let attribute = get_an_attribute(b"a='b'", &mut position).unwrap().unwrap();
    assert_eq!((attribute.value(b"a='b'"), position), (&b"b"[..], 5));
}
