//! The tables of the single-byte encodings (section 9), one decode array and one encode map
//! per index, each compiled only when an encoding using it is enabled.

#[cfg(feature = "ibm866")]
encoding_gen_macros::decode_table!(pub(crate) static IBM866_DECODE = "ibm866");
#[cfg(feature = "ibm866")]
encoding_gen_macros::encode_map!(pub(crate) static IBM866_ENCODE = "ibm866");
/// The tables of index ibm866.
#[cfg(feature = "ibm866")]
pub(crate) static IBM866: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &IBM866_DECODE,
    encode: &IBM866_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&IBM866_DECODE),
};

#[cfg(feature = "iso-8859-2")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_2_DECODE = "iso-8859-2");
#[cfg(feature = "iso-8859-2")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_2_ENCODE = "iso-8859-2");
/// The tables of index iso-8859-2.
#[cfg(feature = "iso-8859-2")]
pub(crate) static ISO_8859_2: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_2_DECODE,
    encode: &ISO_8859_2_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_2_DECODE),
};

#[cfg(feature = "iso-8859-3")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_3_DECODE = "iso-8859-3");
#[cfg(feature = "iso-8859-3")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_3_ENCODE = "iso-8859-3");
/// The tables of index iso-8859-3.
#[cfg(feature = "iso-8859-3")]
pub(crate) static ISO_8859_3: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_3_DECODE,
    encode: &ISO_8859_3_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_3_DECODE),
};

#[cfg(feature = "iso-8859-4")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_4_DECODE = "iso-8859-4");
#[cfg(feature = "iso-8859-4")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_4_ENCODE = "iso-8859-4");
/// The tables of index iso-8859-4.
#[cfg(feature = "iso-8859-4")]
pub(crate) static ISO_8859_4: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_4_DECODE,
    encode: &ISO_8859_4_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_4_DECODE),
};

#[cfg(feature = "iso-8859-5")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_5_DECODE = "iso-8859-5");
#[cfg(feature = "iso-8859-5")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_5_ENCODE = "iso-8859-5");
/// The tables of index iso-8859-5.
#[cfg(feature = "iso-8859-5")]
pub(crate) static ISO_8859_5: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_5_DECODE,
    encode: &ISO_8859_5_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_5_DECODE),
};

#[cfg(feature = "iso-8859-6")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_6_DECODE = "iso-8859-6");
#[cfg(feature = "iso-8859-6")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_6_ENCODE = "iso-8859-6");
/// The tables of index iso-8859-6.
#[cfg(feature = "iso-8859-6")]
pub(crate) static ISO_8859_6: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_6_DECODE,
    encode: &ISO_8859_6_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_6_DECODE),
};

#[cfg(feature = "iso-8859-7")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_7_DECODE = "iso-8859-7");
#[cfg(feature = "iso-8859-7")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_7_ENCODE = "iso-8859-7");
/// The tables of index iso-8859-7.
#[cfg(feature = "iso-8859-7")]
pub(crate) static ISO_8859_7: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_7_DECODE,
    encode: &ISO_8859_7_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_7_DECODE),
};

#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_8_DECODE = "iso-8859-8");
#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_8_ENCODE = "iso-8859-8");
/// The tables of index iso-8859-8.
#[cfg(any(feature = "iso-8859-8", feature = "iso-8859-8-i"))]
pub(crate) static ISO_8859_8: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_8_DECODE,
    encode: &ISO_8859_8_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_8_DECODE),
};

#[cfg(feature = "iso-8859-10")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_10_DECODE = "iso-8859-10");
#[cfg(feature = "iso-8859-10")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_10_ENCODE = "iso-8859-10");
/// The tables of index iso-8859-10.
#[cfg(feature = "iso-8859-10")]
pub(crate) static ISO_8859_10: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_10_DECODE,
    encode: &ISO_8859_10_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_10_DECODE),
};

