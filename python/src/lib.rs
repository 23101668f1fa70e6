//! `whatwg_encoding._native`: the crate's decoders and encoders for Python, with Python's
//! error handling. The package `whatwg_encoding` (python/whatwg_encoding/) builds
//! webencodings' API, the codecs and the standard's API on it.
#![warn(missing_docs)]

mod codec;
mod decode;
mod encode;
mod errors;
mod labels;
mod scratch;
mod sniff;
mod state;
mod text;
mod web;

use pyo3::prelude::*;

/// The module: functions and classes that the Python package wraps.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(labels::lookup, m)?)?;
    m.add_function(wrap_pyfunction!(labels::labels, m)?)?;
    m.add_function(wrap_pyfunction!(decode::bom_decode, m)?)?;
    m.add_function(wrap_pyfunction!(decode::crate_decode, m)?)?;
    m.add_function(wrap_pyfunction!(web::utf8_encode, m)?)?;
    m.add_function(wrap_pyfunction!(web::utf8_encode_into, m)?)?;
    m.add_function(wrap_pyfunction!(sniff::sniff, m)?)?;
    m.add_function(wrap_pyfunction!(sniff::sniff_whole_document, m)?)?;
    m.add_function(wrap_pyfunction!(sniff::decode_document, m)?)?;
    m.add_function(wrap_pyfunction!(sniff::prescan, m)?)?;
    m.add_function(wrap_pyfunction!(sniff::content_type_charset, m)?)?;
    m.add_function(wrap_pyfunction!(sniff::suggested_default_encoding, m)?)?;
    m.add_class::<codec::Codec>()?;
    m.add_class::<decode::IncrementalDecoder>()?;
    m.add_class::<encode::IncrementalEncoder>()?;
    m.add_class::<web::TextDecoder>()?;
    m.add_class::<sniff::Options>()?;
    Ok(())
}
