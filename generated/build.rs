//! Points the table macros at the WHATWG data and makes the crate rebuild when it changes.
//!
//! The data is this crate's `indexes/`, the standard's files as the WHATWG publishes them (a
//! copy of the workspace's `indexes/`, which `encoding-gen import` keeps in step, so that the
//! published package holds everything its build reads), unless `WHATWG_ENCODING_DATA` names
//! another directory: that is how spec-tests checks that an altered data set changes exactly
//! the snapshots it should.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=WHATWG_ENCODING_DATA");
    let dir = match std::env::var_os("WHATWG_ENCODING_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let manifest = PathBuf::from(
                std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
            );
            manifest.join("indexes")
        }
    };
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo:rerun-if-changed={}", dir.display());
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            println!("cargo:rerun-if-changed={}", f.display());
        }
    }
    println!("cargo:rustc-env=WHATWG_ENCODING_DATA={}", dir.display());
}