#[cfg(feature = "iso-8859-13")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_13_DECODE = "iso-8859-13");
#[cfg(feature = "iso-8859-13")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_13_ENCODE = "iso-8859-13");
/// The tables of index iso-8859-13.
#[cfg(feature = "iso-8859-13")]
pub(crate) static ISO_8859_13: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_13_DECODE,
    encode: &ISO_8859_13_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_13_DECODE),
};

#[cfg(feature = "iso-8859-14")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_14_DECODE = "iso-8859-14");
#[cfg(feature = "iso-8859-14")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_14_ENCODE = "iso-8859-14");
/// The tables of index iso-8859-14.
#[cfg(feature = "iso-8859-14")]
pub(crate) static ISO_8859_14: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_14_DECODE,
    encode: &ISO_8859_14_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_14_DECODE),
};

#[cfg(feature = "iso-8859-15")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_15_DECODE = "iso-8859-15");
#[cfg(feature = "iso-8859-15")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_15_ENCODE = "iso-8859-15");
/// The tables of index iso-8859-15.
#[cfg(feature = "iso-8859-15")]
pub(crate) static ISO_8859_15: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_15_DECODE,
    encode: &ISO_8859_15_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_15_DECODE),
};

#[cfg(feature = "iso-8859-16")]
encoding_gen_macros::decode_table!(pub(crate) static ISO_8859_16_DECODE = "iso-8859-16");
#[cfg(feature = "iso-8859-16")]
encoding_gen_macros::encode_map!(pub(crate) static ISO_8859_16_ENCODE = "iso-8859-16");
/// The tables of index iso-8859-16.
#[cfg(feature = "iso-8859-16")]
pub(crate) static ISO_8859_16: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &ISO_8859_16_DECODE,
    encode: &ISO_8859_16_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&ISO_8859_16_DECODE),
};

#[cfg(feature = "koi8-r")]
encoding_gen_macros::decode_table!(pub(crate) static KOI8_R_DECODE = "koi8-r");
#[cfg(feature = "koi8-r")]
encoding_gen_macros::encode_map!(pub(crate) static KOI8_R_ENCODE = "koi8-r");
/// The tables of index koi8-r.
#[cfg(feature = "koi8-r")]
pub(crate) static KOI8_R: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &KOI8_R_DECODE,
    encode: &KOI8_R_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&KOI8_R_DECODE),
};

#[cfg(feature = "koi8-u")]
encoding_gen_macros::decode_table!(pub(crate) static KOI8_U_DECODE = "koi8-u");
#[cfg(feature = "koi8-u")]
encoding_gen_macros::encode_map!(pub(crate) static KOI8_U_ENCODE = "koi8-u");
/// The tables of index koi8-u.
#[cfg(feature = "koi8-u")]
pub(crate) static KOI8_U: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &KOI8_U_DECODE,
    encode: &KOI8_U_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&KOI8_U_DECODE),
};

#[cfg(feature = "macintosh")]
encoding_gen_macros::decode_table!(pub(crate) static MACINTOSH_DECODE = "macintosh");
#[cfg(feature = "macintosh")]
encoding_gen_macros::encode_map!(pub(crate) static MACINTOSH_ENCODE = "macintosh");
/// The tables of index macintosh.
#[cfg(feature = "macintosh")]
pub(crate) static MACINTOSH: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &MACINTOSH_DECODE,
    encode: &MACINTOSH_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&MACINTOSH_DECODE),
};

#[cfg(feature = "windows-874")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_874_DECODE = "windows-874");
#[cfg(feature = "windows-874")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_874_ENCODE = "windows-874");
/// The tables of index windows-874.
#[cfg(feature = "windows-874")]
pub(crate) static WINDOWS_874: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_874_DECODE,
    encode: &WINDOWS_874_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_874_DECODE),
};

#[cfg(feature = "windows-1250")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1250_DECODE = "windows-1250");
#[cfg(feature = "windows-1250")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1250_ENCODE = "windows-1250");
/// The tables of index windows-1250.
#[cfg(feature = "windows-1250")]
pub(crate) static WINDOWS_1250: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1250_DECODE,
    encode: &WINDOWS_1250_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1250_DECODE),
};

