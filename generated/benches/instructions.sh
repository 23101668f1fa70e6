#!/usr/bin/env bash
# Instruction counts of our member of every group of the compare benchmark, one call each on
# the bench corpus, under callgrind (see benches/compare/instructions.rs).
#
#   bash generated/benches/instructions.sh [FILTER] > counts.tsv   # group<TAB>instructions
#   bash generated/benches/instructions.sh --compare before.tsv after.tsv
#
# FILTER keeps the groups whose names contain it. The build is the benchmark's (cargo's
# bench profile) with whatever RUSTFLAGS and CARGO_TARGET_DIR are set: a portable build is
#   CARGO_TARGET_DIR=target/portable RUSTFLAGS='--cfg whatwg_encoding_portable' bash ...
# FEATURES, if set, is passed to the build as `--features` (`fast-legacy-encode`, or
# `encoding_rs/fast-legacy-encode` for encoding_rs's fast build).
# --compare prints a Markdown table of both files' counts, the ratio, and a mark where the
# second is more than 2% above the first; it exits 1 if any is.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${1:-}" = "--compare" ]; then
    awk -F'\t' '
        NR == FNR { before[$1] = $2; next }
        ($1 in before) {
            ratio = $2 / before[$1]
            mark = ratio > 1.02 ? " **over 2%**" : ""
            if (ratio > 1.02) over++
            printf "| %s | %d | %d | %.3f%s |\n", $1, before[$1], $2, ratio, mark
            n++; log_sum += log(ratio)
        }
        BEGIN { print "| group | before | after | after/before |"; print "| --- | ---: | ---: | ---: |" }
        END {
            printf "\n%d groups, geometric mean %.3f, %d over 2%%\n", n, exp(log_sum / n), over
            exit over > 0
        }' "$2" "$3"
    exit
fi

filter="${1:-}"
binary=$(cargo bench -p whatwg-encoding --bench compare --no-run ${FEATURES:+--features "$FEATURES"} \
    --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*compare-[^"]*\)".*/\1/p' | tail -n 1)
[ -x "$binary" ] || { echo "instructions.sh: no benchmark binary built" >&2; exit 1; }

dumps=$(mktemp -d)
trap 'rm -rf "$dumps"' EXIT
COMPARE_INSTRUCTIONS="$filter" valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect='*instructions::measured*' --dump-after='compare::instructions::measured' \
    --callgrind-out-file="$dumps/out.%p" "$binary" >"$dumps/names" 2>"$dumps/log" ||
    { cat "$dumps/log" >&2; exit 1; }

# Each dump after a call of `measured` is numbered in call order; the last, written at exit,
# has no number.
sed -n 's/^measured //p' "$dumps/names" >"$dumps/groups"
for dump in $(ls "$dumps" | grep -E '^out\.[0-9]+\.[0-9]+$' | sort -t. -k3 -n); do
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$dumps/$dump"
done >"$dumps/counts"
if [ "$(wc -l <"$dumps/groups")" != "$(wc -l <"$dumps/counts")" ]; then
    echo "instructions.sh: $(wc -l <"$dumps/groups") calls but $(wc -l <"$dumps/counts") dumps" >&2
    exit 1
fi
paste "$dumps/groups" "$dumps/counts"
