//! Sniffing (the crate's `sniff` module): which encoding a document is in, by the HTML
//! Standard's encoding sniffing algorithm, XML's rules or CSS Syntax's.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use whatwg_encoding::sniff::{self as crate_sniff, Format, SniffOptions, Sniffed, Utf8Autodetect};

use crate::labels::{encoding_for, lower_name};
use crate::text::bytes_of;

/// The only detector the crate has: valid UTF-8 with some non-ASCII is UTF-8.
static UTF8_AUTODETECT: Utf8Autodetect = Utf8Autodetect;

/// What sniffing answered, as Python gets it: the encoding's lowercase name, the confidence
/// ("tentative" or "certain"), and the rule in its `Debug` form (`Meta { offset: 15 }`),
/// from which the package takes the rule's name and offset, so that a rule the crate adds
/// needs no code here.
type Answer = (String, &'static str, String);

fn answer(sniffed: Sniffed) -> Answer {
    (
        lower_name(sniffed.encoding),
        sniffed.confidence.name(),
        format!("{:?}", sniffed.rule),
    )
}

/// The encoding of a label given as an option, if any.
fn option(
    label: Option<&Bound<'_, PyString>>,
) -> PyResult<Option<&'static whatwg_encoding::Encoding>> {
    label.map(encoding_for).transpose()
}

/// `sniff(data, format, *, end, content_type, transport, user_override, parent, likely,
/// locale, default, autodetect)`: the crate's `sniff::sniff` with its options; None while
/// more bytes could change the answer (fewer than 1024 and not `end`).
#[pyfunction]
#[pyo3(signature = (
    data, format = "html", *, end = true, content_type = None, transport = None,
    user_override = None, parent = None, likely = None, locale = None, default = None,
    autodetect = false
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sniff(
    data: &Bound<'_, PyAny>,
    format: &str,
    end: bool,
    content_type: Option<&Bound<'_, PyAny>>,
    transport: Option<&Bound<'_, PyString>>,
    user_override: Option<&Bound<'_, PyString>>,
    parent: Option<&Bound<'_, PyString>>,
    likely: Option<&Bound<'_, PyString>>,
    locale: Option<&str>,
    default: Option<&Bound<'_, PyString>>,
    autodetect: bool,
) -> PyResult<Option<Answer>> {
    let format = match format {
        "html" => Format::Html,
        "xml" => Format::Xml,
        "css" => Format::Css,
        _ => {
            return Err(PyValueError::new_err(format!(
                "format must be 'html', 'xml' or 'css', not {format:?}"
            )))
        }
    };
    let mut options = SniffOptions::new()
        .transport(option(transport)?)
        .user_override(option(user_override)?)
        .parent(option(parent)?)
        .likely(option(likely)?)
        .locale(locale);
    if let Some(value) = content_type {
        let value = match value.cast::<PyString>() {
            Ok(text) => PyBytes::new(value.py(), text.to_str()?.as_bytes()),
            Err(_) => bytes_of(value)?,
        };
        // The header's charset wins over `transport`, as the later option does in the crate.
        options = options.content_type(value.as_bytes());
    }
    if let Some(default) = option(default)? {
        options = options.default_encoding(default);
    }
    if autodetect {
        options = options.autodetect(Some(&UTF8_AUTODETECT));
    }
    let data = bytes_of(data)?;
    Ok(crate_sniff::sniff(format, data.as_bytes(), end, &options).map(answer))
}

/// `prescan(data)`: the HTML Standard's prescan of the first 1024 bytes for `<meta charset>`
/// (and an XML declaration, or UTF-16's `<?x`), or None.
#[pyfunction]
pub(crate) fn prescan(data: &Bound<'_, PyAny>) -> PyResult<Option<Answer>> {
    let data = bytes_of(data)?;
    Ok(crate_sniff::prescan_a_byte_stream_to_determine_its_encoding(data.as_bytes()).map(answer))
}

/// `content_type_charset(value)`: the encoding a `Content-Type` value's charset names, read
/// as MIME Sniffing's *parse a MIME type* does, or None.
#[pyfunction]
pub(crate) fn content_type_charset(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let value = match value.cast::<PyString>() {
        Ok(text) => PyBytes::new(value.py(), text.to_str()?.as_bytes()),
        Err(_) => bytes_of(value)?,
    };
    Ok(crate_sniff::content_type_charset(value.as_bytes()).map(lower_name))
}

/// `suggested_default_encoding(locale)`: the HTML Standard's table of a locale's default
/// encoding (None: all other locales).
#[pyfunction]
#[pyo3(signature = (locale = None))]
pub(crate) fn suggested_default_encoding(locale: Option<&str>) -> String {
    lower_name(crate_sniff::suggested_default_encoding(locale))
}
