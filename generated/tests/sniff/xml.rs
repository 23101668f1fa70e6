//! HTML Standard 13.2.3.2, "get an XML encoding", each of its steps, and the sniffing of XML
//! documents built on it.

use whatwg_encoding::sniff::{
    get_an_xml_encoding as xml_encoding, sniff, Format, Rule, SniffOptions,
};
use whatwg_encoding::{KOI8_R, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251, X_USER_DEFINED};

use super::filler;

#[test]
fn step_2_the_declaration_starts_the_bytes() {
    assert_eq!(xml_encoding(b"<?xml encoding='koi8-r'?>"), Some(KOI8_R));
    assert_eq!(xml_encoding(b" <?xml encoding='koi8-r'?>"), None);
    assert_eq!(xml_encoding(b"<?XML encoding='koi8-r'?>"), None);
    assert_eq!(xml_encoding(b"<?xm"), None);
    // `<?xml` need not be followed by whitespace.
    assert_eq!(xml_encoding(b"<?xmlencoding='koi8-r'?>"), Some(KOI8_R));
}

#[test]
fn steps_3_and_4_encoding_comes_before_the_first_greater_than() {
    assert_eq!(xml_encoding(b"<?xml encoding='koi8-r'"), None);
    assert_eq!(
        xml_encoding(b"<?xml version='1.0'?><a encoding='koi8-r'>"),
        None
    );
    assert_eq!(
        xml_encoding(b"<?xml version='1.0' standalone='yes' encoding='koi8-r'?>"),
        Some(KOI8_R)
    );
    // Case-sensitive, and the first occurrence counts.
    assert_eq!(xml_encoding(b"<?xml ENCODING='koi8-r'?>"), None);
    assert_eq!(xml_encoding(b"<?xml xencoding='koi8-r'?>"), Some(KOI8_R));
    assert_eq!(xml_encoding(b"<?xml encoding encoding='koi8-r'?>"), None);
}

#[test]
fn steps_6_to_9_bytes_up_to_0x20_around_the_equals_sign() {
    assert_eq!(
        xml_encoding(b"<?xml encoding \t\r\n\x00\x1F= \x01'koi8-r'?>"),
        Some(KOI8_R)
    );
    assert_eq!(xml_encoding(b"<?xml encoding:'koi8-r'?>"), None);
    assert_eq!(xml_encoding(b"<?xml encoding"), None);
}

#[test]
fn steps_10_to_13_the_quotes() {
    assert_eq!(xml_encoding(b"<?xml encoding=\"koi8-r\"?>"), Some(KOI8_R));
    assert_eq!(xml_encoding(b"<?xml encoding=koi8-r?>"), None);
    assert_eq!(xml_encoding(b"<?xml encoding=`koi8-r`?>"), None);
    assert_eq!(xml_encoding(b"<?xml encoding='koi8-r\"?>"), None);
    // The closing quote is looked for past the `>`.
    assert_eq!(xml_encoding(b"<?xml encoding='koi8-r?>'"), None);
    assert_eq!(xml_encoding(b"<?xml encoding=\"cp1251?>"), None);
}

#[test]
fn steps_14_to_18_the_label() {
    // Any byte up to 0x20 inside fails, even where get an encoding would remove it.
    assert_eq!(xml_encoding(b"<?xml encoding=' koi8-r'?>"), None);
    assert_eq!(xml_encoding(b"<?xml encoding='koi8-r\t'?>"), None);
    assert_eq!(xml_encoding(b"<?xml encoding=''?>"), None);
    assert_eq!(xml_encoding(b"<?xml encoding='bogus'?>"), None);
    assert_eq!(
        xml_encoding(b"<?xml encoding='CP1251'?>"),
        Some(WINDOWS_1251)
    );
    for label in ["utf-16", "utf-16be", "UTF-16LE"] {
        let bytes = format!("<?xml encoding='{label}'?>");
        assert_eq!(xml_encoding(bytes.as_bytes()), Some(UTF_8), "{label}");
    }
    assert_eq!(
        xml_encoding(b"<?xml encoding='x-user-defined'?>"),
        Some(X_USER_DEFINED)
    );
}

fn xml(bytes: &[u8], options: &SniffOptions) -> (&'static str, Rule) {
    let sniffed = sniff(Format::Xml, bytes, true, options).unwrap();
    assert_eq!(
        sniffed.confidence,
        whatwg_encoding::sniff::Confidence::Certain
    );
    (sniffed.encoding.name(), sniffed.rule)
}

#[test]
fn an_xml_document() {
    let none = SniffOptions::default();
    assert_eq!(
        xml(b"<?xml version='1.0' encoding='koi8-r'?><a/>", &none),
        ("KOI8-R", Rule::XmlDeclaration)
    );
    assert_eq!(xml(b"<a/>", &none), ("UTF-8", Rule::Default));
    assert_eq!(xml(b"", &none), ("UTF-8", Rule::Default));
    // A byte order mark wins over the transport layer, which wins over the declaration.
    let transport = SniffOptions::new().transport(Some(WINDOWS_1251));
    assert_eq!(
        xml(b"<?xml encoding='koi8-r'?>", &transport),
        ("windows-1251", Rule::TransportLayer)
    );
    assert_eq!(
        xml(b"\xFE\xFF\0<", &transport),
        ("UTF-16BE", Rule::ByteOrderMark)
    );
    assert_eq!(
        xml(b"\xFF\xFE<\0", &none),
        ("UTF-16LE", Rule::ByteOrderMark)
    );
    assert_eq!(
        xml(b"\xEF\xBB\xBF<?xml encoding='koi8-r'?>", &none),
        ("UTF-8", Rule::ByteOrderMark)
    );
    // Nothing else of HTML applies: no parent, no default of the locale, no meta.
    let html_only = SniffOptions::new()
        .parent(Some(KOI8_R))
        .locale(Some("ru"))
        .user_override(Some(KOI8_R));
    assert_eq!(
        xml(b"<meta charset=koi8-r/>", &html_only),
        ("UTF-8", Rule::Default)
    );
    // Without a byte order mark, UTF-16 text is not recognised (the declaration's own
    // "UTF-16" is UTF-8).
    assert_eq!(xml(b"<\0?\0x\0m\0l\0", &none), ("UTF-8", Rule::Default));
    let _ = (UTF_16BE, UTF_16LE);
}

#[test]
fn an_xml_declaration_ending_after_byte_1024() {
    let mut bytes = b"<?xml".to_vec();
    bytes.extend(filler(1010));
    bytes.extend_from_slice(b" encoding='koi8-r'?>");
    assert_eq!(
        xml_encoding(&bytes),
        Some(KOI8_R),
        "get an XML encoding itself has no limit"
    );
    let sniffed = sniff(Format::Xml, &bytes, true, &SniffOptions::default()).unwrap();
    assert_eq!((sniffed.encoding, sniffed.rule), (UTF_8, Rule::Default));
    // One that ends at byte 1024 counts.
    let mut bytes = b"<?xml".to_vec();
    bytes.extend(filler(1024 - 5 - 20));
    bytes.extend_from_slice(b" encoding='koi8-r'?>");
    assert_eq!(bytes.len(), 1024);
    let sniffed = sniff(Format::Xml, &bytes, true, &SniffOptions::default()).unwrap();
    assert_eq!(
        (sniffed.encoding, sniffed.rule),
        (KOI8_R, Rule::XmlDeclaration)
    );
}
