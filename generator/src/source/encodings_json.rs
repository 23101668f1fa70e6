//! `encodings.json`: the encodings and their labels (section 4.2), grouped under headings.

use std::path::Path;

use super::json::{self, JsonValue};
use crate::error::{DataError, ErrorKind};
use crate::model::EncodingDef;

/// Parses the text of encodings.json; `path` is only used in errors.
///
/// The file is an array of groups `{"encodings": [{"labels": [...], "name": ...}, ...],
/// "heading": ...}`; a member that is missing, of the wrong type or not one of these is an
/// error.
pub fn parse(text: &str, path: &Path) -> Result<Vec<EncodingDef>, DataError> {
    let root = json::parse(text, path)?;
    let shape = |what: String| DataError::new(ErrorKind::Json(what), path);
    let groups = json::array(&root).ok_or_else(|| shape("expected an array of groups".into()))?;
    let mut defs = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let [encodings, heading] = members(group, ["encodings", "heading"])
            .map_err(|e| shape(format!("group {g}: {e}")))?;
        let heading = string(heading).map_err(|e| shape(format!("group {g}: heading: {e}")))?;
        let encodings = json::array(encodings)
            .ok_or_else(|| shape(format!("group {g}: encodings: expected an array")))?;
        for (i, entry) in encodings.iter().enumerate() {
            let at = |e: String| shape(format!("group {g}, encoding {i}: {e}"));
            let [labels, name] = members(entry, ["labels", "name"]).map_err(at)?;
            let name = string(name).map_err(|e| at(format!("name: {e}")))?;
            let labels = json::array(labels)
                .ok_or_else(|| at("labels: expected an array".into()))?
                .iter()
                .map(|l| string(l).map_err(|e| at(format!("label: {e}"))))
                .collect::<Result<_, _>>()?;
            defs.push(EncodingDef {
                name,
                labels,
                heading: heading.clone(),
            });
        }
    }
    Ok(defs)
}

/// The members `names` of an object that has exactly those members.
fn members<'a, const N: usize>(
    value: &'a JsonValue,
    names: [&str; N],
) -> Result<[&'a JsonValue; N], String> {
    let object = json::object(value).ok_or("expected an object")?;
    let mut unknown: Vec<&String> = object
        .keys()
        .filter(|k| !names.contains(&k.as_str()))
        .collect();
    unknown.sort();
    if let Some(unknown) = unknown.first() {
        return Err(format!("unknown member `{unknown}`"));
    }
    let mut out = [value; N];
    for (slot, name) in out.iter_mut().zip(names) {
        *slot = object
            .get(name)
            .ok_or_else(|| format!("missing member `{name}`"))?;
    }
    Ok(out)
}

fn string(value: &JsonValue) -> Result<String, String> {
    json::string(value)
        .map(str::to_string)
        .ok_or_else(|| "expected a string".into())
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

    #[test]
    fn rejects_unknown_and_missing_members() {
        let unknown =
            r#"[{"encodings": [{"labels": [], "name": "UTF-8", "x": 1}], "heading": ""}]"#;
        let err = parse(unknown, Path::new("encodings.json")).unwrap_err();
        assert_eq!(
            err.kind,
            ErrorKind::Json("group 0, encoding 0: unknown member `x`".into())
        );
        let missing = r#"[{"encodings": []}]"#;
        let err = parse(missing, Path::new("encodings.json")).unwrap_err();
        assert_eq!(
            err.kind,
            ErrorKind::Json("group 0: missing member `heading`".into())
        );
        let not_a_string = r#"[{"encodings": [{"labels": [1], "name": "UTF-8"}], "heading": ""}]"#;
        let err = parse(not_a_string, Path::new("encodings.json")).unwrap_err();
        assert_eq!(
            err.kind,
            ErrorKind::Json("group 0, encoding 0: label: expected a string".into())
        );
    }
}
