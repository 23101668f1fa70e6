#!/usr/bin/env bash
# Shows that the snapshots catch a data update: builds the runtime from a copy of the data
# with one mapping altered (windows-1252 0x80: U+20AC -> U+20AD) and one label removed
# ("latin1"), runs the snapshot tests, and checks that exactly the two affected snapshots
# fail (index-windows-1252 and labels), printing the lines that changed. Then the real data
# must pass again (that is the normal test run).
set -euo pipefail
cd "$(dirname "$0")/.."

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
cp -L indexes/* "$data"/
chmod u+w "$data"/*

python3 - "$data" <<'PY'
import json, sys, re
d = sys.argv[1]
idx = json.load(open(f"{d}/indexes.json"))
assert idx["windows-1252"][0] == 0x20AC
idx["windows-1252"][0] = 0x20AD
json.dump(idx, open(f"{d}/indexes.json", "w"))
txt = open(f"{d}/index-windows-1252.txt", encoding="utf-8").read()
txt, n = re.subn(r"(?m)^(\s*0\t)0x20AC\t.*$", lambda m: m.group(1) + "0x20AD\t\u20ad (NEW SHEQEL SIGN)", txt)
assert n == 1
open(f"{d}/index-windows-1252.txt", "w", encoding="utf-8").write(txt)
enc = json.load(open(f"{d}/encodings.json"))
for group in enc:
    for e in group["encodings"]:
        if "latin1" in e["labels"]:
            e["labels"].remove("latin1")
json.dump(enc, open(f"{d}/encodings.json", "w"), indent=2)
PY

log=$(mktemp)
set +e
WHATWG_ENCODING_DATA="$data" INSTA_UPDATE=no INSTA_FORCE_PASS=0 \
    cargo test -p spec-tests --test snapshots -- --test-threads 2 >"$log" 2>&1
status=$?
set -e

failed=$(grep -E '^    [a-z0-9_]+$' "$log" | sed 's/^ *//' | sort | tr '\n' ' ')
echo "snapshot tests that failed on the altered data: $failed"
echo "changed lines:"
grep -E '│[-+]' "$log" | sed 's/^/  /' || true
if [ "$status" -eq 0 ] || [ "$failed" != "index_windows_1252 labels " ]; then
    echo "FAIL: expected exactly index_windows_1252 and labels to fail" >&2
    tail -50 "$log" >&2
    exit 1
fi
echo "ok: exactly the snapshots of the altered index and of the labels failed"
