//! Python's `errors=` argument: the modes the codecs handle themselves, the exceptions they
//! raise, and the calls into handlers registered with `codecs.register_error`.

use pyo3::exceptions::{PyIndexError, PyTypeError, PyUnicodeDecodeError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString, PyTuple};

/// How a codec handles an error, after Python's `errors=` name.
pub(crate) enum Errors {
    /// `'strict'`: raise `UnicodeDecodeError` or `UnicodeEncodeError`.
    Strict,
    /// `'replace'`: the standard's replacement mode when decoding (U+FFFD); `?` when encoding,
    /// as CPython's codecs write.
    Replace,
    /// `'xmlcharrefreplace'` when encoding: the standard's html mode (`&#` decimal `;`).
    /// Decoders send it to Python's handler, which raises `TypeError` as for CPython's codecs.
    XmlCharRefReplace,
    /// Any other name: the handler `codecs.lookup_error(name)` returns, looked up at the first
    /// error as CPython's codecs do (so that an unknown name raises `LookupError` then).
    Handler {
        name: String,
        handler: Option<Py<PyAny>>,
    },
}

/// Which way a codec converts, for the handler's exception and its expected reply.
#[derive(Clone, Copy)]
pub(crate) enum Direction {
    Decode,
    Encode,
}

impl Errors {
    /// The mode for an `errors=` name.
    pub(crate) fn new(name: &str) -> Errors {
        match name {
            "strict" => Errors::Strict,
            "replace" => Errors::Replace,
            "xmlcharrefreplace" => Errors::XmlCharRefReplace,
            _ => Errors::Handler {
                name: name.to_owned(),
                handler: None,
            },
        }
    }

    /// The name this mode was made from.
    pub(crate) fn name(&self) -> &str {
        match self {
            Errors::Strict => "strict",
            Errors::Replace => "replace",
            Errors::XmlCharRefReplace => "xmlcharrefreplace",
            Errors::Handler { name, .. } => name,
        }
    }

    /// Sends `exc` to the error handler of this mode (raising it in the strict mode) and
    /// returns its reply: the replacement (a `str`, or for an encoder also `bytes`) and the
    /// position to go on from, within `0..=len` of the exception's object (a negative reply
    /// counts from its end), as CPython checks them.
    pub(crate) fn handle<'py>(
        &mut self,
        py: Python<'py>,
        exc: Bound<'py, PyAny>,
        len: usize,
        direction: Direction,
    ) -> PyResult<(Bound<'py, PyAny>, usize)> {
        let handler = match self {
            Errors::Strict => return Err(PyErr::from_value(exc)),
            Errors::Handler {
                handler: Some(handler),
                ..
            } => handler.bind(py).clone(),
            _ => {
                let found = lookup_error(py, self.name())?;
                if let Errors::Handler { handler, .. } = self {
                    *handler = Some(found.clone().unbind());
                }
                found
            }
        };
        let reply = handler.call1((exc,))?;
        let bad_reply = || match direction {
            Direction::Decode => {
                PyTypeError::new_err("decoding error handler must return (str, int) tuple")
            }
            Direction::Encode => {
                PyTypeError::new_err("encoding error handler must return (str/bytes, int) tuple")
            }
        };
        let reply = reply.cast_into::<PyTuple>().map_err(|_| bad_reply())?;
        if reply.len() != 2 {
            return Err(bad_reply());
        }
        let replacement = reply.get_item(0)?;
        let fits = match direction {
            Direction::Decode => replacement.is_instance_of::<PyString>(),
            Direction::Encode => {
                replacement.is_instance_of::<PyString>() || replacement.is_instance_of::<PyBytes>()
            }
        };
        let position: isize = reply.get_item(1)?.extract().map_err(|_| bad_reply())?;
        if !fits {
            return Err(bad_reply());
        }
        let from_end = isize::try_from(len).unwrap_or(isize::MAX);
        let position = if position < 0 {
            position.saturating_add(from_end)
        } else {
            position
        };
        match usize::try_from(position) {
            Ok(p) if p <= len => Ok((replacement, p)),
            _ => Err(PyIndexError::new_err(format!(
                "position {position} from error handler out of bounds"
            ))),
        }
    }
}

/// `codecs.lookup_error(name)`.
fn lookup_error<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOOKUP_ERROR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    LOOKUP_ERROR
        .import(py, "codecs", "lookup_error")?
        .call1((name,))
}

/// A `UnicodeDecodeError` for the bytes `start..end` of `object` in `encoding`.
pub(crate) fn decode_error<'py>(
    py: Python<'py>,
    encoding: &str,
    object: &Bound<'py, PyBytes>,
    start: usize,
    end: usize,
) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<PyUnicodeDecodeError>().call1((
        encoding,
        object,
        start,
        end,
        "malformed byte sequence",
    ))
}

/// Moves an exception made by [`decode_error`] or [`encode_error`] to another error of the
/// same object, as CPython's codecs reuse theirs.
pub(crate) fn move_error(
    exc: &Bound<'_, PyAny>,
    start: usize,
    end: usize,
    reason: &str,
) -> PyResult<()> {
    exc.setattr("start", start)?;
    exc.setattr("end", end)?;
    exc.setattr("reason", reason)
}

/// The reason a `UnicodeEncodeError` gives.
pub(crate) fn encode_reason(surrogate: bool) -> &'static str {
    match surrogate {
        true => "surrogates not allowed",
        false => "character not in the encoding",
    }
}

/// A `UnicodeEncodeError` for the code points `start..end` of `object` in `encoding`.
pub(crate) fn encode_error<'py>(
    py: Python<'py>,
    encoding: &str,
    object: &Bound<'py, PyString>,
    start: usize,
    end: usize,
    surrogate: bool,
) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<PyUnicodeEncodeError>().call1((
        encoding,
        object,
        start,
        end,
        encode_reason(surrogate),
    ))
}
