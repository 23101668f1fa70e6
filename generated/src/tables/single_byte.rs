//! The tables of the single-byte encodings (section 9), one decode array and one encode map
//! per index, each compiled only when an encoding using it is enabled.

#[cfg(feature = "ibm866")]
encoding_gen_macros::decode_table!(pub(crate) static IBM866_DECODE = "ibm866");
#[cfg(feature = "ibm866")]
encoding_gen_macros::encode_map!(pub(crate) static IBM866_ENCODE = "ibm866");
/// The UTF-8 of index ibm866's bytes, packed as decoding meets them.
#[cfg(feature = "ibm866")]
static IBM866_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index ibm866.
#[cfg(feature = "ibm866")]
pub(crate) static IBM866: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &IBM866_DECODE,
    encode: &IBM866_ENCODE,
    run: crate::table::LinearRun::longest(&IBM866_DECODE),
    utf8: &IBM866_UTF8,
};

#[cfg(feature = "iso-8859-2")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_2_DECODE = "iso-8859-2");
#[cfg(feature = "iso-8859-2")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_2_ENCODE = "iso-8859-2");
/// The UTF-8 of index iso-8859-2's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-2")]
static ISO_8859_2_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-2.
#[cfg(feature = "iso-8859-2")]
pub(crate) static ISO_8859_2: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_2_DECODE,
    encode: &ISO_8859_2_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_2_DECODE),
    utf8: &ISO_8859_2_UTF8,
};

#[cfg(feature = "iso-8859-3")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_3_DECODE = "iso-8859-3");
#[cfg(feature = "iso-8859-3")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_3_ENCODE = "iso-8859-3");
/// The UTF-8 of index iso-8859-3's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-3")]
static ISO_8859_3_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-3.
#[cfg(feature = "iso-8859-3")]
pub(crate) static ISO_8859_3: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_3_DECODE,
    encode: &ISO_8859_3_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_3_DECODE),
    utf8: &ISO_8859_3_UTF8,
};

#[cfg(feature = "iso-8859-4")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_4_DECODE = "iso-8859-4");
#[cfg(feature = "iso-8859-4")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_4_ENCODE = "iso-8859-4");
/// The UTF-8 of index iso-8859-4's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-4")]
static ISO_8859_4_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-4.
#[cfg(feature = "iso-8859-4")]
pub(crate) static ISO_8859_4: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_4_DECODE,
    encode: &ISO_8859_4_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_4_DECODE),
    utf8: &ISO_8859_4_UTF8,
};

#[cfg(feature = "iso-8859-5")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_5_DECODE = "iso-8859-5");
#[cfg(feature = "iso-8859-5")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_5_ENCODE = "iso-8859-5");
/// The UTF-8 of index iso-8859-5's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-5")]
static ISO_8859_5_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-5.
#[cfg(feature = "iso-8859-5")]
pub(crate) static ISO_8859_5: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_5_DECODE,
    encode: &ISO_8859_5_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_5_DECODE),
    utf8: &ISO_8859_5_UTF8,
};

#[cfg(feature = "iso-8859-6")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_6_DECODE = "iso-8859-6");
#[cfg(feature = "iso-8859-6")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_6_ENCODE = "iso-8859-6");
/// The UTF-8 of index iso-8859-6's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-6")]
static ISO_8859_6_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-6.
#[cfg(feature = "iso-8859-6")]
pub(crate) static ISO_8859_6: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_6_DECODE,
    encode: &ISO_8859_6_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_6_DECODE),
    utf8: &ISO_8859_6_UTF8,
};

#[cfg(feature = "iso-8859-7")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_7_DECODE = "iso-8859-7");
#[cfg(feature = "iso-8859-7")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_7_ENCODE = "iso-8859-7");
/// The UTF-8 of index iso-8859-7's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-7")]
static ISO_8859_7_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-7.
#[cfg(feature = "iso-8859-7")]
pub(crate) static ISO_8859_7: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_7_DECODE,
    encode: &ISO_8859_7_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_7_DECODE),
    utf8: &ISO_8859_7_UTF8,
};

