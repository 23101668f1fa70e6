"""The package as users see it: its stubs against the runtime, its README's example, its
docstrings."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import whatwg_encoding

README = Path(__file__).resolve().parents[1] / "README.md"


def test_stubtest_accepts_the_stubs(tmp_path):
    # From a folder of its own, so that the installed package is the one checked.
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "whatwg_encoding", "--mypy-config-file", "/dev/null"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_readmes_example_runs(tmp_path, monkeypatch):
    block = re.search(r"## Use\n\n```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "page.html").write_bytes(b"\x93\xfa\x96\x7b")
    namespace: dict = {}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["page"] == "日本"
    # The sniffing section's blocks, one after the other, and the fetched document's.
    text = README.read_text(encoding="utf-8")
    namespace = {}
    for heading in ["Sniffing answers with", "`sniff_whole_document`", "calls `decode_document`"]:
        block = re.search(heading + r".*?```python\n(.*?)```", text, re.S).group(1)
        exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["ended"].rule == "late_meta" and namespace["text"] == "<p>日本"


def test_every_public_name_has_a_docstring():
    for name in whatwg_encoding.__all__:
        item = getattr(whatwg_encoding, name)
        if inspect.isclass(item) or inspect.isfunction(item):
            assert item.__doc__, name
            for member, value in vars(item).items():
                if not member.startswith("_") and (inspect.isfunction(value) or isinstance(value, property)):
                    assert value.__doc__, f"{name}.{member}"
    for name in ["Codec", "bom_decode", "lookup", "IncrementalDecoder", "TextDecoder"]:
        assert getattr(whatwg_encoding._native, name).__doc__, name
