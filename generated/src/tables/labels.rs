//! The labels of section 4.2, from encodings.json. Complete in every build, so that a label
//! of an encoding that was compiled out can be told apart from an unknown one.

use encoding_gen_macros::label_table;

label_table!(pub(crate) static LABELS = "encodings.json");
