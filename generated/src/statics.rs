//! One static per encoding of section 4.2, as `NAME` (a `&'static Encoding`) and `NAME_INIT`
//! (the `Encoding` itself), as encoding_rs names them. Each exists only when its feature is
//! enabled; UTF-8 and replacement always exist.

use crate::encoding::Encoding;
use crate::variant::VariantEncoding;

/// The UTF-8 encoding, section 8.1: the encoding.
pub static UTF_8_INIT: Encoding = Encoding {
    name: "UTF-8",
    variant: VariantEncoding::Utf8,
};
/// The UTF-8 encoding, section 8.1: the encoding.
pub static UTF_8: &Encoding = &UTF_8_INIT;

/// The IBM866 encoding, section 9, over index ibm866.
#[cfg(feature = "ibm866")]
pub static IBM866_INIT: Encoding = Encoding {
    name: "IBM866",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::IBM866),
};
/// The IBM866 encoding, section 9, over index ibm866.
#[cfg(feature = "ibm866")]
pub static IBM866: &Encoding = &IBM866_INIT;

/// The ISO-8859-2 encoding, section 9, over index iso-8859-2.
#[cfg(feature = "iso-8859-2")]
pub static ISO_8859_2_INIT: Encoding = Encoding {
    name: "ISO-8859-2",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_2),
};
/// The ISO-8859-2 encoding, section 9, over index iso-8859-2.
#[cfg(feature = "iso-8859-2")]
pub static ISO_8859_2: &Encoding = &ISO_8859_2_INIT;

/// The ISO-8859-3 encoding, section 9, over index iso-8859-3.
#[cfg(feature = "iso-8859-3")]
pub static ISO_8859_3_INIT: Encoding = Encoding {
    name: "ISO-8859-3",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_3),
};
/// The ISO-8859-3 encoding, section 9, over index iso-8859-3.
#[cfg(feature = "iso-8859-3")]
pub static ISO_8859_3: &Encoding = &ISO_8859_3_INIT;

/// The ISO-8859-4 encoding, section 9, over index iso-8859-4.
#[cfg(feature = "iso-8859-4")]
pub static ISO_8859_4_INIT: Encoding = Encoding {
    name: "ISO-8859-4",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_4),
};
/// The ISO-8859-4 encoding, section 9, over index iso-8859-4.
#[cfg(feature = "iso-8859-4")]
pub static ISO_8859_4: &Encoding = &ISO_8859_4_INIT;

/// The ISO-8859-5 encoding, section 9, over index iso-8859-5.
#[cfg(feature = "iso-8859-5")]
pub static ISO_8859_5_INIT: Encoding = Encoding {
    name: "ISO-8859-5",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_5),
};
/// The ISO-8859-5 encoding, section 9, over index iso-8859-5.
#[cfg(feature = "iso-8859-5")]
pub static ISO_8859_5: &Encoding = &ISO_8859_5_INIT;

/// The ISO-8859-6 encoding, section 9, over index iso-8859-6.
#[cfg(feature = "iso-8859-6")]
pub static ISO_8859_6_INIT: Encoding = Encoding {
    name: "ISO-8859-6",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_6),
};
/// The ISO-8859-6 encoding, section 9, over index iso-8859-6.
#[cfg(feature = "iso-8859-6")]
pub static ISO_8859_6: &Encoding = &ISO_8859_6_INIT;

/// The ISO-8859-7 encoding, section 9, over index iso-8859-7.
#[cfg(feature = "iso-8859-7")]
pub static ISO_8859_7_INIT: Encoding = Encoding {
    name: "ISO-8859-7",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_7),
};
/// The ISO-8859-7 encoding, section 9, over index iso-8859-7.
#[cfg(feature = "iso-8859-7")]
pub static ISO_8859_7: &Encoding = &ISO_8859_7_INIT;

/// The ISO-8859-8 encoding, section 9, over index iso-8859-8.
#[cfg(feature = "iso-8859-8")]
pub static ISO_8859_8_INIT: Encoding = Encoding {
    name: "ISO-8859-8",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_8),
};
/// The ISO-8859-8 encoding, section 9, over index iso-8859-8.
#[cfg(feature = "iso-8859-8")]
pub static ISO_8859_8: &Encoding = &ISO_8859_8_INIT;

/// The ISO-8859-8-I encoding, section 9, over index iso-8859-8.
#[cfg(feature = "iso-8859-8-i")]
pub static ISO_8859_8_I_INIT: Encoding = Encoding {
    name: "ISO-8859-8-I",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_8),
};
/// The ISO-8859-8-I encoding, section 9, over index iso-8859-8.
#[cfg(feature = "iso-8859-8-i")]
pub static ISO_8859_8_I: &Encoding = &ISO_8859_8_I_INIT;

