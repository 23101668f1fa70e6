//! Labels to encodings (section 4.2, "get an encoding"), and `--list`.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use whatwg_encoding::{data, Encoding, LabelError, UTF_16BE, UTF_16LE};

use crate::failure::Failure;
use crate::sink::Target;
use crate::utf16::ByteOrder;

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

/// What to write for `-t label`: an encoding with an encoder of its own, or UTF-16LE or
/// UTF-16BE, which the standard gives no encoder (section 4.3 makes their output encoding
/// UTF-8) and the tool writes as an extension outside it. Replacement has no encoder either,
/// and asking for it is an error rather than a silent switch to UTF-8.
pub fn output_target_for(label: &str) -> Result<Target, Failure> {
    let encoding = encoding_for("-t", label)?;
    if encoding == UTF_16LE {
        return Ok(Target::Utf16(ByteOrder::Little));
    }
    if encoding == UTF_16BE {
        return Ok(Target::Utf16(ByteOrder::Big));
    }
    if encoding.output_encoding() != encoding {
        return Err(Failure::Usage(format!(
            "-t {label:?}: the Encoding Standard defines no encoder for {} (its output \
             encoding is UTF-8, section 4.3); use -t utf-8",
            encoding.name()
        )));
    }
    Ok(Target::Encoder(encoding))
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
