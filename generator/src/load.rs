//! Reads a data directory (what `indexes/` links to) into a validated [`DataSet`].
//!
//! The directory holds `encodings.json` and the indexes, as `indexes.json`, as `index-*.txt`
//! files, or both. Where both are present they must agree entry for entry; the txt files also
//! supply each index's `Identifier` and `Date`, and the names of the characters.
//!
//! [`load_dir`] reads one directory. [`load_sources`] does the same work on files already read
//! into memory, wherever each came from: `encoding-gen import` uses it to validate an update
//! merged with the files it replaces before writing anything.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{DataError, ErrorKind};
use crate::model::{CharNames, DataSet, Index, IndexData, IndexMeta, Pointer};
use crate::source::index_txt::{self, TxtIndex};
use crate::source::{encodings_json, indexes_json};
use crate::spec::{self, IndexShape};
use crate::validate;

/// Reads a file, naming it in the error.
pub fn read_text(path: &Path) -> Result<String, DataError> {
    fs::read_to_string(path).map_err(|e| DataError::new(ErrorKind::Io(e.to_string()), path))
}

/// How many pointers an index of no known shape (one the standard does not define) may have:
/// as many as a u16 decode table addresses.
const UNKNOWN_SHAPE_LIMIT: usize = 1 << 16;

/// Turns the entries of an index-*.txt file into index data, rejecting duplicate and
/// out-of-range pointers.
pub fn index_from_txt(name: &str, txt: &TxtIndex, path: &Path) -> Result<IndexData, DataError> {
    let err = |kind, line, pointer| {
        DataError::new(kind, path)
            .at_line(line)
            .in_index(name)
            .at_pointer(pointer)
    };
    match spec::index_shape(name) {
        Some(IndexShape::Ranges) => {
            let mut ranges: Vec<(Pointer, char)> = Vec::with_capacity(txt.entries.len());
            for e in &txt.entries {
                if ranges.iter().any(|&(p, _)| p == e.pointer) {
                    return Err(err(ErrorKind::DuplicatePointer, e.line, e.pointer));
                }
                ranges.push((e.pointer, e.code_point));
            }
            Ok(IndexData::Ranges(ranges))
        }
        shape => {
            let limit = match shape {
                Some(IndexShape::Exact(n)) | Some(IndexShape::AtMost(n)) => n,
                // An index the standard does not define: as far as its pointers go, up to
                // what a decode table addresses, so that one huge pointer cannot make the
                // array below gigabytes long.
                _ => txt
                    .entries
                    .iter()
                    .map(|e| e.pointer as usize + 1)
                    .max()
                    .unwrap_or(0)
                    .min(UNKNOWN_SHAPE_LIMIT),
            };
            // All the pointers the index's decoders can compute (see `to_addressable_length`).
            let mut pointers: Vec<Option<char>> = vec![None; limit];
            for e in &txt.entries {
                let slot = pointers.get_mut(e.pointer as usize).ok_or_else(|| {
                    err(
                        ErrorKind::PointerOutOfRange {
                            limit: limit as u32,
                        },
                        e.line,
                        e.pointer,
                    )
                })?;
                if slot.is_some() {
                    return Err(err(ErrorKind::DuplicatePointer, e.line, e.pointer));
                }
                *slot = Some(e.code_point);
            }
            Ok(IndexData::Pointers(pointers))
        }
    }
}

/// Pads the pointers of an index read from indexes.json with nulls to all the pointers its
/// decoders can compute (the largest plus one, [`spec::index_shape`]), as [`index_from_txt`]
/// gives them, so that both forms give the same data: the txt files list the mapped pointers
/// only, and indexes.json's arrays could end at the last one.
///
/// The decode arrays are emitted at that length so that a decoder's pointer, computed from
/// two bytes, indexes them without a bounds check (an array cut at its last code point
/// would need one on every lookup).
fn to_addressable_length(name: &str, data: &mut IndexData) {
    if let (IndexData::Pointers(pointers), Some(IndexShape::AtMost(n))) =
        (data, spec::index_shape(name))
    {
        if pointers.len() < n {
            pointers.resize(n, None);
        }
    }
}

/// Checks that an index read from indexes.json and from its txt file have the same entries.
fn check_agreement(
    name: &str,
    json: &IndexData,
    txt: &TxtIndex,
    txt_path: &Path,
    json_path: &Path,
) -> Result<(), DataError> {
    let from_txt = index_from_txt(name, txt, txt_path)?;
    let Some((first, in_json, in_txt)) = first_difference(json, &from_txt) else {
        return Ok(());
    };
    let line_of = |p: Pointer| txt.entries.iter().find(|e| e.pointer == p).map(|e| e.line);
    let show = |c: Option<char>| match c {
        Some(c) => format!("U+{:04X}", c as u32),
        None => "nothing".to_string(),
    };
    let mut e = DataError::new(
        ErrorKind::Disagreement(format!(
            "{} has {}, {} has {}",
            txt_path.display(),
            show(in_txt),
            json_path.display(),
            show(in_json),
        )),
        txt_path,
    )
    .in_index(name)
    .at_pointer(first);
    if let Some(l) = line_of(first) {
        e = e.at_line(l);
    }
    Err(e)
}