/// The ISO-8859-10 encoding, section 9, over index iso-8859-10.
#[cfg(feature = "iso-8859-10")]
pub static ISO_8859_10_INIT: Encoding = Encoding {
    name: "ISO-8859-10",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_10),
};
/// The ISO-8859-10 encoding, section 9, over index iso-8859-10.
#[cfg(feature = "iso-8859-10")]
pub static ISO_8859_10: &Encoding = &ISO_8859_10_INIT;

/// The ISO-8859-13 encoding, section 9, over index iso-8859-13.
#[cfg(feature = "iso-8859-13")]
pub static ISO_8859_13_INIT: Encoding = Encoding {
    name: "ISO-8859-13",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_13),
};
/// The ISO-8859-13 encoding, section 9, over index iso-8859-13.
#[cfg(feature = "iso-8859-13")]
pub static ISO_8859_13: &Encoding = &ISO_8859_13_INIT;

/// The ISO-8859-14 encoding, section 9, over index iso-8859-14.
#[cfg(feature = "iso-8859-14")]
pub static ISO_8859_14_INIT: Encoding = Encoding {
    name: "ISO-8859-14",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_14),
};
/// The ISO-8859-14 encoding, section 9, over index iso-8859-14.
#[cfg(feature = "iso-8859-14")]
pub static ISO_8859_14: &Encoding = &ISO_8859_14_INIT;

/// The ISO-8859-15 encoding, section 9, over index iso-8859-15.
#[cfg(feature = "iso-8859-15")]
pub static ISO_8859_15_INIT: Encoding = Encoding {
    name: "ISO-8859-15",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_15),
};
/// The ISO-8859-15 encoding, section 9, over index iso-8859-15.
#[cfg(feature = "iso-8859-15")]
pub static ISO_8859_15: &Encoding = &ISO_8859_15_INIT;

/// The ISO-8859-16 encoding, section 9, over index iso-8859-16.
#[cfg(feature = "iso-8859-16")]
pub static ISO_8859_16_INIT: Encoding = Encoding {
    name: "ISO-8859-16",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::ISO_8859_16),
};
/// The ISO-8859-16 encoding, section 9, over index iso-8859-16.
#[cfg(feature = "iso-8859-16")]
pub static ISO_8859_16: &Encoding = &ISO_8859_16_INIT;

/// The KOI8-R encoding, section 9, over index koi8-r.
#[cfg(feature = "koi8-r")]
pub static KOI8_R_INIT: Encoding = Encoding {
    name: "KOI8-R",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::KOI8_R),
};
/// The KOI8-R encoding, section 9, over index koi8-r.
#[cfg(feature = "koi8-r")]
pub static KOI8_R: &Encoding = &KOI8_R_INIT;

/// The KOI8-U encoding, section 9, over index koi8-u.
#[cfg(feature = "koi8-u")]
pub static KOI8_U_INIT: Encoding = Encoding {
    name: "KOI8-U",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::KOI8_U),
};
/// The KOI8-U encoding, section 9, over index koi8-u.
#[cfg(feature = "koi8-u")]
pub static KOI8_U: &Encoding = &KOI8_U_INIT;

/// The macintosh encoding, section 9, over index macintosh.
#[cfg(feature = "macintosh")]
pub static MACINTOSH_INIT: Encoding = Encoding {
    name: "macintosh",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::MACINTOSH),
};
/// The macintosh encoding, section 9, over index macintosh.
#[cfg(feature = "macintosh")]
pub static MACINTOSH: &Encoding = &MACINTOSH_INIT;

/// The windows-874 encoding, section 9, over index windows-874.
#[cfg(feature = "windows-874")]
pub static WINDOWS_874_INIT: Encoding = Encoding {
    name: "windows-874",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_874),
};
/// The windows-874 encoding, section 9, over index windows-874.
#[cfg(feature = "windows-874")]
pub static WINDOWS_874: &Encoding = &WINDOWS_874_INIT;

/// The windows-1250 encoding, section 9, over index windows-1250.
#[cfg(feature = "windows-1250")]
pub static WINDOWS_1250_INIT: Encoding = Encoding {
    name: "windows-1250",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1250),
};
/// The windows-1250 encoding, section 9, over index windows-1250.
#[cfg(feature = "windows-1250")]
pub static WINDOWS_1250: &Encoding = &WINDOWS_1250_INIT;