#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_8_DECODE = "iso-8859-8");
#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_8_ENCODE = "iso-8859-8");
/// The UTF-8 of index iso-8859-8's bytes, packed as decoding meets them.
#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
static ISO_8859_8_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-8.
#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
pub(crate) static ISO_8859_8: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_8_DECODE,
    encode: &ISO_8859_8_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_8_DECODE),
    utf8: &ISO_8859_8_UTF8,
};

#[cfg(feature = "iso-8859-10")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_10_DECODE = "iso-8859-10");
#[cfg(feature = "iso-8859-10")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_10_ENCODE = "iso-8859-10");
/// The UTF-8 of index iso-8859-10's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-10")]
static ISO_8859_10_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-10.
#[cfg(feature = "iso-8859-10")]
pub(crate) static ISO_8859_10: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_10_DECODE,
    encode: &ISO_8859_10_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_10_DECODE),
    utf8: &ISO_8859_10_UTF8,
};

#[cfg(feature = "iso-8859-13")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_13_DECODE = "iso-8859-13");
#[cfg(feature = "iso-8859-13")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_13_ENCODE = "iso-8859-13");
/// The UTF-8 of index iso-8859-13's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-13")]
static ISO_8859_13_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-13.
#[cfg(feature = "iso-8859-13")]
pub(crate) static ISO_8859_13: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_13_DECODE,
    encode: &ISO_8859_13_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_13_DECODE),
    utf8: &ISO_8859_13_UTF8,
};

#[cfg(feature = "iso-8859-14")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_14_DECODE = "iso-8859-14");
#[cfg(feature = "iso-8859-14")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_14_ENCODE = "iso-8859-14");
/// The UTF-8 of index iso-8859-14's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-14")]
static ISO_8859_14_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-14.
#[cfg(feature = "iso-8859-14")]
pub(crate) static ISO_8859_14: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_14_DECODE,
    encode: &ISO_8859_14_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_14_DECODE),
    utf8: &ISO_8859_14_UTF8,
};

#[cfg(feature = "iso-8859-15")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_15_DECODE = "iso-8859-15");
#[cfg(feature = "iso-8859-15")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_15_ENCODE = "iso-8859-15");
/// The UTF-8 of index iso-8859-15's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-15")]
static ISO_8859_15_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-15.
#[cfg(feature = "iso-8859-15")]
pub(crate) static ISO_8859_15: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_15_DECODE,
    encode: &ISO_8859_15_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_15_DECODE),
    utf8: &ISO_8859_15_UTF8,
};

#[cfg(feature = "iso-8859-16")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_16_DECODE = "iso-8859-16");
#[cfg(feature = "iso-8859-16")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_16_ENCODE = "iso-8859-16");
/// The UTF-8 of index iso-8859-16's bytes, packed as decoding meets them.
#[cfg(feature = "iso-8859-16")]
static ISO_8859_16_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index iso-8859-16.
#[cfg(feature = "iso-8859-16")]
pub(crate) static ISO_8859_16: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_16_DECODE,
    encode: &ISO_8859_16_ENCODE,
    run: crate::table::LinearRun::longest(&ISO_8859_16_DECODE),
    utf8: &ISO_8859_16_UTF8,
};

#[cfg(feature = "koi8-r")]
encoding_gen_macros::decode_table!(pub(crate) static KOI8_R_DECODE = "koi8-r");
#[cfg(feature = "koi8-r")]
encoding_gen_macros::encode_map!(pub(crate) static KOI8_R_ENCODE = "koi8-r");
/// The UTF-8 of index koi8-r's bytes, packed as decoding meets them.
#[cfg(feature = "koi8-r")]
static KOI8_R_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index koi8-r.
#[cfg(feature = "koi8-r")]
pub(crate) static KOI8_R: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &KOI8_R_DECODE,
    encode: &KOI8_R_ENCODE,
    run: crate::table::LinearRun::longest(&KOI8_R_DECODE),
    utf8: &KOI8_R_UTF8,
};

