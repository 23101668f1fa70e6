#!/usr/bin/env bash
# Every test of the project: the Rust workspace's, then the Python package's.
#
# The Python side needs only the machine's CPython 3.11 (or later) with pip. It is tested as a
# worker without Rust gets it: maturin (python/requirements-build.txt, in a virtualenv of its
# own under target/) builds the wheel once, checking its manylinux tag; a fresh virtualenv
# (target/python-venv, made anew each run) gets the wheel and python/requirements-test.txt's
# pinned packages; and pytest runs python/tests there with no Rust on PATH. Tests that read
# the bench corpus (../shared beside the clone) skip without it;
# WHATWG_ENCODING_REQUIRE_CORPUS=1 makes them fail instead (CI sets it). Arguments are passed
# to pytest; WHATWG_ENCODING_PYTHON_ONLY=1 runs the Python side alone (and the comparison
# with the whatwg-transcode CLI only if WHATWG_ENCODING_TRANSCODE names one).
set -euo pipefail
cd "$(dirname "$0")"

if [ "${WHATWG_ENCODING_PYTHON_ONLY:-}" != 1 ]; then
    cargo test --workspace
    echo "test.sh: the Rust tests took ${SECONDS}s" >&2
    # The CLI those tests built, which the Python tests hold decode_document against.
    target_dir=${CARGO_TARGET_DIR:-target}
    [[ $target_dir == /* ]] || target_dir=$PWD/$target_dir
    export WHATWG_ENCODING_TRANSCODE=$target_dir/debug/whatwg-transcode
fi
start=$SECONDS

python=${PYTHON:-python3}
pip_install() { "$1/bin/python" -m pip install --quiet --disable-pip-version-check "${@:2}"; }

build=target/python-build
if [ ! -x "$build/bin/maturin" ]; then
    "$python" -m venv "$build"
fi
pip_install "$build" -r python/requirements-build.txt
rm -rf target/wheels
"$build/bin/maturin" build --quiet --release -m python/Cargo.toml --out target/wheels
wheels=(target/wheels/whatwg_encoding-*-abi3-manylinux_*.whl)
if [ ! -f "${wheels[0]}" ]; then
    echo "test.sh: maturin made no abi3 manylinux wheel: $(ls target/wheels)" >&2
    exit 1
fi
echo "test.sh: the wheel ${wheels[0]##*/} took $((SECONDS - start))s" >&2
start=$SECONDS

# The PATH less every folder with cargo or rustc in it.
no_rust=
IFS=: read -ra folders <<<"$PATH"
for folder in "${folders[@]}"; do
    if [ -n "$folder" ] && [ ! -x "$folder/cargo" ] && [ ! -x "$folder/rustc" ]; then
        no_rust=${no_rust:+$no_rust:}$folder
    fi
done
venv=target/python-venv
rm -rf "$venv"
"$python" -m venv "$venv"
pip_install "$venv" -r python/requirements-test.txt "${wheels[0]}"
export VIRTUAL_ENV="$PWD/$venv" PATH="$PWD/$venv/bin:$no_rust"
if command -v cargo >/dev/null || command -v rustc >/dev/null; then
    echo "test.sh: Rust is still on PATH" >&2
    exit 1
fi
echo "test.sh: the tests' virtualenv took $((SECONDS - start))s" >&2
pytest python/tests "$@"
