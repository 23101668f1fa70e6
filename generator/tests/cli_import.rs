//! `encoding-gen import`: an update replaces what it gives, the complete result is validated
//! before anything is written, and the target is replaced as a whole.

mod common;

use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

fn import(args: &[&str]) -> std::process::Output {
    let mut all = vec!["import"];
    all.extend_from_slice(args);
    run(&all)
}

#[test]
fn round_trip_into_a_new_directory() {
    let dir = scratch("import-round-trip");
    let target = dir.join("data");
    let o = import(&["--json", "indexes", "--into", path_str(&target)]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["format"], "encoding-gen-import/1");
    // 34 index-*.txt files, indexes.json and encodings.json, and the licence.
    assert_eq!(names(&current()).len(), 37);
    assert_eq!(r["files"].as_array().unwrap().len(), 36);
    assert_eq!(r["audit"], Value::Null);
    assert!(r["audit_error"]
        .as_str()
        .unwrap()
        .contains("did not exist before"));
    assert!(stderr(&o).contains("cargo insta review"));

    // The same data files, byte for byte, and nothing else beside them (the licence is not
    // a data file: an update brings only those).
    let mut data_files = contents(&current());
    data_files.remove("LICENSE");
    assert_eq!(contents(&target), data_files);
    assert_eq!(names(&dir), ["data"]);
    // diff: identical in substance, and in fact identical.
    let d = run(&["diff", "--json", "indexes", path_str(&target)]);
    assert_eq!(status(&d), 0);
    let r: Value = serde_json::from_slice(&d.stdout).unwrap();
    assert_eq!(r["substance_changed"], false);
    assert_eq!(r["changed"], false);
    assert_eq!(r["summary"]["unchanged"], 34);

    // Importing the same again over it: the audit says no change.
    let o = import(&["indexes", "--into", path_str(&target)]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with(&format!(
        "Imported 36 file(s) into {}: 36 data files in all.\n",
        target.display()
    )));
    assert!(text.contains("Result: no change.\n"));
    assert!(text.ends_with("Next: review what the build emits from the new data:\n  cargo test -p spec-tests\n  cargo insta review\n"));
    assert_eq!(contents(&target), data_files);
}

/// Without `--into`, the bundled data and its copy inside the runtime crate are updated
/// together, in a workspace laid out as ours is (`indexes/`, `generated/Cargo.toml`,
/// `generated/indexes/`), here a scratch one holding the 2021 data.
#[test]
fn an_import_into_the_bundled_data_updates_the_runtime_crates_copy() {
    let ws = scratch("import-bundled");
    copy_dir(&old_2021(), &ws.join("indexes"));
    copy_dir(&old_2021(), &ws.join("generated/indexes"));
    fs::write(ws.join("generated/Cargo.toml"), "").unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_encoding-gen"))
        .args(["import", path_str(&current().join("index-gb18030.txt"))])
        .arg(current().join("indexes.json"))
        .current_dir(&ws)
        .output()
        .unwrap();
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains(
        "Updated its copy generated/indexes, which the whatwg-encoding package builds from.\n"
    ));
    for dir in [ws.join("indexes"), ws.join("generated/indexes")] {
        let got = contents(&dir);
        assert_eq!(
            got["index-gb18030.txt"],
            contents(&current())["index-gb18030.txt"]
        );
        assert_eq!(
            got["index-big5.txt"],
            contents(&old_2021())["index-big5.txt"]
        );
    }
    assert_eq!(
        contents(&ws.join("indexes")),
        contents(&ws.join("generated/indexes"))
    );
    assert_eq!(names(&ws), ["generated", "indexes"]);
    assert_eq!(names(&ws.join("generated")), ["Cargo.toml", "indexes"]);
}

#[test]
fn whole_directory_update_of_the_2021_data() {
    let dir = scratch("import-update");
    let target = dir.join("data");
    copy_dir(&old_2021(), &target);
    fs::write(target.join("README"), "kept\n").unwrap();
    let o = import(&[path_str(&current()), "--into", path_str(&target)]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains(&format!(
        "Audit: {} (before the import) → {}\n",
        target.display(),
        target.display()
    )));
    assert!(text.contains("index gb18030 changed (read by GBK, gb18030):"));
    assert!(text.contains("18 remapped"));
    // The data is now the current data; other files of the target are kept.
    let mut expected = contents(&current());
    expected.insert("README".into(), Some(b"kept\n".to_vec()));
    assert_eq!(contents(&target), expected);
    assert_eq!(names(&dir), ["data"]);
}

