//! Malformed data: each case copies the bundled data, breaks one file, and checks that
//! `check` rejects it naming the file, the line and what is wrong, and that `import` rejects
//! it (as the whole directory, and where it makes sense as the one file) leaving the target
//! directory exactly as it was, with no temporary directory beside it.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::*;
use serde_json::Value;

struct Case {
    name: &'static str,
    /// Breaks the fixture; returns the broken file and what the error must say.
    breaks: fn(&Path) -> (PathBuf, Vec<String>),
    /// Whether to import the broken file alone too (not where the fixture breaks the data by
    /// removing a file as well).
    alone: bool,
    /// Whether importing the fixture into a copy of the bundled data meets the same error as
    /// checking it. Not where the fixture removes a txt file: the import keeps the target's
    /// (an update replaces only the files it gives), and meets a disagreement first.
    same_on_import: bool,
}

fn txt_line(fixture: &Path, index: &str, starts: &str, with: &str) -> (PathBuf, usize) {
    let file = fixture.join(format!("index-{index}.txt"));
    let line = replace_line(&file, starts, with);
    (file, line)
}

fn at(file: &Path, line: usize, rest: &str) -> String {
    format!("{}:{line}: {rest}", file.display())
}

const CASES: &[Case] = &[
    Case {
        name: "non-decimal pointer",
        breaks: |f| {
            let (file, line) = txt_line(f, "jis0208", "1\t0x3001", "  0x1\t0x3001");
            let msg = at(
                &file,
                line,
                "index jis0208, pointer \"0x1\" is not a decimal number",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "non-hex code point",
        breaks: |f| {
            let (file, line) = txt_line(f, "jis0208", "1\t0x3001", "  1\t0x30G1");
            let msg = at(
                &file,
                line,
                "index jis0208, pointer 1: code point \"0x30G1\" is not a hexadecimal number like 0x20AC",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "out-of-range code point",
        breaks: |f| {
            let (file, line) = txt_line(f, "jis0208", "1\t0x3001", "  1\t0x110000");
            let msg = at(
                &file,
                line,
                "index jis0208, pointer 1: code point U+110000 is not a Unicode scalar value",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "surrogate code point",
        breaks: |f| {
            let (file, line) = txt_line(f, "jis0208", "1\t0x3001", "  1\t0xDFFF");
            let msg = at(
                &file,
                line,
                "index jis0208, pointer 1: code point U+DFFF is not a Unicode scalar value",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "duplicated pointer",
        breaks: |f| {
            let (file, line) = txt_line(f, "jis0208", "1\t0x3001", "  0\t0x3001");
            let msg = at(
                &file,
                line,
                "index jis0208, pointer 0: pointer occurs more than once",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "line without a tab",
        breaks: |f| {
            let (file, line) = txt_line(f, "jis0208", "1\t0x3001", "  1 0x3001");
            let msg = at(
                &file,
                line,
                "index jis0208, malformed line: expected pointer, a tab, then a code point, found \"  1 0x3001\"",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "single-byte index with 127 entries",
        breaks: |f| {
            fs::remove_file(f.join("index-windows-1252.txt")).unwrap();
            let file = f.join("indexes.json");
            edit_json(&file, |v| {
                v["windows-1252"].as_array_mut().unwrap().truncate(127);
            });
            let msg = format!(
                "{}: index windows-1252, index has 127 entries, expected exactly 128",
                file.display()
            );
            (file, vec![msg])
        },
        alone: false,
        same_on_import: false,
    },
    Case {
        name: "single-byte index with 129 entries",
        breaks: |f| {
            fs::remove_file(f.join("index-koi8-u.txt")).unwrap();
            let file = f.join("indexes.json");
            edit_json(&file, |v| {
                v["koi8-u"].as_array_mut().unwrap().push(Value::Null);
            });
            let msg = format!(
                "{}: index koi8-u, index has 129 entries, expected exactly 128",
                file.display()
            );
            (file, vec![msg])
        },
        alone: false,
        same_on_import: false,
    },
    Case {
        name: "single-byte txt with a pointer beyond 127",
        breaks: |f| {
            let file = f.join("index-koi8-r.txt");
            let mut text = fs::read_to_string(&file).unwrap();
            text.push_str("128\t0x0041\tA (LATIN CAPITAL LETTER A)\n");
            let line = text.lines().count();
            fs::write(&file, text).unwrap();
            let msg = at(
                &file,
                line,
                "index koi8-r, pointer 128: pointer is out of range (the index has room for 0 to 127)",
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "truncated indexes.json",
        breaks: |f| {
            let file = f.join("indexes.json");
            let text = fs::read_to_string(&file).unwrap();
            let cut = &text[..text.len() / 2];
            let lines = cut.lines().count();
            let column = cut.lines().last().unwrap().chars().count() + 1;
            fs::write(&file, cut).unwrap();
            let msg = format!(
                "{}:{lines}: malformed JSON: Unexpected EOF (column {column})",
                file.display()
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "indexes.json that is not JSON",
        breaks: |f| {
            let file = f.join("indexes.json");
            fs::write(&file, "index jis0208\n0\t0x3000\n").unwrap();
            let msg = format!(
                "{}:1: malformed JSON: Invalid character: i (column 1)",
                file.display()
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "encodings.json without an encoding the runtime needs",
        breaks: |f| {
            let file = f.join("encodings.json");
            edit_json(&file, |v| {
                for group in v.as_array_mut().unwrap() {
                    group["encodings"]
                        .as_array_mut()
                        .unwrap()
                        .retain(|e| e["name"] != "Shift_JIS");
                }
            });
            let msg = format!("{}: encoding Shift_JIS is missing", file.display());
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "txt and json disagree",
        breaks: |f| {
            let json = f.join("indexes.json");
            edit_json(&json, |v| v["jis0208"][1] = 0x3002.into());
            let txt = f.join("index-jis0208.txt");
            let line = raw_txt(&txt)
                .entries
                .iter()
                .find(|e| e.pointer == 1)
                .unwrap()
                .line;
            let msg = at(
                &txt,
                line,
                &format!(
                    "index jis0208, pointer 1: index-*.txt and indexes.json disagree: {} has U+3001, {} has U+3002",
                    txt.display(),
                    json.display()
                ),
            );
            (json, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "file that is not UTF-8",
        breaks: |f| {
            let file = f.join("index-big5.txt");
            let mut bytes = fs::read(&file).unwrap();
            bytes.extend_from_slice(b"19000\t0x\xFF\xFE\n");
            fs::write(&file, bytes).unwrap();
            let msg = format!(
                "{}: cannot read: stream did not contain valid UTF-8",
                file.display()
            );
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
    Case {
        name: "unreadable file (a directory)",
        breaks: |f| {
            let file = f.join("index-big5.txt");
            fs::remove_file(&file).unwrap();
            fs::create_dir(&file).unwrap();
            let msg = format!("{}: cannot read: Is a directory", file.display());
            (file, vec![msg])
        },
        alone: true,
        same_on_import: true,
    },
];

#[test]
fn every_malformed_file_is_rejected_and_nothing_changes() {
    let mut failures = Vec::new();
    for (i, case) in CASES.iter().enumerate() {
        let dir = scratch(&format!("bad-{i}"));
        let fixture = dir.join("fixture");
        copy_dir(&current(), &fixture);
        let (file, messages) = (case.breaks)(&fixture);
        let target = dir.join("target");
        copy_dir(&current(), &target);
        let before = contents(&target);

        // check names the file, the line and the problem.
        let o = run(&["check", path_str(&fixture)]);
        let err = stderr(&o);
        if status(&o) != 1 || !messages.iter().all(|m| err.contains(m)) {
            failures.push(format!(
                "{}: check exited {}, said {err:?}, expected {messages:?}",
                case.name,
                status(&o)
            ));
        }

        // import, as a directory and as the one file, changes nothing.
        let mut imports = vec![vec![path_str(&fixture).to_string()]];
        if case.alone {
            imports.push(vec![path_str(&file).to_string()]);
        }
        for srcs in imports {
            let mut args = vec!["import".to_string()];
            args.extend(srcs.iter().cloned());
            args.extend(["--into".to_string(), path_str(&target).to_string()]);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = run(&args);
            let err = stderr(&o);
            let rejected = format!(
                "import rejected: nothing was written, {} is unchanged",
                target.display()
            );
            if status(&o) != 1 || !err.contains(&rejected) || !o.stdout.is_empty() {
                failures.push(format!(
                    "{}: import {srcs:?} exited {}, said {err:?}",
                    case.name,
                    status(&o)
                ));
            }
            // Importing the whole fixture gives the same error as check.
            if srcs[0] == path_str(&fixture)
                && case.same_on_import
                && !messages.iter().all(|m| err.contains(m))
            {
                failures.push(format!(
                    "{}: import said {err:?}, expected {messages:?}",
                    case.name
                ));
            }
            if contents(&target) != before {
                failures.push(format!("{}: import {srcs:?} changed the target", case.name));
            }
            if names(&dir) != ["fixture", "target"] {
                failures.push(format!(
                    "{}: left {:?} beside the target",
                    case.name,
                    names(&dir)
                ));
            }
        }
        fs::remove_dir_all(&dir).unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn missing_files_are_named() {
    let dir = scratch("bad-missing");
    let fixture = dir.join("fixture");
    copy_dir(&current(), &fixture);
    fs::remove_file(fixture.join("encodings.json")).unwrap();
    let o = run(&["check", path_str(&fixture)]);
    assert_eq!(status(&o), 1);
    assert!(stderr(&o).contains(&format!(
        "{}: cannot read: No such file or directory",
        fixture.join("encodings.json").display()
    )));
    // Neither indexes.json nor any txt file.
    let bare = dir.join("bare");
    fs::create_dir(&bare).unwrap();
    fs::copy(
        current().join("encodings.json"),
        bare.join("encodings.json"),
    )
    .unwrap();
    let o = run(&["check", path_str(&bare)]);
    assert_eq!(status(&o), 1);
    assert!(stderr(&o).contains(&format!(
        "{}: cannot read: No such file or directory",
        bare.join("indexes.json").display()
    )));
    // A txt file for an index that indexes.json lacks.
    fs::copy(
        current().join("index-big5.txt"),
        fixture.join("index-nothing.txt"),
    )
    .unwrap();
    fs::copy(
        current().join("encodings.json"),
        fixture.join("encodings.json"),
    )
    .unwrap();
    let o = run(&["check", path_str(&fixture)]);
    assert_eq!(status(&o), 1);
    assert!(stderr(&o).contains("index nothing has a txt file but is not in indexes.json"));
}
