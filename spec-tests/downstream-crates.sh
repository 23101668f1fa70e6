#!/usr/bin/env bash
# Runs the test suites of published crates that depend on encoding_rs against this checkout's
# whatwg-encoding instead, their `encoding_rs` dependency edited to
#   encoding_rs = { package = "whatwg-encoding", path = "<this checkout>/generated" }
# which is the one-line change a user makes. A crate that asks for encoding_rs with
# `default-features = false` (encoding_rs has no per-encoding features) also gets the `all`
# feature here, as such a user must add (see README.md, "Cargo features").
#
#   bash spec-tests/downstream-crates.sh            # all of them
#   bash spec-tests/downstream-crates.sh charset    # one
#
# The crates' sources come from crates.io through cargo's registry cache (a throwaway
# project that depends on them is fetched first); nothing of theirs is committed. Work goes
# to $WORK (default: a new temporary directory), builds to $WORK/target.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
export CARGO_TARGET_DIR="$work/target"
export CARGO_TERM_COLOR=never

# name version: what the crates' own test suites exercise of encoding_rs.
crates=(
    "encoding_rs_io 0.1.8"   # streaming decode through std::io::Read
    "charset 0.1.5"          # mem::decode_latin1, Encoding::ascii_valid_up_to, mail charsets
    "chardetng 1.0.0"        # decode_to_utf16_without_replacement, every legacy encoding
)
wanted=("$@")

fetch="$work/fetch"
mkdir -p "$fetch/src"
echo 'fn main() {}' >"$fetch/src/main.rs"
{
    printf '[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[workspace]\n[dependencies]\n'
    for c in "${crates[@]}"; do
        set -- $c
        printf '%s = "=%s"\n' "$1" "$2"
    done
} >"$fetch/Cargo.toml"
(cd "$fetch" && cargo fetch --quiet)
registry=$(dirname "$(cargo metadata --manifest-path "$fetch/Cargo.toml" --format-version 1 \
    | python3 -c 'import json,sys; print([p["manifest_path"] for p in json.load(sys.stdin)["packages"] if p["name"]=="charset"][0])')")/..

status=0
for c in "${crates[@]}"; do
    set -- $c
    name=$1 version=$2
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $name "* ]]; then
        continue
    fi
    dir="$work/$name"
    rm -rf "$dir"
    cp -r "$registry/$name-$version" "$dir"
    chmod -R u+w "$dir"
    rm -f "$dir/Cargo.lock"
    python3 - "$dir/Cargo.toml" "$repo/generated" <<'PY'
import re, sys
path, generated = sys.argv[1], sys.argv[2]
text = open(path).read()
def edit(match):
    header, body = match.group(1), match.group(2)
    lines = [l for l in body.splitlines() if not l.startswith("version")]
    body = "\n".join(lines)
    features = re.search(r'^features = \[(.*)\]$', body, re.M)
    if re.search(r'^default-features = false$', body, re.M):
        if features:
            body = body.replace(features.group(0), 'features = [%s, "all"]' % features.group(1))
        else:
            body += '\nfeatures = ["all"]'
    return '%s\npackage = "whatwg-encoding"\npath = "%s"\n%s\n' % (header, generated, body.strip("\n"))
text, n = re.subn(r'^(\[(?:dev-)?dependencies\.encoding_rs\])\n((?:[^\[\n][^\n]*\n|\n)*)', edit, text, flags=re.M)
assert n >= 1, "no encoding_rs dependency in " + path
text += "\n[workspace]\n"
open(path, "w").write(text)
PY
    echo "== $name $version against whatwg-encoding ($(grep -c 'package = "whatwg-encoding"' "$dir/Cargo.toml") dependency lines edited)"
    if (cd "$dir" && cargo test --quiet 2>&1 | tee "$work/$name.log" | grep -E '^test result|error(\[|:)|FAILED|panicked'); then :; fi
    if grep -qE '^test result: FAILED|^error' "$work/$name.log" || ! grep -q '^test result: ok' "$work/$name.log"; then
        echo "== $name: FAILED (log: $work/$name.log)"
        status=1
    else
        passed=$(awk '/^test result: ok/ { n += $4 } END { print n + 0 }' "$work/$name.log")
        echo "== $name: $passed tests passed"
    fi
done
exit $status
