#!/usr/bin/env bash
# CI: Chromium as an outside oracle of the HTML encoding sniffing. Installs Debian's chromium
# when it is missing (apt-get, as root or by sudo without a password), serves the generated
# documents to it headless and checks its answers against spec-tests/fixtures/chromium-sniff/,
# which `cargo test` checks the crate against. Where chromium cannot be installed, it says so
# and stops without failing. About 15 s, plus about 80 s to install.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

browser=${CHROMIUM:-chromium}
if ! command -v "$browser" >/dev/null; then
    sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo -n)
    if command -v apt-get >/dev/null && "${sudo[@]}" true 2>/dev/null; then
        "${sudo[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium >/dev/null
    else
        echo "chromium oracle: skipped: chromium is missing and cannot be installed here (apt-get as root)"
        exit 0
    fi
fi

python3 spec-tests/chromium/oracle.py --check
echo "chromium oracle: $((SECONDS - start)) s, installation included"
