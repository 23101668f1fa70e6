//! The tables of the Chinese encodings: index gb18030 and index gb18030 ranges (section 10,
//! shared by GBK and gb18030) and index Big5 (section 11).

#[cfg(any(feature = "gbk", feature = "gb18030"))]
encoding_gen_macros::two_byte_index!(pub(crate) static GB18030 = "gb18030");
#[cfg(any(feature = "gbk", feature = "gb18030"))]
encoding_gen_macros::encode_index!(pub(crate) static GB18030_ENCODE = "gb18030");
#[cfg(any(feature = "gbk", feature = "gb18030"))]
encoding_gen_macros::side_table!(pub(crate) static GB18030_SIDE_TABLE = "gb18030");
#[cfg(all(
    feature = "fast-gb-hanzi-encode",
    any(feature = "gbk", feature = "gb18030")
))]
encoding_gen_macros::encode_direct!(pub(crate) static GB18030_HANZI = "gb18030 U+4E00..=U+9FFF");
#[cfg(all(
    feature = "fast-gb-hanzi-encode",
    any(feature = "gbk", feature = "gb18030")
))]
encoding_gen_macros::encode_direct!(pub(crate) static GB18030_PUNCTUATION = "gb18030 U+3000..=U+303F");
#[cfg(all(
    feature = "fast-gb-hanzi-encode",
    any(feature = "gbk", feature = "gb18030")
))]
encoding_gen_macros::encode_direct!(pub(crate) static GB18030_FULL_WIDTH = "gb18030 U+FF00..=U+FFEF");
#[cfg(any(feature = "gbk", feature = "gb18030"))]
encoding_gen_macros::ranges_table!(pub(crate) static GB18030_RANGES = "gb18030-ranges");

#[cfg(feature = "big5")]
encoding_gen_macros::two_byte_index!(pub(crate) static BIG5 = "big5");
#[cfg(feature = "big5")]
encoding_gen_macros::encode_index!(pub(crate) static BIG5_ENCODE = "big5");
#[cfg(all(feature = "fast-big5-hanzi-encode", feature = "big5"))]
encoding_gen_macros::encode_direct!(pub(crate) static BIG5_HANZI = "big5 U+4E00..=U+9FFF");
#[cfg(all(feature = "fast-big5-hanzi-encode", feature = "big5"))]
encoding_gen_macros::encode_direct!(pub(crate) static BIG5_PUNCTUATION = "big5 U+3000..=U+303F");
#[cfg(all(feature = "fast-big5-hanzi-encode", feature = "big5"))]
encoding_gen_macros::encode_direct!(pub(crate) static BIG5_FULL_WIDTH = "big5 U+FF00..=U+FFEF");
