#!/usr/bin/env bash
# Builds the fuzz targets (nightly, AddressSanitizer, debug assertions: cargo fuzz's defaults)
# and runs each for SECONDS, one after another, on one core:
#
#     bash fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     # default: 30 s, every target
#
# Each target's corpus is fuzz/corpus/<target>: the committed seeds (seed-*) and whatever the
# runs add (ignored by git). A crash leaves its input in fuzz/artifacts/<target>/ (and prints
# it in base64, for a machine that is gone) and makes the script exit 1 once every target has
# run. Per target it prints the CPU time, the executions, the corpus (files, bytes) and
# libFuzzer's final coverage (cov: edges, ft: features).
#
# Installs cargo-fuzz and the nightly toolchain when missing, as CI starts from a fresh machine.
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-30}
shift || true
all=(decode encode differential generator web sniff)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

target_dir=${CARGO_TARGET_DIR:-$PWD/target}
build_start=$(date +%s)
if [ ${#targets[@]} -eq 1 ]; then
    cargo +nightly fuzz build --target-dir "$target_dir" "${targets[0]}"
else
    cargo +nightly fuzz build --target-dir "$target_dir"
fi
echo "fuzz build: $(( $(date +%s) - build_start )) s"

failed=()
summary=()
for t in "${targets[@]}"; do
    bin=$target_dir/x86_64-unknown-linux-gnu/release/$t
    mkdir -p "corpus/$t" "artifacts/$t"
    log=$(mktemp)
    # One process, one core; inputs up to 4 KiB; an input that takes 20 s is a failure too.
    TIMEFORMAT='%U %S'
    status=0
    # A target's dictionary of tokens, if it has one.
    dict=(); [ -f "dict/$t.dict" ] && dict=(-dict="dict/$t.dict")
    { time "$bin" "corpus/$t" "${dict[@]}" -artifact_prefix="artifacts/$t/" -max_total_time="$seconds" \
        -max_len=4096 -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=512 -print_final_stats=1 >"$log" 2>&1 \
        || status=$?; } 2>"$log.time"
    read -r user sys <"$log.time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    stats=$(grep -E '^#[0-9]+' "$log" | grep -E 'cov: ' | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
    files=$(find "corpus/$t" -type f | wc -l)
    bytes=$(find "corpus/$t" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
    line="$t: cpu ${cpu} s, ${execs:-?} execs, corpus ${files} files / ${bytes} bytes, ${stats:-no stats}"
    if [ "$status" -ne 0 ]; then
        line="$line, FAILED (exit $status)"
        failed+=("$t")
        grep -E 'panicked at|ERROR: (AddressSanitizer|libFuzzer)|^SUMMARY|Test unit written to' "$log" | head -5 || true
        grep -A3 'panicked at' "$log" | head -8 || true
        # The input, so that a crash on a machine that is gone (CI's) can be reproduced:
        # base64 -d > crash && cargo +nightly fuzz run TARGET crash
        for crash in $(grep -oE 'Test unit written to [^ ]+' "$log" | awk '{ print $5 }'); do
            echo "input ($crash, base64):"
            base64 -w0 "$crash" && echo
        done
    fi
    echo "$line"
    summary+=("$line")
    rm -f "$log" "$log.time"
done

echo "--- fuzz summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} target(s) failed: ${failed[*]} (inputs in fuzz/artifacts/)"
    exit 1
fi
