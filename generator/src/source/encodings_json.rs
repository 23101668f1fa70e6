//! `encodings.json`: the encodings and their labels (section 4.2), grouped under headings.

use std::path::Path;

use serde::Deserialize;

use crate::error::{DataError, ErrorKind};
use crate::model::EncodingDef;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Group {
    encodings: Vec<Entry>,
    heading: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    labels: Vec<String>,
    name: String,
}

/// Parses the text of encodings.json; `path` is only used in errors.
pub fn parse(text: &str, path: &Path) -> Result<Vec<EncodingDef>, DataError> {
    let groups: Vec<Group> = serde_json::from_str(text).map_err(|e| {
        DataError::new(ErrorKind::Json(e.to_string()), path).at_line(e.line().max(1))
    })?;
    Ok(groups
        .into_iter()
        .flat_map(|g| {
            let heading = g.heading;
            g.encodings.into_iter().map(move |e| EncodingDef {
                name: e.name,
                labels: e.labels,
                heading: heading.clone(),
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_group() {
        let text = r#"[{"encodings": [{"labels": ["unicode-1-1-utf-8", "utf-8"], "name": "UTF-8"}],
                        "heading": "The Encoding"}]"#;
        let defs = parse(text, Path::new("encodings.json")).unwrap();
        assert_eq!(defs.len(), 1);
        assert_eq!(defs[0].name, "UTF-8");
        assert_eq!(defs[0].labels, ["unicode-1-1-utf-8", "utf-8"]);
        assert_eq!(defs[0].heading, "The Encoding");
    }

    #[test]
    fn rejects_truncated_json_with_its_line() {
        let err = parse("[{\"encodings\": [\n", Path::new("encodings.json")).unwrap_err();
        assert!(matches!(err.kind, ErrorKind::Json(_)));
        assert_eq!(err.line, Some(2));
        assert!(err
            .to_string()
            .starts_with("encodings.json:2: malformed JSON"));
    }
}
