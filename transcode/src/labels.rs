//! Labels to encodings (section 4.2, "get an encoding"), and `--list`.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use whatwg_encoding::{data, Encoding, LabelError};

use crate::failure::Failure;

/// The encoding `label` names, or a usage error that says how to see the valid labels.
pub fn encoding_for(option: &str, label: &str) -> Result<&'static Encoding, Failure> {
    Encoding::lookup(label.as_bytes()).map_err(|error| {
        let why = match error {
            LabelError::Unknown => "is not a label of any encoding".to_owned(),
            LabelError::NotCompiledIn { name } => format!("names {name}, left out of this build"),
        };
        Failure::Usage(format!(
            "{option} {label:?} {why}; run `whatwg-transcode --list` for the encodings and their labels"
        ))
    })
}

/// The encoding to write for `-t label`: one with an encoder of its own. Replacement,
/// UTF-16BE and UTF-16LE have none (section 4.3 makes their output encoding UTF-8), so
/// asking for them is an error rather than a silent switch to UTF-8.
pub fn output_encoding_for(label: &str) -> Result<&'static Encoding, Failure> {
    let encoding = encoding_for("-t", label)?;
    if encoding.output_encoding() != encoding {
        return Err(Failure::Usage(format!(
            "-t {label:?}: the Encoding Standard defines no encoder for {} (its output \
             encoding is UTF-8, section 4.3); use -t utf-8",
            encoding.name()
        )));
    }
    Ok(encoding)
}

/// `--list`: every encoding of section 4.2 with its labels, one encoding a line.
pub fn print_list() -> ExitCode {
    let mut by_name: BTreeMap<String, (&str, Vec<&str>)> = BTreeMap::new();
    for &(label, name) in data::labels() {
        let entry = by_name
            .entry(name.to_ascii_lowercase())
            .or_insert((name, Vec::new()));
        entry.1.push(label);
    }
    let mut out = std::io::stdout().lock();
    for (name, labels) in by_name.values() {
        if writeln!(out, "{name}: {}", labels.join(", ")).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
