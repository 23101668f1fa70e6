//! The JSON of `encodings.json` and `indexes.json`, read with tinyjson.
//!
//! tinyjson (no dependencies, no unsafe code) rather than serde_json because every user's
//! build reads encodings.json through the proc macros: serde_json and serde_core, with
//! memchr, itoa, zmij and three build scripts, were about a third of the CPU time of a
//! user's clean build of whatwg-encoding (see downstream/README.md), tinyjson a few
//! hundredths of a second. Writing JSON (the command line's reports) is left to serde_json.

use std::collections::HashMap;
use std::path::Path;

pub use tinyjson::JsonValue;

use crate::error::{DataError, ErrorKind};

/// Parses `text`, naming `path` and the line in a syntax error.
pub fn parse(text: &str, path: &Path) -> Result<JsonValue, DataError> {
    text.parse::<JsonValue>().map_err(|e| {
        // The message without tinyjson's "Parse error at line:L, col:C: " prefix: the line
        // is the error's own. tinyjson's column counts the characters before the error.
        let shown = e.to_string();
        let message = shown.split_once(": ").map_or(shown.as_str(), |(_, m)| m);
        DataError::new(
            ErrorKind::Json(format!("{message} (column {})", e.column() + 1)),
            path,
        )
        .at_line(e.line().max(1))
    })
}

/// The elements of an array.
pub fn array(value: &JsonValue) -> Option<&[JsonValue]> {
    value.get::<Vec<JsonValue>>().map(Vec::as_slice)
}

/// The members of an object.
pub fn object(value: &JsonValue) -> Option<&HashMap<String, JsonValue>> {
    value.get::<HashMap<String, JsonValue>>()
}

/// The value of a string.
pub fn string(value: &JsonValue) -> Option<&str> {
    value.get::<String>().map(String::as_str)
}

/// The value of a number that is a whole number from 0 to `u32::MAX`.
pub fn whole_u32(value: &JsonValue) -> Option<u32> {
    let n = *value.get::<f64>()?;
    (n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n)).then_some(n as u32)
}

/// `value` as JSON text, for error messages.
pub fn show(value: &JsonValue) -> String {
    value.stringify().unwrap_or_else(|_| format!("{value:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_name_the_line_and_column() {
        let e = parse("[1,\n 2,", Path::new("x.json")).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert_eq!(
            e.to_string(),
            "x.json:2: malformed JSON: Unexpected EOF (column 4)"
        );
    }

    #[test]
    fn whole_numbers_only() {
        let v = parse("[0, 65535, 1.5, -1, 4294967296, \"1\"]", Path::new("x")).unwrap();
        let n: Vec<_> = array(&v).unwrap().iter().map(whole_u32).collect();
        assert_eq!(n, [Some(0), Some(65535), None, None, None, None]);
        assert_eq!(show(&array(&v).unwrap()[5]), "\"1\"");
    }
}
