//! The labels of section 4.2, from encodings.json, and which data the tables came from.
//! Complete in every build, so that a label of an encoding that was compiled out can be told
//! apart from an unknown one.

use encoding_gen_macros::{index_info_table, label_table};

label_table!(pub(crate) static LABELS = "encodings.json");

index_info_table!(pub(crate) static INDEXES = "indexes");
