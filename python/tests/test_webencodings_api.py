"""webencodings' API, as its users call it."""

from __future__ import annotations

import codecs

import pytest
import webencodings

import whatwg_encoding as w


def test_the_names_webencodings_has_are_here():
    for name in [
        "LABELS", "UTF8", "Encoding", "lookup", "decode", "encode", "iter_decode",
        "iter_encode", "IncrementalDecoder", "IncrementalEncoder", "ascii_lower",
    ]:
        assert hasattr(w, name), name


def test_lookup_gets_an_encoding():
    encoding = w.lookup(" \t Latin1\n")
    assert encoding is w.lookup("windows-1252")
    assert encoding.name == "windows-1252"
    assert repr(encoding) == "<Encoding windows-1252>"
    assert w.lookup("SHIFT_JIS").name == "shift_jis"
    assert w.lookup("utf8") is w.UTF8
    for label in ["", "latin 1", "utf-8\x0b", "\u212aoi8-r", "utf-\ud800", "x" * 1000]:
        assert w.lookup(label) is None, label


def test_every_name_is_webencodings_name():
    for label, name in w.LABELS.items():
        assert w.lookup(label).name == name
        ours = webencodings.lookup(label)
        if ours is not None:
            assert ours.name == name, label


def test_labels_are_the_standards():
    # Every label webencodings 0.6.1 knows is here, for the same encoding.
    assert {k: v for k, v in webencodings.LABELS.items()} == {
        k: v for k, v in w.LABELS.items() if k in webencodings.LABELS
    }
    assert set(webencodings.LABELS) <= set(w.LABELS)
    assert w.LABELS["unicode-1-1-utf-8"] == "utf-8"
    assert all(label == label.strip().lower() for label in w.LABELS)


def test_codec_info_runs_this_package():
    info = w.lookup("windows-1252").codec_info
    assert isinstance(info, codecs.CodecInfo)
    assert info.name == "whatwg-windows-1252"
    assert info.decode(b"\x81") == ("\x81", 1)
    assert info.encode("\x81") == (b"\x81", 1)
    assert info.incrementaldecoder().decode(b"\x81", True) == "\x81"
    assert info.incrementalencoder().encode("\x81", True) == b"\x81"
    assert codecs.lookup("whatwg-latin1").name == "whatwg-windows-1252"


def test_decode_sniffs_a_byte_order_mark():
    assert w.decode(b"\xef\xbb\xbfa\xe9", "latin1") == ("a\ufffd", w.UTF8)
    assert w.decode(b"\xff\xfea\x00", "latin1") == ("a", w.lookup("utf-16le"))
    assert w.decode(b"\xfe\xff\x00a", w.lookup("latin1")) == ("a", w.lookup("utf-16be"))
    assert w.decode(b"a\xe9", "latin1") == ("a\xe9", w.lookup("latin1"))
    # One mark is removed; a second is text.
    assert w.decode(b"\xef\xbb\xbf\xef\xbb\xbf", "utf-8") == ("\ufeff", w.UTF8)
    with pytest.raises(LookupError, match="nope"):
        w.decode(b"", "nope")
    with pytest.raises(UnicodeDecodeError):
        w.decode(b"\xff", "utf-8", "strict")


def test_encode():
    assert w.encode("é") == b"\xc3\xa9"
    assert w.encode("é", "latin1") == b"\xe9"
    assert w.encode("日本", w.lookup("shift_jis")) == b"\x93\xfa\x96\x7b"
    assert w.encode("€", "utf-16le") == "€".encode("utf-16-le")
    with pytest.raises(UnicodeEncodeError):
        w.encode("日", "latin1")
    assert w.encode("日", "latin1", "xmlcharrefreplace") == b"&#26085;"
    with pytest.raises(LookupError, match="nope"):
        w.encode("", "nope")


def test_iter_decode_and_iter_encode():
    chunks = [b"\xef", b"\xbb", b"\xbfa", b"\xe6\x97", b"\xa5"]
    output, encoding = w.iter_decode(chunks, "latin1")
    assert encoding is w.UTF8
    assert "".join(output) == "a日"
    output, encoding = w.iter_decode([b"", b"ab", b"\xe9"], "latin1")
    assert (encoding, "".join(output)) == (w.lookup("latin1"), "ab\xe9")
    output, encoding = w.iter_decode([], "latin1")
    assert (encoding, list(output)) == (w.lookup("latin1"), [])
    output, encoding = w.iter_decode([b"\xef\xbb"], "latin1")
    assert (encoding, "".join(output)) == (w.lookup("latin1"), "ï»")
    assert b"".join(w.iter_encode(["日", "本"], "iso-2022-jp")) == b"\x1b$BF|K\\\x1b(B"
    with pytest.raises(LookupError):
        w.iter_encode([], "nope")


def test_incremental_decoder_knows_its_encoding_once_decided():
    decoder = w.IncrementalDecoder("latin1")
    assert decoder.encoding is None
    assert decoder.decode(b"\xff") == ""
    assert decoder.encoding is None
    assert decoder.decode(b"\xfea\x00") == "a"
    assert decoder.encoding is w.lookup("utf-16le")
    decoder = w.IncrementalDecoder("latin1")
    assert decoder.decode(b"ab") == "ab"  # not a mark: decided at once
    assert decoder.encoding is w.lookup("latin1")
    decoder = w.IncrementalDecoder("utf-8")
    assert decoder.decode(b"\xef\xbb", final=True) == "\ufffd"
    assert decoder.encoding is w.UTF8


def test_incremental_encoder():
    encoder = w.IncrementalEncoder("iso-2022-jp")
    assert encoder.encode("日") == b"\x1b$BF|"
    assert encoder.encode("", final=True) == b"\x1b(B"
    assert w.IncrementalEncoder().encode("é", True) == b"\xc3\xa9"


def test_ascii_lower():
    assert w.ascii_lower("BAC\u212aGROUND") == "bac\u212aground"
    assert w.ascii_lower("ÀB\ud800") == "Àb\ud800"
    assert w.ascii_lower("Latin1") == webencodings.ascii_lower("Latin1")


def test_the_one_liner_makes_importers_use_this_package(tmp_path):
    import subprocess
    import sys

    script = (
        "import sys, whatwg_encoding; sys.modules['webencodings'] = whatwg_encoding\n"
        "import html5lib, tinycss2, webencodings\n"
        "assert webencodings is whatwg_encoding\n"
        "doc = html5lib.parse(b'<meta charset=windows-1252><p>\\x81', treebuilder='dom')\n"
        "assert doc.getElementsByTagName('p')[0].firstChild.data == '\\x81'\n"
        "rules, encoding = tinycss2.parse_stylesheet_bytes(b'@charset \"gb18030\"; a{content:\"\\x80\"}')\n"
        "assert encoding is whatwg_encoding.lookup('gb18030')\n"
        "rule = [r for r in rules if r.type == 'qualified-rule'][0]\n"
        "assert [t.value for t in rule.content if t.type == 'string'] == ['\\u20ac']\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
