//! Helpers for the command-line tests: where the data is, scratch directories, running the
//! binary, and a small reader of the raw data files that is independent of the library (so
//! that expectations come from the data, not from the code under test).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root (the directory `cargo run` is invoked from in the issue).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The bundled (current) data: `indexes/`.
pub fn current() -> PathBuf {
    root().join("indexes")
}

/// The 2 March 2021 edition's data.
pub fn old_2021() -> PathBuf {
    root().join("fixtures/whatwg-2021-02-26")
}

/// A fresh, empty scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    if fs::symlink_metadata(&dir).is_ok() {
        fs::remove_dir_all(&dir).unwrap();
    }
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies the plain files of `from` into a new directory `to` (writable copies).
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        fs::write(to.join(entry.file_name()), fs::read(entry.path()).unwrap()).unwrap();
    }
}

/// Every entry of a directory: file name -> contents (None for a non-file).
pub fn contents(dir: &Path) -> BTreeMap<String, Option<Vec<u8>>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let bytes = if e.path().is_file() {
                Some(fs::read(e.path()).unwrap())
            } else {
                None
            };
            (name, bytes)
        })
        .collect()
}

/// The names of the entries of a directory.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `encoding-gen ARGS` in the workspace root.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_encoding-gen"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

pub fn status(o: &Output) -> i32 {
    o.status.code().expect("exited with a status")
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// One entry line of an index-*.txt file, read without the library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawEntry {
    pub line: usize,
    pub pointer: u32,
    pub code_point: u32,
    pub name: Option<String>,
}

/// The entry lines and the `Date:`/`Identifier:` headers of an index-*.txt file.
pub struct RawTxt {
    pub entries: Vec<RawEntry>,
    pub date: String,
    pub identifier: String,
}

pub fn raw_txt(path: &Path) -> RawTxt {
    let text = fs::read_to_string(path).unwrap();
    let (mut date, mut identifier) = (String::new(), String::new());
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(d) = line.strip_prefix("# Date: ") {
            date = d.to_string();
        } else if let Some(d) = line.strip_prefix("# Identifier: ") {
            identifier = d.to_string();
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let name = cols.get(2).and_then(|c| {
            let open = c.find(" (")?;
            Some(c[open + 2..c.len() - 1].to_string())
        });
        entries.push(RawEntry {
            line: i + 1,
            pointer: cols[0].trim().parse().unwrap(),
            code_point: u32::from_str_radix(cols[1].trim_start_matches("0x"), 16).unwrap(),
            name,
        });
    }
    RawTxt {
        entries,
        date,
        identifier,
    }
}

/// The index names of a data directory's txt files, sorted.
pub fn txt_indexes(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = names(dir)
        .into_iter()
        .filter_map(|n| {
            n.strip_prefix("index-")
                .and_then(|n| n.strip_suffix(".txt"))
                .map(str::to_string)
        })
        .collect();
    v.sort();
    v
}

/// Replaces the line of `file` that starts with `starts` (after trimming) by `with`,
/// returning the 1-based line number.
pub fn replace_line(file: &Path, starts: &str, with: &str) -> usize {
    let text = fs::read_to_string(file).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = lines
        .iter()
        .position(|l| l.trim_start().starts_with(starts))
        .unwrap_or_else(|| panic!("no line starting with {starts:?} in {}", file.display()));
    lines[i] = with.to_string();
    fs::write(file, lines.join("\n") + "\n").unwrap();
    i + 1
}

/// Edits indexes.json (or encodings.json) as JSON.
pub fn edit_json(file: &Path, f: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(file).unwrap()).unwrap();
    f(&mut v);
    fs::write(file, serde_json::to_string(&v).unwrap()).unwrap();
}
