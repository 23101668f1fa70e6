//! The data: every table the runtime reads, and the forms they take.
//!
//! The forms (a layer below the data): a two-byte index in its layout (`two_byte/`: the cells
//! it stores, dense or trimmed rows by configuration) with its computed parts (`part.rs`,
//! linear or ranked, and the ranked parts' bitmaps, `rank.rs`), what an encoder looks up in it
//! (`encode_index.rs`: the parts, and a perfect-hash map, `perfect_map.rs`, or with
//! `compact` a search), the direct encode tables of the `fast-*-encode` features
//! (`direct.rs`), a single-byte index's tables (`byte_index.rs`), and the plain decode arrays
//! of the small indexes (`decode_array.rs`). The layouts are chosen by the generator
//! (`encoding_gen::layout`), which `encoding-gen check` shows per index and configuration.
//!
//! The data, emitted at compile time from the WHATWG data by the `encoding-gen-macros` proc
//! macros: one file per index (or group of indexes); each item is behind the features of the
//! encodings that use it, so a table shared by several encodings is emitted once, when any of
//! them is enabled.

mod byte_index;
mod decode_array;
mod direct;
mod encode_index;
#[cfg(all(test, feature = "all"))]
mod equivalence;
mod part;
mod perfect_map;
mod rank;
mod two_byte;

// Re-exported for the families and the emitted tables; with only some encodings compiled in,
// some go unused.
#[cfg(all(test, feature = "all"))]
pub(crate) use two_byte::NO_PART;
#[cfg_attr(not(feature = "all"), allow(unused_imports))]
pub(crate) use {
    byte_index::{LinearBytes, SingleByteTables, Utf8Cache},
    decode_array::{code_point_u16, u16s_from_le},
    encode_index::EncodeIndex,
    part::{Part, PartLayout, Rectangle},
    perfect_map::PerfectMap,
    rank::RankBitmap,
    two_byte::{LeadPart, TwoByteIndex, NO_LEAD},
};
// The stored cells' form of the configuration, as the emitted tables name it.
#[cfg(feature = "compact")]
#[cfg_attr(not(feature = "all"), allow(unused_imports))]
pub(crate) use two_byte::BandedRows;
#[cfg(not(feature = "compact"))]
#[cfg_attr(not(feature = "all"), allow(unused_imports))]
pub(crate) use two_byte::DenseCells;
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