#[cfg(feature = "koi8-u")]
encoding_gen_macros::decode_table!(pub(crate) static KOI8_U_DECODE = "koi8-u");
#[cfg(feature = "koi8-u")]
encoding_gen_macros::encode_map!(pub(crate) static KOI8_U_ENCODE = "koi8-u");
/// The UTF-8 of index koi8-u's bytes, packed as decoding meets them.
#[cfg(feature = "koi8-u")]
static KOI8_U_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index koi8-u.
#[cfg(feature = "koi8-u")]
pub(crate) static KOI8_U: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &KOI8_U_DECODE,
    encode: &KOI8_U_ENCODE,
    run: crate::table::LinearRun::longest(&KOI8_U_DECODE),
    utf8: &KOI8_U_UTF8,
};

#[cfg(feature = "macintosh")]
encoding_gen_macros::decode_table!(pub(crate) static MACINTOSH_DECODE = "macintosh");
#[cfg(feature = "macintosh")]
encoding_gen_macros::encode_map!(pub(crate) static MACINTOSH_ENCODE = "macintosh");
/// The UTF-8 of index macintosh's bytes, packed as decoding meets them.
#[cfg(feature = "macintosh")]
static MACINTOSH_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index macintosh.
#[cfg(feature = "macintosh")]
pub(crate) static MACINTOSH: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &MACINTOSH_DECODE,
    encode: &MACINTOSH_ENCODE,
    run: crate::table::LinearRun::longest(&MACINTOSH_DECODE),
    utf8: &MACINTOSH_UTF8,
};

#[cfg(feature = "windows-874")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_874_DECODE = "windows-874");
#[cfg(feature = "windows-874")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_874_ENCODE = "windows-874");
/// The UTF-8 of index windows-874's bytes, packed as decoding meets them.
#[cfg(feature = "windows-874")]
static WINDOWS_874_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-874.
#[cfg(feature = "windows-874")]
pub(crate) static WINDOWS_874: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_874_DECODE,
    encode: &WINDOWS_874_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_874_DECODE),
    utf8: &WINDOWS_874_UTF8,
};

#[cfg(feature = "windows-1250")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1250_DECODE = "windows-1250");
#[cfg(feature = "windows-1250")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1250_ENCODE = "windows-1250");
/// The UTF-8 of index windows-1250's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1250")]
static WINDOWS_1250_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1250.
#[cfg(feature = "windows-1250")]
pub(crate) static WINDOWS_1250: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1250_DECODE,
    encode: &WINDOWS_1250_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1250_DECODE),
    utf8: &WINDOWS_1250_UTF8,
};

#[cfg(feature = "windows-1251")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1251_DECODE = "windows-1251");
#[cfg(feature = "windows-1251")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1251_ENCODE = "windows-1251");
/// The UTF-8 of index windows-1251's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1251")]
static WINDOWS_1251_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1251.
#[cfg(feature = "windows-1251")]
pub(crate) static WINDOWS_1251: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1251_DECODE,
    encode: &WINDOWS_1251_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1251_DECODE),
    utf8: &WINDOWS_1251_UTF8,
};

#[cfg(feature = "windows-1252")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1252_DECODE = "windows-1252");
#[cfg(feature = "windows-1252")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1252_ENCODE = "windows-1252");
/// The UTF-8 of index windows-1252's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1252")]
static WINDOWS_1252_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1252.
#[cfg(feature = "windows-1252")]
pub(crate) static WINDOWS_1252: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1252_DECODE,
    encode: &WINDOWS_1252_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1252_DECODE),
    utf8: &WINDOWS_1252_UTF8,
};

#[cfg(feature = "windows-1253")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1253_DECODE = "windows-1253");
#[cfg(feature = "windows-1253")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1253_ENCODE = "windows-1253");
/// The UTF-8 of index windows-1253's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1253")]
static WINDOWS_1253_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1253.
#[cfg(feature = "windows-1253")]
pub(crate) static WINDOWS_1253: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1253_DECODE,
    encode: &WINDOWS_1253_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1253_DECODE),
    utf8: &WINDOWS_1253_UTF8,
};

