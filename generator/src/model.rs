//! The parsed data, in the standard's terms (section 4, "Encodings"; section 5, "Indexes").

use std::collections::BTreeMap;
use std::path::PathBuf;

/// An index pointer (section 5): the position of an entry in an index.
pub type Pointer = u32;

/// One encoding of encodings.json: its name and its labels (section 4.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodingDef {
    /// The encoding's name (`Shift_JIS`, `windows-1252`).
    pub name: String,
    /// Its labels, lowercased, as encodings.json lists them.
    pub labels: Vec<String>,
    /// The heading of encodings.json the encoding is listed under ("Legacy single-byte
    /// encodings", ...).
    pub heading: String,
}

/// The comment header of an `index-*.txt` file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IndexMeta {
    /// The `Identifier:` line: a hash of the index's content, which changes with any entry.
    pub identifier: Option<String>,
    /// The `Date:` line: when the file was generated.
    pub date: Option<String>,
}

/// The entries of an index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexData {
    /// pointer -> code point, null where the pointer has no code point.
    Pointers(Vec<Option<char>>),
    /// Index gb18030 ranges: (pointer, code point) pairs, each the start of a range, in
    /// increasing order of both.
    Ranges(Vec<(Pointer, char)>),
}

impl IndexData {
    /// The number of non-null entries.
    pub fn entry_count(&self) -> usize {
        match self {
            IndexData::Pointers(v) => v.iter().flatten().count(),
            IndexData::Ranges(v) => v.len(),
        }
    }
}

/// One index, named as in indexes.json (`jis0208`, `windows-1252`, `gb18030-ranges`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Index {
    /// The index's name in indexes.json.
    pub name: String,
    /// The header of its txt file.
    pub meta: IndexMeta,
    /// Its entries.
    pub data: IndexData,
}

impl Index {
    /// The code point of `pointer` (the standard's "index code point"), for pointer indexes.
    pub fn code_point(&self, pointer: Pointer) -> Option<char> {
        match &self.data {
            IndexData::Pointers(v) => v.get(pointer as usize).copied().flatten(),
            IndexData::Ranges(_) => None,
        }
    }

    /// Every (pointer, code point) pair of a pointer index, in pointer order.
    pub fn entries(&self) -> impl Iterator<Item = (Pointer, char)> + '_ {
        let slice: &[Option<char>] = match &self.data {
            IndexData::Pointers(v) => v,
            IndexData::Ranges(_) => &[],
        };
        slice
            .iter()
            .enumerate()
            .filter_map(|(p, c)| c.map(|c| (p as Pointer, c)))
    }

    /// The pointer slots of a pointer index (empty for the ranges index).
    pub fn pointers(&self) -> &[Option<char>] {
        match &self.data {
            IndexData::Pointers(v) => v,
            IndexData::Ranges(_) => &[],
        }
    }

    /// The ranges of index gb18030 ranges (empty for other indexes).
    pub fn ranges(&self) -> &[(Pointer, char)] {
        match &self.data {
            IndexData::Ranges(v) => v,
            IndexData::Pointers(_) => &[],
        }
    }
}

/// Character names by code point, as the `index-*.txt` files give them (`IDEOGRAPHIC
/// SPACE`, `<Private Use>`); empty for data given as indexes.json alone.
pub type CharNames = BTreeMap<char, String>;

/// A complete, loaded data set: everything the build reads from one directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataSet {
    /// The directory it was loaded from, named in errors and reports.
    pub dir: PathBuf,
    /// In the order of encodings.json.
    pub encodings: Vec<EncodingDef>,
    /// Every index, by name.
    pub indexes: BTreeMap<String, Index>,
}

impl DataSet {
    /// The index named `name`, if the data set has it.
    pub fn index(&self, name: &str) -> Option<&Index> {
        self.indexes.get(name)
    }

    /// The encoding named `name` (exactly, not a label), if the data set has it.
    pub fn encoding(&self, name: &str) -> Option<&EncodingDef> {
        self.encodings.iter().find(|e| e.name == name)
    }
}
