//! `encoding-gen check [DIR]`: validate a data set and summarise it.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use encoding_gen::layout::Configuration;
use encoding_gen::sizes::{self, TableKind, TableSize};
use encoding_gen::{CharNames, DataSet};
use serde::Serialize;

use super::{print_json, CliError, Format};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The data directory: encodings.json with indexes.json, index-*.txt files, or both.
    /// [default: indexes/]
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The value of [`CheckReport::format`].
pub const FORMAT: &str = "encoding-gen-check/4";

/// What `check` found, as printed by `--json`:
///
/// ```text
/// {"format": "encoding-gen-check/4", "dir": "<dir>", "valid": bool,
///  "error": str|null,                       // the first problem, "path:line: ..."
///  "encodings": [{"name": "Shift_JIS", "labels": 8,
///                 "indexes": [{"index": "jis0208", "entries": 7724,
///                              "identifier": str|null, "date": str|null}]}],
///  "tables": [{"table": "jis0208", "configuration": "default"|"compact"|"both",
///              "kind": "decode"|"plane2"|"ranges"|"part"|"encode"|"exceptions"
///                      |"side_table"|"remap",
///              "layout": str, "part": str, "len": n, "pilots": n, "remap": n, "bytes": n}],
///  "total_bytes": {"default": n, "compact": n}}
/// ```
#[derive(Debug, Serialize)]
pub struct CheckReport {
    pub format: &'static str,
    pub dir: String,
    pub valid: bool,
    pub error: Option<String>,
    pub encodings: Vec<EncodingSummary>,
    pub tables: Vec<TableSize>,
    pub total_bytes: Totals,
}

#[derive(Debug, Default, Serialize)]
pub struct Totals {
    pub default: usize,
    pub compact: usize,
}

#[derive(Debug, Serialize)]
pub struct EncodingSummary {
    pub name: String,
    pub labels: usize,
    pub indexes: Vec<IndexSummary>,
}

#[derive(Debug, Serialize)]
pub struct IndexSummary {
    pub index: String,
    pub entries: usize,
    pub identifier: Option<String>,
    pub date: Option<String>,
}

/// The report, and the data set when it is valid.
pub struct Checked {
    pub report: CheckReport,
    pub loaded: Option<(DataSet, CharNames)>,
}

fn summarise(set: &DataSet) -> Vec<EncodingSummary> {
    set.encodings
        .iter()
        .map(|e| {
            let indexes = encoding_gen::spec::encoding(&e.name)
                .map(|s| s.indexes)
                .unwrap_or_default();
            EncodingSummary {
                name: e.name.clone(),
                labels: e.labels.len(),
                indexes: indexes
                    .iter()
                    .filter_map(|name| set.index(name))
                    .map(|i| IndexSummary {
                        index: i.name.clone(),
                        entries: i.data.entry_count(),
                        identifier: i.meta.identifier.clone(),
                        date: i.meta.date.clone(),
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Loads, validates and measures the data set in `dir`.
pub fn report(dir: &Path) -> Checked {
    let loaded = encoding_gen::load_dir_with_names(dir)
        .and_then(|(set, names)| Ok((sizes::table_sizes(&set)?, set, names)));
    let mut report = CheckReport {
        format: FORMAT,
        dir: dir.display().to_string(),
        valid: false,
        error: None,
        encodings: Vec::new(),
        tables: Vec::new(),
        total_bytes: Totals::default(),
    };
    match loaded {
        Ok((tables, set, names)) => {
            report.valid = true;
            report.encodings = summarise(&set);
            report.total_bytes = Totals {
                default: sizes::total(&tables, Configuration::Default),
                compact: sizes::total(&tables, Configuration::Compact),
            };
            report.tables = tables;
            Checked {
                report,
                loaded: Some((set, names)),
            }
        }
        Err(e) => {
            report.error = Some(e.to_string());
            Checked {
                report,
                loaded: None,
            }
        }
    }
}

/// The text rendering; the error of invalid data goes to stderr.
pub fn render(out: &mut impl Write, checked: &Checked) -> Result<(), CliError> {
    let r = &checked.report;
    let Some((set, _)) = &checked.loaded else {
        writeln!(out, "{}: INVALID", r.dir)?;
        out.flush()?;
        if let Some(e) = &r.error {
            let _ = writeln!(io::stderr(), "encoding-gen: {e}");
        }
        return Ok(());
    };
    let labels: usize = r.encodings.iter().map(|e| e.labels).sum();
    writeln!(
        out,
        "{}: valid: {} encodings, {} labels, {} indexes",
        r.dir,
        r.encodings.len(),
        labels,
        set.indexes.len()
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<16} {:>6}  {:<22} {:>7}  {:<10}  identifier",
        "encoding", "labels", "index", "entries", "date"
    )?;
    for e in &r.encodings {
        if e.indexes.is_empty() {
            writeln!(out, "{:<16} {:>6}  -", e.name, e.labels)?;
        }
        for (i, index) in e.indexes.iter().enumerate() {
            let (name, labels) = if i == 0 {
                (e.name.as_str(), e.labels.to_string())
            } else {
                ("", String::new())
            };
            writeln!(
                out,
                "{:<16} {:>6}  {:<22} {:>7}  {:<10}  {}",
                name,
                labels,
                index.index,
                index.entries,
                index.date.as_deref().unwrap_or("-"),
                index.identifier.as_deref().unwrap_or("-")
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Tables the build emits (configuration: both, or the default features and `compact`):"
    )?;
    writeln!(
        out,
        "{:<14} {:<7} {:<10} {:>6}  {:>7}  {:<40} part",
        "table", "config", "kind", "len", "bytes", "layout"
    )?;
    for t in &r.tables {
        render_table(out, t)?;
    }
    writeln!(
        out,
        "total: {} bytes with the default features, {} with `compact`",
        r.total_bytes.default, r.total_bytes.compact
    )?;
    out.flush()?;
    Ok(())
}

fn render_table(out: &mut impl Write, t: &TableSize) -> io::Result<()> {
    let kind = match t.kind {
        TableKind::Decode => "decode",
        TableKind::Plane2 => "plane2",
        TableKind::Ranges => "ranges",
        TableKind::Part => "part",
        TableKind::Encode => "encode",
        TableKind::Exceptions => "exceptions",
        TableKind::SideTable => "side",
        TableKind::Remap => "remap",
    };
    let mut layout = t.layout.clone();
    if t.kind == TableKind::Encode {
        layout += &format!(" ({}+{} hash)", t.pilots, t.remap);
    }
    writeln!(
        out,
        "{:<14} {:<7} {:<10} {:>6}  {:>7}  {:<40} {}",
        t.table, t.configuration, kind, t.len, t.bytes, layout, t.part
    )
}

pub fn run(args: &Args, format: Format) -> Result<ExitCode, CliError> {
    let dir = super::data_dir(args.dir.as_deref());
    let checked = report(&dir);
    let mut out = io::stdout().lock();
    match format {
        Format::Text => render(&mut out, &checked)?,
        Format::Json => print_json(&mut out, &checked.report)?,
    }
    out.flush()?;
    Ok(if checked.report.valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
