//! One static per encoding of section 4.2, as `NAME` (a `&'static Encoding`) and `NAME_INIT`
//! (the `Encoding` itself), as encoding_rs names them. Each exists only when its feature is
//! enabled; UTF-8 and replacement always exist.
//!
//! The macro emits them from encodings.json, which must list exactly these encodings in this
//! order (a compile error says where they differ), with what the standard's prose says of
//! each (its section, handler family and tables: `encoding_gen::spec`), and `by_name`, the
//! lookup of an exact name, and `NAMES`, every name in the data's order.

encoding_gen_macros::registry! {
    UTF_8,
    IBM866,
    ISO_8859_2,
    ISO_8859_3,
    ISO_8859_4,
    ISO_8859_5,
    ISO_8859_6,
    ISO_8859_7,
    ISO_8859_8,
    ISO_8859_8_I,
    ISO_8859_10,
    ISO_8859_13,
    ISO_8859_14,
    ISO_8859_15,
    ISO_8859_16,
    KOI8_R,
    KOI8_U,
    MACINTOSH,
    WINDOWS_874,
    WINDOWS_1250,
    WINDOWS_1251,
    WINDOWS_1252,
    WINDOWS_1253,
    WINDOWS_1254,
    WINDOWS_1255,
    WINDOWS_1256,
    WINDOWS_1257,
    WINDOWS_1258,
    X_MAC_CYRILLIC,
    GBK,
    GB18030,
    BIG5,
    EUC_JP,
    ISO_2022_JP,
    SHIFT_JIS,
    EUC_KR,
    REPLACEMENT,
    UTF_16BE,
    UTF_16LE,
    X_USER_DEFINED,
}
