//! Decoding: one call's bytes through a decoder of the crate, with Python's error handling;
//! the one-shot functions and the incremental decoder built on it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString};
use whatwg_encoding::{CoderResult, Decoder, DecoderResult, Encoding, UTF_16BE, UTF_16LE, UTF_8};

use crate::errors::{decode_error, move_error, Direction, Errors};
use crate::labels::{encoding_for, lower_name};
use crate::state::{Fed, State, StateTuple};
use crate::text::{bytes_of, detach_if_long, str_from_utf16, TextOut};

/// Decodes `input`, which follows `before` in the stream (its last bytes: what an error
/// reported in this call may reach back to), appending the text to `out`. The exceptions
/// carry `input` itself as their object, or a copy with the bytes before it that an error
/// reaches back to.
pub(crate) fn decode_into<'py>(
    py: Python<'py>,
    decoder: &mut Decoder,
    input: &Bound<'py, PyBytes>,
    before: &[u8],
    last: bool,
    errors: &mut Errors,
    out: &mut TextOut<'py>,
) -> PyResult<()> {
    let bytes = input.as_bytes();
    if let Errors::Replace = errors {
        decode_replacing(py, decoder, bytes, last, &mut out.units);
        return Ok(());
    }
    // The exception handed to the handler, made at the first error with the bytes before the
    // input that it needs, and reused for the errors after it as CPython's codecs do.
    let mut exception: Option<(Bound<'py, PyAny>, usize)> = None;
    let mut pos = 0;
    loop {
        let rest = bytes.get(pos..).unwrap_or_default();
        let (result, read) = decode_fatal(py, decoder, rest, last, &mut out.units);
        let DecoderResult::Malformed(len, after) = result else {
            return Ok(());
        };
        // The sequence ends `after` bytes before what was read; it may begin, and with bytes
        // held from earlier calls even end, before this input.
        let end = (pos + read) as isize - after as isize;
        let start = end - len as isize;
        let (exc, prefix, end) = match exception.take() {
            Some((exc, prefix)) if start + prefix as isize >= 0 => {
                let at = |offset: isize| (offset + prefix as isize) as usize;
                let (start, end) = (at(start), at(end));
                move_error(&exc, start, end, "malformed byte sequence")?;
                (exc, prefix, end)
            }
            _ => {
                let prefix = usize::try_from(-start).unwrap_or(0).min(before.len());
                let object = match prefix {
                    0 => input.clone(),
                    _ => PyBytes::new(
                        py,
                        &[
                            before.get(before.len() - prefix..).unwrap_or_default(),
                            bytes,
                        ]
                        .concat(),
                    ),
                };
                let at = |offset: isize| usize::try_from(offset + prefix as isize).unwrap_or(0);
                let (start, end) = (at(start), at(end));
                let name = lower_name(decoder.encoding());
                (decode_error(py, &name, &object, start, end)?, prefix, end)
            }
        };
        let object_len = prefix + bytes.len();
        let (replacement, resume) =
            errors.handle(py, exc.clone(), object_len, Direction::Decode)?;
        out.push(replacement.cast::<PyString>()?)?;
        if resume == end {
            pos += read;
        } else {
            // Elsewhere: a fresh decoder of the same encoding goes on from there.
            *decoder = decoder.encoding().new_decoder_without_bom_handling();
            match resume.checked_sub(prefix) {
                Some(resume) => pos = resume,
                None => {
                    let object = exc.getattr("object")?;
                    let object = object.cast::<PyBytes>()?;
                    let earlier = PyBytes::new(
                        py,
                        object.as_bytes().get(resume..prefix).unwrap_or_default(),
                    );
                    decode_into(py, decoder, &earlier, &[], false, errors, out)?;
                    pos = 0;
                }
            }
        }
        exception = Some((exc, prefix));
    }
}

/// Decodes all of `input` with the standard's replacement mode, appending UTF-16 to `out`.
fn decode_replacing(
    py: Python<'_>,
    decoder: &mut Decoder,
    input: &[u8],
    last: bool,
    out: &mut Vec<u16>,
) {
    let mut read = 0;
    loop {
        let rest = input.get(read..).unwrap_or_default();
        let start = out.len();
        out.resize(
            start
                + decoder
                    .max_utf16_buffer_length(rest.len())
                    .unwrap_or(rest.len()),
            0,
        );
        let room = &mut out[start..];
        let (result, n, written, _) =
            detach_if_long(py, rest.len(), || decoder.decode_to_utf16(rest, room, last));
        out.truncate(start + written);
        read += n;
        if result == CoderResult::InputEmpty {
            return;
        }
    }
}

/// Decodes `input` up to its first error, appending UTF-16 to `out`: the result (never
/// `OutputFull`) and the bytes read.
fn decode_fatal(
    py: Python<'_>,
    decoder: &mut Decoder,
    input: &[u8],
    last: bool,
    out: &mut Vec<u16>,
) -> (DecoderResult, usize) {
    let mut read = 0;
    loop {
        let rest = input.get(read..).unwrap_or_default();
        let start = out.len();
        let most = decoder.max_utf16_buffer_length(rest.len());
        out.resize(start + most.unwrap_or(rest.len()), 0);
        let room = &mut out[start..];
        let (result, n, written) = detach_if_long(py, rest.len(), || {
            decoder.decode_to_utf16_without_replacement(rest, room, last)
        });
        out.truncate(start + written);
        read += n;
        if result != DecoderResult::OutputFull {
            return (result, read);
        }
    }
}

/// For UTF-8, UTF-16LE and UTF-16BE, CPython's strict decoder of the same name: on valid
/// input its text is the standard's, and it makes the string in one pass. None when the
/// input is not valid (or the encoding another), for the crate to decode.
fn valid_unicode<'py>(
    encoding: &'static Encoding,
    input: &Bound<'py, PyBytes>,
) -> Option<Bound<'py, PyString>> {
    static UTF_8_DECODE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static UTF_16_LE_DECODE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static UTF_16_BE_DECODE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = input.py();
    let (cell, function) = match encoding {
        e if e == UTF_8 => (&UTF_8_DECODE, "utf_8_decode"),
        e if e == UTF_16LE => (&UTF_16_LE_DECODE, "utf_16_le_decode"),
        e if e == UTF_16BE => (&UTF_16_BE_DECODE, "utf_16_be_decode"),
        _ => return None,
    };
    // `_codecs.utf_8_decode(data, None, True)`: the C function behind the codec, without
    // looking the codec up by name.
    let decode = cell.import(py, "_codecs", function).ok()?;
    let (text, _): (Bound<'py, PyString>, usize) = decode
        .call1((input, py.None(), true))
        .ok()?
        .extract()
        .ok()?;
    Some(text)
}

