//! Checks a loaded data set against what the standard's algorithms assume of it.

use crate::error::{DataError, ErrorKind};
use crate::model::{DataSet, IndexData};
use crate::spec::{self, IndexShape};

/// Returns the first problem found, or Ok if the data set can be built from.
pub fn validate(set: &DataSet) -> Result<(), DataError> {
    validate_encodings(set)?;
    validate_indexes(set)
}

fn validate_encodings(set: &DataSet) -> Result<(), DataError> {
    let path = set.dir.join("encodings.json");
    let err = |kind| DataError::new(kind, &path);
    for e in spec::ENCODINGS {
        if set.encoding(e.name).is_none() {
            return Err(err(ErrorKind::MissingEncoding(e.name.to_string())));
        }
    }
    // (label, encoding) of the encodings before: a few hundred, searched in turn.
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for def in &set.encodings {
        if spec::encoding(&def.name).is_none() {
            return Err(err(ErrorKind::UnknownEncoding(def.name.clone())));
        }
        if set.encodings.iter().filter(|d| d.name == def.name).count() > 1 {
            return Err(err(ErrorKind::BadLabel(format!(
                "encoding {} is listed twice",
                def.name
            ))));
        }
        if def.labels.is_empty() {
            return Err(err(ErrorKind::BadLabel(format!(
                "encoding {} has no labels",
                def.name
            ))));
        }
        for label in &def.labels {
            // Section 4.2 matches labels after ASCII lowercasing and trimming ASCII
            // whitespace, so a label that is not already in that form could never match.
            let well_formed = !label.is_empty()
                && label
                    .bytes()
                    .all(|b| b.is_ascii_graphic() && !b.is_ascii_uppercase());
            if !well_formed {
                return Err(err(ErrorKind::BadLabel(format!(
                    "label {label:?} of encoding {} is not lowercase printable ASCII",
                    def.name
                ))));
            }
            if let Some((_, other)) = seen.iter().find(|(l, _)| l == label) {
                return Err(err(ErrorKind::BadLabel(format!(
                    "label {label:?} belongs to both {other} and {}",
                    def.name
                ))));
            }
            seen.push((label, &def.name));
        }
        let own = def.name.to_ascii_lowercase();
        if def.name != "replacement" && !def.labels.contains(&own) {
            return Err(err(ErrorKind::BadLabel(format!(
                "encoding {} does not have its own name {own:?} as a label",
                def.name
            ))));
        }
    }
    Ok(())
}

