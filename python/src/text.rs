//! What crosses the boundary: bytes in, the UTF-8 of a `str` in, decoded text out.

use std::ffi::c_int;

use pyo3::exceptions::{PySystemError, PyTypeError};
use pyo3::ffi::{self, Py_ssize_t};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Inputs at least this long are converted with the GIL released, so that other Python
/// threads run meanwhile; below it, releasing and taking the GIL back costs more than it
/// lets others do.
pub(crate) const DETACH_AT: usize = 32 * 1024;

/// Runs `f` with the GIL released when the input it converts is `len` bytes or more.
pub(crate) fn detach_if_long<T: Send, F: Send + FnOnce() -> T>(
    py: Python<'_>,
    len: usize,
    f: F,
) -> T {
    match len >= DETACH_AT {
        true => py.detach(f),
        false => f(),
    }
}

/// The bytes of a bytes-like object as an immutable `bytes`: the object itself if it is one;
/// a copy of anything else that has the buffer protocol (a `bytearray`, a `memoryview`, an
/// `array`), which could otherwise change while the GIL is released or while an error handler
/// runs.
pub(crate) fn bytes_of<'py>(data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    if let Ok(bytes) = data.cast::<PyBytes>() {
        return Ok(bytes.clone());
    }
    let py = data.py();
    let view = py
        .import(intern!(py, "builtins"))?
        .getattr(intern!(py, "memoryview"))?
        .call1((data,))?;
    Ok(view
        .call_method0(intern!(py, "tobytes"))?
        .cast_into::<PyBytes>()?)
}

/// [`bytes_of`] an argument, with a `TypeError` that names it, what it must be (`expected`)
/// and what it was given.
pub(crate) fn bytes_argument<'py>(
    data: &Bound<'py, PyAny>,
    argument: &str,
    expected: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    bytes_of(data).map_err(
        |error| match error.is_instance_of::<PyTypeError>(data.py()) {
            true => PyTypeError::new_err(format!(
                "{argument} must be {expected}, not {}",
                type_name(data)
            )),
            false => error,
        },
    )
}

/// `'int'`: the name of a value's type, quoted, for a message.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| String::from("?"), |name| format!("'{name}'"))
}

/// The text of a `str` as UTF-8. A lone surrogate, which UTF-8 cannot hold, is there as the
/// three bytes generalized UTF-8 gives it (ED A0 80 to ED BF BF); `surrogates` says whether
/// there is any.
pub(crate) struct StrUtf8<'py> {
    /// The `str` itself, whose UTF-8 CPython makes once and keeps (for an ASCII string, its
    /// own storage), or without surrogates a `bytes` of the generalized UTF-8.
    owner: Bound<'py, PyAny>,
    pub(crate) surrogates: bool,
}

impl<'py> StrUtf8<'py> {
    pub(crate) fn new(text: &Bound<'py, PyString>) -> PyResult<StrUtf8<'py>> {
        if text.to_str().is_ok() {
            return Ok(StrUtf8 {
                owner: text.clone().into_any(),
                surrogates: false,
            });
        }
        let py = text.py();
        Ok(StrUtf8 {
            owner: text.call_method1(
                intern!(py, "encode"),
                (intern!(py, "utf-8"), intern!(py, "surrogatepass")),
            )?,
            surrogates: true,
        })
    }

    /// The UTF-8 (generalized where `surrogates`).
    pub(crate) fn bytes(&self) -> PyResult<&[u8]> {
        match self.owner.cast::<PyBytes>() {
            Ok(bytes) => Ok(bytes.as_bytes()),
            Err(_) => Ok(self.owner.cast::<PyString>()?.to_str()?.as_bytes()),
        }
    }

    /// The text of `bytes[range]` as a `str`: without surrogates, all of it is UTF-8 as
    /// CPython made it; with them, a stretch between two is checked.
    pub(crate) fn str_at(&self, range: std::ops::Range<usize>) -> PyResult<&str> {
        match self.owner.cast::<PyString>() {
            Ok(text) => Ok(text.to_str()?.get(range).unwrap_or_default()),
            Err(_) => {
                let bytes = self.bytes()?.get(range).unwrap_or_default();
                std::str::from_utf8(bytes).map_err(|e| PySystemError::new_err(e.to_string()))
            }
        }
    }
}

/// Where the next lone surrogate of generalized UTF-8 starts at or after `from`, if any.
pub(crate) fn next_surrogate(utf8: &[u8], from: usize) -> Option<usize> {
    let rest = utf8.get(from..)?;
    rest.windows(2)
        .position(|pair| pair[0] == 0xED && pair[1] >= 0xA0)
        .map(|at| from + at)
}

/// The code points of `text` (`PyUnicode_AsUCS4`, a copy as plain as CPython makes), written
/// into `room`, which must hold at least `len` of them.
pub(crate) fn code_points_of<'a>(
    text: &Bound<'_, PyString>,
    len: usize,
    room: &'a mut [u32],
) -> PyResult<&'a [u32]> {
    let room = room
        .get_mut(..len)
        .ok_or_else(|| PySystemError::new_err("no room for the string's code points"))?;
    let size = Py_ssize_t::try_from(len).map_err(|e| PySystemError::new_err(e.to_string()))?;
    // SAFETY: `room` is valid for writes of `size` code points while this call borrows it, and
    // the GIL is held (`text` is bound). The call writes at most `size` code points (it raises
    // SystemError instead if the string is longer; `len` is its length), no NUL
    // (`copy_null` 0), and returns NULL with an exception set on failure.
    let written = unsafe { ffi::PyUnicode_AsUCS4(text.as_ptr(), room.as_mut_ptr(), size, 0) };
    if written.is_null() {
        return Err(PyErr::fetch(text.py()));
    }
    Ok(room)
}

