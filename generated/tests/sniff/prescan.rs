//! HTML Standard 13.2.3.2, "prescan a byte stream to determine its encoding": each branch of
//! its loop, each of the meta steps 1-16, and where the bytes run out.

use whatwg_encoding::sniff::{prescan_a_byte_stream_to_determine_its_encoding as prescan, Rule};
use whatwg_encoding::{
    Encoding, KOI8_R, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252,
};

use super::filler;

/// The encoding the prescan returns for `bytes`, and the offset of the deciding `<meta`.
fn meta(bytes: &[u8]) -> Option<(&'static Encoding, usize)> {
    let found = prescan(bytes)?;
    match found.rule {
        Rule::Meta { offset } => Some((found.encoding, offset)),
        other => panic!("{:?}: {other:?}", String::from_utf8_lossy(bytes)),
    }
}

/// The encoding found, whatever the rule.
fn found(bytes: &[u8]) -> Option<&'static Encoding> {
    prescan(bytes).map(|found| found.encoding)
}

#[test]
fn step_2_utf_16_xml_declarations() {
    let le = prescan(b"<\0?\0x\0m\0l\0").unwrap();
    assert_eq!((le.encoding, le.rule), (UTF_16LE, Rule::XmlDeclaration));
    let be = prescan(b"\0<\0?\0x\0m\0l").unwrap();
    assert_eq!((be.encoding, be.rule), (UTF_16BE, Rule::XmlDeclaration));
    // Only the first six bytes: the encoding name is not checked …
    assert_eq!(found(b"<\0?\0x\0"), Some(UTF_16LE));
    // … and the pattern is case-sensitive, at the start only, and needs all six bytes.
    assert_eq!(found(b"<\0?\0X\0m\0l\0"), None);
    assert_eq!(found(b" <\0?\0x\0m\0l\0"), None);
    assert_eq!(found(b"<\0?\0x"), None);
    // It comes before the loop: a meta after it does not count.
    assert_eq!(found(b"<\0?\0x\0<meta charset=koi8-r>"), Some(UTF_16LE));
}

#[test]
fn comments_hide_what_they_hold() {
    assert_eq!(
        meta(b"<!-- <meta charset=windows-1251> --><meta charset=koi8-r>"),
        Some((KOI8_R, 36))
    );
    // The two 0x2D bytes may be those of the `<!--`.
    assert_eq!(meta(b"<!--><meta charset=koi8-r>"), Some((KOI8_R, 5)));
    assert_eq!(meta(b"<!---><meta charset=koi8-r>"), Some((KOI8_R, 6)));
    // Only `-->` ends one: `-- >` and `->` do not.
    assert_eq!(found(b"<!-- -- > <meta charset=koi8-r> ->"), None);
    assert_eq!(
        meta(b"<!-- -- > <meta charset=windows-1251> --><meta charset=koi8-r>"),
        Some((KOI8_R, 41))
    );
    // A comment that does not end runs out of bytes.
    assert_eq!(found(b"<!-- <meta charset=koi8-r>"), None);
    // `<!-` is not a comment but `<!`, which ends at the first `>`.
    assert_eq!(meta(b"<!- x --> <meta charset=koi8-r>"), Some((KOI8_R, 10)));
}

#[test]
fn a_meta_is_followed_by_whitespace_or_a_slash() {
    for separator in [b'\t', b'\n', b'\x0C', b'\r', b' ', b'/'] {
        let mut bytes = b"<meta".to_vec();
        bytes.push(separator);
        bytes.extend_from_slice(b"charset=koi8-r>");
        assert_eq!(meta(&bytes), Some((KOI8_R, 0)), "{separator:#04x}");
    }
    // Case-insensitive.
    assert_eq!(meta(b"<MeTa ChArSeT=KOI8-R>"), Some((KOI8_R, 0)));
    // `<metacharset` and `<meta>` are other tags: their attributes are skipped.
    assert_eq!(found(b"<metacharset=koi8-r>"), None);
    assert_eq!(found(b"<meta>charset=koi8-r>"), None);
    assert_eq!(found(b"<meta\x0Bcharset=koi8-r>"), None);
    // An end tag `</meta …>` is not a meta.
    assert_eq!(found(b"</meta charset=koi8-r>"), None);
}

