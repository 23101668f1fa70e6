//! `encoding-gen import SRC... [--into DIR]`: take in a WHATWG update.
//!
//! What is imported: each SRC is a directory (a checkout of the standard's repository, or any
//! directory holding its data files; other files in it are ignored) or a single data file
//! (`encodings.json`, `indexes.json`, `index-NAME.txt`). The result is DIR's current data
//! set with every file the update gives replacing the file of the same name (or added);
//! files the update does not give are kept as they are, and so are DIR's other files. An
//! update given as individual files therefore replaces just those files, and the complete
//! result must validate: a new `indexes.json` with DIR's old `index-*.txt` files that do not
//! agree with it is rejected, naming the first pointer where they differ.
//!
//! How it is written: everything is read into memory and validated (parsed, txt and JSON
//! cross-checked, checked against the standard's facts) before anything is written. The
//! complete data set is then written to `DIR.tmp-PID` beside DIR, loaded again from there,
//! and renamed into place: DIR is renamed to `DIR.old-PID`, the new directory to DIR, and the
//! old one removed. If DIR is a symbolic link, the link itself is replaced by a directory
//! holding the imported data, and what it pointed to is left untouched: that is what a
//! maintainer committing an update wants.
//!
//! Without `--into`, the bundled data `indexes/` is updated together with its copy
//! `generated/indexes/`, the directory the runtime crate builds from (a crate's package holds
//! only files inside its own folder): both are staged and validated before either is swapped
//! in, so that they cannot drift apart.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use encoding_gen::diff::{diff, DiffReport};
use encoding_gen::error::ErrorKind;
use encoding_gen::load::{load_dir_with_names, load_sources, SourceFile, Sources};
use encoding_gen::source::index_txt;
use encoding_gen::{CharNames, DataError, DataSet};
use serde::Serialize;

use super::{print_json, CliError, Format};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The update: a directory of the WHATWG data files (a checkout of the standard's
    /// repository), or individual encodings.json, indexes.json and index-*.txt files.
    #[arg(value_name = "SRC", required = true)]
    pub sources: Vec<PathBuf>,
    /// The data directory to update. [default: indexes/]
    #[arg(long, value_name = "DIR")]
    pub into: Option<PathBuf>,
}

/// What `import --json` prints: `{"format": "encoding-gen-import/1", "target": "<dir>",
/// "files": ["<file name>", ...] (the files the update gave), "replaced_symlink": bool,
/// "audit": DiffReport | null, "audit_error": str|null}`; `audit` compares DIR before and
/// after, and is null (with `audit_error`) when DIR held no valid data set before.
#[derive(Debug, Serialize)]
struct ImportReport {
    format: &'static str,
    target: String,
    files: Vec<String>,
    replaced_symlink: bool,
    audit: Option<DiffReport>,
    audit_error: Option<String>,
}

fn io_error(path: &Path, e: io::Error) -> CliError {
    CliError::Data(DataError::new(ErrorKind::Io(e.to_string()), path))
}

/// Whether a file name is one of the standard's data files.
fn is_data_file(name: &str) -> bool {
    name == "encodings.json" || name == "indexes.json" || index_txt::index_name_of(name).is_some()
}

/// The update's data files, by file name.
fn update_files(sources: &[PathBuf]) -> Result<BTreeMap<String, PathBuf>, CliError> {
    let mut files: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut add = |name: String, path: PathBuf| match files.get(&name) {
        Some(first) => Err(CliError::Usage(format!(
            "the update gives {name} twice: {} and {}",
            first.display(),
            path.display()
        ))),
        None => {
            files.insert(name, path);
            Ok(())
        }
    };
    for src in sources {
        let meta = fs::metadata(src).map_err(|e| io_error(src, e))?;
        if meta.is_dir() {
            let mut found = 0;
            for entry in fs::read_dir(src).map_err(|e| io_error(src, e))? {
                let entry = entry.map_err(|e| io_error(src, e))?;
                let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                    continue;
                };
                if is_data_file(&name) {
                    found += 1;
                    add(name, entry.path())?;
                }
            }
            if found == 0 {
                return Err(CliError::Usage(format!(
                    "{} holds no data file (encodings.json, indexes.json, index-*.txt)",
                    src.display()
                )));
            }
        } else {
            let name = src
                .file_name()
                .and_then(|n| n.to_str())
                .filter(|n| is_data_file(n))
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "{}: not a data file of the standard (encodings.json, indexes.json or index-NAME.txt)",
                        src.display()
                    ))
                })?;
            add(name.to_string(), src.clone())?;
        }
    }
    Ok(files)
}

