"""The bench corpus through the package and through its users."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import whatwg_encoding as w
from whatwg_encoding import _native

from conftest import LANGUAGES


def test_html5lib_and_tinycss2_over_every_page_through_the_one_liner(corpus):
    script = Path(__file__).with_name("corpus_users.py")
    run = subprocess.run([sys.executable, str(script), str(corpus)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.count("\n") == sum(len(v) + 2 for v in LANGUAGES.values())


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_pair_decodes_as_the_crate_and_streams_as_one_shot(corpus, lang):
    for kind in ("txt", "html"):
        text = (corpus / f"{lang}.{kind}").read_text(encoding="utf-8")
        for label in LANGUAGES[lang] + ["utf-8", "utf-16le", "utf-16be"]:
            data = w.encode(text, label, "xmlcharrefreplace")
            expected = _native.crate_decode([data], label)[0]
            assert data.decode("whatwg-" + label) == expected
            decoder = w.lookup(label).codec_info.incrementaldecoder()
            pieces = [decoder.decode(data[i : i + 4093]) for i in range(0, len(data), 4093)]
            assert "".join(pieces) + decoder.decode(b"", True) == expected
            assert expected.encode("whatwg-" + label) == data