/// The windows-1251 encoding, section 9, over index windows-1251.
#[cfg(feature = "windows-1251")]
pub static WINDOWS_1251_INIT: Encoding = Encoding {
    name: "windows-1251",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1251),
};
/// The windows-1251 encoding, section 9, over index windows-1251.
#[cfg(feature = "windows-1251")]
pub static WINDOWS_1251: &Encoding = &WINDOWS_1251_INIT;

/// The windows-1252 encoding, section 9, over index windows-1252.
#[cfg(feature = "windows-1252")]
pub static WINDOWS_1252_INIT: Encoding = Encoding {
    name: "windows-1252",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1252),
};
/// The windows-1252 encoding, section 9, over index windows-1252.
#[cfg(feature = "windows-1252")]
pub static WINDOWS_1252: &Encoding = &WINDOWS_1252_INIT;

/// The windows-1253 encoding, section 9, over index windows-1253.
#[cfg(feature = "windows-1253")]
pub static WINDOWS_1253_INIT: Encoding = Encoding {
    name: "windows-1253",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1253),
};
/// The windows-1253 encoding, section 9, over index windows-1253.
#[cfg(feature = "windows-1253")]
pub static WINDOWS_1253: &Encoding = &WINDOWS_1253_INIT;

/// The windows-1254 encoding, section 9, over index windows-1254.
#[cfg(feature = "windows-1254")]
pub static WINDOWS_1254_INIT: Encoding = Encoding {
    name: "windows-1254",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1254),
};
/// The windows-1254 encoding, section 9, over index windows-1254.
#[cfg(feature = "windows-1254")]
pub static WINDOWS_1254: &Encoding = &WINDOWS_1254_INIT;

/// The windows-1255 encoding, section 9, over index windows-1255.
#[cfg(feature = "windows-1255")]
pub static WINDOWS_1255_INIT: Encoding = Encoding {
    name: "windows-1255",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1255),
};
/// The windows-1255 encoding, section 9, over index windows-1255.
#[cfg(feature = "windows-1255")]
pub static WINDOWS_1255: &Encoding = &WINDOWS_1255_INIT;

/// The windows-1256 encoding, section 9, over index windows-1256.
#[cfg(feature = "windows-1256")]
pub static WINDOWS_1256_INIT: Encoding = Encoding {
    name: "windows-1256",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1256),
};
/// The windows-1256 encoding, section 9, over index windows-1256.
#[cfg(feature = "windows-1256")]
pub static WINDOWS_1256: &Encoding = &WINDOWS_1256_INIT;

/// The windows-1257 encoding, section 9, over index windows-1257.
#[cfg(feature = "windows-1257")]
pub static WINDOWS_1257_INIT: Encoding = Encoding {
    name: "windows-1257",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1257),
};
/// The windows-1257 encoding, section 9, over index windows-1257.
#[cfg(feature = "windows-1257")]
pub static WINDOWS_1257: &Encoding = &WINDOWS_1257_INIT;

/// The windows-1258 encoding, section 9, over index windows-1258.
#[cfg(feature = "windows-1258")]
pub static WINDOWS_1258_INIT: Encoding = Encoding {
    name: "windows-1258",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::WINDOWS_1258),
};
/// The windows-1258 encoding, section 9, over index windows-1258.
#[cfg(feature = "windows-1258")]
pub static WINDOWS_1258: &Encoding = &WINDOWS_1258_INIT;

/// The x-mac-cyrillic encoding, section 9, over index x-mac-cyrillic.
#[cfg(feature = "x-mac-cyrillic")]
pub static X_MAC_CYRILLIC_INIT: Encoding = Encoding {
    name: "x-mac-cyrillic",
    variant: VariantEncoding::SingleByte(&crate::tables::single_byte::X_MAC_CYRILLIC),
};
/// The x-mac-cyrillic encoding, section 9, over index x-mac-cyrillic.
#[cfg(feature = "x-mac-cyrillic")]
pub static X_MAC_CYRILLIC: &Encoding = &X_MAC_CYRILLIC_INIT;

/// The GBK encoding, section 10.1: the gb18030 decoder with an encoder that writes no four-byte sequences.
#[cfg(feature = "gbk")]
pub static GBK_INIT: Encoding = Encoding {
    name: "GBK",
    variant: VariantEncoding::Gbk,
};
/// The GBK encoding, section 10.1: the gb18030 decoder with an encoder that writes no four-byte sequences.
#[cfg(feature = "gbk")]
pub static GBK: &Encoding = &GBK_INIT;