/// DIR's current files: data files by name, and the other files (kept as they are).
type Current = (BTreeMap<String, PathBuf>, Vec<(String, PathBuf)>);

fn current_files(dir: &Path) -> Result<Current, CliError> {
    let (mut data, mut other) = (BTreeMap::new(), Vec::new());
    if !dir.exists() {
        return Ok((data, other));
    }
    for entry in fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
        let entry = entry.map_err(|e| io_error(dir, e))?;
        let path = entry.path();
        let meta = fs::metadata(&path).map_err(|e| io_error(&path, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !meta.is_file() {
            return Err(CliError::Usage(format!(
                "{}: import only handles a directory of plain files, and this is not one",
                path.display()
            )));
        }
        if is_data_file(&name) {
            data.insert(name, path);
        } else {
            other.push((name, path));
        }
    }
    Ok((data, other))
}

/// Reads the merged files and validates the data set they make.
fn read_and_validate(
    files: &BTreeMap<String, PathBuf>,
    dir: &Path,
) -> Result<(Sources, DataSet, CharNames), DataError> {
    let mut sources = Sources::default();
    for (name, path) in files {
        let file = SourceFile::read(path)?;
        match name.as_str() {
            "encodings.json" => sources.encodings_json = Some(file),
            "indexes.json" => sources.indexes_json = Some(file),
            _ => {
                if let Some(index) = index_txt::index_name_of(name) {
                    sources.txt.insert(index.to_string(), file);
                }
            }
        }
    }
    let (set, names) = load_sources(&sources, dir)?;
    Ok((sources, set, names))
}

/// Writes `files` into a new directory `tmp`.
fn write_dir(tmp: &Path, files: &[(String, Vec<u8>)]) -> Result<(), CliError> {
    fs::create_dir(tmp).map_err(|e| io_error(tmp, e))?;
    for (name, bytes) in files {
        let path = tmp.join(name);
        let mut f = fs::File::create(&path).map_err(|e| io_error(&path, e))?;
        f.write_all(bytes).map_err(|e| io_error(&path, e))?;
        f.sync_all().map_err(|e| io_error(&path, e))?;
    }
    Ok(())
}

/// Removes a directory, or only the link if `path` is a symbolic link.
fn remove(path: &Path) -> io::Result<()> {
    if fs::symlink_metadata(path)?.file_type().is_symlink() {
        fs::remove_file(path)
    } else {
        fs::remove_dir_all(path)
    }
}

/// Puts the directory `tmp` in the place of `dir` (a directory, a link, or nothing).
fn swap_in(tmp: &Path, dir: &Path, aside: &Path) -> Result<(), CliError> {
    let existed = fs::symlink_metadata(dir).is_ok();
    if existed {
        fs::rename(dir, aside).map_err(|e| io_error(dir, e))?;
    }
    if let Err(e) = fs::rename(tmp, dir) {
        if existed {
            let _ = fs::rename(aside, dir);
        }
        return Err(io_error(dir, e));
    }
    if existed {
        if let Err(e) = remove(aside) {
            let _ = writeln!(
                io::stderr(),
                "encoding-gen: warning: could not remove the previous data at {}: {e}",
                aside.display()
            );
        }
    }
    Ok(())
}

pub fn run(args: &Args, format: Format) -> Result<ExitCode, CliError> {
    let given = super::data_dir(args.into.as_deref());
    // Name DIR without a trailing slash: renaming `link/` would move the link's target.
    let name = given
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| CliError::Usage(format!("{}: not a directory name", given.display())))?
        .to_string();
    let parent = given.parent().unwrap_or(Path::new("")).to_path_buf();
    let dir = parent.join(&name);
    let reject = |e: CliError| CliError::Rejected(Box::new(e), dir.clone());

    let update = update_files(&args.sources).map_err(reject)?;
    let (current, other) = current_files(&dir).map_err(reject)?;
    let mut merged = current;
    merged.extend(update.clone());

    // Everything is read and validated before anything is written.
    let (sources, new_set, new_names) =
        read_and_validate(&merged, &dir).map_err(|e| reject(e.into()))?;
    let mut contents: Vec<(String, Vec<u8>)> = Vec::new();
    for (file_name, path) in &merged {
        let text = match file_name.as_str() {
            "encodings.json" => sources.encodings_json.as_ref(),
            "indexes.json" => sources.indexes_json.as_ref(),
            _ => index_txt::index_name_of(file_name).and_then(|i| sources.txt.get(i)),
        };
        match text {
            Some(f) => contents.push((file_name.clone(), f.text.clone().into_bytes())),
            None => {
                return Err(reject(CliError::Usage(format!(
                    "{} was not read",
                    path.display()
                ))))
            }
        }
    }
    for (file_name, path) in &other {
        let bytes = fs::read(path).map_err(|e| reject(io_error(path, e)))?;
        contents.push((file_name.clone(), bytes));
    }
    let before = if fs::symlink_metadata(&dir).is_ok() {
        Some(load_dir_with_names(&dir))
    } else {
        None
    };
    let replaced_symlink = fs::symlink_metadata(&dir)
        .map(|m| m.file_type().is_symlink())
        .unwrap_or(false);

    // The bundled data has a copy inside the runtime crate (what its package builds from):
    // an import into the bundled data updates both, each staged before either is swapped in.
    let mut targets = vec![dir.clone()];
    if args.into.is_none() {
        targets.extend(super::runtime_data_dir());
    }
    let pid = std::process::id();
    let staging: Vec<(PathBuf, PathBuf, PathBuf)> = targets
        .iter()
        .map(|target| {
            let name = target.file_name().unwrap_or_default().to_string_lossy();
            let parent = target.parent().unwrap_or(Path::new(""));
            (
                parent.join(format!("{name}.tmp-{pid}")),
                target.clone(),
                parent.join(format!("{name}.old-{pid}")),
            )
        })
        .collect();
    let staged = staging.iter().try_for_each(|(tmp, _, _)| {
        write_dir(tmp, &contents).and_then(|()| {
            // What was written is what was validated: check it from disk all the same.
            encoding_gen::load_dir(tmp)
                .map(|_| ())
                .map_err(CliError::from)
        })
    });
    let swapped = staged.and_then(|()| {
        staging
            .iter()
            .try_for_each(|(tmp, target, aside)| swap_in(tmp, target, aside))
    });
    if let Err(e) = swapped {
        for (tmp, _, _) in &staging {
            let _ = fs::remove_dir_all(tmp);
        }
        return Err(reject(e));
    }

    let (audit, audit_error) = match before {
        Some(Ok((old_set, old_names))) => {
            let mut names = old_names;
            names.extend(new_names);
            let mut report = diff(&old_set, &new_set, &names)?;
            report.old = format!("{} (before the import)", dir.display());
            (Some(report), None)
        }
        Some(Err(e)) => (None, Some(format!("the previous data did not load: {e}"))),
        None => (
            None,
            Some(format!("{} did not exist before", dir.display())),
        ),
    };

    let mut out = io::stdout().lock();
    let files: Vec<String> = update.keys().cloned().collect();
    match format {
        Format::Json => print_json(
            &mut out,
            &ImportReport {
                format: "encoding-gen-import/1",
                target: dir.display().to_string(),
                files,
                replaced_symlink,
                audit,
                audit_error: audit_error.clone(),
            },
        )?,
        Format::Text => {
            writeln!(
                out,
                "Imported {} file(s) into {}: {} data files in all{}.",
                files.len(),
                dir.display(),
                merged.len(),
                if replaced_symlink {
                    " (the symbolic link there is now a directory)"
                } else {
                    ""
                }
            )?;
            for copy in targets.iter().skip(1) {
                writeln!(
                    out,
                    "Updated its copy {}, which the whatwg-encoding package builds from.",
                    copy.display()
                )?;
            }
            match &audit {
                Some(report) => {
                    writeln!(out)?;
                    super::diff::render(&mut out, report)?;
                }
                None => writeln!(out, "No audit: {}.", audit_error.unwrap_or_default())?,
            }
        }
    }
    let next = "Next: review what the build emits from the new data:\n  cargo test -p spec-tests\n  cargo insta review";
    match format {
        Format::Text => writeln!(out, "\n{next}")?,
        Format::Json => {
            let _ = writeln!(io::stderr(), "{next}");
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