/// The first pointer at which two forms of one index differ, with the code point each has
/// there. Both forms give a pointer index all the pointers its decoders can compute (see
/// [`to_addressable_length`]) and index gb18030 ranges by increasing pointer (the standard's
/// order; [`validate`] rejects any other), so they are compared position by position.
fn first_difference(a: &IndexData, b: &IndexData) -> Option<(Pointer, Option<char>, Option<char>)> {
    match (a, b) {
        (IndexData::Pointers(a), IndexData::Pointers(b)) => {
            (0..a.len().max(b.len())).find_map(|p| {
                let (x, y) = (a.get(p).copied().flatten(), b.get(p).copied().flatten());
                (x != y).then_some((p as Pointer, x, y))
            })
        }
        (IndexData::Ranges(a), IndexData::Ranges(b)) => {
            let at = |ranges: &[(Pointer, char)], p| ranges.iter().find(|r| r.0 == p).map(|r| r.1);
            (0..a.len().max(b.len())).find_map(|i| {
                let (x, y) = (a.get(i), b.get(i));
                let p = x.into_iter().chain(y).map(|r| r.0).min()?;
                (x != y).then(|| (p, at(a, p), at(b, p)))
            })
        }
        _ => Some((0, None, None)),
    }
}

/// Lists the `index-*.txt` files of a directory: each one's index name and path, in the
/// directory's order.
pub fn txt_files(dir: &Path) -> Result<Vec<(String, PathBuf)>, DataError> {
    let mut out = Vec::new();
    let entries =
        fs::read_dir(dir).map_err(|e| DataError::new(ErrorKind::Io(e.to_string()), dir))?;
    for entry in entries {
        let entry = entry.map_err(|e| DataError::new(ErrorKind::Io(e.to_string()), dir))?;
        let file_name = entry.file_name();
        if let Some(name) = file_name.to_str().and_then(index_txt::index_name_of) {
            out.push((name.to_string(), entry.path()));
        }
    }
    Ok(out)
}

/// One data file read into memory, with the path it was read from (named in errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its whole text.
    pub text: String,
}

impl SourceFile {
    /// Reads `path`; a file that is missing, unreadable or not UTF-8 is an error naming it.
    pub fn read(path: &Path) -> Result<SourceFile, DataError> {
        Ok(SourceFile {
            path: path.to_path_buf(),
            text: read_text(path)?,
        })
    }
}

/// The files of one data set, read into memory. They need not come from one directory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sources {
    /// `encodings.json`: the encodings, their labels and headings.
    pub encodings_json: Option<SourceFile>,
    /// `indexes.json`: every index as one JSON document, checked against the txt files.
    pub indexes_json: Option<SourceFile>,
    /// The `index-*.txt` files, by index name.
    pub txt: BTreeMap<String, SourceFile>,
}

impl Sources {
    /// Reads the data files of `dir`: encodings.json, every index-*.txt, and indexes.json if
    /// it exists or if there is no txt file (so that its absence is then reported).
    pub fn read_dir(dir: &Path) -> Result<Sources, DataError> {
        Sources::read(dir, true)
    }

    /// Reads the data files of `dir` that a build needs: encodings.json, every index-*.txt,
    /// and indexes.json only if there is no txt file.
    pub fn read_dir_for_build(dir: &Path) -> Result<Sources, DataError> {
        Sources::read(dir, false)
    }

    fn read(dir: &Path, json_beside_txt: bool) -> Result<Sources, DataError> {
        let encodings_json = Some(SourceFile::read(&dir.join("encodings.json"))?);
        let mut txt = BTreeMap::new();
        for (name, path) in txt_files(dir)? {
            txt.insert(name, SourceFile::read(&path)?);
        }
        let json_path = dir.join("indexes.json");
        let indexes_json = if (json_beside_txt && json_path.exists()) || txt.is_empty() {
            Some(SourceFile::read(&json_path)?)
        } else {
            None
        };
        Ok(Sources {
            encodings_json,
            indexes_json,
            txt,
        })
    }
}

/// Loads and validates the data set in `dir`, reading indexes.json and the txt files both
/// and checking that they agree (see [`load_dir_for_build`] for what a build reads).
pub fn load_dir(dir: &Path) -> Result<DataSet, DataError> {
    load_dir_with_names(dir).map(|(set, _)| set)
}

/// Loads and validates the data set in `dir` as the proc macros do at every build: from
/// encodings.json and the index-*.txt files alone (indexes.json only where there is no txt
/// file), without the cross-check of indexes.json against them.
///
/// One form of the indexes is enough to build from, and the txt files are the one that has
/// every index's Identifier and Date; reading both and comparing them entry by entry on every
/// user's build would repeat what `encoding-gen check` verifies when the data is imported (and
/// CI on every change).
pub fn load_dir_for_build(dir: &Path) -> Result<DataSet, DataError> {
    load(&Sources::read_dir_for_build(dir)?, dir, false).map(|(set, _)| set)
}

