//! The command line: one module per subcommand, each with its clap `Args` and a
//! `run(args, format) -> Result<ExitCode, CliError>`. The library computes; these modules
//! only find the data, render reports and choose exit statuses.

mod check;
mod diff;
mod import;

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use encoding_gen::DataError;
use serde::Serialize;

/// Check, audit and import the WHATWG Encoding Standard's data files.
///
/// With no command: check the bundled data (indexes/) and audit it against the 2021 edition
/// (fixtures/whatwg-2021-02-26); exits 0 when the bundled data is valid.
#[derive(Debug, Parser)]
#[command(name = "encoding-gen", version)]
struct Cli {
    /// How to print reports.
    #[arg(long, value_enum, global = true, default_value_t = Format::Text)]
    format: Format,
    /// Print reports as JSON (the same as --format json).
    #[arg(long, global = true, conflicts_with = "format")]
    json: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate a data set and summarise it: encodings, indexes and the sizes of the tables
    /// the build emits. Exit status: 0 valid, 1 invalid.
    Check(check::Args),
    /// Audit what changed from OLD to NEW: indexes, pointers with their bytes and characters,
    /// encoder effects, labels. Exit status: 0 no change, 1 changes, 2 error.
    Diff(diff::Args),
    /// Validate an update and write the complete data set into DIR, then audit it. Exit
    /// status: 0 imported, 1 rejected (DIR is left as it was).
    ///
    /// The result is DIR's data with each file the update gives replacing the file of the same
    /// name; it must validate as a whole (index-*.txt and indexes.json must agree) before
    /// anything is written. It is written to DIR.tmp-PID beside DIR and renamed into place; a
    /// symbolic link at DIR is replaced by a directory, and what it pointed to is untouched.
    Import(import::Args),
}

/// How reports are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON document, for tools (see the report types of the library for the schema).
    Json,
}

/// Why a command could not do its job.
#[derive(Debug)]
pub enum CliError {
    /// Writing the report failed. A broken pipe is not a failure: see [`finish`].
    Output(io::Error),
    /// The data, or a file operation on it; the error names the file.
    Data(DataError),
    /// The command line asks for something that cannot be done.
    Usage(String),
    /// An import was rejected before anything was written.
    Rejected(Box<CliError>, PathBuf),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Output(e) => write!(f, "cannot write the report: {e}"),
            CliError::Data(e) => write!(f, "{e}"),
            CliError::Usage(s) => write!(f, "{s}"),
            CliError::Rejected(e, dir) => write!(
                f,
                "{e}\nimport rejected: nothing was written, {} is unchanged",
                dir.display()
            ),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Output(e)
    }
}

impl From<DataError> for CliError {
    fn from(e: DataError) -> Self {
        CliError::Data(e)
    }
}

/// Parses the command line, runs the command and turns its outcome into an exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let format = if cli.json { Format::Json } else { cli.format };
    match &cli.command {
        Some(Command::Check(args)) => finish(check::run(args, format), 1),
        Some(Command::Diff(args)) => finish(diff::run(args, format), 2),
        Some(Command::Import(args)) => finish(import::run(args, format), 1),
        None => finish(bundled(format), 1),
    }
}

/// The exit status of a command's outcome; failures print their error and exit `failure`.
fn finish(result: Result<ExitCode, CliError>, failure: u8) -> ExitCode {
    match result {
        Ok(code) => code,
        // `encoding-gen diff … | head` is a success.
        Err(CliError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "encoding-gen: {e}");
            ExitCode::from(failure)
        }
    }
}

/// The workspace root this binary was built from.
fn workspace_root() -> &'static Path {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest)
}

/// The directory the bundled paths are relative to: the current directory if it has an
/// `indexes` entry (the workspace root, usually), else the workspace root.
fn base_dir() -> PathBuf {
    if Path::new("indexes").exists() {
        PathBuf::new()
    } else {
        workspace_root().to_path_buf()
    }
}

/// `DIR` as given, or the bundled data directory `indexes/`.
pub fn data_dir(dir: Option<&Path>) -> PathBuf {
    match dir {
        Some(d) => d.to_path_buf(),
        None => base_dir().join("indexes"),
    }
}

/// The copy of the bundled data inside the runtime crate, `generated/indexes/`, when the
/// bundled data is that of this workspace: the whatwg-encoding package builds from it.
pub fn runtime_data_dir() -> Option<PathBuf> {
    let dir = base_dir().join("generated").join("indexes");
    dir.parent()?.join("Cargo.toml").is_file().then_some(dir)
}

/// The previous edition's data, kept in the repository as the audit's fixture.
fn baseline_dir() -> PathBuf {
    let rel = Path::new("fixtures/whatwg-2021-02-26");
    let from_base = base_dir().join(rel);
    if from_base.exists() {
        from_base
    } else {
        workspace_root().join(rel)
    }
}

/// Prints `value` as one pretty JSON document.
pub fn print_json(out: &mut impl Write, value: &impl Serialize) -> Result<(), CliError> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(|e| match e.io_error_kind() {
        Some(kind) => CliError::Output(io::Error::new(kind, e)),
        None => CliError::Usage(format!("cannot serialise the report: {e}")),
    })?;
    writeln!(out)?;
    Ok(())
}

/// The main job: check the bundled data, then audit it against the 2021 edition. Exits 0 when
/// the bundled data is valid (changes found by the audit are expected), 1 when it is not, 2
/// when the audit's baseline cannot be loaded.
fn bundled(format: Format) -> Result<ExitCode, CliError> {
    let dir = data_dir(None);
    let baseline = baseline_dir();
    let checked = check::report(&dir);
    let mut out = io::stdout().lock();
    if format == Format::Text {
        check::render(&mut out, &checked)?;
    }
    let Some((new, new_names)) = checked.loaded else {
        if format == Format::Json {
            print_json(
                &mut out,
                &serde_json::json!({ "check": checked.report, "audit": null }),
            )?;
        }
        return Ok(ExitCode::from(1));
    };
    let audit = encoding_gen::load_dir_with_names(&baseline).and_then(|(old, old_names)| {
        let mut names = old_names;
        names.extend(new_names);
        encoding_gen::diff::diff(&old, &new, &names)
    });
    let audit = match audit {
        Ok(a) => a,
        Err(e) => {
            if format == Format::Json {
                print_json(
                    &mut out,
                    &serde_json::json!({ "check": checked.report, "audit": null }),
                )?;
            }
            out.flush()?;
            let _ = writeln!(
                io::stderr(),
                "encoding-gen: cannot audit against the 2021 edition: {e}"
            );
            return Ok(ExitCode::from(2));
        }
    };
    match format {
        Format::Text => {
            writeln!(out)?;
            diff::render(&mut out, &audit)?;
        }
        Format::Json => print_json(
            &mut out,
            &serde_json::json!({ "check": checked.report, "audit": audit }),
        )?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
