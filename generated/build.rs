//! Points the table macros at the WHATWG data and makes the crate rebuild when it changes.
//!
//! The data is this crate's `indexes/`, the standard's files as the WHATWG publishes them (a
//! copy of the workspace's `indexes/`, which `encoding-gen import` keeps in step, so that the
//! published package holds everything its build reads), unless `WHATWG_ENCODING_DATA` names
//! another directory: that is how spec-tests checks that an altered data set changes exactly
//! the snapshots it should.

use std::path::PathBuf;

/// The single-byte encodings' features: any of them compiles the single-byte handlers.
const SINGLE_BYTE_FEATURES: &[&str] = &[
    "IBM866",
    "ISO_8859_2",
    "ISO_8859_3",
    "ISO_8859_4",
    "ISO_8859_5",
    "ISO_8859_6",
    "ISO_8859_7",
    "ISO_8859_8",
    "ISO_8859_8_I",
    "ISO_8859_10",
    "ISO_8859_13",
    "ISO_8859_14",
    "ISO_8859_15",
    "ISO_8859_16",
    "KOI8_R",
    "KOI8_U",
    "MACINTOSH",
    "WINDOWS_874",
    "WINDOWS_1250",
    "WINDOWS_1251",
    "WINDOWS_1252",
    "WINDOWS_1253",
    "WINDOWS_1254",
    "WINDOWS_1255",
    "WINDOWS_1256",
    "WINDOWS_1257",
    "WINDOWS_1258",
    "X_MAC_CYRILLIC",
];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(single_byte)");
    if SINGLE_BYTE_FEATURES
        .iter()
        .any(|f| std::env::var_os(format!("CARGO_FEATURE_{f}")).is_some())
    {
        println!("cargo:rustc-cfg=single_byte");
    }
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