/// Decodes all of `input` in `encoding`, without byte order mark handling.
pub(crate) fn decode_whole<'py>(
    py: Python<'py>,
    encoding: &'static Encoding,
    input: &Bound<'py, PyBytes>,
    errors: &str,
) -> PyResult<Bound<'py, PyString>> {
    if let Some(text) = valid_unicode(encoding, input) {
        return Ok(text);
    }
    let mut out = TextOut::new();
    let mut decoder = encoding.new_decoder_without_bom_handling();
    decode_into(
        py,
        &mut decoder,
        input,
        &[],
        true,
        &mut Errors::new(errors),
        &mut out,
    )?;
    out.finish(py)
}

/// `bom_decode(data, fallback, errors)`: the standard's "decode": a byte order mark picks
/// the encoding and is removed, otherwise `fallback` (a label) decodes. Returns the text and
/// the encoding's lowercase name.
#[pyfunction]
#[pyo3(signature = (data, fallback, errors = "replace"))]
pub(crate) fn bom_decode<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    fallback: &Bound<'py, PyString>,
    errors: &str,
) -> PyResult<(Bound<'py, PyString>, String)> {
    let fallback = encoding_for(fallback)?;
    let data = bytes_of(data)?;
    let (encoding, input) = match Encoding::for_bom(data.as_bytes()) {
        Some((encoding, len)) => (
            encoding,
            PyBytes::new(py, data.as_bytes().get(len..).unwrap_or_default()),
        ),
        None => (fallback, data),
    };
    Ok((
        decode_whole(py, encoding, &input, errors)?,
        lower_name(encoding),
    ))
}

