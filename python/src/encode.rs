//! Encoding: one call's `str` through an encoder of the crate, with Python's error handling;
//! the whole-string encode and the incremental encoder built on it.

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString};
use whatwg_encoding::{
    CoderResult, Encoder, EncoderResult, Encoding, ISO_2022_JP, UTF_16BE, UTF_16LE, UTF_8,
};

use crate::errors::{encode_error, encode_reason, move_error, Direction, Errors};
use crate::labels::{encoding_for, lower_name};
use crate::scratch::{room, with_scratch};
use crate::text::{
    code_points, code_points_of, detach_if_long, next_surrogate, offset_of, utf16_of, StrUtf8,
};

/// The room in which an encoder always makes progress in the html mode: ISO-2022-JP's
/// return to ASCII followed by `&#1114111;`.
const REFERENCE_ROOM: usize = 13;

/// What writes an encoding's bytes.
pub(crate) enum Sink {
    /// The crate's encoder, and for ISO-2022-JP its state (section 12.2.2), followed from the
    /// escape sequences it writes: 0 ASCII, 1 Roman, 3 jis0208 (the decoder's numbers).
    Encoder(Encoder, Option<u8>),
    /// UTF-16BE or UTF-16LE, which the standard gives no encoder ("get an output encoding"
    /// would write UTF-8 instead): the code units in that byte order, as Python's codecs and
    /// webencodings write them.
    Utf16 { big_endian: bool },
    /// The replacement encoding, which has no encoder either: every code point is an error.
    Nothing,
}

impl Sink {
    pub(crate) fn new(encoding: &'static Encoding) -> Sink {
        match encoding {
            e if e.output_encoding() == e => {
                Sink::Encoder(e.new_encoder(), (e == ISO_2022_JP).then_some(0))
            }
            e if e == UTF_16BE => Sink::Utf16 { big_endian: true },
            e if e == UTF_16LE => Sink::Utf16 { big_endian: false },
            _ => Sink::Nothing,
        }
    }

    /// Encodes `src` up to its first unmappable code point, which it reads: the result
    /// (`InputEmpty` or `Unmappable`) and the bytes read.
    fn strict(&mut self, py: Python<'_>, src: &str, out: &mut Vec<u8>) -> (EncoderResult, usize) {
        match self {
            Sink::Encoder(encoder, mode) => {
                let mut read = 0;
                loop {
                    let rest = src.get(read..).unwrap_or_default();
                    let most = encoder.max_buffer_length_from_utf8_without_replacement(rest.len());
                    out.reserve(most.unwrap_or(rest.len()));
                    let start = out.len();
                    let (result, n) = detach_if_long(py, rest.len(), || {
                        encoder.encode_from_utf8_to_vec_without_replacement(rest, out, false)
                    });
                    follow(mode, out.get(start..).unwrap_or_default());
                    read += n;
                    if result != EncoderResult::OutputFull {
                        return (result, read);
                    }
                }
            }
            Sink::Utf16 { big_endian } => {
                let big_endian = *big_endian;
                detach_if_long(py, src.len(), || utf16(src, big_endian, out));
                (EncoderResult::InputEmpty, src.len())
            }
            Sink::Nothing => match src.chars().next() {
                Some(c) => (EncoderResult::Unmappable(c), c.len_utf8()),
                None => (EncoderResult::InputEmpty, 0),
            },
        }
    }

    /// Encodes all of `src` in the standard's html mode (unmappable code points as decimal
    /// numeric character references); false for the replacement encoding, which can write
    /// no reference either.
    fn html(&mut self, py: Python<'_>, src: &str, out: &mut Vec<u8>) -> bool {
        match self {
            Sink::Encoder(encoder, mode) => {
                let mut read = 0;
                loop {
                    let rest = src.get(read..).unwrap_or_default();
                    // With room for the longest reference too (ISO-2022-JP's return to ASCII
                    // and `&#1114111;`), every call makes progress.
                    let most = encoder.max_buffer_length_from_utf8_if_no_unmappables(rest.len());
                    out.reserve(most.unwrap_or(rest.len()).saturating_add(REFERENCE_ROOM));
                    let start = out.len();
                    let (result, n, _) = detach_if_long(py, rest.len(), || {
                        encoder.encode_from_utf8_to_vec(rest, out, false)
                    });
                    follow(mode, out.get(start..).unwrap_or_default());
                    read += n;
                    if result == CoderResult::InputEmpty {
                        return true;
                    }
                }
            }
            Sink::Utf16 { .. } => self.strict(py, src, out).0 == EncoderResult::InputEmpty,
            Sink::Nothing => src.is_empty(),
        }
    }

    /// Ends the stream: what the encoder's state still owes (ISO-2022-JP's return to ASCII).
    fn finish(&mut self, out: &mut Vec<u8>) {
        if let Sink::Encoder(encoder, mode) = self {
            finish(encoder, mode, out);
        }
    }

