//! HTML Standard, 13.2.3.2, step 9's table: the suggested default encoding for the user's
//! locale.

use super::bytes::compiled_in;
use crate::encoding::Encoding;

/// Every row of the table but the last, one language tag a line (the Chinese rows list
/// several), with the encoding's name. Names, not encodings: the table is complete whatever
/// encodings this build has.
pub const LOCALE_DEFAULTS: [(&str, &str); 39] = [
    ("ar", "windows-1256"),
    ("az", "windows-1254"),
    ("ba", "windows-1251"),
    ("be", "windows-1251"),
    ("bg", "windows-1251"),
    ("cs", "windows-1250"),
    ("el", "ISO-8859-7"),
    ("et", "windows-1257"),
    ("fa", "windows-1256"),
    ("he", "windows-1255"),
    ("hr", "windows-1250"),
    ("hu", "ISO-8859-2"),
    ("ja", "Shift_JIS"),
    ("kk", "windows-1251"),
    ("ko", "EUC-KR"),
    ("ku", "windows-1254"),
    ("ky", "windows-1251"),
    ("lt", "windows-1257"),
    ("lv", "windows-1257"),
    ("mk", "windows-1251"),
    ("pl", "ISO-8859-2"),
    ("ru", "windows-1251"),
    ("sah", "windows-1251"),
    ("sk", "windows-1250"),
    ("sl", "ISO-8859-2"),
    ("sr", "windows-1251"),
    ("tg", "windows-1251"),
    ("th", "windows-874"),
    ("tr", "windows-1254"),
    ("tt", "windows-1251"),
    ("uk", "windows-1251"),
    ("vi", "windows-1258"),
    ("zh-Hans", "GBK"),
    ("zh-CN", "GBK"),
    ("zh-SG", "GBK"),
    ("zh-Hant", "Big5"),
    ("zh-HK", "Big5"),
    ("zh-MO", "Big5"),
    ("zh-TW", "Big5"),
];

/// The table's last row: "All other locales".
const ALL_OTHER_LOCALES: &str = "windows-1252";

/// The name of the suggested default encoding for `locale` (a BCP 47 language tag), as the
/// table says; None is the table's last row, "all other locales" (windows-1252).
///
/// A tag is matched subtag by subtag, ASCII case-insensitively, so that any tag finds the row
/// of its language:
///
/// - Its first subtag is the language. A language with a row of its own (`ja`, `sah`, …)
///   gets that row whatever follows: `ja-JP`, `sr-Latn-RS`, `pt-BR` (no row: the last).
/// - Chinese (`zh`) is decided by the script subtag if there is one (`Hans`: GBK, `Hant`:
///   Big5, so `zh-Hant-HK` is Big5), else by the region (`CN`, `SG`: GBK; `HK`, `MO`, `TW`:
///   Big5). `zh` alone, or with another script or region, is in no row: windows-1252, as the
///   table's last row says (name the region, e.g. `zh-CN`).
/// - `_` separates subtags as `-` does, and a `.` or `@` ends the tag, so that a POSIX
///   locale such as `ja_JP.UTF-8` or `sr_RS@latin` works.
/// - Anything else, the empty tag included, gets the last row.
///
/// ```
/// use whatwg_encoding::sniff::suggested_default_encoding_name as default_for;
///
/// assert_eq!(default_for(Some("ja")), "Shift_JIS");
/// assert_eq!(default_for(Some("zh-Hant-HK")), "Big5");
/// assert_eq!(default_for(Some("zh_CN.GB18030")), "GBK");
/// assert_eq!(default_for(Some("zh")), "windows-1252");
/// assert_eq!(default_for(None), "windows-1252");
/// ```
pub fn suggested_default_encoding_name(locale: Option<&str>) -> &'static str {
    let Some(locale) = locale else {
        return ALL_OTHER_LOCALES;
    };
    let tag = locale.split(['.', '@']).next().unwrap_or_default();
    let mut subtags = tag.split(['-', '_']);
    let language = subtags.next().unwrap_or_default();
    let row = |tag: &str| {
        LOCALE_DEFAULTS
            .iter()
            .find(|(row, _)| row.eq_ignore_ascii_case(tag))
            .map(|&(_, name)| name)
    };
    if !language.eq_ignore_ascii_case("zh") {
        return row(language).unwrap_or(ALL_OTHER_LOCALES);
    }
    // Chinese: the script subtag (four letters) if any, else the region subtag (two letters
    // or three digits). Extended language subtags (three letters) come first and are skipped.
    let mut script = None;
    let mut region = None;
    for subtag in subtags {
        match subtag.len() {
            3 if subtag.bytes().all(|b| b.is_ascii_alphabetic()) && script.is_none() => {}
            4 if script.is_none() && region.is_none() => script = Some(subtag),
            2 | 3 if region.is_none() => region = Some(subtag),
            _ => break,
        }
    }
    let chinese = |subtag: &str| {
        let mut tag = [0u8; 7];
        let len = 3 + subtag.len();
        tag[..3].copy_from_slice(b"zh-");
        tag.get_mut(3..len)?.copy_from_slice(subtag.as_bytes());
        row(core::str::from_utf8(&tag[..len]).ok()?)
    };
    script
        .or(region)
        .and_then(chinese)
        .unwrap_or(ALL_OTHER_LOCALES)
}

/// The suggested default encoding for `locale`, as [`suggested_default_encoding_name`]
/// matches it; UTF-8 (what the standard suggests where the default can be prescribed) when
/// this build leaves the row's encoding out.
///
/// ```
/// # #[cfg(feature = "euc-kr")]
/// # fn main() {
/// use whatwg_encoding::sniff::suggested_default_encoding;
/// use whatwg_encoding::EUC_KR;
///
/// assert_eq!(suggested_default_encoding(Some("ko-KR")), EUC_KR);
/// # }
/// # #[cfg(not(feature = "euc-kr"))]
/// # fn main() {}
/// ```
pub fn suggested_default_encoding(locale: Option<&str>) -> &'static Encoding {
    compiled_in(suggested_default_encoding_name(locale)).unwrap_or(crate::UTF_8)
}