/// Loads and validates the data set in `dir`, with the character names its txt files give.
pub fn load_dir_with_names(dir: &Path) -> Result<(DataSet, CharNames), DataError> {
    load_sources(&Sources::read_dir(dir)?, dir)
}

/// Parses, cross-checks and validates files already read; `dir` becomes the data set's
/// directory. Every error names the file it is about, wherever that file came from.
pub fn load_sources(sources: &Sources, dir: &Path) -> Result<(DataSet, CharNames), DataError> {
    load(sources, dir, true)
}

/// [`load_sources`], with the characters' names only if `with_names` (a build needs none).
fn load(
    sources: &Sources,
    dir: &Path,
    with_names: bool,
) -> Result<(DataSet, CharNames), DataError> {
    let missing = |name: &str| DataError::new(ErrorKind::Io("no such file".into()), dir.join(name));
    let enc = sources
        .encodings_json
        .as_ref()
        .ok_or_else(|| missing("encodings.json"))?;
    let encodings = encodings_json::parse(&enc.text, &enc.path)?;
    if sources.indexes_json.is_none() && sources.txt.is_empty() {
        return Err(missing("indexes.json"));
    }
    let (json_path, json) = match &sources.indexes_json {
        Some(f) => (f.path.clone(), Some(indexes_json::parse(&f.text, &f.path)?)),
        None => (dir.join("indexes.json"), None),
    };

    let mut indexes = BTreeMap::new();
    // In the order of the index names, as `sources.txt` is.
    let mut parsed_txt: Vec<(String, (PathBuf, TxtIndex))> = Vec::new();
    let mut names = CharNames::new();
    for (name, file) in &sources.txt {
        let txt = if with_names {
            index_txt::parse(&file.text, &file.path, name)?
        } else {
            index_txt::parse_without_names(&file.text, &file.path, name)?
        };
        for e in &txt.entries {
            if let Some(n) = &e.name {
                names.entry(e.code_point).or_insert_with(|| n.clone());
            }
        }
        parsed_txt.push((name.clone(), (file.path.clone(), txt)));
    }
    match json {
        Some(json) => {
            for (name, mut data) in json {
                to_addressable_length(&name, &mut data);
                let mut meta = IndexMeta::default();
                if let Some((_, (path, txt))) = parsed_txt.iter().find(|(n, _)| *n == name) {
                    check_agreement(&name, &data, txt, path, &json_path)?;
                    meta = txt.meta.clone();
                }
                indexes.insert(name.clone(), Index { name, meta, data });
            }
            if let Some((name, _)) = parsed_txt.iter().find(|(n, _)| !indexes.contains_key(n)) {
                return Err(DataError::new(
                    ErrorKind::Disagreement(format!(
                        "index {name} has a txt file but is not in indexes.json"
                    )),
                    &json_path,
                ));
            }
        }
        None => {
            for (name, (path, txt)) in parsed_txt {
                let data = index_from_txt(&name, &txt, &path)?;
                indexes.insert(
                    name.clone(),
                    Index {
                        name,
                        meta: txt.meta,
                        data,
                    },
                );
            }
        }
    }

    let set = DataSet {
        dir: dir.to_path_buf(),
        encodings,
        indexes,
    };
    validate::validate(&set).map_err(|e| name_source(e, sources, dir))?;
    Ok((set, names))
}

/// [`validate`] names `dir/encodings.json` or `dir/indexes.json`; name the file the data
/// really came from instead (an update's file, or the txt file of an index without JSON).
fn name_source(mut e: DataError, sources: &Sources, dir: &Path) -> DataError {
    let from_txt = || {
        let index = e.index.as_ref()?;
        sources.txt.get(index).map(|f| f.path.clone())
    };
    let real = if e.path == dir.join("encodings.json") {
        sources.encodings_json.as_ref().map(|f| f.path.clone())
    } else if e.path == dir.join("indexes.json") {
        match &sources.indexes_json {
            Some(f) => Some(f.path.clone()),
            None => from_txt(),
        }
    } else {
        None
    };
    if let Some(path) = real {
        e.path = path;
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_of_pointers() {
        let a = IndexData::Pointers(vec![Some('a'), None, Some('c')]);
        assert_eq!(first_difference(&a, &a.clone()), None);
        let b = IndexData::Pointers(vec![Some('a'), Some('b'), Some('c')]);
        assert_eq!(first_difference(&a, &b), Some((1, None, Some('b'))));
        let shorter = IndexData::Pointers(vec![Some('a')]);
        assert_eq!(first_difference(&a, &shorter), Some((2, Some('c'), None)));
    }

    #[test]
    fn first_difference_of_ranges() {
        let a = IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A5}')]);
        assert_eq!(first_difference(&a, &a.clone()), None);
        let b = IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A6}')]);
        assert_eq!(
            first_difference(&a, &b),
            Some((36, Some('\u{A5}'), Some('\u{A6}')))
        );
        // A range the other lacks: at its pointer, the other has nothing.
        let c = IndexData::Ranges(vec![(0, '\u{80}'), (20, '\u{90}'), (36, '\u{A5}')]);
        assert_eq!(first_difference(&a, &c), Some((20, None, Some('\u{90}'))));
    }
}
