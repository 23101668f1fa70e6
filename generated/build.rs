//! Points the table macros at the WHATWG data and makes the crate rebuild when it changes,
//! tells them which configuration's layouts to emit, and says which instruction sets the
//! kernels are compiled for.
//!
//! The data is this crate's `indexes/`, the standard's files as the WHATWG publishes them (a
//! copy of the workspace's `indexes/`, which `encoding-gen import` keeps in step, so that the
//! published package holds everything its build reads), unless `WHATWG_ENCODING_DATA` names
//! another directory: that is how spec-tests checks that an altered data set changes exactly
//! the snapshots it should.

use std::path::PathBuf;

fn main() {
    kernels();
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
    // The layouts the table macros emit (see encoding_gen::layout): the `compact` feature's,
    // or the default configuration's.
    let layout = if std::env::var_os("CARGO_FEATURE_COMPACT").is_some() {
        "compact"
    } else {
        "default"
    };
    println!("cargo:rustc-env=WHATWG_ENCODING_LAYOUT={layout}");
}

/// The instruction sets of `src/kernels/`, as cfgs the code tests:
///
/// - `kernels_x86_64`: the x86-64 implementations (SSE2, and what run-time detection may
///   choose), on x86-64 unless the build asks for the portable one alone
///   (`RUSTFLAGS='--cfg whatwg_encoding_portable'`, which builds as a target without them
///   would, simdutf8's validation included);
/// - `kernels_ssse3`: with them, SSSE3's UTF-8 packing and its 8 KiB of tables, only for the
///   decoders that use it (UTF-16, and the single-byte encodings of scripts outside Latin),
///   and only where it can be chosen: with `std`, which asks the processor, or where the
///   build's target features have SSSE3 and POPCNT;
/// - `kernels_avx2`: with SSSE3's, AVX2's 32-byte blocks, where they can be chosen: with
///   `std`, or where the build's target features have AVX2 too;
/// - `kernels_simdutf8_simd`: with `std` on the other targets for which simdutf8 has a
///   validator of vector instructions the build can count on (aarch64's NEON, wasm32's
///   simd128), unless the build asks for the portable one alone.
fn kernels() {
    println!("cargo::rustc-check-cfg=cfg(kernels_x86_64)");
    println!("cargo::rustc-check-cfg=cfg(kernels_simdutf8_simd)");
    println!("cargo::rustc-check-cfg=cfg(kernels_ssse3)");
    println!("cargo::rustc-check-cfg=cfg(kernels_avx2)");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let portable = std::env::var_os("CARGO_CFG_WHATWG_ENCODING_PORTABLE").is_some();
    let x86_64 = arch == "x86_64" && !portable;
    let feature = |name: &str| std::env::var_os(format!("CARGO_FEATURE_{name}")).is_some();
    let packs_utf8 =
        feature("UTF_16BE") || feature("UTF_16LE") || feature("_SINGLE_BYTE_NON_LATIN");
    let target_features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let has = |f: &str| target_features.split(',').any(|t| t == f);
    let choosable = feature("STD") || (has("ssse3") && has("popcnt"));
    if x86_64 {
        println!("cargo::rustc-cfg=kernels_x86_64");
    }
    let simdutf8_simd = (arch == "aarch64" && has("neon")) || (arch == "wasm32" && has("simd128"));
    if simdutf8_simd && !portable && feature("STD") {
        println!("cargo::rustc-cfg=kernels_simdutf8_simd");
    }
    if x86_64 && packs_utf8 && choosable {
        println!("cargo::rustc-cfg=kernels_ssse3");
        if feature("STD") || has("avx2") {
            println!("cargo::rustc-cfg=kernels_avx2");
        }
    }
}