#[test]
fn the_charset_attribute() {
    assert_eq!(found(b"<meta charset=\"koi8-r\">"), Some(KOI8_R));
    assert_eq!(found(b"<meta charset='koi8-r'>"), Some(KOI8_R));
    assert_eq!(found(b"<meta charset=koi8-r>"), Some(KOI8_R));
    assert_eq!(found(b"<meta charset = \t koi8-r >"), Some(KOI8_R));
    // Get an encoding removes whitespace around the label, and knows every label.
    assert_eq!(found(b"<meta charset=' cp1251 '>"), Some(WINDOWS_1251));
    // An unquoted value runs to whitespace or `>`: `koi8-r/` is no label, and the meta is
    // passed over.
    assert_eq!(found(b"<meta charset=koi8-r/>"), None);
    assert_eq!(found(b"<meta charset=\"koi8-r\"/>"), Some(KOI8_R));
    // A label of no encoding, and no value at all, are failure: the prescan goes on.
    assert_eq!(found(b"<meta charset=bogus>"), None);
    assert_eq!(found(b"<meta charset>"), None);
    assert_eq!(found(b"<meta charset=\"\">"), None);
    assert_eq!(
        meta(b"<meta charset=bogus><meta charset=koi8-r>"),
        Some((KOI8_R, 20))
    );
    // The replacement encoding's labels name it, and the prescan returns it.
    assert_eq!(found(b"<meta charset=iso-2022-kr>"), Some(REPLACEMENT));
}

#[test]
fn steps_14_and_15_utf_16_and_x_user_defined() {
    for label in ["utf-16", "UTF-16LE", "utf-16be", "unicodefffe", "ucs-2"] {
        let bytes = format!("<meta charset={label}>");
        assert_eq!(found(bytes.as_bytes()), Some(UTF_8), "{label}");
        let bytes = format!("<meta http-equiv=content-type content='charset={label}'>");
        assert_eq!(found(bytes.as_bytes()), Some(UTF_8), "{label}");
    }
    assert_eq!(found(b"<meta charset=x-user-defined>"), Some(WINDOWS_1252));
    assert_eq!(
        found(b"<meta content='text/html; charset=x-user-defined' http-equiv=Content-Type>"),
        Some(WINDOWS_1252)
    );
}

#[test]
fn http_equiv_and_content() {
    let pragma = |attributes: &str| found(format!("<meta {attributes}>").as_bytes());
    assert_eq!(
        pragma("http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\""),
        Some(KOI8_R)
    );
    // Either order.
    assert_eq!(
        pragma("content='text/html; charset=koi8-r' http-equiv='content-type'"),
        Some(KOI8_R)
    );
    // Step 12: content without http-equiv=content-type is not a declaration.
    assert_eq!(pragma("content='text/html; charset=koi8-r'"), None);
    assert_eq!(
        pragma("http-equiv=refresh content='text/html; charset=koi8-r'"),
        None
    );
    assert_eq!(
        pragma("http-equiv='content-type ' content='charset=koi8-r'"),
        None
    );
    // Step 11: http-equiv without a charset is not either.
    assert_eq!(pragma("http-equiv=content-type content=text/html"), None);
    assert_eq!(pragma("http-equiv=content-type"), None);
    // A content that names no encoding leaves charset null.
    assert_eq!(
        pragma("http-equiv=content-type content='charset=bogus'"),
        None
    );
}

#[test]
fn step_7_a_repeated_attribute_is_skipped() {
    assert_eq!(
        found(b"<meta charset=koi8-r charset=windows-1251>"),
        Some(KOI8_R)
    );
    assert_eq!(found(b"<meta charset=bogus charset=koi8-r>"), None);
    assert_eq!(
        found(b"<meta content='charset=koi8-r' content='charset=windows-1251' http-equiv=content-type>"),
        Some(KOI8_R)
    );
    assert_eq!(
        found(b"<meta http-equiv=refresh http-equiv=content-type content='charset=koi8-r'>"),
        None
    );
    // Case-insensitively the same name.
    assert_eq!(
        found(b"<meta CHARSET=koi8-r charset=windows-1251>"),
        Some(KOI8_R)
    );
}

