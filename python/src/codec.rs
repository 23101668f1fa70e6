//! A codec's stateless functions, bound to their encoding once: `codecs.CodecInfo`'s `encode`
//! and `decode` are this class's methods, so that a call finds its encoding without looking a
//! label up or parsing a keyword argument.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use whatwg_encoding::Encoding;

use crate::decode::decode_whole;
use crate::encode::{encode_text, Sink};
use crate::errors::Errors;
use crate::labels::{encoding_for, lower_name};
use crate::text::bytes_of;

/// One encoding's whole-string decode and encode, as Python's codecs have them.
#[pyclass(module = "whatwg_encoding._native", frozen)]
pub(crate) struct Codec {
    encoding: &'static Encoding,
}

#[pymethods]
impl Codec {
    #[new]
    fn new(encoding: &Bound<'_, PyString>) -> PyResult<Self> {
        Ok(Codec {
            encoding: encoding_for(encoding)?,
        })
    }

    /// The encoding's lowercase name.
    #[getter]
    fn encoding(&self) -> String {
        lower_name(self.encoding)
    }

    /// The text of `data`, without byte order mark handling (the standard's "decode without
    /// BOM"), and the bytes read.
    #[pyo3(signature = (data, errors = "strict"))]
    fn decode<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
        errors: &str,
    ) -> PyResult<(Bound<'py, PyString>, usize)> {
        let data = bytes_of(data)?;
        let text = decode_whole(py, self.encoding, &data, errors)?;
        Ok((text, data.as_bytes().len()))
    }

    /// Pickles as the codec of `whatwg_encoding.lookup(name).codec_info` (public names
    /// only): `operator.attrgetter("codec_info.encode.__self__")` of that encoding.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
        let attribute = py
            .import(intern!(py, "operator"))?
            .getattr(intern!(py, "attrgetter"))?
            .call1((intern!(py, "codec_info.encode.__self__"),))?;
        let encoding = py
            .import(intern!(py, "whatwg_encoding"))?
            .getattr(intern!(py, "lookup"))?
            .call1((lower_name(self.encoding),))?;
        Ok((attribute, (encoding,)))
    }

    /// The bytes of `text`, and the code points read.
    #[pyo3(signature = (text, errors = "strict"))]
    fn encode<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyString>,
        errors: &str,
    ) -> PyResult<(Bound<'py, PyBytes>, usize)> {
        let mut sink = Sink::new(self.encoding);
        let mut errors = Errors::new(errors);
        let bytes = encode_text(py, &mut sink, self.encoding, text, &mut errors, true)?;
        Ok((bytes, text.len()?))
    }
}
