//! `indexes.json`: every index as a JSON array, pointer -> code point or null; index
//! gb18030 ranges as [pointer, code point] pairs.

use std::path::Path;

use super::json::{self, JsonValue};
use crate::error::{DataError, ErrorKind};
use crate::model::{IndexData, Pointer};

/// The line of `"name":` in the text, so that errors can point at the index.
fn line_of_key(text: &str, name: &str) -> Option<usize> {
    let needle = format!("\"{name}\"");
    let at = text.find(&needle)?;
    Some(text[..at].bytes().filter(|&b| b == b'\n').count() + 1)
}

fn scalar(
    value: &JsonValue,
    path: &Path,
    name: &str,
    line: Option<usize>,
    pointer: u32,
) -> Result<char, DataError> {
    let err = |kind| {
        let e = DataError::new(kind, path)
            .in_index(name)
            .at_pointer(pointer);
        match line {
            Some(l) => e.at_line(l),
            None => e,
        }
    };
    let n =
        json::whole_u32(value).ok_or_else(|| err(ErrorKind::BadCodePoint(json::show(value))))?;
    char::from_u32(n).ok_or_else(|| err(ErrorKind::NotScalarValue(n)))
}

/// Parses the text of indexes.json into each index's name and entries, by name.
pub fn parse(text: &str, path: &Path) -> Result<Vec<(String, IndexData)>, DataError> {
    let root = json::parse(text, path)?;
    let root = json::object(&root)
        .ok_or_else(|| DataError::new(ErrorKind::Json("expected an object".into()), path))?;
    // By name, so that of several errors the same one is reported every time.
    let mut names: Vec<&String> = root.keys().collect();
    names.sort();
    let mut out = Vec::with_capacity(names.len());
    for name in names {
        let value = &root[name];
        let name = name.clone();
        let line = line_of_key(text, &name);
        let shape_err = |what: &str| {
            let e = DataError::new(ErrorKind::Json(what.to_string()), path).in_index(&name);
            match line {
                Some(l) => e.at_line(l),
                None => e,
            }
        };
        let items = json::array(value).ok_or_else(|| shape_err("expected an array"))?;
        let data = if name == "gb18030-ranges" {
            let mut ranges = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let pair = json::array(item).filter(|p| p.len() == 2).ok_or_else(|| {
                    shape_err(&format!("entry {i} is not a [pointer, code point] pair"))
                })?;
                let pointer: Pointer = json::whole_u32(&pair[0]).ok_or_else(|| {
                    let e = DataError::new(ErrorKind::BadPointer(json::show(&pair[0])), path)
                        .in_index(&name);
                    match line {
                        Some(l) => e.at_line(l),
                        None => e,
                    }
                })?;
                let c = scalar(&pair[1], path, &name, line, pointer)?;
                ranges.push((pointer, c));
            }
            IndexData::Ranges(ranges)
        } else {
            let mut pointers = Vec::with_capacity(items.len());
            for (p, item) in items.iter().enumerate() {
                pointers.push(if *item == JsonValue::Null {
                    None
                } else {
                    Some(scalar(item, path, &name, line, p as u32)?)
                });
            }
            IndexData::Pointers(pointers)
        };
        out.push((name, data));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pointers_and_ranges() {
        let text = "{\n\"ibm866\":[1040,null],\n\"gb18030-ranges\":[[0,128],[36,165]]\n}";
        let m = parse(text, Path::new("indexes.json")).unwrap();
        assert_eq!(
            m,
            [
                (
                    "gb18030-ranges".to_string(),
                    IndexData::Ranges(vec![(0, '\u{80}'), (36, '\u{A5}')])
                ),
                (
                    "ibm866".to_string(),
                    IndexData::Pointers(vec![Some('\u{410}'), None])
                ),
            ]
        );
    }

    #[test]
    fn surrogate_is_named_with_index_pointer_and_line() {
        let text = "{\n\"ibm866\":[1040,55296]\n}";
        let err = parse(text, Path::new("indexes.json")).unwrap_err();
        assert_eq!(err.kind, ErrorKind::NotScalarValue(0xD800));
        assert_eq!(err.to_string(), "indexes.json:2: index ibm866, pointer 1: code point U+D800 is not a Unicode scalar value");
    }

    #[test]
    fn non_number_code_point_is_rejected() {
        let err = parse("{\"ibm866\":[\"x\"]}", Path::new("indexes.json")).unwrap_err();
        assert!(matches!(err.kind, ErrorKind::BadCodePoint(_)));
    }

    #[test]
    fn truncated_is_rejected() {
        let err = parse("{\"ibm866\":[1040,", Path::new("indexes.json")).unwrap_err();
        assert!(matches!(err.kind, ErrorKind::Json(_)));
    }
}
