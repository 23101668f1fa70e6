#!/usr/bin/env bash
# CI: the README's install commands work as a user runs them. Both tools are installed with
# `cargo install --locked --path` into a temporary root (a release build, as users get), then
# each installed binary runs: --help, one transcode (checked byte for byte), and encoding-gen's
# check of the bundled data.
#
#   bash .ci/install.sh
#
# The release build goes to the workspace's target/release (cargo install's default for
# --path), which both installs share: the dependencies they have in common build once.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
start=$SECONDS

root=$(mktemp -d "${TMPDIR:-/tmp}/whatwg-encoding-install.XXXXXX")
trap 'rm -rf "$root"' EXIT
# Run by name from the PATH, as the README does (and as ~/.cargo/bin is for a user).
export PATH="$root/bin:$PATH"
cargo install --locked --path transcode --root "$root"
cargo install --locked --path generator --root "$root"
for tool in whatwg-transcode encoding-gen; do
    if [ "$(command -v "$tool")" != "$root/bin/$tool" ]; then
        echo "FAIL: $tool is not the installed one" >&2
        exit 1
    fi
    "$tool" --help >/dev/null
done
# 日本 in Shift_JIS to UTF-16LE with a byte order mark (outside the standard).
expected="fffee5652c67"
got=$(printf '\x93\xfa\x96\x7b' | whatwg-transcode -f shift_jis -t utf-16le --bom | od -An -tx1 | tr -d ' \n')
if [ "$got" != "$expected" ]; then
    echo "FAIL: the installed whatwg-transcode wrote $got, not $expected" >&2
    exit 1
fi
encoding-gen check indexes >/dev/null
echo "install check: both tools installed and ran in $((SECONDS - start)) s"
