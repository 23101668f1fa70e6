#!/usr/bin/env bash
# CI: the runtime crate builds with no encoding features, with each feature alone and with all
# of them, and its own tests (unit, tests/, doctests) pass with reduced features, the CJK
# encoders' tests with the fast-*-encode features, and with `compact`'s layouts.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TERM_COLOR=never
start=$SECONDS

if ! cargo hack --version >/dev/null 2>&1; then
    cargo install cargo-hack --locked
fi

check_log=$(mktemp)
log=$(mktemp)
trap 'rm -f "$check_log" "$log"' EXIT

# No default features, each feature alone, and the default (all), warnings denied: a reduced
# build must be as clean as the full one. Without `alloc` (every configuration but the
# default and `alloc`/`std` alone) the crate is `#![no_std]`.
RUSTFLAGS="${RUSTFLAGS:-} -D warnings" \
    cargo hack check -p whatwg-encoding --each-feature --no-dev-deps 2>&1 | tee "$check_log"
configurations=$(grep -c '^info: running' "$check_log" || true)
# no_std with every encoding, and a no_std serde build; no_std sniffing with every encoding.
RUSTFLAGS="${RUSTFLAGS:-} -D warnings" \
    cargo check -p whatwg-encoding --no-default-features --features all,serde 2>&1 | tee -a "$check_log"
RUSTFLAGS="${RUSTFLAGS:-} -D warnings" \
    cargo check -p whatwg-encoding --no-default-features --features sniff,all 2>&1 | tee -a "$check_log"
configurations=$((configurations + 2))

cargo test -p whatwg-encoding --no-default-features 2>&1 | tee -a "$log"
cargo test -p whatwg-encoding --no-default-features --features alloc,windows-1252,serde,sniff 2>&1 | tee -a "$log"
# encoding_rs's fast-*-encode options: each direct table agrees with the encode map it
# shortcuts, on every code point of its range, and the encoders with encoding_rs on every
# scalar value and on random text.
cargo test -p whatwg-encoding --features fast-legacy-encode --lib -- agree 2>&1 | tee -a "$log"
cargo test -p spec-tests --features whatwg-encoding/fast-legacy-encode \
    --test japanese --test chinese_korean --test differential 2>&1 | tee -a "$log"

# The compact layouts (`compact`): the runtime's unit tests, among them the equivalence of
# every layout with the index files (every pointer, every two-byte sequence, every scalar value
# through each encoder table; the default configuration's runs in the workspace's tests), and
# the CJK encoders and decoders against encoding_rs and the snapshots, which must not change.
compact_start=$SECONDS
cargo test -p whatwg-encoding --features compact --lib 2>&1 | tee -a "$log"
cargo test -p spec-tests --features whatwg-encoding/compact \
    --test japanese --test chinese_korean --test snapshots 2>&1 | tee -a "$log"
echo "features: compact's tests took $((SECONDS - compact_start)) s"

passed=$(awk '/^test result:/ { for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^passed/) n += $i } END { print n + 0 }' "$log")
failed=$(awk '/^test result:/ { for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^failed/) n += $i } END { print n + 0 }' "$log")
echo "features: checked $configurations feature configurations, ran the tests with reduced features, in $((SECONDS - start)) s"
echo "features: $passed passed, $failed failed"