/// The gb18030 encoding, section 10.2.
#[cfg(feature = "gb18030")]
pub static GB18030_INIT: Encoding = Encoding {
    name: "gb18030",
    variant: VariantEncoding::Gb18030,
};
/// The gb18030 encoding, section 10.2.
#[cfg(feature = "gb18030")]
pub static GB18030: &Encoding = &GB18030_INIT;

/// The Big5 encoding, section 11.1: Big5 with the HKSCS extensions.
#[cfg(feature = "big5")]
pub static BIG5_INIT: Encoding = Encoding {
    name: "Big5",
    variant: VariantEncoding::Big5,
};
/// The Big5 encoding, section 11.1: Big5 with the HKSCS extensions.
#[cfg(feature = "big5")]
pub static BIG5: &Encoding = &BIG5_INIT;

/// The EUC-JP encoding, section 12.1.
#[cfg(feature = "euc-jp")]
pub static EUC_JP_INIT: Encoding = Encoding {
    name: "EUC-JP",
    variant: VariantEncoding::EucJp,
};
/// The EUC-JP encoding, section 12.1.
#[cfg(feature = "euc-jp")]
pub static EUC_JP: &Encoding = &EUC_JP_INIT;

/// The ISO-2022-JP encoding, section 12.2.
#[cfg(feature = "iso-2022-jp")]
pub static ISO_2022_JP_INIT: Encoding = Encoding {
    name: "ISO-2022-JP",
    variant: VariantEncoding::Iso2022Jp,
};
/// The ISO-2022-JP encoding, section 12.2.
#[cfg(feature = "iso-2022-jp")]
pub static ISO_2022_JP: &Encoding = &ISO_2022_JP_INIT;

/// The Shift_JIS encoding, section 12.3.
#[cfg(feature = "shift_jis")]
pub static SHIFT_JIS_INIT: Encoding = Encoding {
    name: "Shift_JIS",
    variant: VariantEncoding::ShiftJis,
};
/// The Shift_JIS encoding, section 12.3.
#[cfg(feature = "shift_jis")]
pub static SHIFT_JIS: &Encoding = &SHIFT_JIS_INIT;

/// The EUC-KR encoding, section 13.1: EUC-KR with the Unified Hangul Code extension.
#[cfg(feature = "euc-kr")]
pub static EUC_KR_INIT: Encoding = Encoding {
    name: "EUC-KR",
    variant: VariantEncoding::EucKr,
};
/// The EUC-KR encoding, section 13.1: EUC-KR with the Unified Hangul Code extension.
#[cfg(feature = "euc-kr")]
pub static EUC_KR: &Encoding = &EUC_KR_INIT;

/// The replacement encoding, section 14.1: what labels of unsafe encodings (ISO-2022-KR, HZ-GB-2312, ISO-2022-CN) decode with: one U+FFFD for any non-empty input.
pub static REPLACEMENT_INIT: Encoding = Encoding {
    name: "replacement",
    variant: VariantEncoding::Replacement,
};
/// The replacement encoding, section 14.1: what labels of unsafe encodings (ISO-2022-KR, HZ-GB-2312, ISO-2022-CN) decode with: one U+FFFD for any non-empty input.
pub static REPLACEMENT: &Encoding = &REPLACEMENT_INIT;

/// The UTF-16BE encoding, section 14.3.
#[cfg(feature = "utf-16be")]
pub static UTF_16BE_INIT: Encoding = Encoding {
    name: "UTF-16BE",
    variant: VariantEncoding::Utf16Be,
};
/// The UTF-16BE encoding, section 14.3.
#[cfg(feature = "utf-16be")]
pub static UTF_16BE: &Encoding = &UTF_16BE_INIT;

/// The UTF-16LE encoding, section 14.4.
#[cfg(feature = "utf-16le")]
pub static UTF_16LE_INIT: Encoding = Encoding {
    name: "UTF-16LE",
    variant: VariantEncoding::Utf16Le,
};
/// The UTF-16LE encoding, section 14.4.
#[cfg(feature = "utf-16le")]
pub static UTF_16LE: &Encoding = &UTF_16LE_INIT;

/// The x-user-defined encoding, section 14.5: bytes 0x80 to 0xFF as U+F780 to U+F7FF.
#[cfg(feature = "x-user-defined")]
pub static X_USER_DEFINED_INIT: Encoding = Encoding {
    name: "x-user-defined",
    variant: VariantEncoding::XUserDefined,
};
/// The x-user-defined encoding, section 14.5: bytes 0x80 to 0xFF as U+F780 to U+F7FF.
#[cfg(feature = "x-user-defined")]
pub static X_USER_DEFINED: &Encoding = &X_USER_DEFINED_INIT;

