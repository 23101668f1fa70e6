"""Shared fixtures: the repository's copy of the standard's data (an oracle outside the
crate), the bench corpus beside the clone, and CPython's codecs as webencodings maps labels
to them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import strategies as st

#: The repository's root (python/tests/ is two levels down).
REPO = Path(__file__).resolve().parents[2]
#: The standard's data files, as the WHATWG publishes them.
INDEXES = REPO / "indexes"


def encodings_json() -> list[dict]:
    """indexes/encodings.json: the standard's encodings by group."""
    return json.loads((INDEXES / "encodings.json").read_text(encoding="utf-8"))


def group(heading: str) -> list[str]:
    """The lowercase names of the encodings in one group of encodings.json."""
    for entry in encodings_json():
        if entry["heading"] == heading:
            return [e["name"].lower() for e in entry["encodings"]]
    raise KeyError(heading)


SINGLE_BYTE = group("Legacy single-byte encodings")
#: Every encoding whose sequences are longer than a byte, or whose decoder keeps state.
MULTI_BYTE = ["big5", "euc-jp", "euc-kr", "gb18030", "gbk", "iso-2022-jp", "shift_jis"]
ALL = sorted({e["name"].lower() for g in encodings_json() for e in g["encodings"]})


def index(name: str) -> dict[int, int]:
    """indexes/index-<name>.txt as pointer -> code point."""
    table = {}
    for line in (INDEXES / f"index-{name}.txt").read_text(encoding="utf-8").split("\n"):
        if line.strip() and not line.startswith("#"):
            pointer, code_point = line.split("\t")[:2]
            table[int(pointer)] = int(code_point, 16)
    return table


def find_corpus() -> Path | None:
    """shared/bench-corpus beside the clone (or beside any folder above it), or where
    WHATWG_ENCODING_CORPUS says."""
    if "WHATWG_ENCODING_CORPUS" in os.environ:
        return Path(os.environ["WHATWG_ENCODING_CORPUS"])
    for folder in REPO.parents:
        candidate = folder / "shared" / "bench-corpus"
        if (candidate / "wikipedia").is_dir():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The bench corpus (shared/bench-corpus/wikipedia). Tests that need it skip without it,
    unless WHATWG_ENCODING_REQUIRE_CORPUS=1 (as CI sets), where they fail."""
    found = find_corpus()
    if found is None or not (found / "wikipedia").is_dir():
        message = (
            "no bench corpus: shared/bench-corpus/wikipedia beside the clone, or "
            "WHATWG_ENCODING_CORPUS, is needed for this test"
        )
        if os.environ.get("WHATWG_ENCODING_REQUIRE_CORPUS") == "1":
            pytest.fail(message + " (WHATWG_ENCODING_REQUIRE_CORPUS=1)")
        pytest.skip(message)
    return found / "wikipedia"


#: Language to legacy encodings, as shared/README.md gives them; every language is also in
#: UTF-8 and UTF-16LE.
LANGUAGES = {
    "ar": ["windows-1256"],
    "cs": ["windows-1250", "iso-8859-2"],
    "de": ["windows-1252"],
    "el": ["windows-1253", "iso-8859-7"],
    "en": ["windows-1252"],
    "fr": ["windows-1252"],
    "he": ["windows-1255", "iso-8859-8"],
    "ja": ["shift_jis", "euc-jp", "iso-2022-jp"],
    "ko": ["euc-kr"],
    "pt": ["windows-1252"],
    "ru": ["windows-1251", "koi8-r", "ibm866"],
    "th": ["windows-874"],
    "tr": ["windows-1254"],
    "vi": ["windows-1258"],
    "zh_cn": ["gb18030", "gbk"],
    "zh_tw": ["big5"],
}


#: Bytes that take the multi-byte decoders through their states more often than uniform
#: random bytes do: leads, trails, escape sequences, byte order marks, ASCII.
interesting_bytes = st.lists(
    st.sampled_from([0x00, 0x0A, 0x1B, 0x24, 0x28, 0x30, 0x40, 0x42, 0x49, 0x4A, 0x5C, 0x7E, 0x80,
                     0x81, 0x8E, 0x8F, 0x93, 0xA1, 0xA4, 0xB0, 0xBB, 0xBF, 0xC3, 0xD8, 0xDC, 0xE6,
                     0xEF, 0xF0, 0xFA, 0xFE, 0xFF])
    | st.integers(0, 255),
    max_size=64,
).map(bytes)  # fmt: skip
