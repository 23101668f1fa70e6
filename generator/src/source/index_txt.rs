//! `index-NAME.txt`: the human-readable form of one index. A comment header carries the
//! index's `Identifier:` and `Date:`; each other line is `pointer<TAB>0xCODE[<TAB>char (NAME)]`.

use std::path::Path;

use crate::error::{DataError, ErrorKind};
use crate::model::{IndexMeta, Pointer};

/// One entry line: pointer, code point, the character's name when the line gives one, and the
/// line it was on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxtEntry {
    /// The first column: the pointer.
    pub pointer: Pointer,
    /// The second column: the code point at that pointer.
    pub code_point: char,
    /// The name in the third column, `CHAR (NAME)`: a Unicode name such as `IDEOGRAPHIC SPACE`,
    /// or a label such as `<control>` or `<CJK Ideograph>`, as the file has it. Names are
    /// informational (for audits): a missing or oddly shaped column is not an error.
    pub name: Option<String>,
    /// The line of the file, 1-based, for errors.
    pub line: usize,
}

/// A parsed `index-*.txt` file, entries in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxtIndex {
    /// The comment header.
    pub meta: IndexMeta,
    /// One per mapping line.
    pub entries: Vec<TxtEntry>,
}

/// The index name of a file name: `index-jis0208.txt` -> `jis0208`.
pub fn index_name_of(file_name: &str) -> Option<&str> {
    file_name.strip_prefix("index-")?.strip_suffix(".txt")
}

/// The name in a third column of the form `CHAR (NAME)`.
fn parse_name(field: &str) -> Option<String> {
    let open = field.find(" (")?;
    let name = field[open + 2..].trim_end().strip_suffix(')')?;
    (!name.is_empty()).then(|| name.to_string())
}

fn parse_code_point(field: &str) -> Result<u32, ErrorKind> {
    let hex = field
        .strip_prefix("0x")
        .filter(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| ErrorKind::BadCodePoint(field.to_string()))?;
    u32::from_str_radix(hex, 16).map_err(|_| ErrorKind::BadCodePoint(field.to_string()))
}

/// Parses the text of one index file. `index` names the index in errors.
pub fn parse(text: &str, path: &Path, index: &str) -> Result<TxtIndex, DataError> {
    parse_with(text, path, index, true)
}

/// [`parse`] without the characters' names (every entry's `name` is None): what a build
/// needs, without a string for each of the 70,000 entries of the standard's indexes.
pub fn parse_without_names(text: &str, path: &Path, index: &str) -> Result<TxtIndex, DataError> {
    parse_with(text, path, index, false)
}

