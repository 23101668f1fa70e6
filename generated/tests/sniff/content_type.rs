//! The charset of a Content-Type value, as MIME Sniffing's "parse a MIME type" reads it: the
//! standard's own example and the cases of its steps (quoted strings, escapes, case,
//! whitespace, repeated and invalid parameters, values that are not MIME types).

use whatwg_encoding::sniff::content_type_charset as charset;
use whatwg_encoding::{Encoding, GBK, UTF_8};

fn name(value: &[u8]) -> Option<&'static str> {
    charset(value).map(Encoding::name)
}

#[test]
fn the_standards_example() {
    // "Given text/html;charset="shift_jis"iso-2022-jp you end up with
    // text/html;charset=shift_jis."
    assert_eq!(
        name(b"text/html;charset=\"shift_jis\"iso-2022-jp"),
        Some("Shift_JIS")
    );
}

#[test]
fn case_and_whitespace() {
    assert_eq!(charset(b"text/html;charset=gbk"), Some(GBK));
    assert_eq!(charset(b"TEXT/HTML;CHARSET=GBK"), Some(GBK));
    assert_eq!(charset(b"text/html; charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html ;charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html ; ; charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;;;;charset=gbk"), Some(GBK));
    assert_eq!(charset(b" \r\n\ttext/html;charset=gbk \r\n\t"), Some(GBK));
    // A value's leading spaces are kept, and get an encoding removes them.
    assert_eq!(charset(b"text/html;charset= gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;charset=gbk ;"), Some(GBK));
    // The name is not trimmed at its end.
    assert_eq!(charset(b"text/html;charset =gbk"), None);
    // Vertical tab and form feed are no HTTP whitespace, and no quoted-string code points.
    assert_eq!(charset(b"text/html;\x0Bcharset=gbk"), None);
    assert_eq!(charset(b"text/html;charset=\x0Bgbk"), None);
    assert_eq!(charset(b"text/html;charset=\x0Cgbk"), None);
}

#[test]
fn quoted_strings() {
    assert_eq!(charset(b"text/html;charset=\"gbk\""), Some(GBK));
    assert_eq!(charset(b"text/html;charset=\"gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;charset=\"gbk\"x;y=z"), Some(GBK));
    assert_eq!(charset(b"text/html;charset=\"\\g\\b\\k\""), Some(GBK));
    assert_eq!(charset(b"text/html;charset=\"\\ gbk\""), Some(GBK));
    // A backslash that ends the input is kept.
    assert_eq!(charset(b"text/html;charset=\"gbk\\"), None);
    // Quoted `;` and `=` are part of the value.
    assert_eq!(charset(b"text/html;charset=\";charset=gbk\""), None);
    assert_eq!(charset(b"text/html;charset=\";charset=GBK"), None);
    // Quotes in an unquoted value are kept.
    assert_eq!(charset(b"text/html;charset=gbk\""), None);
    assert_eq!(charset(b"text/html;charset= \"gbk\""), None);
    // An empty quoted value is set (and is no label); an empty unquoted one is not.
    assert_eq!(charset(b"text/html;charset=\"\";charset=GBK"), None);
    assert_eq!(charset(b"text/html;charset=;charset=GBK"), Some(GBK));
    assert_eq!(charset(b"text/html;charset= ;charset=GBK"), Some(GBK));
}

#[test]
fn the_first_valid_charset_counts() {
    assert_eq!(
        charset(b"text/html;charset=gbk;charset=windows-1255"),
        Some(GBK)
    );
    assert_eq!(charset(b"text/html;charset=();charset=GBK"), None);
    assert_eq!(charset(b"text/html;charset=';charset=GBK"), None);
    assert_eq!(charset(b"text/html;charset={gbk}"), None);
    // A value with a byte that is no quoted-string token code point is not set.
    assert_eq!(
        charset(b"text/html;charset=gbk\x7F;charset=utf-8"),
        Some(UTF_8)
    );
    assert_eq!(
        charset(b"text/html;charset=\"gbk\x00\";charset=utf-8"),
        Some(UTF_8)
    );
    // 0x80-0xFF are quoted-string token code points: set, and no label.
    assert_eq!(charset(b"text/html;charset=gbk\x80;charset=utf-8"), None);
}

#[test]
fn other_parameters_are_read_past() {
    assert_eq!(charset(b"text/html;test;charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;test=;charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;';charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;\";charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;x=(;charset=gbk"), Some(GBK));
    assert_eq!(charset(b"text/html;a]=bar;b[=bar;charset=gbk"), Some(GBK));
    assert_eq!(
        charset(b"text/html;x=\";charset=koi8-r\";charset=gbk"),
        Some(GBK)
    );
    assert_eq!(
        charset(b"text/html;x=\"\\\";charset=koi8-r\";charset=gbk"),
        Some(GBK)
    );
}

#[test]
fn not_a_mime_type() {
    for value in [
        &b""[..],
        b"   ",
        b"text",
        b"text/",
        b"/html;charset=gbk",
        b"text/;charset=gbk",
        b"text /html;charset=gbk",
        b"te xt/html;charset=gbk",
        b"text/ html;charset=gbk",
        b"text/ht ml;charset=gbk",
        b"t(ext/html;charset=gbk",
        b"text/html\x00;charset=gbk",
        b"\xE9/html;charset=gbk",
        b"charset=gbk",
    ] {
        assert_eq!(charset(value), None, "{:?}", String::from_utf8_lossy(value));
    }
    // Type and subtype are any HTTP tokens.
    assert_eq!(charset(b"!#$%&'*+-.^_`|~09az/x;charset=gbk"), Some(GBK));
    assert_eq!(
        charset(b"text/html;charset=gbk"),
        charset(b"x/y;charset=gbk")
    );
}
