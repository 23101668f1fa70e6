//! Sniffing (the crate's `sniff` module): which encoding a document is in, by the HTML
//! Standard's encoding sniffing algorithm, XML's rules or CSS Syntax's; the encoding an HTML
//! document ends with; a fetched document's text.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use whatwg_encoding::sniff::{self as crate_sniff, Format, SniffOptions, Sniffed, Utf8Autodetect};

use crate::labels::{encoding_for, lower_name};
use crate::text::{bytes_argument, detach_if_long, StrUtf8};

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

/// A format's name as the package spells it.
fn format_of(format: &str) -> PyResult<Format> {
    match format {
        "html" => Ok(Format::Html),
        "xml" => Ok(Format::Xml),
        "css" => Ok(Format::Css),
        _ => Err(PyValueError::new_err(format!(
            "format must be 'html', 'xml' or 'css', not {format:?}"
        ))),
    }
}

/// A `Content-Type` value's bytes: a `str` as UTF-8 (a lone surrogate as generalized UTF-8,
/// which no label contains, so that any string is read and none raises), or a bytes-like
/// object's bytes, as HTTP gives them.
fn content_type_bytes<'py>(
    value: &Bound<'py, PyAny>,
    argument: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    match value.cast::<PyString>() {
        Ok(text) => Ok(PyBytes::new(value.py(), StrUtf8::new(text)?.bytes()?)),
        Err(_) => bytes_argument(value, argument, "a str, a bytes-like object or None"),
    }
}

/// The bytes of a document given as `data`.
fn data_bytes<'py>(data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    bytes_argument(
        data,
        "data",
        "a bytes-like object (bytes, bytearray, memoryview)",
    )
}

/// What the user agent knows besides the bytes (the crate's `SniffOptions`), made once from
/// the keyword arguments that every sniffing function of the package takes.
#[pyclass(module = "whatwg_encoding._native", frozen)]
pub(crate) struct Options(SniffOptions);

#[pymethods]
impl Options {
    /// `Options(*, content_type, transport, user_override, parent, likely, locale, default,
    /// autodetect, scripting)`: labels are encodings' labels (`LookupError` for an unknown
    /// one); a `Content-Type` value's charset, if the standard's parse finds a known one,
    /// is the transport layer's encoding, else `transport` is.
    #[new]
    #[pyo3(signature = (
        *, content_type = None, transport = None, user_override = None, parent = None,
        likely = None, locale = None, default = None, autodetect = false, scripting = true
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        content_type: Option<&Bound<'_, PyAny>>,
        transport: Option<&Bound<'_, PyString>>,
        user_override: Option<&Bound<'_, PyString>>,
        parent: Option<&Bound<'_, PyString>>,
        likely: Option<&Bound<'_, PyString>>,
        locale: Option<&str>,
        default: Option<&Bound<'_, PyString>>,
        autodetect: bool,
        scripting: bool,
    ) -> PyResult<Options> {
        let mut options = SniffOptions::new()
            .transport(option(transport)?)
            .user_override(option(user_override)?)
            .parent(option(parent)?)
            .likely(option(likely)?)
            .locale(locale)
            .scripting(scripting);
        if let Some(value) = content_type {
            let value = content_type_bytes(value, "content_type")?;
            if let Some(charset) = crate_sniff::content_type_charset(value.as_bytes()) {
                options = options.transport(Some(charset));
            }
        }
        if let Some(default) = option(default)? {
            options = options.default_encoding(default);
        }
        if autodetect {
            options = options.autodetect(Some(&UTF8_AUTODETECT));
        }
        Ok(Options(options))
    }
}

/// `sniff(data, format, end, options)`: the crate's `sniff::sniff`; None while more bytes
/// could change the answer (fewer than 1024 and not `end`).
#[pyfunction]
pub(crate) fn sniff(
    data: &Bound<'_, PyAny>,
    format: &str,
    end: bool,
    options: &Bound<'_, Options>,
) -> PyResult<Option<Answer>> {
    let format = format_of(format)?;
    let data = data_bytes(data)?;
    let options = &options.get().0;
    Ok(crate_sniff::sniff(format, data.as_bytes(), end, options).map(answer))
}

/// `sniff_whole_document(data, options)`: the crate's `sniff::sniff_whole_document`, the
/// encoding an HTML document ends with, with the GIL released for a long document.
#[pyfunction]
pub(crate) fn sniff_whole_document(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    options: &Bound<'_, Options>,
) -> PyResult<Answer> {
    let data = data_bytes(data)?;
    let (bytes, options) = (data.as_bytes(), &options.get().0);
    let sniffed = detach_if_long(py, bytes.len(), || {
        crate_sniff::sniff_whole_document(bytes, options)
    });
    Ok(answer(sniffed))
}

/// `decode_document(data, format, options)`: the crate's `sniff::decode_document`, a whole
/// document's text and how its encoding was chosen, with the GIL released for a long
/// document.
#[pyfunction]
pub(crate) fn decode_document<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    format: &str,
    options: &Bound<'py, Options>,
) -> PyResult<(Bound<'py, PyString>, Answer)> {
    let format = format_of(format)?;
    let data = data_bytes(data)?;
    let (bytes, options) = (data.as_bytes(), &options.get().0);
    let (text, sniffed) = detach_if_long(py, bytes.len(), || {
        crate_sniff::decode_document(format, bytes, options)
    });
    Ok((PyString::new(py, &text), answer(sniffed)))
}

/// `prescan(data)`: the HTML Standard's prescan of the first 1024 bytes for `<meta charset>`
/// (and an XML declaration, or UTF-16's `<?x`), or None.
#[pyfunction]
pub(crate) fn prescan(data: &Bound<'_, PyAny>) -> PyResult<Option<Answer>> {
    let data = data_bytes(data)?;
    Ok(crate_sniff::prescan_a_byte_stream_to_determine_its_encoding(data.as_bytes()).map(answer))
}

/// `content_type_charset(value)`: the encoding a `Content-Type` value's charset names, read
/// as MIME Sniffing's *parse a MIME type* does, or None.
#[pyfunction]
pub(crate) fn content_type_charset(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let value = content_type_bytes(value, "value")?;
    Ok(crate_sniff::content_type_charset(value.as_bytes()).map(lower_name))
}

/// `suggested_default_encoding(locale)`: the HTML Standard's table of a locale's default
/// encoding (None: all other locales).
#[pyfunction]
#[pyo3(signature = (locale = None))]
pub(crate) fn suggested_default_encoding(locale: Option<&str>) -> String {
    lower_name(crate_sniff::suggested_default_encoding(locale))
}
