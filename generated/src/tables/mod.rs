//! The data: every table the runtime reads, and the forms they take.
//!
//! The forms (a layer below the data): dense decode arrays (`decode_array.rs`), the
//! perfect-hash encode maps (`perfect_map.rs`) and their linear ranges (`linear.rs`), the
//! direct encode tables of the `fast-*-encode` features (`direct.rs`), and a single-byte
//! index's tables (`byte_index.rs`).
//!
//! The data, emitted at compile time from the WHATWG data by the `encoding-gen-macros` proc
//! macros: one file per index (or group of indexes); each item is behind the features of the
//! encodings that use it, so a table shared by several encodings is emitted once, when any of
//! them is enabled.

mod byte_index;
mod decode_array;
mod direct;
mod linear;
mod perfect_map;

// Re-exported for the families and the emitted tables; with only some encodings compiled in,
// some go unused.
#[cfg_attr(not(feature = "all"), allow(unused_imports))]
pub(crate) use {
    byte_index::{LinearBytes, SingleByteTables, Utf8Cache},
    decode_array::{code_point_plane_2, code_point_u16, u16s_from_le, value_plane_2, value_u16},
    perfect_map::PerfectMap,
};
// Only with a `fast-*-encode` feature.
#[allow(unused_imports)]
pub(crate) use direct::{direct_bytes, DirectBytes, DirectTable};

#[cfg(any(feature = "gbk", feature = "gb18030", feature = "big5"))]
pub(crate) mod chinese;
#[cfg(any(feature = "shift_jis", feature = "euc-jp", feature = "iso-2022-jp"))]
pub(crate) mod japanese;
#[cfg(feature = "euc-kr")]
pub(crate) mod korean;
pub(crate) mod labels;
#[cfg(feature = "_single-byte")]
pub(crate) mod single_byte;
