"""The incremental and stream forms: however the input is cut, the output is the one-shot
output; and Python's io machinery over them."""

from __future__ import annotations

import codecs
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whatwg_encoding as w

from conftest import ALL, MULTI_BYTE, interesting_bytes



def cuts(draw_data, n):
    return sorted(set(draw_data))[:n]


@settings(max_examples=300, deadline=None)
@given(data=interesting_bytes, name=st.sampled_from(ALL), where=st.lists(st.integers(0, 64), max_size=6))
def test_incremental_decoding_in_any_pieces_is_one_shot(data, name, where):
    whole = data.decode("whatwg-" + name, "replace")
    points = sorted({min(p, len(data)) for p in where})
    pieces = [data[a:b] for a, b in zip([0] + points, points + [len(data)])]
    decoder = codecs.getincrementaldecoder("whatwg-" + name)("replace")
    assert "".join(decoder.decode(p) for p in pieces) + decoder.decode(b"", True) == whole
    # And with a byte order mark sniffed first (webencodings' IncrementalDecoder).
    sniffing = w.IncrementalDecoder(name)
    expected, _ = w.decode(data, name)
    assert "".join(sniffing.decode(p) for p in pieces) + sniffing.decode(b"", True) == expected


@settings(max_examples=200, deadline=None)
@given(data=interesting_bytes, name=st.sampled_from(MULTI_BYTE + ["utf-8", "utf-16le"]))
def test_every_split_of_a_short_input(data, name):
    data = data[:12]
    whole = data.decode("whatwg-" + name, "replace")
    for cut in range(len(data) + 1):
        decoder = codecs.getincrementaldecoder("whatwg-" + name)("replace")
        assert decoder.decode(data[:cut]) + decoder.decode(data[cut:], True) == whole
    # A byte at a time.
    decoder = codecs.getincrementaldecoder("whatwg-" + name)("replace")
    assert "".join(decoder.decode(data[i : i + 1]) for i in range(len(data))) + decoder.decode(b"", True) == whole


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40), name=st.sampled_from(ALL), where=st.lists(st.integers(0, 40), max_size=5))
def test_incremental_encoding_in_any_pieces_is_one_shot(text, name, where):
    whole = text.encode("whatwg-" + name, "xmlcharrefreplace") if name != "replacement" else None
    points = sorted({min(p, len(text)) for p in where})
    pieces = [text[a:b] for a, b in zip([0] + points, points + [len(text)])]
    encoder = codecs.getincrementalencoder("whatwg-" + name)("xmlcharrefreplace")
    if whole is None:
        return
    assert b"".join(encoder.encode(p) for p in pieces) + encoder.encode("", True) == whole


def test_text_io_wrapper_reads_and_writes():
    text = "日本語のテキスト、\U0001f600 and ASCII\n" * 300
    for name in ["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr", "utf-16le"]:
        raw = text.encode("whatwg-" + name, "xmlcharrefreplace")
        expected = raw.decode("whatwg-" + name)
        stream = io.TextIOWrapper(io.BytesIO(raw), encoding="whatwg-" + name, newline="")
        assert stream.read() == expected, name
        # Line by line, in small reads.
        stream = io.TextIOWrapper(io.BufferedReader(io.BytesIO(raw), 7), encoding="whatwg-" + name, newline="")
        assert "".join(stream) == expected, name
        out = io.BytesIO()
        writer = io.TextIOWrapper(out, encoding="whatwg-" + name, errors="xmlcharrefreplace", newline="")
        for line in expected.splitlines(keepends=True):
            writer.write(line)
        writer.flush()
        assert out.getvalue() == expected.encode("whatwg-" + name, "xmlcharrefreplace") or name == "iso-2022-jp"


