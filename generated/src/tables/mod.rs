//! Every table the runtime reads, emitted at compile time from the WHATWG data by the
//! `encoding-gen-macros` proc macros. One file per index (or group of indexes); each item is
//! behind the features of the encodings that use it, so a table shared by several encodings
//! is emitted once, when any of them is enabled.

#[cfg(any(feature = "gbk", feature = "gb18030", feature = "big5"))]
pub(crate) mod chinese;
#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
pub(crate) mod japanese;
#[cfg(feature = "euc-kr")]
pub(crate) mod korean;
pub(crate) mod labels;
#[cfg(feature = "_single-byte")]
pub(crate) mod single_byte;
