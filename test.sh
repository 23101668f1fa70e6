#!/usr/bin/env bash
# Every test of the project: the Rust workspace's, then the Python package's.
#
# The Python side needs only the machine's CPython 3.11 (or later) with pip: a virtualenv
# under target/ gets python/requirements-test.txt's pinned packages (maturin, pytest,
# hypothesis, mypy, and webencodings, html5lib and tinycss2 to test against), the package is
# built and installed as a user installs it (pip install ./python, with that maturin), and
# pytest runs python/tests. Tests that read the bench corpus (../shared beside the clone) skip
# without it; WHATWG_ENCODING_REQUIRE_CORPUS=1 makes them fail instead (CI sets it).
# Arguments are passed to pytest.
set -euo pipefail
cd "$(dirname "$0")"

cargo test --workspace
echo "test.sh: the Rust tests took ${SECONDS}s" >&2
start=$SECONDS

python=${PYTHON:-python3}
venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
export VIRTUAL_ENV="$PWD/$venv" PATH="$PWD/$venv/bin:$PATH"
python -m pip install --quiet --disable-pip-version-check -r python/requirements-test.txt
python -m pip install --quiet --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./python
echo "test.sh: the Python package's virtualenv and build took $((SECONDS - start))s" >&2
pytest python/tests "$@"