#[test]
fn after_the_charset_attribute_the_attributes_only_end_the_tag() {
    // Once charset is set, no later attribute changes the answer, but the meta steps still
    // get every attribute up to the `>`: a quoted `>` does not end the tag, and bytes that
    // run out before its end find nothing.
    assert_eq!(
        found(b"<meta charset=koi8-r a=\"x>y\" content='charset=windows-1251'>"),
        Some(KOI8_R)
    );
    assert_eq!(
        meta(b"<meta charset=bogus a='><meta charset=koi8-r>'><meta charset=windows-1251>"),
        Some((WINDOWS_1251, 47))
    );
    assert_eq!(found(b"<meta charset=koi8-r http-equiv=x content=\""), None);
    assert_eq!(found(b"<meta charset=koi8-r a=\"x>"), None);
    // The name `charset` right after `<meta` and a space or `/`, and after more of them,
    // in either case, and whatever the value's shape.
    assert_eq!(found(b"<meta/charset=koi8-r>"), Some(KOI8_R));
    assert_eq!(found(b"<meta \t/charset=koi8-r>"), Some(KOI8_R));
    assert_eq!(found(b"<meta ChArSeT=koi8-r>"), Some(KOI8_R));
    assert_eq!(found(b"<meta charset= 'koi8-r'>"), Some(KOI8_R));
    assert_eq!(found(b"<meta charset=>"), None);
    assert_eq!(found(b"<meta charset==koi8-r>"), None);
    assert_eq!(found(b"<meta charsets=koi8-r>"), None);
    assert_eq!(found(b"<meta xcharset=koi8-r>"), None);
}

#[test]
fn charset_and_content_together() {
    // The charset attribute wins whichever comes first, and needs no pragma.
    assert_eq!(
        found(b"<meta content='charset=koi8-r' http-equiv=content-type charset=windows-1251>"),
        Some(WINDOWS_1251)
    );
    assert_eq!(
        found(b"<meta charset=windows-1251 content='charset=koi8-r' http-equiv=content-type>"),
        Some(WINDOWS_1251)
    );
    // A charset that fails is not null: the content cannot replace it (step 9), and the
    // meta is passed over (step 13).
    assert_eq!(
        found(b"<meta charset=bogus content='charset=koi8-r' http-equiv=content-type>"),
        None
    );
    assert_eq!(
        found(b"<meta content='charset=koi8-r' http-equiv=content-type charset=bogus>"),
        None
    );
}

#[test]
fn attributes_without_values() {
    // `http-equiv content-type`: two attributes with empty values, no pragma.
    assert_eq!(
        found(b"<meta http-equiv content-type content='charset=koi8-r'>"),
        None
    );
    // A value may be empty before `>`.
    assert_eq!(found(b"<meta charset=>"), None);
    // Slashes separate attributes: `charset` (empty), then `=koi8-r` (a name starting
    // with `=`).
    assert_eq!(found(b"<meta/charset/=koi8-r>"), None);
    assert_eq!(found(b"<meta/charset=koi8-r/>"), None);
    assert_eq!(found(b"<meta/x/charset=\"koi8-r\"/>"), Some(KOI8_R));
}

#[test]
fn other_tags_have_their_attributes_skipped() {
    // A meta inside another tag's attribute value is not seen.
    assert_eq!(found(b"<a title=\"<meta charset=koi8-r>\">"), None);
    assert_eq!(found(b"<a title='<meta charset=koi8-r>'>"), None);
    assert_eq!(found(b"</p title=\"<meta charset=koi8-r>\">"), None);
    // The tag name runs to whitespace or `>`: `p<meta` is one name.
    assert_eq!(found(b"<p<meta charset=koi8-r>"), None);
    // After the tag, the scan goes on.
    assert_eq!(
        meta(b"<a href=x title='y'><meta charset=koi8-r>"),
        Some((KOI8_R, 20))
    );
    assert_eq!(meta(b"</a ><meta charset=koi8-r>"), Some((KOI8_R, 5)));
    assert_eq!(meta(b"<A\n><meta charset=koi8-r>"), Some((KOI8_R, 4)));
}

