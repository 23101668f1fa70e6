//! The standard's API (section 7), for Python: `TextDecoder` and what `TextEncoder` needs.

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyLookupError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use whatwg_encoding::{Decoder, Encoding, REPLACEMENT};

use crate::decode::decode_into;
use crate::errors::Errors;
use crate::labels::{encoding_for, lower_name};
use crate::state::{Fed, State, StateTuple};
use crate::text::{bytes_of, code_points, StrUtf8, TextOut};

/// A USVString's UTF-8: the UTF-8 of `text` with each lone surrogate as U+FFFD (section 7's
/// conversion of a JavaScript string), borrowed when there is none.
fn usv_utf8<'a>(utf8: &'a StrUtf8<'_>) -> PyResult<std::borrow::Cow<'a, [u8]>> {
    let bytes = utf8.bytes()?;
    if !utf8.surrogates {
        return Ok(bytes.into());
    }
    let mut owned = bytes.to_vec();
    let mut at = 0;
    while let Some(found) = crate::text::next_surrogate(&owned, at) {
        // A surrogate's three bytes become U+FFFD's three.
        if let Some(surrogate) = owned.get_mut(found..found + 3) {
            surrogate.copy_from_slice("\u{FFFD}".as_bytes());
        }
        at = found + 3;
    }
    Ok(owned.into())
}

/// `TextEncoder().encode(text)`: UTF-8, lone surrogates as U+FFFD.
#[pyfunction]
pub(crate) fn utf8_encode<'py>(text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyBytes>> {
    let utf8 = StrUtf8::new(text)?;
    Ok(PyBytes::new(text.py(), &usv_utf8(&utf8)?))
}

/// `TextEncoder().encode_into(text, destination)`: as much of `text` as fits, whole code
/// points, as UTF-8 into the writable buffer; returns the code points read and the bytes
/// written.
#[pyfunction]
pub(crate) fn utf8_encode_into(
    py: Python<'_>,
    text: &Bound<'_, PyString>,
    destination: &Bound<'_, PyAny>,
) -> PyResult<(usize, usize)> {
    let buffer = PyBuffer::<u8>::get(destination)?;
    let cells = match buffer.readonly() {
        true => None,
        false => buffer.as_mut_slice(py),
    }
    .ok_or_else(|| {
        PyTypeError::new_err("encode_into needs a writable, contiguous buffer of bytes")
    })?;
    let utf8 = StrUtf8::new(text)?;
    let source = usv_utf8(&utf8)?;
    let source = std::str::from_utf8(&source).map_err(|e| PyTypeError::new_err(e.to_string()))?;
    let mut room = vec![0; cells.len().min(source.len())];
    let result = whatwg_encoding::TextEncoder::new().encode_into(source, &mut room);
    let written = room.get(..result.written).unwrap_or_default();
    for (cell, &byte) in cells.iter().zip(written) {
        cell.set(byte);
    }
    Ok((code_points(written), result.written))
}

/// The standard's `TextDecoder` (section 7.2), with Python's errors: a fatal decoder raises
/// `UnicodeDecodeError`, and an unknown label (or one of the replacement encoding)
/// `LookupError`. Its module is the package's, where users find it and pickles name it.
#[pyclass(module = "whatwg_encoding", name = "TextDecoder")]
pub(crate) struct TextDecoder {
    encoding: &'static Encoding,
    fatal: bool,
    ignore_bom: bool,
    decoder: Option<Decoder>,
    /// The standard's "do not flush": the last call said `stream=True`.
    do_not_flush: bool,
    /// What the decoder was fed.
    fed: Fed,
}

/// A [`TextDecoder`]'s state mid-stream as Python pickles it: the standard's "do not flush",
/// and the decoder's [`State`] once one is made.
type TextDecoderState<'py> = (bool, Option<StateTuple<'py>>);

/// How a [`TextDecoder`] pickles: its class, the arguments that make it, its state.
type TextDecoderReduce<'py> = (
    Bound<'py, PyAny>,
    (String, bool, bool),
    TextDecoderState<'py>,
);

#[pymethods]
impl TextDecoder {
    #[new]
    #[pyo3(signature = (label = None, fatal = false, ignore_bom = false))]
    fn new(label: Option<&Bound<'_, PyString>>, fatal: bool, ignore_bom: bool) -> PyResult<Self> {
        let encoding = match label {
            Some(label) => encoding_for(label)?,
            None => whatwg_encoding::UTF_8,
        };
        if encoding == REPLACEMENT {
            return Err(PyLookupError::new_err(format!(
                "{} is a label of the replacement encoding, which TextDecoder refuses",
                label.map_or_else(String::new, |l| l.to_string())
            )));
        }
        Ok(TextDecoder {
            encoding,
            fatal,
            ignore_bom,
            decoder: None,
            do_not_flush: false,
            fed: Fed::new(encoding),
        })
    }

    /// The encoding's name, lowercase.
    #[getter]
    fn encoding(&self) -> String {
        lower_name(self.encoding)
    }

    /// Whether an error raises `UnicodeDecodeError` rather than becoming U+FFFD.
    #[getter]
    fn fatal(&self) -> bool {
        self.fatal
    }

    /// Whether a byte order mark is kept as U+FEFF rather than removed.
    #[getter]
    fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    /// Decodes `data` (section 7.2's `decode()`); with `stream=True` more is to come.
    #[pyo3(signature = (data = None, stream = false))]
    fn decode<'py>(
        &mut self,
        py: Python<'py>,
        data: Option<&Bound<'py, PyAny>>,
        stream: bool,
    ) -> PyResult<Bound<'py, PyString>> {
        let input = match data {
            Some(data) => bytes_of(data)?,
            None => PyBytes::new(py, b""),
        };
        if !self.do_not_flush {
            self.decoder = None;
            self.fed = Fed::new(self.encoding);
        }
        self.do_not_flush = stream;
        let (encoding, ignore_bom) = (self.encoding, self.ignore_bom);
        let decoder = self.decoder.get_or_insert_with(|| match ignore_bom {
            true => encoding.new_decoder_without_bom_handling(),
            false => encoding.new_decoder_with_bom_removal(),
        });
        let mut errors = match self.fatal {
            true => Errors::Strict,
            false => Errors::Replace,
        };
        let mut out = TextOut::new();
        let result = decode_into(
            py,
            decoder,
            &input,
            self.fed.bytes(),
            !stream,
            &mut errors,
            &mut out,
        );
        self.fed.push(input.as_bytes());
        result?;
        out.finish(py)
    }

    /// Pickles as `whatwg_encoding.TextDecoder(encoding, fatal, ignore_bom)` in the same
    /// state, mid-stream too.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> TextDecoderReduce<'py> {
        let this = slf.borrow();
        let state = match this.do_not_flush {
            true => this
                .decoder
                .as_ref()
                .map(|d| this.fed.state(d).to_tuple(slf.py())),
            false => None,
        };
        (
            slf.get_type().into_any(),
            (lower_name(this.encoding), this.fatal, this.ignore_bom),
            (this.do_not_flush, state),
        )
    }

    /// Puts the decoder in a state that pickling took.
    fn __setstate__(&mut self, state: TextDecoderState<'_>) -> PyResult<()> {
        let (do_not_flush, decoder_state) = state;
        (self.decoder, self.fed) = match decoder_state {
            Some(decoder_state) => {
                let (decoder, fed, _) =
                    State::from_tuple(decoder_state).restore(self.encoding, !self.ignore_bom)?;
                (Some(decoder), fed)
            }
            None => (None, Fed::new(self.encoding)),
        };
        self.do_not_flush = do_not_flush;
        Ok(())
    }
}