    /// ISO-2022-JP's state as above; 0 for every other encoder, which has none.
    pub(crate) fn mode(&self) -> u8 {
        match self {
            Sink::Encoder(_, Some(mode)) => *mode,
            _ => 0,
        }
    }

    /// Puts ISO-2022-JP's encoder in the state [`Sink::mode`] returned, by encoding a
    /// character of that mode; for every other encoder only 0 is a state.
    pub(crate) fn set_mode(&mut self, new: u8) -> PyResult<()> {
        let character = match (&*self, new) {
            (_, 0) => "",
            (Sink::Encoder(_, Some(_)), 1) => "\u{A5}",
            (Sink::Encoder(_, Some(_)), 3) => "\u{3000}",
            _ => {
                return Err(PyValueError::new_err(format!(
                    "no encoder state of this encoding is {new}"
                )))
            }
        };
        if let Sink::Encoder(encoder, mode) = self {
            *encoder = encoder.encoding().new_encoder();
            let mut scratch = Vec::with_capacity(8);
            // A character of the mode, which it always encodes.
            let _ =
                encoder.encode_from_utf8_to_vec_without_replacement(character, &mut scratch, false);
            follow(mode, &scratch);
        }
        Ok(())
    }

    /// For UTF-8, UTF-16LE and UTF-16BE, CPython's strict encoder of the same name: for a
    /// string without lone surrogates its bytes are these encodings' only bytes, written in
    /// one pass. None where the string has a lone surrogate (or the encoding is another),
    /// for the general path and its error handling.
    fn valid_unicode<'py>(&self, text: &Bound<'py, PyString>) -> Option<Bound<'py, PyBytes>> {
        static UTF_8_ENCODE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        static UTF_16_LE_ENCODE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        static UTF_16_BE_ENCODE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let (cell, function) = match self {
            Sink::Encoder(encoder, _) if encoder.encoding() == UTF_8 => {
                (&UTF_8_ENCODE, "utf_8_encode")
            }
            Sink::Utf16 { big_endian: false } => (&UTF_16_LE_ENCODE, "utf_16_le_encode"),
            Sink::Utf16 { big_endian: true } => (&UTF_16_BE_ENCODE, "utf_16_be_encode"),
            _ => return None,
        };
        // `_codecs.utf_8_encode(text)`: the C function behind the codec, without looking the
        // codec up by name.
        let encode = cell.import(text.py(), "_codecs", function).ok()?;
        let (bytes, _): (Bound<'py, PyBytes>, usize) =
            encode.call1((text,)).ok()?.extract().ok()?;
        Some(bytes)
    }

    fn encoding_name(&self, encoding: &'static Encoding) -> String {
        lower_name(match self {
            Sink::Encoder(encoder, _) => encoder.encoding(),
            _ => encoding,
        })
    }
}

/// Ends an encoder's stream (what its state still owes: ISO-2022-JP's return to ASCII), and
/// makes it new.
fn finish(encoder: &mut Encoder, mode: &mut Option<u8>, out: &mut Vec<u8>) {
    loop {
        out.reserve(16);
        let (result, _, _) = encoder.encode_from_utf8_to_vec("", out, true);
        if result == CoderResult::InputEmpty {
            break;
        }
    }
    *encoder = encoder.encoding().new_encoder();
    *mode = mode.map(|_| 0);
}

/// Follows ISO-2022-JP's encoder state (`mode`, for it alone) through bytes it wrote: the
/// last escape sequence in them, if any, selected it.
fn follow(mode: &mut Option<u8>, written: &[u8]) {
    let Some(mode) = mode else {
        return;
    };
    if let Some(at) = written.iter().rposition(|&b| b == 0x1B) {
        *mode = match written.get(at + 1..at + 3) {
            Some(b"(J") => 1,
            Some(b"$B") => 3,
            _ => 0,
        };
    }
}

/// `src` as UTF-16 code units in the given byte order.
fn utf16(src: &str, big_endian: bool, out: &mut Vec<u8>) {
    out.reserve(src.len() * 2);
    for unit in src.encode_utf16() {
        out.extend_from_slice(&match big_endian {
            true => unit.to_be_bytes(),
            false => unit.to_le_bytes(),
        });
    }
}

/// The code point of a lone surrogate in generalized UTF-8.
fn surrogate_at(utf8: &[u8], at: usize) -> u32 {
    match utf8.get(at..at + 3) {
        Some(&[a, b, c]) => {
            ((a as u32 & 0x0F) << 12) | ((b as u32 & 0x3F) << 6) | (c as u32 & 0x3F)
        }
        _ => 0xFFFD,
    }
}