def test_open_and_codecs_open(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(b"\x93\xfa\x96\x7b\x81")
    with open(path, encoding="whatwg-shift_jis", errors="replace") as f:
        assert f.read() == "日本\ufffd"
    with codecs.open(str(path), encoding="whatwg-shift_jis", errors="replace") as f:
        assert f.read() == "日本\ufffd"
    with codecs.open(str(path), "w", encoding="whatwg-iso-2022-jp") as f:
        f.write("日本")
        f.reset()
    assert path.read_bytes() == b"\x1b$BF|K\\\x1b(B"


def test_stream_reader_ends_the_stream():
    reader = codecs.getreader("whatwg-utf-8")(io.BytesIO(b"ab\xe6\x97"), "replace")
    assert reader.read() == "ab\ufffd"
    assert reader.read() == ""
    reader = codecs.getreader("whatwg-utf-8")(io.BytesIO(b"ab\xe6\x97\xa5cd"), "strict")
    assert reader.read(1) + reader.read(1) + reader.read(2) + reader.read() == "ab日cd"
    reader = codecs.getreader("whatwg-utf-8")(io.BytesIO("a\nb日\nc".encode()))
    assert reader.readlines() == ["a\n", "b日\n", "c"]
    reader = codecs.getreader("whatwg-shift_jis")(io.BytesIO(b"\x93\xfa\x96\x7b" * 1000))
    assert reader.read(size=3, chars=5) == "日本日本日"
    assert reader.read() == "本" + "日本" * 997
    reader.seek(0)
    assert reader.read(chars=2) == "日本"


def test_stream_writer_writes_and_ends():
    out = io.BytesIO()
    writer = codecs.getwriter("whatwg-iso-2022-jp")(out)
    writer.write("日")
    writer.writelines(["本", "a"])
    writer.reset()
    assert out.getvalue() == b"\x1b$BF|K\\\x1b(Ba"


@pytest.mark.parametrize("name", ["shift_jis", "gb18030", "iso-2022-jp", "utf-8"])
def test_incremental_decoder_reset(name):
    decoder = codecs.getincrementaldecoder("whatwg-" + name)()
    decoder.decode("日".encode("whatwg-" + name)[:1])
    decoder.reset()
    assert decoder.decode(b"ab", True) == "ab"


@pytest.mark.parametrize("name", ["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr", "utf-8", "utf-16le", "utf-16be", "windows-1252"])
def test_text_io_wrapper_tell_and_seek(name):
    text = "ab日本\U0001f600ｱｲ\\~¥‾é€x\n" * 40 + "末"
    raw = text.encode("whatwg-" + name, "xmlcharrefreplace")
    expected = raw.decode("whatwg-" + name)
    stream = io.TextIOWrapper(io.BufferedReader(io.BytesIO(raw), 16), encoding="whatwg-" + name, newline="")
    stream._CHUNK_SIZE = 5  # chunks that end inside characters
    marks, read = [], ""
    while True:
        marks.append((stream.tell(), len(read)))
        char = stream.read(1)
        if not char:
            break
        read += char
    assert read == expected
    for cookie, done in marks[:: max(1, len(marks) // 60)] + marks[-3:]:
        stream.seek(cookie)
        assert stream.read() == expected[done:], (cookie, done)


def test_decoder_state_round_trips():
    for name, data in [("shift_jis", b"a\x93"), ("iso-2022-jp", b"\x1b$BF|K"), ("iso-2022-jp", b"\x1b(Ja\x1b"),
                       ("gb18030", b"\x81\x30\x81"), ("utf-16le", b"=\xd8\x00")]:
        decoder = codecs.getincrementaldecoder("whatwg-" + name)("replace")
        decoder.decode(data)
        state = decoder.getstate()
        rest = {"shift_jis": b"\xfa", "iso-2022-jp": b"\\\x1b(B", "gb18030": b"\x30", "utf-16le": b"\xde"}[name]
        expected = decoder.decode(rest, True)
        fresh = codecs.getincrementaldecoder("whatwg-" + name)("replace")
        fresh.setstate(state)
        assert fresh.decode(rest, True) == expected, name
    with pytest.raises(ValueError):
        codecs.getincrementaldecoder("whatwg-utf-8")().setstate((b"", 3))