#[test]
fn individual_files_replace_just_those_files() {
    let dir = scratch("import-files");
    let target = dir.join("data");
    copy_dir(&old_2021(), &target);
    let gb = current().join("index-gb18030.txt");
    let json = current().join("indexes.json");
    let o = import(&[
        "--json",
        path_str(&gb),
        path_str(&json),
        "--into",
        path_str(&target),
    ]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        r["files"],
        serde_json::json!(["index-gb18030.txt", "indexes.json"])
    );
    let audit = &r["audit"];
    assert_eq!(audit["summary"]["changed"], 1);
    assert_eq!(audit["summary"]["unchanged"], 33);
    // Those two files are the new ones; the others are still the 2021 files.
    let after = contents(&target);
    for (name, bytes) in contents(&old_2021()) {
        let from = if name == "index-gb18030.txt" || name == "indexes.json" {
            current()
        } else {
            old_2021()
        };
        assert_eq!(
            after[&name],
            Some(fs::read(from.join(&name)).unwrap()),
            "{name}"
        );
        let _ = bytes;
    }
}

#[test]
fn txt_without_matching_json_is_rejected() {
    // The new index-gb18030.txt with the 2021 indexes.json: they disagree at pointer 7182.
    let dir = scratch("import-disagree");
    let target = dir.join("data");
    copy_dir(&old_2021(), &target);
    let before = contents(&target);
    let gb = current().join("index-gb18030.txt");
    let line = raw_txt(&gb)
        .entries
        .iter()
        .find(|e| e.pointer == 7182)
        .unwrap()
        .line;
    let o = import(&[path_str(&gb), "--into", path_str(&target)]);
    assert_eq!(status(&o), 1);
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{}:{line}: index gb18030, pointer 7182: index-*.txt and indexes.json disagree: {} has U+FE10, {} has U+E78D",
            gb.display(),
            gb.display(),
            target.join("indexes.json").display()
        )),
        "{err}"
    );
    assert!(err.contains(&format!(
        "import rejected: nothing was written, {} is unchanged",
        target.display()
    )));
    assert_eq!(contents(&target), before);
    assert_eq!(names(&dir), ["data"]);
}

#[cfg(unix)]
#[test]
fn a_symlinked_target_becomes_a_directory_and_its_target_is_untouched() {
    let dir = scratch("import-symlink");
    let real = dir.join("real");
    copy_dir(&old_2021(), &real);
    let link = dir.join("link");
    std::os::unix::fs::symlink("real", &link).unwrap();
    let before = contents(&real);
    // With a trailing slash, as a shell completes it: still the link that is replaced.
    let into = format!("{}/", link.display());
    let o = import(&["--json", path_str(&current()), "--into", &into]);
    assert_eq!(status(&o), 0, "{}", stderr(&o));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["replaced_symlink"], true);
    assert_eq!(r["audit"]["summary"]["changed"], 1);
    assert!(!fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(contents(&link), contents(&current()));
    assert_eq!(contents(&real), before);
    assert_eq!(names(&dir), ["link", "real"]);
}

#[test]
fn usage_errors_leave_the_target_alone() {
    let dir = scratch("import-usage");
    let target = dir.join("data");
    copy_dir(&current(), &target);
    let before = contents(&target);
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec![
                current().display().to_string(),
                current().join("index-big5.txt").display().to_string(),
            ],
            "the update gives index-big5.txt twice".into(),
        ),
        (
            vec![root().join("Cargo.toml").display().to_string()],
            "Cargo.toml: not a data file of the standard".into(),
        ),
        (
            vec![dir.join("nowhere/index-big5.txt").display().to_string()],
            format!(
                "{}: cannot read: No such file",
                dir.join("nowhere/index-big5.txt").display()
            ),
        ),
        (
            vec![root().join("generator/src").display().to_string()],
            "holds no data file".into(),
        ),
    ];
    for (srcs, message) in cases {
        let mut args: Vec<&str> = srcs.iter().map(String::as_str).collect();
        args.extend(["--into", path_str(&target)]);
        let o = import(&args);
        assert_eq!(status(&o), 1, "{srcs:?}");
        assert!(stderr(&o).contains(&message), "{}", stderr(&o));
        assert_eq!(contents(&target), before);
        assert_eq!(names(&dir), ["data"]);
    }
    // A target holding a directory is not one import can replace file by file.
    fs::create_dir(target.join("sub")).unwrap();
    let o = import(&["indexes", "--into", path_str(&target)]);
    assert_eq!(status(&o), 1);
    assert!(stderr(&o).contains("sub: import only handles a directory of plain files"));
    assert!(Path::new(&target.join("sub")).is_dir());
}

#[test]
fn an_incomplete_update_into_a_new_directory_is_rejected() {
    // Only index files and no encodings.json, into a directory that does not exist: the
    // result would lack encodings.json.
    let dir = scratch("import-incomplete");
    let target = dir.join("data");
    let o = import(&[
        path_str(&current().join("indexes.json")),
        "--into",
        path_str(&target),
    ]);
    assert_eq!(status(&o), 1);
    assert!(
        stderr(&o).contains(&format!(
            "{}: cannot read: no such file",
            target.join("encodings.json").display()
        )),
        "{}",
        stderr(&o)
    );
    assert!(names(&dir).is_empty());
}
