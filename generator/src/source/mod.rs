//! One module per input file format, each turning text into plain data with locations.

pub mod encodings_json;
pub mod index_txt;
pub mod indexes_json;
pub mod json;