#[cfg(feature = "windows-1251")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1251_DECODE = "windows-1251");
#[cfg(feature = "windows-1251")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1251_ENCODE = "windows-1251");
/// The tables of index windows-1251.
#[cfg(feature = "windows-1251")]
pub(crate) static WINDOWS_1251: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1251_DECODE,
    encode: &WINDOWS_1251_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1251_DECODE),
};

#[cfg(feature = "windows-1252")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1252_DECODE = "windows-1252");
#[cfg(feature = "windows-1252")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1252_ENCODE = "windows-1252");
/// The tables of index windows-1252.
#[cfg(feature = "windows-1252")]
pub(crate) static WINDOWS_1252: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1252_DECODE,
    encode: &WINDOWS_1252_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1252_DECODE),
};

#[cfg(feature = "windows-1253")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1253_DECODE = "windows-1253");
#[cfg(feature = "windows-1253")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1253_ENCODE = "windows-1253");
/// The tables of index windows-1253.
#[cfg(feature = "windows-1253")]
pub(crate) static WINDOWS_1253: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1253_DECODE,
    encode: &WINDOWS_1253_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1253_DECODE),
};

#[cfg(feature = "windows-1254")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1254_DECODE = "windows-1254");
#[cfg(feature = "windows-1254")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1254_ENCODE = "windows-1254");
/// The tables of index windows-1254.
#[cfg(feature = "windows-1254")]
pub(crate) static WINDOWS_1254: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1254_DECODE,
    encode: &WINDOWS_1254_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1254_DECODE),
};

#[cfg(feature = "windows-1255")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1255_DECODE = "windows-1255");
#[cfg(feature = "windows-1255")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1255_ENCODE = "windows-1255");
/// The tables of index windows-1255.
#[cfg(feature = "windows-1255")]
pub(crate) static WINDOWS_1255: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1255_DECODE,
    encode: &WINDOWS_1255_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1255_DECODE),
};

#[cfg(feature = "windows-1256")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1256_DECODE = "windows-1256");
#[cfg(feature = "windows-1256")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1256_ENCODE = "windows-1256");
/// The tables of index windows-1256.
#[cfg(feature = "windows-1256")]
pub(crate) static WINDOWS_1256: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1256_DECODE,
    encode: &WINDOWS_1256_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1256_DECODE),
};

#[cfg(feature = "windows-1257")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1257_DECODE = "windows-1257");
#[cfg(feature = "windows-1257")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1257_ENCODE = "windows-1257");
/// The tables of index windows-1257.
#[cfg(feature = "windows-1257")]
pub(crate) static WINDOWS_1257: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1257_DECODE,
    encode: &WINDOWS_1257_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1257_DECODE),
};

#[cfg(feature = "windows-1258")]
encoding_gen_macros::decode_table!(pub(crate) static WINDOWS_1258_DECODE = "windows-1258");
#[cfg(feature = "windows-1258")]
encoding_gen_macros::encode_map!(pub(crate) static WINDOWS_1258_ENCODE = "windows-1258");
/// The tables of index windows-1258.
#[cfg(feature = "windows-1258")]
pub(crate) static WINDOWS_1258: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &WINDOWS_1258_DECODE,
    encode: &WINDOWS_1258_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&WINDOWS_1258_DECODE),
};

#[cfg(feature = "x-mac-cyrillic")]
encoding_gen_macros::decode_table!(pub(crate) static X_MAC_CYRILLIC_DECODE = "x-mac-cyrillic");
#[cfg(feature = "x-mac-cyrillic")]
encoding_gen_macros::encode_map!(pub(crate) static X_MAC_CYRILLIC_ENCODE = "x-mac-cyrillic");
/// The tables of index x-mac-cyrillic.
#[cfg(feature = "x-mac-cyrillic")]
pub(crate) static X_MAC_CYRILLIC: crate::table::SingleByteTables = crate::table::SingleByteTables {
    decode: &X_MAC_CYRILLIC_DECODE,
    encode: &X_MAC_CYRILLIC_ENCODE,
    run: crate::fast::linear_run::LinearRun::longest(&X_MAC_CYRILLIC_DECODE),
};
