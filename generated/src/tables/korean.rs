//! The tables of the Korean encoding: index EUC-KR (section 13).

#[cfg(feature = "euc-kr")]
encoding_gen_macros::decode_table!(pub(crate) static EUC_KR_DECODE = "euc-kr");
#[cfg(feature = "euc-kr")]
encoding_gen_macros::encode_map!(pub(crate) static EUC_KR_ENCODE = "euc-kr");