fn parse_with(text: &str, path: &Path, index: &str, names: bool) -> Result<TxtIndex, DataError> {
    let mut meta = IndexMeta::default();
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |kind| DataError::new(kind, path).at_line(line).in_index(index);
        if let Some(comment) = raw.strip_prefix('#') {
            let comment = comment.trim();
            if let Some(v) = comment.strip_prefix("Identifier:") {
                meta.identifier = Some(v.trim().to_string());
            } else if let Some(v) = comment.strip_prefix("Date:") {
                meta.date = Some(v.trim().to_string());
            }
            continue;
        }
        if raw.trim().is_empty() {
            continue;
        }
        let mut fields = raw.split('\t');
        let pointer_field = fields.next().unwrap_or("").trim();
        let code_field = fields.next().ok_or_else(|| {
            err(ErrorKind::Syntax(format!(
                "expected pointer, a tab, then a code point, found {raw:?}"
            )))
        })?;
        if pointer_field.is_empty() || !pointer_field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(ErrorKind::BadPointer(pointer_field.to_string())));
        }
        let pointer: Pointer = pointer_field
            .parse()
            .map_err(|_| err(ErrorKind::BadPointer(pointer_field.to_string())))?;
        let n = parse_code_point(code_field.trim()).map_err(|k| err(k).at_pointer(pointer))?;
        let code_point = char::from_u32(n)
            .ok_or_else(|| err(ErrorKind::NotScalarValue(n)).at_pointer(pointer))?;
        let name = fields.next().filter(|_| names).and_then(parse_name);
        entries.push(TxtEntry {
            pointer,
            code_point,
            name,
            line,
        });
    }
    Ok(TxtIndex { meta, entries })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# For details on index index-jis0208.txt see the Encoding Standard\n\
        # https://encoding.spec.whatwg.org/\n\
        #\n\
        # Identifier: cbaa91f3deb7d0841faf5c33041fc15a285da0e87e64ab802c4bf04b7c4da861\n\
        # Date: 2024-09-18\n\
        \n\
        \x20   0\t0x3000\t\u{3000} (IDEOGRAPHIC SPACE)\n\
        \x20   1\t0x3001\t\u{3001} (IDEOGRAPHIC COMMA)\n";

    fn parse_sample(text: &str) -> Result<TxtIndex, DataError> {
        parse(text, Path::new("index-jis0208.txt"), "jis0208")
    }

    #[test]
    fn parses_header_and_entries_from_the_real_file() {
        let idx = parse_sample(SAMPLE).unwrap();
        assert_eq!(idx.meta.date.as_deref(), Some("2024-09-18"));
        assert_eq!(
            idx.meta.identifier.as_deref(),
            Some("cbaa91f3deb7d0841faf5c33041fc15a285da0e87e64ab802c4bf04b7c4da861")
        );
        assert_eq!(
            idx.entries,
            [
                TxtEntry {
                    pointer: 0,
                    code_point: '\u{3000}',
                    name: Some("IDEOGRAPHIC SPACE".into()),
                    line: 7
                },
                TxtEntry {
                    pointer: 1,
                    code_point: '\u{3001}',
                    name: Some("IDEOGRAPHIC COMMA".into()),
                    line: 8
                }
            ]
        );
    }

    #[test]
    fn without_names_the_entries_are_the_same() {
        let idx = parse_without_names(SAMPLE, Path::new("index-jis0208.txt"), "jis0208").unwrap();
        let named = parse_sample(SAMPLE).unwrap();
        assert_eq!(idx.meta, named.meta);
        assert_eq!(idx.entries.len(), 2);
        for (a, b) in idx.entries.iter().zip(&named.entries) {
            assert_eq!(
                (a.pointer, a.code_point, a.line),
                (b.pointer, b.code_point, b.line)
            );
            assert_eq!(a.name, None);
        }
    }

    #[test]
    fn ranges_lines_have_no_character_column() {
        let idx = parse("  36\t0x00A5\n", Path::new("r.txt"), "gb18030-ranges").unwrap();
        assert_eq!(idx.entries[0].pointer, 36);
        assert_eq!(idx.entries[0].code_point, '\u{A5}');
        assert_eq!(idx.entries[0].name, None);
    }

    #[test]
    fn names_as_the_files_give_them() {
        // Lines of index-gb18030.txt (2021 and current editions) and index-iso-8859-2.txt.
        let text = " 7182\t0xE78D\t\u{E78D} (<Private Use>)\n\
                    23775\t0x9FB4\t\u{9FB4} (<CJK Ideograph>)\n\
                    7202\t0xFE18\t\u{FE18} (PRESENTATION FORM FOR VERTICAL RIGHT WHITE LENTICULAR BRAKCET)\n\
                    \x20 0\t0x0080\t\u{80} (<control>)\n";
        let idx = parse(text, Path::new("t.txt"), "gb18030").unwrap();
        let names: Vec<_> = idx.entries.iter().map(|e| e.name.as_deref()).collect();
        assert_eq!(
            names,
            [
                Some("<Private Use>"),
                Some("<CJK Ideograph>"),
                Some("PRESENTATION FORM FOR VERTICAL RIGHT WHITE LENTICULAR BRAKCET"),
                Some("<control>")
            ]
        );
        // A third column without a parenthesised name gives no name, not an error.
        let idx = parse("5\t0x3000\t\u{3000}\n", Path::new("t.txt"), "jis0208").unwrap();
        assert_eq!(idx.entries[0].name, None);
    }

    #[test]
    fn line_without_tab() {
        let err = parse_sample("0 0x3000\n").unwrap_err();
        assert!(matches!(err.kind, ErrorKind::Syntax(_)));
        assert_eq!(err.line, Some(1));
        assert!(err
            .to_string()
            .starts_with("index-jis0208.txt:1: index jis0208, malformed line"));
    }

    #[test]
    fn non_decimal_pointer() {
        let err = parse_sample("\n0x10\t0x3000\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadPointer("0x10".into()));
        assert_eq!(err.line, Some(2));
    }

    #[test]
    fn non_hex_code_point() {
        let err = parse_sample("5\t0x30G0\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadCodePoint("0x30G0".into()));
        assert_eq!(err.pointer, Some(5));
    }

    #[test]
    fn out_of_range_and_surrogate_code_points() {
        let err = parse_sample("5\t0x110000\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::NotScalarValue(0x110000));
        let err = parse_sample("5\t0xDC00\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::NotScalarValue(0xDC00));
        assert_eq!(
            err.to_string(),
            "index-jis0208.txt:1: index jis0208, pointer 5: code point U+DC00 is not a Unicode scalar value"
        );
    }

    #[test]
    fn file_names() {
        assert_eq!(
            index_name_of("index-gb18030-ranges.txt"),
            Some("gb18030-ranges")
        );
        assert_eq!(index_name_of("indexes.json"), None);
    }
}
