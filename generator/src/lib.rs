//! The data model of the WHATWG Encoding Standard: parse its data files, validate them, derive
//! the encoder tables by the standard's rules, and turn tables into Rust source text.
//!
//! The stages are kept apart so that each can be tested on its own and so that only [`emit`]
//! knows Rust syntax:
//!
//! 1. [`source`] reads one file format each (`encodings.json`, `indexes.json`, `index-*.txt`);
//! 2. [`load`] puts them together into a [`DataSet`], checking that the files agree;
//! 3. [`validate`] checks the facts the runtime relies on (section 5 of the standard, "Indexes");
//! 4. [`derive`] computes the encoder side of each index by the rules of the encoders;
//! 5. [`layout`] cuts each two-byte index into parts and chooses, for each configuration of
//!    the runtime crate, what is stored and what computed;
//! 6. [`emit`] turns decoded and derived tables into the source text the proc macros expand to.
//!
//! Beside the pipeline, with the `report` feature, `sizes` says how many bytes the emitted
//! tables take and `diff` audits what changed between two data sets; the `encoding-gen`
//! binary renders both. The proc macros build without it.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod code_points;
pub mod derive;
#[cfg(feature = "report")]
pub mod diff;
pub mod emit;
pub mod error;
pub mod layout;
pub mod load;
pub mod model;
#[cfg(feature = "report")]
pub mod sizes;
pub mod source;
pub mod spec;
pub mod validate;

pub use error::{DataError, ErrorKind};
pub use load::{load_dir, load_dir_for_build, load_dir_with_names};
pub use model::{CharNames, DataSet, EncodingDef, Index, IndexData, IndexMeta, Pointer};