#[test]
fn bang_slash_and_question_mark_end_at_the_first_greater_than() {
    assert_eq!(found(b"<! <meta charset=koi8-r>"), None);
    assert_eq!(found(b"</ <meta charset=koi8-r>"), None);
    assert_eq!(found(b"<? <meta charset=koi8-r>"), None);
    assert_eq!(found(b"<?xml <meta charset=koi8-r>?>"), None);
    assert_eq!(
        meta(b"<!DOCTYPE html><meta charset=koi8-r>"),
        Some((KOI8_R, 15))
    );
    assert_eq!(meta(b"</><meta charset=koi8-r>"), Some((KOI8_R, 3)));
    // Without a `>` the bytes run out.
    assert_eq!(found(b"<!DOCTYPE html"), None);
}

#[test]
fn any_other_byte_is_passed_over() {
    assert_eq!(meta(b"<3 <meta charset=koi8-r>"), Some((KOI8_R, 3)));
    assert_eq!(meta(b"< <meta charset=koi8-r>"), Some((KOI8_R, 2)));
    assert_eq!(meta(b"<<meta charset=koi8-r>"), Some((KOI8_R, 1)));
    assert_eq!(
        meta(b"\xFF\x00 > \"'<meta charset=koi8-r>"),
        Some((KOI8_R, 7))
    );
}

#[test]
fn eof_inside_a_tag_finds_nothing() {
    // The meta steps return only at the `>` that ends the attributes.
    assert_eq!(found(b"<meta charset=koi8-r"), None);
    assert_eq!(found(b"<meta charset=\"koi8-r\""), None);
    assert_eq!(found(b"<meta charset=\"koi8-r"), None);
    assert_eq!(found(b"<meta charset="), None);
    assert_eq!(found(b"<meta "), None);
    assert_eq!(found(b"<meta"), None);
    assert_eq!(found(b"<a href='"), None);
    assert_eq!(found(b"<a"), None);
    assert_eq!(found(b"<"), None);
    assert_eq!(found(b""), None);
    // An unclosed quote swallows a later meta.
    assert_eq!(found(b"<meta charset=\"koi8-r><meta charset=koi8-r>"), None);
}

#[test]
fn the_first_declaration_wins() {
    assert_eq!(
        meta(b"<meta charset=koi8-r><meta charset=windows-1251>"),
        Some((KOI8_R, 0))
    );
}

#[test]
fn only_the_first_1024_bytes_are_read() {
    let declaration = b"<meta charset=koi8-r>";
    // Ending exactly at byte 1024 …
    let mut bytes = filler(1024 - declaration.len());
    bytes.extend_from_slice(declaration);
    assert_eq!(meta(&bytes), Some((KOI8_R, 1024 - declaration.len())));
    // … and one byte later, which the prescan never reads.
    let mut bytes = filler(1025 - declaration.len());
    bytes.extend_from_slice(declaration);
    assert_eq!(found(&bytes), None);
    // A comment that ends after byte 1024 hides a meta after it.
    let mut bytes = b"<!--".to_vec();
    bytes.extend(filler(1100));
    bytes.extend_from_slice(b"--><meta charset=koi8-r>");
    assert_eq!(found(&bytes), None);
}

#[test]
fn the_xml_declaration_is_the_fallback() {
    let xml = prescan(b"<?xml version='1.0' encoding='koi8-r'?><p>").unwrap();
    assert_eq!((xml.encoding, xml.rule), (KOI8_R, Rule::XmlDeclaration));
    // A meta is found first.
    assert_eq!(
        meta(b"<?xml version='1.0' encoding='koi8-r'?><meta charset=windows-1251>"),
        Some((WINDOWS_1251, 39))
    );
    // Get an XML encoding's own rule: UTF-16 is UTF-8.
    assert_eq!(found(b"<?xml encoding='utf-16'?>"), Some(UTF_8));
    // Its x-user-defined stays (the prescan's step 15 is for metas).
    assert_eq!(
        found(b"<?xml encoding='x-user-defined'?>"),
        Some(whatwg_encoding::X_USER_DEFINED)
    );
}

#[test]
fn the_answer_is_tentative() {
    let found = prescan(b"<meta charset=koi8-r>").unwrap();
    assert_eq!(
        found.confidence,
        whatwg_encoding::sniff::Confidence::Tentative
    );
}
