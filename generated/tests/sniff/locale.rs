//! HTML Standard 13.2.3.2, step 9's table: every row, and how language tags find theirs.

use whatwg_encoding::sniff::{
    sniff, suggested_default_encoding, suggested_default_encoding_name as name, Format, Rule,
    SniffOptions, LOCALE_DEFAULTS,
};

/// The table as the standard prints it (language tags; suggested default encoding).
const TABLE: &[(&[&str], &str)] = &[
    (&["ar"], "windows-1256"),
    (&["az"], "windows-1254"),
    (&["ba"], "windows-1251"),
    (&["be"], "windows-1251"),
    (&["bg"], "windows-1251"),
    (&["cs"], "windows-1250"),
    (&["el"], "ISO-8859-7"),
    (&["et"], "windows-1257"),
    (&["fa"], "windows-1256"),
    (&["he"], "windows-1255"),
    (&["hr"], "windows-1250"),
    (&["hu"], "ISO-8859-2"),
    (&["ja"], "Shift_JIS"),
    (&["kk"], "windows-1251"),
    (&["ko"], "EUC-KR"),
    (&["ku"], "windows-1254"),
    (&["ky"], "windows-1251"),
    (&["lt"], "windows-1257"),
    (&["lv"], "windows-1257"),
    (&["mk"], "windows-1251"),
    (&["pl"], "ISO-8859-2"),
    (&["ru"], "windows-1251"),
    (&["sah"], "windows-1251"),
    (&["sk"], "windows-1250"),
    (&["sl"], "ISO-8859-2"),
    (&["sr"], "windows-1251"),
    (&["tg"], "windows-1251"),
    (&["th"], "windows-874"),
    (&["tr"], "windows-1254"),
    (&["tt"], "windows-1251"),
    (&["uk"], "windows-1251"),
    (&["vi"], "windows-1258"),
    (&["zh-Hans", "zh-CN", "zh-SG"], "GBK"),
    (&["zh-Hant", "zh-HK", "zh-MO", "zh-TW"], "Big5"),
];

#[test]
fn every_row() {
    let mut tags = 0;
    for &(row_tags, encoding) in TABLE {
        for &tag in row_tags {
            tags += 1;
            assert_eq!(name(Some(tag)), encoding, "{tag}");
            assert_eq!(name(Some(&tag.to_ascii_uppercase())), encoding, "{tag}");
            assert_eq!(name(Some(&tag.to_ascii_lowercase())), encoding, "{tag}");
            assert_eq!(
                suggested_default_encoding(Some(tag)).name(),
                encoding,
                "{tag}"
            );
            // The default that sniffing falls back to.
            let options = SniffOptions::new().locale(Some(tag));
            let sniffed = sniff(Format::Html, b"<p>", true, &options).unwrap();
            assert_eq!(
                (sniffed.encoding.name(), sniffed.rule),
                (encoding, Rule::Default),
                "{tag}"
            );
        }
    }
    // The exported table is this one, one tag a line.
    assert_eq!(LOCALE_DEFAULTS.len(), tags);
    for (tag, encoding) in LOCALE_DEFAULTS {
        let row = TABLE
            .iter()
            .find(|(tags, _)| tags.contains(&tag))
            .expect(tag);
        assert_eq!(row.1, encoding, "{tag}");
    }
}

#[test]
fn all_other_locales() {
    for tag in [
        None,
        Some(""),
        Some("en"),
        Some("en-US"),
        Some("de"),
        Some("fr-CA"),
        Some("pt-BR"),
        Some("x"),
        Some("-"),
        Some("zh"),
        Some("zh-Latn"),
        Some("zh-US"),
        Some("arr"),
        Some("j"),
    ] {
        assert_eq!(name(tag), "windows-1252", "{tag:?}");
    }
    assert_eq!(SniffOptions::default().default.name(), "windows-1252");
}

#[test]
fn a_tag_is_matched_by_its_language() {
    assert_eq!(name(Some("ja-JP")), "Shift_JIS");
    assert_eq!(name(Some("sr-Latn-RS")), "windows-1251");
    assert_eq!(name(Some("ru-RU-u-ca-gregory")), "windows-1251");
    assert_eq!(name(Some("SAH-RU")), "windows-1251");
    // POSIX locales.
    assert_eq!(name(Some("ja_JP.UTF-8")), "Shift_JIS");
    assert_eq!(name(Some("sr_RS@latin")), "windows-1251");
    assert_eq!(name(Some("ko_KR.eucKR")), "EUC-KR");
}

#[test]
fn chinese_by_script_then_region() {
    assert_eq!(name(Some("zh-Hant-HK")), "Big5");
    assert_eq!(name(Some("zh-Hans-HK")), "GBK");
    assert_eq!(name(Some("zh-Hant-CN")), "Big5");
    assert_eq!(name(Some("zh-Hans-SG")), "GBK");
    assert_eq!(name(Some("zh-TW")), "Big5");
    assert_eq!(name(Some("zh-tw")), "Big5");
    assert_eq!(name(Some("zh_CN.GB18030")), "GBK");
    assert_eq!(name(Some("zh_TW.Big5")), "Big5");
    // An extended language subtag is skipped.
    assert_eq!(name(Some("zh-yue-HK")), "Big5");
    assert_eq!(name(Some("zh-cmn-Hans-CN")), "GBK");
    // Another script decides: no row.
    assert_eq!(name(Some("zh-Latn-CN")), "windows-1252");
}
