#!/usr/bin/env bash
# Builds the size probe in every configuration, against whatwg-encoding (with the smallest
# feature set for the job, with its default layouts and with `compact`'s) and against
# encoding_rs 0.8 from crates.io, checks that all give the same output on a few inputs, and
# prints a Markdown table of the stripped binary sizes.
#
#   bash size-probe/measure.sh            # the table on stdout, progress on stderr
#
# The release profile is size-probe/Cargo.toml's (opt-level 3, fat LTO, one codegen unit,
# stripped, panic=abort); cargo's CARGO_PROFILE_RELEASE_* variables override it, e.g.
# CARGO_PROFILE_RELEASE_OPT_LEVEL=s. Builds go to size-probe/target (CARGO_TARGET_DIR is set
# here), so the first run takes a few minutes and later ones only rebuild what changed.
set -euo pipefail
cd "$(dirname "$0")"

export CARGO_TARGET_DIR="$PWD/target"
export CARGO_TERM_COLOR=never
out="$CARGO_TARGET_DIR/probes"
mkdir -p "$out"

configs=(empty utf8 windows-1252 shift_jis japanese all-decode all-encode all all-std)

# build LIBRARY-FEATURES CONFIG: builds, keeps the binary as $out/LIBRARY-CONFIG.
build() {
    local library=$1 config=$2
    echo "building $library $config" >&2
    cargo build --release --quiet --features "$library,$config" >&2
    cp "$CARGO_TARGET_DIR/release/size-probe" "$out/$library-$config"
}

for config in "${configs[@]}"; do
    build ours "$config"
    build compact "$config"
    build encoding_rs "$config"
done
build fast-legacy-encode all

# Both libraries must do the same job: same output on the same input. A difference is
# reported (not fatal), e.g. while an encoding is still being written.
check() {
    local config=$1 input=$2
    shift 2
    local ours theirs
    ours=$(printf "$input" | "$out/ours-$config" "$@" | od -An -tx1)
    compact=$(printf "$input" | "$out/compact-$config" "$@" | od -An -tx1)
    theirs=$(printf "$input" | "$out/encoding_rs-$config" "$@" | od -An -tx1)
    if [ "$ours" != "$theirs" ] || [ "$compact" != "$theirs" ]; then
        echo "warning: $config $* gives different output from ours, compact and encoding_rs" >&2
    fi
}
check empty 'abc\xff'
check utf8 '\xef\xbb\xbfcaf\xc3\xa9 \xff'
check windows-1252 'caf\xe9 \x80\x81'
check shift_jis '\x93\xfa\x96\x7b \x82\xa0\xff'
check japanese '\xc6\xfc\xcb\xdc \xa4\xa2' euc-jp
check japanese '\x1b$B;z\x1b(B' csiso2022jp
check all-decode 'caf\xe9' latin1
check all-decode '\xc8\xd5\xb1\xbe' gbk
check all-encode 'caf\xc3\xa9 \xe2\x82\xac \xe6\x97\xa5' latin1
check all-encode '\xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80' sjis
check all 'caf\xe9 \x80' latin1
check all '\xa4\xe9\xa5\xbb' big5
check all '\xb1\xa1\xc7\xd1' euc-kr
check all '\xff\xfeh\x00i\x00' utf-16le
check all-std 'caf\xe9 \x80' latin1
check all-std '\xff\xfeh\x00i\x00' utf-16le

size() { stat -c %s "$1"; }
human() { awk -v b="$1" 'BEGIN { printf "%d (%.1f KiB)", b, b / 1024 }'; }

ours_empty=$(size "$out/ours-empty")
compact_empty=$(size "$out/compact-empty")
theirs_empty=$(size "$out/encoding_rs-empty")
fast=$(size "$out/fast-legacy-encode-all")

echo "| configuration | whatwg-encoding | minus empty | whatwg-encoding \`compact\` | minus empty | encoding_rs | minus empty | encoding_rs fast-legacy-encode, minus empty |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for config in "${configs[@]}"; do
    ours=$(size "$out/ours-$config")
    compact=$(size "$out/compact-$config")
    theirs=$(size "$out/encoding_rs-$config")
    extra=""
    if [ "$config" = all ] || [ "$config" = all-std ]; then
        extra="$(human "$fast"), $(human $((fast - theirs_empty)))"
    fi
    echo "| \`$config\` | $(human "$ours") | $(human $((ours - ours_empty))) | $(human "$compact") | $(human $((compact - compact_empty))) | $(human "$theirs") | $(human $((theirs - theirs_empty))) | $extra |"
done
echo
echo "Stripped release binaries (opt-level ${CARGO_PROFILE_RELEASE_OPT_LEVEL:-3}, lto, codegen-units 1, panic abort), $(rustc --version), $(rustc -vV | sed -n 's/^host: //p'); encoding_rs $(sed -n '/^name = "encoding_rs"/{n;s/^version = "\(.*\)"/\1/p}' Cargo.lock)."