/// The encoding named `name` (exactly as in encodings.json), if it was compiled in.
pub(crate) fn by_name(name: &str) -> Option<&'static Encoding> {
    match name {
        "UTF-8" => Some(UTF_8),
        #[cfg(feature = "ibm866")]
        "IBM866" => Some(IBM866),
        #[cfg(feature = "iso-8859-2")]
        "ISO-8859-2" => Some(ISO_8859_2),
        #[cfg(feature = "iso-8859-3")]
        "ISO-8859-3" => Some(ISO_8859_3),
        #[cfg(feature = "iso-8859-4")]
        "ISO-8859-4" => Some(ISO_8859_4),
        #[cfg(feature = "iso-8859-5")]
        "ISO-8859-5" => Some(ISO_8859_5),
        #[cfg(feature = "iso-8859-6")]
        "ISO-8859-6" => Some(ISO_8859_6),
        #[cfg(feature = "iso-8859-7")]
        "ISO-8859-7" => Some(ISO_8859_7),
        #[cfg(feature = "iso-8859-8")]
        "ISO-8859-8" => Some(ISO_8859_8),
        #[cfg(feature = "iso-8859-8-i")]
        "ISO-8859-8-I" => Some(ISO_8859_8_I),
        #[cfg(feature = "iso-8859-10")]
        "ISO-8859-10" => Some(ISO_8859_10),
        #[cfg(feature = "iso-8859-13")]
        "ISO-8859-13" => Some(ISO_8859_13),
        #[cfg(feature = "iso-8859-14")]
        "ISO-8859-14" => Some(ISO_8859_14),
        #[cfg(feature = "iso-8859-15")]
        "ISO-8859-15" => Some(ISO_8859_15),
        #[cfg(feature = "iso-8859-16")]
        "ISO-8859-16" => Some(ISO_8859_16),
        #[cfg(feature = "koi8-r")]
        "KOI8-R" => Some(KOI8_R),
        #[cfg(feature = "koi8-u")]
        "KOI8-U" => Some(KOI8_U),
        #[cfg(feature = "macintosh")]
        "macintosh" => Some(MACINTOSH),
        #[cfg(feature = "windows-874")]
        "windows-874" => Some(WINDOWS_874),
        #[cfg(feature = "windows-1250")]
        "windows-1250" => Some(WINDOWS_1250),
        #[cfg(feature = "windows-1251")]
        "windows-1251" => Some(WINDOWS_1251),
        #[cfg(feature = "windows-1252")]
        "windows-1252" => Some(WINDOWS_1252),
        #[cfg(feature = "windows-1253")]
        "windows-1253" => Some(WINDOWS_1253),
        #[cfg(feature = "windows-1254")]
        "windows-1254" => Some(WINDOWS_1254),
        #[cfg(feature = "windows-1255")]
        "windows-1255" => Some(WINDOWS_1255),
        #[cfg(feature = "windows-1256")]
        "windows-1256" => Some(WINDOWS_1256),
        #[cfg(feature = "windows-1257")]
        "windows-1257" => Some(WINDOWS_1257),
        #[cfg(feature = "windows-1258")]
        "windows-1258" => Some(WINDOWS_1258),
        #[cfg(feature = "x-mac-cyrillic")]
        "x-mac-cyrillic" => Some(X_MAC_CYRILLIC),
        #[cfg(feature = "gbk")]
        "GBK" => Some(GBK),
        #[cfg(feature = "gb18030")]
        "gb18030" => Some(GB18030),
        #[cfg(feature = "big5")]
        "Big5" => Some(BIG5),
        #[cfg(feature = "euc-jp")]
        "EUC-JP" => Some(EUC_JP),
        #[cfg(feature = "iso-2022-jp")]
        "ISO-2022-JP" => Some(ISO_2022_JP),
        #[cfg(feature = "shift_jis")]
        "Shift_JIS" => Some(SHIFT_JIS),
        #[cfg(feature = "euc-kr")]
        "EUC-KR" => Some(EUC_KR),
        "replacement" => Some(REPLACEMENT),
        #[cfg(feature = "utf-16be")]
        "UTF-16BE" => Some(UTF_16BE),
        #[cfg(feature = "utf-16le")]
        "UTF-16LE" => Some(UTF_16LE),
        #[cfg(feature = "x-user-defined")]
        "x-user-defined" => Some(X_USER_DEFINED),
        _ => None,
    }
}