/// The byte order marks of section 6's BOM sniff.
const BOMS: [&[u8]; 3] = [b"\xEF\xBB\xBF", b"\xFE\xFF", b"\xFF\xFE"];

/// An incremental decoder: `decode(data, final=False)` as Python's codecs have it, with the
/// standard's byte order mark sniffing (section 6, "decode") when made with `bom=True`.
#[pyclass(module = "whatwg_encoding._native")]
pub(crate) struct IncrementalDecoder {
    fallback: &'static Encoding,
    errors: Errors,
    /// Whether a byte order mark is looked for first.
    sniff: bool,
    /// The decoder, once the byte order mark (if looked for) is decided.
    decoder: Option<Decoder>,
    /// Bytes held while the byte order mark is undecided.
    held: Vec<u8>,
    /// What the decoder was fed.
    fed: Fed,
    /// Text that `setstate` decoded, for the next call to return first.
    stash: Option<Py<PyString>>,
}

/// An [`IncrementalDecoder`]'s state as Python pickles it: the encoding decided on, if any;
/// the bytes held while the byte order mark is undecided; the decoder's [`State`]; text for
/// the next call to return first.
type DecoderState<'py> = (
    Option<String>,
    Bound<'py, PyBytes>,
    Option<StateTuple<'py>>,
    Option<Bound<'py, PyString>>,
);

impl IncrementalDecoder {
    /// Back to the start of a stream.
    fn start(&mut self) {
        self.decoder = match self.sniff {
            true => None,
            false => Some(self.fallback.new_decoder_without_bom_handling()),
        };
        self.held.clear();
        self.fed = Fed::new(self.fallback);
        self.stash = None;
    }

    /// The decoder's state, once the byte order mark is decided.
    fn state(&self) -> Option<State> {
        self.decoder.as_ref().map(|decoder| self.fed.state(decoder))
    }
}

#[pymethods]
impl IncrementalDecoder {
    #[new]
    #[pyo3(signature = (encoding, errors = "strict", bom = false))]
    fn new(encoding: &Bound<'_, PyString>, errors: &str, bom: bool) -> PyResult<Self> {
        let fallback = encoding_for(encoding)?;
        let mut new = IncrementalDecoder {
            fallback,
            errors: Errors::new(errors),
            sniff: bom,
            decoder: None,
            held: Vec::new(),
            fed: Fed::default(),
            stash: None,
        };
        new.start();
        Ok(new)
    }

