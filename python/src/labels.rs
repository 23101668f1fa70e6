//! Labels (section 4.2): from a label to an encoding, and the names Python sees.

use pyo3::exceptions::PyLookupError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use whatwg_encoding::Encoding;

/// The encoding of `label` (section 4.2, "get an encoding"), or `LookupError` naming it.
pub(crate) fn encoding_for(label: &Bound<'_, PyString>) -> PyResult<&'static Encoding> {
    find(label).ok_or_else(|| {
        let shown = label
            .repr()
            .map_or_else(|_| String::from("?"), |r| r.to_string());
        PyLookupError::new_err(format!("Unknown encoding label: {shown}"))
    })
}

/// The encoding of `label`, if it is one of the standard's (a label with a lone surrogate
/// is not).
fn find(label: &Bound<'_, PyString>) -> Option<&'static Encoding> {
    Encoding::for_label(label.to_str().ok()?.as_bytes())
}

/// The encoding's name, ASCII lowercased: what webencodings names it, and what the
/// standard's `TextDecoder.encoding` returns.
pub(crate) fn lower_name(encoding: &'static Encoding) -> String {
    encoding.name().to_ascii_lowercase()
}

/// `lookup(label)`: the lowercase name of the encoding `label` names, or None.
#[pyfunction]
pub(crate) fn lookup(label: &Bound<'_, PyString>) -> Option<String> {
    find(label).map(lower_name)
}

/// `labels()`: every label of the standard with its encoding's lowercase name.
#[pyfunction]
pub(crate) fn labels() -> Vec<(&'static str, String)> {
    whatwg_encoding::data::labels()
        .iter()
        .map(|&(label, name)| (label, name.to_ascii_lowercase()))
        .collect()
}
