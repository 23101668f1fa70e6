"""A real distributed engine: the README's Dask example, run as a user runs it (a script whose
LocalCluster starts two worker processes, the scheduler a cluster of machines uses), decodes
a crawler's records in several encodings through dask.bag and decode_document; the example
itself checks the cluster's answer against the serial one, and this test checks both
against what the records were made to say."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"

#: What each record ends with: the encoding, the rule that chose it, the text's last four
#: characters.
EXPECTED = [
    ("shift_jis", "meta", "s>日本"),
    ("euc-kr", "meta", "r>화성"),
    ("gb18030", "transport_layer", ">火星€"),
    ("windows-1251", "late_meta", "Марс"),
    ("utf-16le", "byte_order_mark", "<p>火"),
]


def test_the_readmes_dask_example_runs_on_a_local_cluster(tmp_path):
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Many documents, many processes\n.*?With Dask.*?```python\n(.*?)```", text, re.S).group(1)
    script = tmp_path / "example.py"
    script.write_text(block, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, encoding="utf-8", timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [" ".join(line) for line in EXPECTED]
