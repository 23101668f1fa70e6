#!/usr/bin/env bash
# CI: the crates work outside this repository, as a user gets them.
#
# 1. `cargo package` packages every crate of the workspace that is not `publish = false`
#    (whatwg-encoding and what its build needs: encoding-gen-macros, encoding-gen,
#    code-point-hash) and builds each from its package alone (cargo's verification build);
#    the .crate sizes are printed, and whatwg-encoding's must stay under 2 MiB (crates.io
#    takes 10 MB). `cargo package --workspace` packages the others too, and verifies them.
# 2. A new Cargo project outside the repository, depending on `whatwg-encoding = "0.1"` as
#    crates.io would serve it (the unpacked .crate files, through [patch.crates-io]), builds
#    and runs downstream/main.rs (it decodes Shift_JIS) with the default features and with
#    `default-features = false, features = ["alloc", "shift_jis"]`.
# 3. The same two builds with the dependency on a clone of this repository by
#    `git = "file://…"`: what is committed, not the working tree's changes.
#
#   bash .ci/downstream.sh
#
# Packages are made from the working tree (--allow-dirty); they, the projects and their builds
# go to a temporary directory.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
export CARGO_TERM_COLOR=never
unset WHATWG_ENCODING_DATA
start=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/whatwg-encoding-downstream.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A target directory of its own: cargo takes a package it built before under the same name and
# version (0.1.0 here, whatever changed since) to be the same, and would not rebuild it.
target="$work/package-target"
# The workspace's packages that may be published, as "name version" lines.
mapfile -t published < <(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["publish"] != []:
        print(p["name"], p["version"])')
passed=0
failed=0

# 1. Package and verify.
packages=()
for p in "${published[@]}"; do
    packages+=(-p "${p% *}")
done
CARGO_TARGET_DIR="$target" cargo package --allow-dirty "${packages[@]}"
echo "packages:"
mkdir -p "$work/crates"
patch=""
for p in "${published[@]}"; do
    name=${p% *} version=${p#* }
    crate="$target/package/$name-$version.crate"
    bytes=$(stat -c %s "$crate")
    echo "  $name-$version.crate: $bytes bytes, $(tar -tzf "$crate" | wc -l) files"
    tar -xzf "$crate" -C "$work/crates"
    patch+="$name = { path = \"$work/crates/$name-$version\" }"$'\n'
    if [ "$name" = whatwg-encoding ]; then
        if [ "$bytes" -lt $((2 * 1024 * 1024)) ]; then
            passed=$((passed + 1))
        else
            echo "FAIL: $name-$version.crate is $bytes bytes, 2 MiB or more" >&2
            failed=$((failed + 1))
        fi
    fi
done

# 2 and 3. program NAME DEPENDENCY [PATCH]: a new project at $work/NAME whose `encoding_rs`
# is DEPENDENCY, with PATCH as its [patch.crates-io]; builds it, runs it, checks its output.
export CARGO_TARGET_DIR="$work/target"
program() {
    local name=$1 dependency=$2 patch=${3:-}
    mkdir -p "$work/$name/src"
    cp "$repo/downstream/main.rs" "$work/$name/src/main.rs"
    cat >"$work/$name/Cargo.toml" <<EOF
[package]
name = "$name"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
encoding_rs = $dependency

[patch.crates-io]
$patch

[workspace]
EOF
    local out
    if (cd "$work/$name" && cargo build --quiet) && out=$("$CARGO_TARGET_DIR/debug/$name") &&
        [ "$out" = "Shift_JIS 日本" ]; then
        echo "ok: $name: $dependency"
        passed=$((passed + 1))
    else
        echo "FAIL: $name: $dependency: ${out:-did not build or run}" >&2
        failed=$((failed + 1))
    fi
}

program packaged-default '{ package = "whatwg-encoding", version = "0.1" }' "$patch"
program packaged-shift-jis '{ package = "whatwg-encoding", version = "0.1", default-features = false, features = ["alloc", "shift_jis"] }' "$patch"

git clone --quiet "$repo" "$work/clone"
git="file://$work/clone"
program git-default "{ package = \"whatwg-encoding\", git = \"$git\" }"
program git-shift-jis "{ package = \"whatwg-encoding\", git = \"$git\", default-features = false, features = [\"alloc\", \"shift_jis\"] }"

echo "downstream: packaged ${#published[@]} crates, built and ran 4 programs outside the repository, in $((SECONDS - start)) s"
echo "downstream: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