fn validate_indexes(set: &DataSet) -> Result<(), DataError> {
    let path = set.dir.join("indexes.json");
    for name in spec::index_names() {
        let index = set
            .index(name)
            .ok_or_else(|| DataError::new(ErrorKind::MissingIndex(name.to_string()), &path))?;
        let err = |kind| DataError::new(kind, &path).in_index(name);
        match (spec::index_shape(name), &index.data) {
            (Some(IndexShape::Exact(n)), IndexData::Pointers(v)) if v.len() != n => {
                return Err(err(ErrorKind::WrongLength {
                    expected: n,
                    found: v.len(),
                }));
            }
            (Some(IndexShape::AtMost(n)), IndexData::Pointers(v)) if v.len() > n => {
                let first = v[n..]
                    .iter()
                    .position(Option::is_some)
                    .map(|i| (i + n) as u32);
                let e = err(ErrorKind::PointerOutOfRange { limit: n as u32 });
                return Err(match first {
                    Some(p) => e.at_pointer(p),
                    None => e,
                });
            }
            (Some(IndexShape::Ranges), IndexData::Ranges(r)) => {
                if r.first() != Some(&(0, '\u{80}')) {
                    return Err(err(ErrorKind::Unordered(
                        "the first range must map pointer 0 to U+0080".into(),
                    )));
                }
                for w in r.windows(2) {
                    if w[1].0 <= w[0].0 || w[1].1 <= w[0].1 {
                        return Err(err(ErrorKind::Unordered(format!(
                            "range at pointer {} (U+{:04X}) does not follow pointer {} (U+{:04X})",
                            w[1].0, w[1].1 as u32, w[0].0, w[0].1 as u32
                        )))
                        .at_pointer(w[1].0));
                    }
                }
                if let Some(&(p, _)) = r
                    .iter()
                    .find(|(p, _)| *p > spec::GB18030_RANGES_MAX_POINTER)
                {
                    return Err(err(ErrorKind::PointerOutOfRange {
                        limit: spec::GB18030_RANGES_MAX_POINTER + 1,
                    })
                    .at_pointer(p));
                }
            }
            (Some(IndexShape::Ranges), IndexData::Pointers(_)) => {
                return Err(err(ErrorKind::Json(
                    "expected [pointer, code point] pairs".into(),
                )));
            }
            (Some(_), IndexData::Ranges(_)) => {
                return Err(err(ErrorKind::Json(
                    "expected an array of code points".into(),
                )));
            }
            _ => {}
        }
        // The runtime's dense decode arrays use 0 for "no code point"; no index of the
        // standard maps a pointer to U+0000 (it is always the byte 0x00).
        if let Some(p) = index.pointers().iter().position(|c| *c == Some('\0')) {
            return Err(err(ErrorKind::Unordered(
                "U+0000 cannot be the code point of a pointer".into(),
            ))
            .at_pointer(p as u32));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EncodingDef, Index, IndexMeta};
    use std::path::PathBuf;

    fn minimal() -> DataSet {
        let encodings = spec::ENCODINGS
            .iter()
            .map(|e| EncodingDef {
                name: e.name.to_string(),
                labels: vec![if e.name == "replacement" {
                    "iso-2022-kr".to_string()
                } else {
                    e.name.to_ascii_lowercase()
                }],
                heading: String::new(),
            })
            .collect();
        let indexes = spec::index_names()
            .into_iter()
            .map(|n| {
                let data = match spec::index_shape(n).unwrap() {
                    IndexShape::Exact(len) => IndexData::Pointers(vec![Some('a'); len]),
                    IndexShape::AtMost(_) => IndexData::Pointers(vec![Some('b'); 10]),
                    IndexShape::Ranges => IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A5}')]),
                };
                (
                    n.to_string(),
                    Index {
                        name: n.to_string(),
                        meta: IndexMeta::default(),
                        data,
                    },
                )
            })
            .collect();
        DataSet {
            dir: PathBuf::from("data"),
            encodings,
            indexes,
        }
    }

    #[test]
    fn minimal_set_is_valid() {
        validate(&minimal()).unwrap();
    }

    #[test]
    fn single_byte_index_must_have_128_entries() {
        let mut set = minimal();
        set.indexes.get_mut("koi8-u").unwrap().data = IndexData::Pointers(vec![None; 127]);
        let e = validate(&set).unwrap_err();
        assert_eq!(
            e.kind,
            ErrorKind::WrongLength {
                expected: 128,
                found: 127
            }
        );
        assert_eq!(
            e.to_string(),
            "data/indexes.json: index koi8-u, index has 127 entries, expected exactly 128"
        );
    }

    #[test]
    fn missing_encoding_is_named() {
        let mut set = minimal();
        set.encodings.retain(|e| e.name != "Shift_JIS");
        assert_eq!(
            validate(&set).unwrap_err().kind,
            ErrorKind::MissingEncoding("Shift_JIS".into())
        );
    }

    #[test]
    fn duplicate_label_is_rejected() {
        let mut set = minimal();
        set.encodings[3].labels.push("utf-8".into());
        assert!(matches!(
            validate(&set).unwrap_err().kind,
            ErrorKind::BadLabel(_)
        ));
    }

    #[test]
    fn pointer_beyond_what_decoders_address() {
        let mut set = minimal();
        set.indexes.get_mut("jis0212").unwrap().data = IndexData::Pointers(vec![Some('x'); 8837]);
        let e = validate(&set).unwrap_err();
        assert_eq!(e.pointer, Some(8836));
        assert_eq!(e.kind, ErrorKind::PointerOutOfRange { limit: 8836 });
    }

    #[test]
    fn missing_index() {
        let mut set = minimal();
        set.indexes.remove("jis0208");
        assert_eq!(
            validate(&set).unwrap_err().kind,
            ErrorKind::MissingIndex("jis0208".into())
        );
    }

    #[test]
    fn unordered_ranges() {
        let mut set = minimal();
        set.indexes.get_mut("gb18030-ranges").unwrap().data =
            IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A5}'), (30, '\u{B0}')]);
        assert_eq!(validate(&set).unwrap_err().pointer, Some(30));
    }
}
