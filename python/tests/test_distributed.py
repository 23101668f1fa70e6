"""A real distributed engine: the README's Dask example, run as a user runs it (a script whose
LocalCluster starts two worker processes, the scheduler a cluster of machines uses), sniffs
and decodes documents in several encodings through dask.bag; the example itself checks the
cluster's answer against the serial one, and this test checks both against the texts the
documents were made from."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import whatwg_encoding as w

README = Path(__file__).resolve().parents[1] / "README.md"

EXPECTED = [
    ("<meta charset=shift_jis>日本", "shift_jis"),
    ("<meta charset=euc-kr>화성", "euc-kr"),
    ("<meta charset=gb18030>火星€", "gb18030"),
    ("<meta charset=windows-1251>Марс", "windows-1251"),
    ("<p>火", "utf-16le"),
]


def test_the_readmes_dask_example_runs_on_a_local_cluster(tmp_path):
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Many documents, many processes\n.*?```python\n(.*?)```", text, re.S).group(1)
    script = tmp_path / "example.py"
    script.write_text(block, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, encoding="utf-8", timeout=300
    )
    assert run.returncode == 0, run.stderr
    pairs = [(text, w.lookup(name)) for text, name in EXPECTED]
    assert run.stdout.strip() == repr(pairs)