/// Encodes all of a string outside ASCII from its UTF-16, if nothing in it is an error, and
/// ends the stream if `last`; None (with the encoder as it was) to leave it to the general
/// path.
///
/// The crate's encoders of scripts outside Latin are fastest from UTF-16, and CPython hands
/// out a string's code points in one plain copy, where its UTF-8 takes an encoder's work (an
/// ASCII string is its own UTF-8, which costs nothing to get). The code points, their UTF-16
/// and the bytes go through this thread's scratch buffers; the bytes are copied once, into
/// the `bytes` returned.
fn encode_utf16_whole<'py>(
    py: Python<'py>,
    sink: &mut Sink,
    encoding: &'static Encoding,
    text: &Bound<'py, PyString>,
    errors: &Errors,
    last: bool,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    // Only from the encoder's initial state, which a new encoder restores after an error.
    let Sink::Encoder(encoder, mode) = sink else {
        return Ok(None);
    };
    if encoder.has_pending_state() || text.call_method0(intern!(py, "isascii"))?.is_truthy()? {
        return Ok(None);
    }
    let len = text.len()?;
    let html = matches!(errors, Errors::XmlCharRefReplace);
    with_scratch(|scratch| {
        let code_points = code_points_of(text, len, room(&mut scratch.code_points, len))?;
        let room_for_units = room(&mut scratch.utf16, len * 2);
        // A lone surrogate is an error, which the general path reports.
        let Some(units) = utf16_of(code_points, room_for_units) else {
            return Ok(None);
        };
        let units = room_for_units.get(..units).unwrap_or_default();
        let (mut read, mut written) = (0, 0);
        loop {
            let rest = units.get(read..).unwrap_or_default();
            // With room for a reference too, every call makes progress.
            let most = encoder.max_buffer_length_from_utf16_if_no_unmappables(rest.len());
            let room = room(
                &mut scratch.bytes,
                written + most.unwrap_or(rest.len()) + REFERENCE_ROOM,
            );
            let room = room.get_mut(written..).unwrap_or_default();
            let (result, n, w) = detach_if_long(py, rest.len() * 2, || match html {
                true => {
                    let (result, n, w, _) = encoder.encode_from_utf16(rest, room, false);
                    let result = match result {
                        CoderResult::InputEmpty => EncoderResult::InputEmpty,
                        CoderResult::OutputFull => EncoderResult::OutputFull,
                    };
                    (result, n, w)
                }
                false => encoder.encode_from_utf16_without_replacement(rest, room, false),
            });
            (read, written) = (read + n, written + w);
            match result {
                EncoderResult::InputEmpty => break,
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(_) => {
                    *encoder = encoding.new_encoder();
                    return Ok(None);
                }
            }
        }
        let out = &scratch.bytes;
        let head = out.get(..written).unwrap_or_default();
        let mut tail = Vec::new();
        match last {
            true => finish(encoder, mode, &mut tail),
            false => follow(mode, head),
        }
        Ok(Some(match tail.is_empty() {
            true => PyBytes::new(py, head),
            false => PyBytes::new(py, &[head, &tail].concat()),
        }))
    })
}

/// Encodes `text` with `sink` in `encoding`, appending the bytes to `out`; `last` ends the
/// stream.
fn encode_into<'py>(
    py: Python<'py>,
    sink: &mut Sink,
    encoding: &'static Encoding,
    text: &Bound<'py, PyString>,
    errors: &mut Errors,
    last: bool,
    out: &mut Vec<u8>,
) -> PyResult<()> {
    let utf8 = StrUtf8::new(text)?;
    let bytes = utf8.bytes()?;
    // Code points before `counted`, so that positions are counted once whatever the errors.
    let (mut counted, mut counted_chars) = (0, 0);
    let mut exception: Option<Bound<'py, PyAny>> = None;
    let mut pos = 0;
    while pos < bytes.len() {
        let stop = match utf8.surrogates {
            true => next_surrogate(bytes, pos).unwrap_or(bytes.len()),
            false => bytes.len(),
        };
        let stretch = utf8.str_at(pos..stop)?;
        // Where the error is (in bytes) and how long, if there is one.
        let (at, len, surrogate) = match errors {
            Errors::XmlCharRefReplace if sink.html(py, stretch, out) => (stop, 3, true),
            _ => match sink.strict(py, stretch, out) {
                // The code point the encoder stopped at is the last it read (what it reports
                // is not always that one: ISO-2022-JP reports U+FFFD for ESC, SO and SI).
                (EncoderResult::Unmappable(_), read) => {
                    let head = stretch.as_bytes().get(..read).unwrap_or_default();
                    let last = head.iter().rposition(|&b| (b as i8) >= -0x40).unwrap_or(0);
                    (pos + last, read - last, false)
                }
                _ => (stop, 3, true),
            },
        };
        if at == bytes.len() {
            break;
        }
        counted_chars += code_points(bytes.get(counted..at).unwrap_or_default());
        counted = at;
        let (start, end) = (counted_chars, counted_chars + 1);
        let exc = match exception.take() {
            Some(exc) => {
                move_error(&exc, start, end, encode_reason(surrogate))?;
                exc
            }
            None => encode_error(
                py,
                &sink.encoding_name(encoding),
                text,
                start,
                end,
                surrogate,
            )?,
        };
        let code_point = match surrogate {
            true => surrogate_at(bytes, at),
            false => utf8
                .str_at(at..at + len)?
                .chars()
                .next()
                .map_or(0xFFFD, u32::from),
        };
        // What the error becomes, and where to go on from.
        let (replacement, resume) = match errors {
            Errors::Replace => (PyString::new(py, "?").into_any(), end),
            Errors::XmlCharRefReplace => (
                PyString::new(py, &format!("&#{code_point};")).into_any(),
                end,
            ),
            _ => {
                let length = counted_chars + code_points(bytes.get(at..).unwrap_or_default());
                errors.handle(py, exc.clone(), length, Direction::Encode)?
            }
        };
        match replacement.cast::<PyBytes>() {
            Ok(replacement) => out.extend_from_slice(replacement.as_bytes()),
            Err(_) => {
                let text = replacement.cast::<PyString>()?.to_str().ok();
                let written = text.map(|text| (sink.strict(py, text, out), text.len()));
                if !matches!(written, Some(((EncoderResult::InputEmpty, read), len)) if read == len)
                {
                    return Err(PyErr::from_value(exc));
                }
            }
        }
        pos = match resume == end {
            true => at + len,
            false => {
                let from = offset_of(bytes, resume);
                (counted, counted_chars) = (from, resume);
                from
            }
        };
        exception = Some(exc);
    }
    if last {
        sink.finish(out);
    }
    Ok(())
}

