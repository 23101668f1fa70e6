#!/usr/bin/env bash
# What a user pays to build us: the same small program (downstream/main.rs, it decodes
# Shift_JIS) built from scratch against whatwg-encoding (this checkout, by path, default
# features) and against encoding_rs 0.8.44 from crates.io, in the debug and the release
# profile. Prints, for each, the median, lowest and highest wall time of RUNS clean builds
# (interleaved: ours, theirs, ours, theirs, … so that a slower spell of a shared machine hits
# both) and the number of crates compiled.
#
#   bash downstream/build-time.sh            # 5 runs of each
#   RUNS=9 bash downstream/build-time.sh
#   OURS=git bash downstream/build-time.sh   # ours by `git =`, from a clone of HEAD
#
# Cargo compiles a path dependency incrementally (more work in a clean build) and a git or
# crates.io dependency not: OURS=git measures what a user of the published crate pays.
#
# The programs are written to a temporary directory outside the workspace, as a user's would
# be, each with its own Cargo.lock (resolved once, before timing) and target directory
# (removed before each timed build). The crates.io downloads are fetched once and not timed.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs=${RUNS:-5}
export CARGO_TERM_COLOR=never
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR

work=$(mktemp -d "${TMPDIR:-/tmp}/whatwg-encoding-build-time.XXXXXX")
trap 'rm -rf "$work"' EXIT

# program NAME DEPENDENCY-LINE: a crate at $work/NAME whose `encoding_rs` is DEPENDENCY-LINE.
program() {
    mkdir -p "$work/$1/src"
    cp "$repo/downstream/main.rs" "$work/$1/src/main.rs"
    cat >"$work/$1/Cargo.toml" <<EOF
[package]
name = "$1"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
$2

[workspace]
EOF
    (cd "$work/$1" && cargo fetch --quiet)
}
if [ "${OURS:-path}" = git ]; then
    git clone --quiet "$repo" "$work/clone"
    program ours "encoding_rs = { package = \"whatwg-encoding\", git = \"file://$work/clone\" }"
else
    program ours "encoding_rs = { package = \"whatwg-encoding\", path = \"$repo/generated\" }"
fi
program theirs 'encoding_rs = "=0.8.44"'

# build NAME PROFILE-FLAG: one clean build; appends its seconds to $work/NAME$FLAG.times and
# its crate count to $work/NAME$FLAG.crates.
build() {
    local dir="$work/$1" key="$1$2"
    rm -rf "$dir/target"
    local start end
    start=$(date +%s.%N)
    (cd "$dir" && cargo build --locked $2 2>"$work/$key.log")
    end=$(date +%s.%N)
    echo "$end - $start" | bc >>"$work/$key.times"
    grep -c '^ *Compiling ' "$work/$key.log" >"$work/$key.crates"
    # It runs, and decodes.
    "$dir/target/$([ -z "$2" ] && echo debug || echo release)/$1" >"$work/$key.out"
}

for profile in "" --release; do
    for _ in $(seq "$runs"); do
        build ours "$profile"
        build theirs "$profile"
    done
done

# stats FILE: median, lowest, highest of the numbers in FILE.
stats() {
    sort -n "$1" | awk '{ v[NR] = $1 } END {
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.2f s (%.2f to %.2f)", m, v[1], v[NR] }'
}
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| profile | whatwg-encoding | crates | encoding_rs 0.8.44 | crates | ratio of medians |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for profile in "" --release; do
    ours="$work/ours$profile" theirs="$work/theirs$profile"
    for out in "$ours.out" "$theirs.out"; do
        if [ "$(cat "$out")" != "Shift_JIS 日本" ]; then
            echo "error: $out: $(cat "$out")" >&2
            exit 1
        fi
    done
    ratio=$(echo "scale=2; $(median "$ours.times") / $(median "$theirs.times")" | bc)
    echo "| $([ -z "$profile" ] && echo debug || echo release) | $(stats "$ours.times") | $(cat "$ours.crates") | $(stats "$theirs.times") | $(cat "$theirs.crates") | $ratio |"
done
echo
echo "$runs clean builds of each, interleaved, ours by ${OURS:-path}; $(rustc --version), $(nproc) cores."
