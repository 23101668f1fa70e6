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
    // Without carriage returns, lines end at each newline exactly as `str::lines` ends them,
    // and are found by the byte loop below; with one, `str::lines` finds them.
    if text.as_bytes().contains(&b'\r') {
        for (i, raw) in text.lines().enumerate() {
            parse_line(raw, i + 1, names, &mut meta, &mut entries)
                .map_err(|e| e.in_file(path, index))?;
        }
        return Ok(TxtIndex { meta, entries });
    }
    let bytes = text.as_bytes();
    let (mut start, mut line) = (0, 0);
    while start < bytes.len() {
        line += 1;
        let entry = entry_line(&bytes[start..]);
        let mut end = start + entry.map_or(0, |(_, _, len)| len);
        while end < bytes.len() && bytes[end] != b'\n' {
            end += 1;
        }
        match entry {
            Some((pointer, code_point, len)) => entries.push(TxtEntry {
                pointer,
                code_point,
                name: if names {
                    text[start + len..end]
                        .strip_prefix('\t')
                        .and_then(|rest| rest.split('\t').next())
                        .and_then(parse_name)
                } else {
                    None
                },
                line,
            }),
            None => parse_line(&text[start..end], line, names, &mut meta, &mut entries)
                .map_err(|e| e.in_file(path, index))?,
        }
        start = end + 1;
    }
    Ok(TxtIndex { meta, entries })
}

/// An entry line as the standard's files write it, read a byte at a time: spaces, a decimal
/// pointer of at most nine digits, a tab, `0x` and at most six hex digits that make a scalar
/// value, then the end of the line or a tab. The pointer, the code point and the length of
/// what was read; None for any other line, which [`parse_line`] reads (and reports).
///
/// The proc macros parse the 77,000 lines of the indexes on every build, unoptimised: there
/// `str::trim` and `str::split` cost hundreds of instructions a line, this loop a few dozen.
fn entry_line(line: &[u8]) -> Option<(Pointer, char, usize)> {
    let mut i = 0;
    while i < line.len() && line[i] == b' ' {
        i += 1;
    }
    let digits = i;
    let mut pointer: Pointer = 0;
    while i < line.len() && i - digits < 9 {
        let digit = match line[i] {
            b @ b'0'..=b'9' => b - b'0',
            _ => break,
        };
        pointer = pointer * 10 + Pointer::from(digit);
        i += 1;
    }
    if i == digits || i + 2 >= line.len() || line[i] != b'\t' {
        return None;
    }
    if line[i + 1] != b'0' || line[i + 2] != b'x' {
        return None;
    }
    i += 3;
    let hex = i;
    let mut n = 0u32;
    while i < line.len() && i - hex < 6 {
        let digit = match line[i] {
            b @ b'0'..=b'9' => b - b'0',
            b @ b'a'..=b'f' => b - b'a' + 10,
            b @ b'A'..=b'F' => b - b'A' + 10,
            _ => break,
        };
        n = n * 16 + u32::from(digit);
        i += 1;
    }
    if i == hex || (i < line.len() && line[i] != b'\t' && line[i] != b'\n') {
        return None;
    }
    Some((pointer, char::from_u32(n)?, i))
}

/// What a line's error lacks until [`parse_with`] adds it.
struct LineError {
    kind: ErrorKind,
    line: usize,
    pointer: Option<Pointer>,
}

impl LineError {
    fn in_file(self, path: &Path, index: &str) -> DataError {
        let e = DataError::new(self.kind, path)
            .at_line(self.line)
            .in_index(index);
        match self.pointer {
            Some(p) => e.at_pointer(p),
            None => e,
        }
    }
}

/// One line of any shape: a comment (the header's `Identifier:` and `Date:` go to `meta`),
/// a blank line, or an entry, pushed to `entries`.
fn parse_line(
    raw: &str,
    line: usize,
    names: bool,
    meta: &mut IndexMeta,
    entries: &mut Vec<TxtEntry>,
) -> Result<(), LineError> {
    let err = |kind| LineError {
        kind,
        line,
        pointer: None,
    };
    if let Some(comment) = raw.strip_prefix('#') {
        let comment = comment.trim();
        if let Some(v) = comment.strip_prefix("Identifier:") {
            meta.identifier = Some(v.trim().to_string());
        } else if let Some(v) = comment.strip_prefix("Date:") {
            meta.date = Some(v.trim().to_string());
        }
        return Ok(());
    }
    if raw.trim().is_empty() {
        return Ok(());
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
    let at_pointer = |kind| LineError {
        kind,
        line,
        pointer: Some(pointer),
    };
    let n = parse_code_point(code_field.trim()).map_err(at_pointer)?;
    let code_point = char::from_u32(n).ok_or_else(|| at_pointer(ErrorKind::NotScalarValue(n)))?;
    let name = fields.next().filter(|_| names).and_then(parse_name);
    entries.push(TxtEntry {
        pointer,
        code_point,
        name,
        line,
    });
    Ok(())
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
    fn entry_lines_read_a_byte_at_a_time_as_the_general_reader_reads_them() {
        // With CRLF line ends every line goes through the general reader (`parse_line`); with
        // LF ends those of the usual shape are read by `entry_line`. Both must agree on every
        // line, the unusual ones included, errors and all.
        let lines = [
            "    0\t0x3000\t\u{3000} (IDEOGRAPHIC SPACE)",
            "1\t0x3001",
            "  2\t0x3002\t",
            "3\t0x3003\t\u{3003} (DITTO MARK)\textra\t(X)",
            "  4\t0x3004 \t\u{3004} (A)",
            "5 \t0x3005",
            "\t6\t0x3006",
            "007\t0x0041\tA (LATIN CAPITAL LETTER A)",
            "123456789\t0x10FFFF",
            "1234567890\t0x41",
            "99999999999\t0x41",
            "8\t0x00004E00",
            "9\t0x1F600\t\u{1F600} (GRINNING FACE)",
            "10\t0X3000",
            "11\t0x",
            "12\t0x30g0",
            "13\t0xD800",
            "14\t0x110000",
            "15\t 0x3000",
            "16\t0xabcdef",
            "17\t0x00aBcD",
            "",
            "   ",
            "# Identifier: abc",
            "#Date: 2024-01-01",
            " # not a comment",
            "18",
            "x\t0x41",
            "+19\t0x41",
        ];
        for line in lines {
            for text in [
                format!("{line}\n"),
                format!("1\t0x41\n{line}"),
                format!("#\n{line}"),
            ] {
                let lf = parse(&text, Path::new("t.txt"), "t");
                let crlf = parse(&text.replace('\n', "\r\n"), Path::new("t.txt"), "t");
                assert_eq!(lf, crlf, "{text:?}");
                let lf = parse_without_names(&text, Path::new("t.txt"), "t");
                let crlf =
                    parse_without_names(&text.replace('\n', "\r\n"), Path::new("t.txt"), "t");
                assert_eq!(lf, crlf, "{text:?}");
            }
        }
        assert_eq!(entry_line(b"  12\t0x4E00\tx"), Some((12, '\u{4E00}', 11)));
        assert_eq!(entry_line(b"12\t0x4E00\n"), Some((12, '\u{4E00}', 9)));
        assert_eq!(entry_line(b"12\t0xD800"), None);
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