/// The bytes of `text` from `sink` in `encoding`, ending the stream if `last`: by CPython's
/// own codec for UTF-8 and UTF-16, from UTF-16 for a string outside ASCII with nothing to
/// handle, and otherwise by [`encode_into`].
pub(crate) fn encode_text<'py>(
    py: Python<'py>,
    sink: &mut Sink,
    encoding: &'static Encoding,
    text: &Bound<'py, PyString>,
    errors: &mut Errors,
    last: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    if let Some(bytes) = sink.valid_unicode(text) {
        return Ok(bytes);
    }
    if let Some(bytes) = encode_utf16_whole(py, sink, encoding, text, errors, last)? {
        return Ok(bytes);
    }
    let mut out = Vec::new();
    encode_into(py, sink, encoding, text, errors, last, &mut out)?;
    Ok(PyBytes::new(py, &out))
}

/// An incremental encoder: `encode(text, final=False)` as Python's codecs have it.
#[pyclass(module = "whatwg_encoding._native")]
pub(crate) struct IncrementalEncoder {
    encoding: &'static Encoding,
    sink: Sink,
    errors: Errors,
}

#[pymethods]
impl IncrementalEncoder {
    #[new]
    #[pyo3(signature = (encoding, errors = "strict"))]
    fn new(encoding: &Bound<'_, PyString>, errors: &str) -> PyResult<Self> {
        let encoding = encoding_for(encoding)?;
        Ok(IncrementalEncoder {
            encoding,
            sink: Sink::new(encoding),
            errors: Errors::new(errors),
        })
    }

    /// Encodes the next text of the stream; `final` ends it.
    #[pyo3(signature = (text, r#final = false), text_signature = "(self, text, final=False)")]
    fn encode<'py>(
        &mut self,
        py: Python<'py>,
        text: &Bound<'py, PyString>,
        r#final: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        encode_text(
            py,
            &mut self.sink,
            self.encoding,
            text,
            &mut self.errors,
            r#final,
        )
    }

    /// Back to the state it was made in.
    fn reset(&mut self) {
        self.sink = Sink::new(self.encoding);
    }

    /// The encoder's state as an int (`codecs.IncrementalEncoder.getstate`): ISO-2022-JP's
    /// mode, 0 for every other encoder and where ISO-2022-JP is in ASCII.
    fn getstate(&self) -> u8 {
        self.sink.mode()
    }

    /// Puts the encoder in a state `getstate` returned.
    fn setstate(&mut self, state: u8) -> PyResult<()> {
        self.sink.set_mode(state)
    }

    /// The arguments that make an encoder like this one (for pickling).
    fn __getnewargs__(&self) -> (String, &str) {
        (lower_name(self.encoding), self.errors.name())
    }

    /// The state, mid-stream too (for pickling).
    fn __getstate__(&self) -> u8 {
        self.getstate()
    }

    /// Puts the encoder in a state `__getstate__` returned.
    fn __setstate__(&mut self, state: u8) -> PyResult<()> {
        self.setstate(state)
    }
}