    /// Decodes the next bytes of the stream; `final` says they are the last.
    #[pyo3(signature = (data, r#final = false), text_signature = "(self, data, final=False)")]
    fn decode<'py>(
        &mut self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
        r#final: bool,
    ) -> PyResult<Bound<'py, PyString>> {
        let mut input = bytes_of(data)?;
        let decoder = match self.decoder.as_mut() {
            Some(decoder) => decoder,
            None => {
                let mut seen = std::mem::take(&mut self.held);
                seen.extend_from_slice(input.as_bytes());
                let (decoder, skip) = match Encoding::for_bom(&seen) {
                    Some((encoding, len)) => (encoding.new_decoder_without_bom_handling(), len),
                    None if !r#final
                        && BOMS
                            .iter()
                            .any(|bom| bom.len() > seen.len() && bom.starts_with(&seen)) =>
                    {
                        self.held = seen;
                        return Ok(PyString::new(py, ""));
                    }
                    None => (self.fallback.new_decoder_without_bom_handling(), 0),
                };
                input = PyBytes::new(py, seen.get(skip..).unwrap_or_default());
                self.fed = Fed::new(decoder.encoding());
                self.decoder.insert(decoder)
            }
        };
        let mut out = TextOut::new();
        if let Some(text) = self.stash.take() {
            out.push(text.bind(py))?;
        }
        let result = decode_into(
            py,
            decoder,
            &input,
            self.fed.bytes(),
            r#final,
            &mut self.errors,
            &mut out,
        );
        self.fed.push(input.as_bytes());
        result?;
        out.finish(py)
    }

    /// Back to the state it was made in.
    fn reset(&mut self) {
        self.start();
    }

    /// The state as `io.TextIOWrapper` keeps it (see `codecs.IncrementalDecoder.getstate`):
    /// the bytes read and not yet decoded, and an int for the rest (ISO-2022-JP's mode and
    /// output flag).
    fn getstate<'py>(&self, py: Python<'py>) -> (Bound<'py, PyBytes>, u8) {
        match self.state() {
            Some(state) => (PyBytes::new(py, state.pending()), state.flags()),
            None => (PyBytes::new(py, &self.held), 0),
        }
    }

    /// Puts the decoder in the state `getstate` returned.
    fn setstate(&mut self, py: Python<'_>, state: (Bound<'_, PyAny>, u8)) -> PyResult<()> {
        let (pending, flags) = state;
        let pending = bytes_of(&pending)?;
        self.start();
        if self.sniff && flags == 0 {
            // The byte order mark is looked for in the bytes again.
            let text = self.decode(py, &pending, false)?;
            self.stash = (!text.is_empty()?).then(|| text.unbind());
            return Ok(());
        }
        let (decoder, fed, text) =
            State::holding(pending.as_bytes(), flags).restore(self.fallback, false)?;
        self.decoder = Some(decoder);
        self.fed = fed;
        self.stash = (!text.is_empty())
            .then(|| str_from_utf16(py, &text).map(Bound::unbind))
            .transpose()?;
        Ok(())
    }

    /// The lowercase name of the encoding decoding the stream; None while a byte order mark
    /// is undecided.
    #[getter]
    fn encoding(&self) -> Option<String> {
        self.decoder.as_ref().map(|d| lower_name(d.encoding()))
    }

    /// The arguments that make a decoder like this one (for pickling).
    fn __getnewargs__(&self) -> (String, &str, bool) {
        (lower_name(self.fallback), self.errors.name(), self.sniff)
    }

    /// The whole state, mid-stream too, as plain values (for pickling).
    fn __getstate__<'py>(&self, py: Python<'py>) -> DecoderState<'py> {
        (
            self.decoder.as_ref().map(|d| lower_name(d.encoding())),
            PyBytes::new(py, &self.held),
            self.state().map(|state| state.to_tuple(py)),
            self.stash.as_ref().map(|text| text.bind(py).clone()),
        )
    }

    /// Puts the decoder in a state that `__getstate__` returned.
    fn __setstate__(&mut self, state: DecoderState<'_>) -> PyResult<()> {
        let (encoding, held, decoder_state, stash) = state;
        self.start();
        match (encoding, decoder_state) {
            (Some(name), Some(decoder_state)) => {
                let encoding = encoding_for(&PyString::new(held.py(), &name))?;
                let (decoder, fed, _) =
                    State::from_tuple(decoder_state).restore(encoding, false)?;
                self.decoder = Some(decoder);
                self.fed = fed;
            }
            (None, None) if self.sniff => self.held = held.as_bytes().to_vec(),
            _ => return Err(PyValueError::new_err("not a state of this decoder")),
        }
        self.stash = stash.map(Bound::unbind);
        Ok(())
    }
}

/// `crate_decode(inputs, encoding)`: each input decoded on its own by the crate's one-shot
/// `Encoding::decode_without_bom_handling`, into UTF-8 and so through none of this module's
/// paths: what the tests hold the package's decoders to.
#[pyfunction]
pub(crate) fn crate_decode<'py>(
    py: Python<'py>,
    inputs: Vec<Vec<u8>>,
    encoding: &Bound<'py, PyString>,
) -> PyResult<Vec<Bound<'py, PyString>>> {
    let encoding = encoding_for(encoding)?;
    Ok(inputs
        .iter()
        .map(|input| PyString::new(py, &encoding.decode_without_bom_handling(input).0))
        .collect())
}