#[cfg(feature = "windows-1254")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1254_DECODE = "windows-1254");
#[cfg(feature = "windows-1254")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1254_ENCODE = "windows-1254");
/// The UTF-8 of index windows-1254's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1254")]
static WINDOWS_1254_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1254.
#[cfg(feature = "windows-1254")]
pub(crate) static WINDOWS_1254: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1254_DECODE,
    encode: &WINDOWS_1254_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1254_DECODE),
    utf8: &WINDOWS_1254_UTF8,
};

#[cfg(feature = "windows-1255")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1255_DECODE = "windows-1255");
#[cfg(feature = "windows-1255")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1255_ENCODE = "windows-1255");
/// The UTF-8 of index windows-1255's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1255")]
static WINDOWS_1255_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1255.
#[cfg(feature = "windows-1255")]
pub(crate) static WINDOWS_1255: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1255_DECODE,
    encode: &WINDOWS_1255_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1255_DECODE),
    utf8: &WINDOWS_1255_UTF8,
};

#[cfg(feature = "windows-1256")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1256_DECODE = "windows-1256");
#[cfg(feature = "windows-1256")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1256_ENCODE = "windows-1256");
/// The UTF-8 of index windows-1256's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1256")]
static WINDOWS_1256_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1256.
#[cfg(feature = "windows-1256")]
pub(crate) static WINDOWS_1256: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1256_DECODE,
    encode: &WINDOWS_1256_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1256_DECODE),
    utf8: &WINDOWS_1256_UTF8,
};

#[cfg(feature = "windows-1257")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1257_DECODE = "windows-1257");
#[cfg(feature = "windows-1257")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1257_ENCODE = "windows-1257");
/// The UTF-8 of index windows-1257's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1257")]
static WINDOWS_1257_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1257.
#[cfg(feature = "windows-1257")]
pub(crate) static WINDOWS_1257: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1257_DECODE,
    encode: &WINDOWS_1257_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1257_DECODE),
    utf8: &WINDOWS_1257_UTF8,
};

#[cfg(feature = "windows-1258")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1258_DECODE = "windows-1258");
#[cfg(feature = "windows-1258")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1258_ENCODE = "windows-1258");
/// The UTF-8 of index windows-1258's bytes, packed as decoding meets them.
#[cfg(feature = "windows-1258")]
static WINDOWS_1258_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index windows-1258.
#[cfg(feature = "windows-1258")]
pub(crate) static WINDOWS_1258: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1258_DECODE,
    encode: &WINDOWS_1258_ENCODE,
    run: crate::table::LinearRun::longest(&WINDOWS_1258_DECODE),
    utf8: &WINDOWS_1258_UTF8,
};

#[cfg(feature = "x-mac-cyrillic")]
encoding_gen_macros::decode_table!(pub(crate) static X_MAC_CYRILLIC_DECODE = "x-mac-cyrillic");
#[cfg(feature = "x-mac-cyrillic")]
encoding_gen_macros::encode_map!(pub(crate) static X_MAC_CYRILLIC_ENCODE = "x-mac-cyrillic");
/// The UTF-8 of index x-mac-cyrillic's bytes, packed as decoding meets them.
#[cfg(feature = "x-mac-cyrillic")]
static X_MAC_CYRILLIC_UTF8: crate::table::Utf8Cache = crate::table::Utf8Cache::new();
/// The tables of index x-mac-cyrillic.
#[cfg(feature = "x-mac-cyrillic")]
pub(crate) static X_MAC_CYRILLIC: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &X_MAC_CYRILLIC_DECODE,
    encode: &X_MAC_CYRILLIC_ENCODE,
    run: crate::table::LinearRun::longest(&X_MAC_CYRILLIC_DECODE),
    utf8: &X_MAC_CYRILLIC_UTF8,
};
