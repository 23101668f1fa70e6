"""Where this package and webencodings 0.6.1 differ: exactly the list in python/DIFFERENCES.md."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest
import webencodings

import whatwg_encoding as w

import differences

DIFFERENCES = Path(__file__).resolve().parents[1] / "DIFFERENCES.md"


def differences_table() -> list[str]:
    lines = DIFFERENCES.read_text(encoding="utf-8").split("\n")
    start = lines.index("<!-- differences: python tests/differences.py -->") + 1
    end = lines.index("<!-- /differences -->", start)
    return [line for line in lines[start:end] if line.strip()]


def test_differences_md_lists_every_difference_in_the_domain():
    assert differences_table() == differences.markdown(differences.groups())


@pytest.mark.parametrize(
    "name, data, ours, theirs",
    [
        # The cases the issue names.
        ("windows-1252", b"\x81", "\x81", "\ufffd"),
        ("gb18030", b"\x80", "€", "\ufffd"),
        ("gb18030", b"\xa6\xd9", "\ufe10", "\ue78d"),
        ("shift_jis", b"\xa0", "\ufffd", "\uf8f0"),
        ("koi8-u", b"\xae", "\u045e", "\u255d"),
        ("windows-1255", b"\xca", "\u05ba", "\ufffd"),
        ("euc-jp", b"\xad\xa1", "①", "\ufffd\ufffd"),
        ("iso-2022-jp", b"\x1b$B-!\x1b(B", "①", "\ufffd"),
        ("replacement", b"abc", "\ufffd", "\ufffd\ufffd\ufffd"),
    ],
)
def test_decoding_differences(name, data, ours, theirs):
    assert w.lookup(name).codec_info.decode(data, "replace")[0] == ours
    assert webencodings.lookup(name).codec_info.decode(data, "replace")[0] == theirs


def test_a_sequence_cut_by_the_end_of_a_stream_is_an_error():
    stream = b"ab\xe6\x97"
    assert w.UTF8.codec_info.streamreader(io.BytesIO(stream), "replace").read() == "ab\ufffd"
    assert webencodings.UTF8.codec_info.streamreader(io.BytesIO(stream), "replace").read() == "ab"


def test_errors_name_the_standards_encoding_and_one_code_point_each():
    with pytest.raises(UnicodeEncodeError) as ours:
        w.encode("日日a", "windows-1252")
    with pytest.raises(UnicodeEncodeError) as theirs:
        webencodings.encode("日日a", "windows-1252")
    assert (ours.value.encoding, ours.value.start, ours.value.end) == ("windows-1252", 0, 1)
    assert (theirs.value.encoding, theirs.value.start, theirs.value.end) == ("charmap", 0, 2)
    assert w.lookup("shift_jis").codec_info.name == "whatwg-shift_jis"
    assert webencodings.lookup("shift_jis").codec_info.name == "cp932"


def test_lone_surrogates_in_labels():
    assert w.ascii_lower("A\ud800") == "a\ud800"
    assert w.lookup("utf-8\ud800") is None
    with pytest.raises(UnicodeEncodeError):
        webencodings.ascii_lower("A\ud800")
    with pytest.raises(UnicodeEncodeError):
        webencodings.lookup("utf-8\ud800")


def test_the_incremental_decoder_decides_as_soon_as_no_mark_can_follow():
    ours, theirs = w.IncrementalDecoder("latin1"), webencodings.IncrementalDecoder("latin1")
    assert (ours.decode(b"ab"), ours.encoding) == ("ab", w.lookup("latin1"))
    assert (theirs.decode(b"ab"), theirs.encoding) == ("", None)
    assert ours.decode(b"c", True) == "c" and theirs.decode(b"c", True) == "abc"


def test_the_codecs_are_registered_under_the_prefix_only():
    assert codecs.lookup("whatwg-windows-1252").name == "whatwg-windows-1252"
    assert codecs.lookup("windows-1252").name == "cp1252"  # CPython's own stays
