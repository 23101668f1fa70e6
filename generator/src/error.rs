//! One structured error for every way the data can be wrong.
//!
//! Every error says where: the file, and when known the line, the index and the pointer, so
//! that a maintainer importing a WHATWG update can go straight to the offending entry.

use std::fmt;
use std::path::{Path, PathBuf};

/// What is wrong with the data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read.
    Io(String),
    /// The file is not valid JSON, or not of the expected shape.
    Json(String),
    /// A line of an `index-*.txt` file is not `pointer<TAB>0xCODE...`.
    Syntax(String),
    /// A pointer is not a decimal number.
    BadPointer(String),
    /// A code point is not a hexadecimal number of the form `0x1234`.
    BadCodePoint(String),
    /// A code point is a surrogate or above U+10FFFF.
    NotScalarValue(u32),
    /// The same pointer occurs twice in one index.
    DuplicatePointer,
    /// A pointer is beyond what the encodings using the index can address.
    PointerOutOfRange {
        /// The first pointer that is out of range.
        limit: u32,
    },
    /// A single-byte index does not have exactly 128 entries.
    WrongLength {
        /// How many entries the index must have.
        expected: usize,
        /// How many it has.
        found: usize,
    },
    /// An encoding the standard defines (and the runtime implements) is missing.
    MissingEncoding(String),
    /// An encoding is present that the runtime does not know how to implement.
    UnknownEncoding(String),
    /// An index an encoding needs is missing.
    MissingIndex(String),
    /// A label is malformed or used twice.
    BadLabel(String),
    /// `index-*.txt` and `indexes.json` say different things.
    Disagreement(String),
    /// Ranges of index gb18030 ranges are not in increasing order.
    Unordered(String),
    /// The data does not fit the layout of the emitted tables (an encoder value that does
    /// not decode back to its code point, a code point beyond the BMP outside plane 2).
    Layout(String),
}

/// A data error with its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// The file that holds it.
    pub path: PathBuf,
    /// The line of that file, 1-based, where the error is on one line.
    pub line: Option<usize>,
    /// The index it concerns, if any.
    pub index: Option<String>,
    /// The pointer it concerns, if any.
    pub pointer: Option<u32>,
}

impl DataError {
    /// An error of `kind` in the file at `path`, with no finer location yet.
    pub fn new(kind: ErrorKind, path: impl AsRef<Path>) -> Self {
        DataError {
            kind,
            path: path.as_ref().to_path_buf(),
            line: None,
            index: None,
            pointer: None,
        }
    }

    /// The error, located at line `line` of its file.
    pub fn at_line(mut self, line: usize) -> Self {
        self.line = Some(line);
        self
    }

    /// The error, as concerning index `index`.
    pub fn in_index(mut self, index: impl Into<String>) -> Self {
        self.index = Some(index.into());
        self
    }

    /// The error, as concerning pointer `pointer` of its index.
    pub fn at_pointer(mut self, pointer: u32) -> Self {
        self.pointer = Some(pointer);
        self
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Io(e) => write!(f, "cannot read: {e}"),
            ErrorKind::Json(e) => write!(f, "malformed JSON: {e}"),
            ErrorKind::Syntax(e) => write!(f, "malformed line: {e}"),
            ErrorKind::BadPointer(s) => write!(f, "pointer {s:?} is not a decimal number"),
            ErrorKind::BadCodePoint(s) => {
                write!(
                    f,
                    "code point {s:?} is not a hexadecimal number like 0x20AC"
                )
            }
            ErrorKind::NotScalarValue(c) => {
                write!(f, "code point U+{c:04X} is not a Unicode scalar value")
            }
            ErrorKind::DuplicatePointer => write!(f, "pointer occurs more than once"),
            ErrorKind::PointerOutOfRange { limit } => {
                write!(
                    f,
                    "pointer is out of range (the index has room for 0 to {})",
                    limit - 1
                )
            }
            ErrorKind::WrongLength { expected, found } => {
                write!(f, "index has {found} entries, expected exactly {expected}")
            }
            ErrorKind::MissingEncoding(n) => write!(f, "encoding {n} is missing"),
            ErrorKind::UnknownEncoding(n) => {
                write!(f, "encoding {n} is not one this implementation knows")
            }
            ErrorKind::MissingIndex(n) => write!(f, "index {n} is missing"),
            ErrorKind::BadLabel(s) => write!(f, "{s}"),
            ErrorKind::Disagreement(s) => write!(f, "index-*.txt and indexes.json disagree: {s}"),
            ErrorKind::Unordered(s) => write!(f, "{s}"),
            ErrorKind::Layout(s) => write!(f, "does not fit the emitted tables: {s}"),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": ")?;
        if let Some(index) = &self.index {
            write!(f, "index {index}, ")?;
        }
        if let Some(pointer) = self.pointer {
            write!(f, "pointer {pointer}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for DataError {}