/// Writes the UTF-16 of `code_points` into `out` (which holds two units for each): how many
/// units it wrote, or None if one of them is a lone surrogate, which UTF-16 cannot hold.
pub(crate) fn utf16_of(code_points: &[u32], out: &mut [u16]) -> Option<usize> {
    const BLOCK: usize = 16;
    let mut written = 0;
    let mut blocks = code_points.chunks_exact(BLOCK);
    for block in &mut blocks {
        let block: &[u32; BLOCK] = block.try_into().ok()?;
        let units: &mut [u16; BLOCK] = out.get_mut(written..written + BLOCK)?.try_into().ok()?;
        // Each code point as one unit, then whether that was right for all of them at once:
        // none above the BMP, none a surrogate (a few vector instructions).
        let mut above = 0;
        for (unit, &c) in units.iter_mut().zip(block) {
            *unit = c as u16;
            above |= c;
        }
        let surrogates = units
            .iter()
            .fold(0, |any, &u| any | u16::from(u & 0xF800 == 0xD800));
        written += match above < 0x10000 && surrogates == 0 {
            true => BLOCK,
            false => utf16_one_by_one(block, out.get_mut(written..)?)?,
        };
    }
    Some(written + utf16_one_by_one(blocks.remainder(), out.get_mut(written..)?)?)
}

/// [`utf16_of`] a code point at a time.
fn utf16_one_by_one(code_points: &[u32], out: &mut [u16]) -> Option<usize> {
    let mut written = 0;
    for &c in code_points {
        let c = char::from_u32(c)?;
        written += c.encode_utf16(out.get_mut(written..)?).len();
    }
    Some(written)
}

/// The number of code points in UTF-8 (generalized or not).
pub(crate) fn code_points(utf8: &[u8]) -> usize {
    utf8.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The offset in UTF-8 of code point number `index` (the end if there are fewer).
pub(crate) fn offset_of(utf8: &[u8], index: usize) -> usize {
    utf8.iter()
        .enumerate()
        .filter(|(_, &b)| (b as i8) >= -0x40)
        .nth(index)
        .map_or(utf8.len(), |(at, _)| at)
}

/// A Python string of UTF-16 code units (in this machine's byte order), valid UTF-16 as the
/// crate's decoders write it.
///
/// Under the stable ABI a string can only be made by decoding, and CPython's UTF-16 decoder
/// is the fastest way in for decoded text: it narrows Latin-1 text to one byte a character
/// at memory speed, where its UTF-8 decoder takes a slower path for every character outside
/// ASCII (the commit that chose it has the figures).
pub(crate) fn str_from_utf16<'py>(
    py: Python<'py>,
    units: &[u16],
) -> PyResult<Bound<'py, PyString>> {
    let mut byte_order: c_int = match cfg!(target_endian = "little") {
        true => -1,
        false => 1,
    };
    let len =
        Py_ssize_t::try_from(units.len() * 2).map_err(|e| PySystemError::new_err(e.to_string()))?;
    // SAFETY: `units` is valid for reads of `len` bytes while this call borrows it, and the GIL
    // is held (`py`). A byte order given (-1 or 1) keeps a leading U+FEFF as text. The call
    // returns a new reference or NULL with an exception set, which `from_owned_ptr_or_err`
    // takes either way.
    let text = unsafe {
        let text = ffi::PyUnicode_DecodeUTF16(
            units.as_ptr().cast(),
            len,
            std::ptr::null(),
            &mut byte_order,
        );
        Bound::from_owned_ptr_or_err(py, text)?
    };
    Ok(text.cast_into::<PyString>()?)
}

/// Decoded text being built: UTF-16 code units, and, once an error handler has replaced
/// something with text that is not UTF-16 (the lone surrogates of `'surrogateescape'`), the
/// pieces before it as Python strings.
pub(crate) struct TextOut<'py> {
    done: Vec<Bound<'py, PyString>>,
    pub(crate) units: Vec<u16>,
}

impl<'py> TextOut<'py> {
    pub(crate) fn new() -> TextOut<'py> {
        TextOut {
            done: Vec::new(),
            units: Vec::new(),
        }
    }

    /// Appends an error handler's replacement.
    pub(crate) fn push(&mut self, replacement: &Bound<'py, PyString>) -> PyResult<()> {
        match replacement.to_str() {
            Ok(text) => self.units.extend(text.encode_utf16()),
            Err(_) => {
                let py = replacement.py();
                self.done.push(str_from_utf16(py, &self.units)?);
                self.units.clear();
                self.done.push(replacement.clone());
            }
        }
        Ok(())
    }

    /// The whole text as a Python string.
    pub(crate) fn finish(mut self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        if self.done.is_empty() {
            return str_from_utf16(py, &self.units);
        }
        self.done.push(str_from_utf16(py, &self.units)?);
        PyString::new(py, "")
            .call_method1(intern!(py, "join"), (self.done,))?
            .cast_into::<PyString>()
            .map_err(Into::into)
    }
}
