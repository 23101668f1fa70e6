"""The whole-document answer and a fetched document's text: sniff_whole_document (the
encoding an HTML document ends with, a <meta> the parser meets after the prescan too) and
decode_document (a crawler's record, its bytes and Content-Type, to its text and how its
encoding was chosen)."""

from __future__ import annotations

import codecs
import doctest
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whatwg_encoding as w
from whatwg_encoding import Sniffed

from conftest import REPO

KOI8_R = w.lookup("koi8-r")
WINDOWS_1252 = w.lookup("windows-1252")

#: Issue 37's page: a comment of 1,100 bytes, then the declaration, past the prescan's 1024.
COMMENT = b"<!-- " + b"x" * (1100 - len(b"<!--  -->")) + b" -->"
LATE = COMMENT + "<meta charset=koi8-r><p>Привет".encode("koi8-r")


def test_a_late_meta_decides_the_whole_document_answer_and_sniff_stays_as_documented():
    assert len(COMMENT) == 1100
    assert w.sniff(LATE) == Sniffed(WINDOWS_1252, "tentative", "default", None)
    assert w.sniff_whole_document(LATE) == Sniffed(KOI8_R, "certain", "late_meta", 1100)
    text, sniffed = w.decode_document(LATE)
    assert sniffed == Sniffed(KOI8_R, "certain", "late_meta", 1100)
    assert text == COMMENT.decode("ascii") + "<meta charset=koi8-r><p>Привет"
    assert text.endswith("<p>Привет")
    # With the header that said nothing but the type, as a crawler has it.
    assert w.decode_document(LATE, "text/html") == (text, sniffed)


def test_the_prescans_meta_is_met_again_with_certainty():
    page = b"<meta charset=windows-1251><p>\xcf\xf0\xe8\xe2\xe5\xf2"
    assert w.sniff(page) == Sniffed(w.lookup("windows-1251"), "tentative", "meta", 0)
    assert w.sniff_whole_document(page) == Sniffed(w.lookup("windows-1251"), "certain", "meta", 0)
    assert w.decode_document(page)[0] == "<meta charset=windows-1251><p>Привет"


def test_metas_that_are_text_do_not_count():
    for before, after in [(b"<title>", b"</title>"), (b"<script>", b"</script>"), (b"<textarea>", b"</textarea>"),
                          (b"<!--", b"-->"), (b"<p title='", b"'>")]:  # fmt: skip
        page = COMMENT + before + b"<meta charset=koi8-r>" + after + b"<p>\xf0"
        assert w.sniff_whole_document(page) == Sniffed(WINDOWS_1252, "tentative", "default", None), before
        assert w.decode_document(page)[0].endswith("<p>ð"), before


def test_the_scripting_flag_decides_a_noscript_in_the_head():
    page = b"<head>" + COMMENT + b"<noscript><meta charset=koi8-r></noscript></head><p>\xf0"
    assert w.sniff_whole_document(page).rule == "default"
    assert w.sniff_whole_document(page, scripting=False).encoding is KOI8_R
    assert w.decode_document(page, scripting=False)[0].endswith("<p>П")


def test_a_byte_order_mark_decides_and_is_read_once():
    page = codecs.BOM_UTF8 + codecs.BOM_UTF8 + "<meta charset=koi8-r>é".encode()
    bom = Sniffed(w.UTF8, "certain", "byte_order_mark", None)
    # Over the header's charset and the <meta>: the first mark is removed, the second is text.
    for content_type in [None, "text/html; charset=shift_jis", b"text/html;charset=koi8-r"]:
        assert w.decode_document(page, content_type) == ("\ufeff<meta charset=koi8-r>é", bom)
        assert w.sniff_whole_document(page, content_type=content_type) == bom
    page = codecs.BOM_UTF16_BE + "<meta charset=koi8-r>火".encode("utf-16-be")
    assert w.decode_document(page) == ("<meta charset=koi8-r>火", Sniffed(w.lookup("utf-16be"), "certain", "byte_order_mark", None))
    for fmt in ["xml", "css"]:
        assert w.decode_document(codecs.BOM_UTF16_LE + "a".encode("utf-16-le"), format=fmt)[0] == "a"


def test_the_content_types_charset_wins():
    page = b"<meta charset=koi8-r><p>\x93\xfa\x96\x7b"
    for content_type in ["text/html; charset=Shift_JIS", 'text/html;charset="shift_jis"', b"text/html; charset=sjis",
                         "Text/HTML; foo=bar; charset=windows-31j"]:  # fmt: skip
        text, sniffed = w.decode_document(page, content_type)
        assert (text, sniffed) == ("<meta charset=koi8-r><p>日本", Sniffed(w.lookup("shift_jis"), "certain", "transport_layer", None))
        assert w.decode_document(LATE, content_type)[1].rule == "transport_layer"
    # Over `transport`; a header without a known charset leaves `transport` as it was.
    assert w.decode_document(page, "text/html; charset=sjis", transport="gbk")[1].encoding.name == "shift_jis"
    assert w.decode_document(page, "text/html", transport="gbk")[1].encoding.name == "gbk"
    # A header whose charset is unknown, empty or malformed says nothing: the <meta> decides.
    for content_type in ["text/html; charset=bogus", "", "text/html; charset=", ";;;charset=shift_jis", "text/html; charset=ünicode",
                         "text/html; charset=shift_jis\ud800", "\udcff", b"\xff\xfe", "charset=shift_jis"]:  # fmt: skip
        assert w.decode_document(page, content_type)[1] == Sniffed(KOI8_R, "certain", "meta", 0), content_type


def test_xml_and_css_documents():
    feed = b'<?xml version="1.0" encoding="euc-jp"?><feed>\xc6\xfc\xcb\xdc</feed>'
    assert w.decode_document(feed, "application/atom+xml", format="xml") == (
        '<?xml version="1.0" encoding="euc-jp"?><feed>日本</feed>', Sniffed(w.lookup("euc-jp"), "certain", "xml_declaration", None))
    sheet = b'@charset "koi8-r"; p::after { content: "\xf0" }'
    assert w.decode_document(sheet, "text/css", format="css")[1].rule == "css_charset"
    assert w.decode_document(sheet, "text/css; charset=utf-8", format="css")[0].endswith('"\ufffd" }')
    with pytest.raises(ValueError, match="format must be"):
        w.decode_document(b"", format="json")


def test_other_options_are_sniffs():
    assert w.decode_document(b"<p>\x93\xfa", locale="ja-JP") == ("<p>日", Sniffed(w.lookup("shift_jis"), "tentative", "default", None))
    assert w.sniff_whole_document(b"<p>", parent=w.lookup("euc-kr")).rule == "parent"
    assert w.sniff_whole_document(b"<p>", user_override="big5").rule == "user_override"
    assert w.sniff_whole_document("<p>é".encode(), autodetect=True).rule == "autodetection"
    assert w.decode_document(LATE, likely="windows-1251")[1] == Sniffed(KOI8_R, "certain", "late_meta", 1100)
    # A late <meta> over a default that a locale chose, in a multi-byte encoding.
    page = COMMENT + b"<meta charset=utf-8>\xe6\x97\xa5"
    assert w.decode_document(page, locale="zh-CN") == (COMMENT.decode() + "<meta charset=utf-8>日", Sniffed(w.UTF8, "certain", "late_meta", 1100))


def test_bad_arguments_raise_type_error_naming_them():
    for call, message in [
        (lambda: w.decode_document("<p>text"), "data must be a bytes-like object .* not 'str'"),
        (lambda: w.decode_document(None), "data must be a bytes-like object .* not 'NoneType'"),
        (lambda: w.sniff_whole_document(["<p>"]), "data must be a bytes-like object .* not 'list'"),
        (lambda: w.decode_document(b"", 200), "content_type must be a str, a bytes-like object or None, not 'int'"),
        (lambda: w.decode_document(b"", transport=1252), "transport must be an Encoding, a label .* not 'int'"),
        (lambda: w.sniff_whole_document(b"", locale=b"ja"), "locale must be a str .* not 'bytes'"),
        (lambda: w.sniff(b"", content_type=["text/html"]), "content_type must be .* not 'list'"),
        (lambda: w.content_type_charset(3.5), "value must be a str, a bytes-like object or None, not 'float'"),
    ]:
        with pytest.raises(TypeError, match=message):
            call()
    with pytest.raises(LookupError, match="bogus"):
        w.decode_document(b"", default="bogus")


def test_bytes_like_inputs_are_read_as_bytes():
    for data in [bytearray(LATE), memoryview(LATE), memoryview(b"  " + LATE)[2:]]:
        assert w.decode_document(data) == w.decode_document(LATE)
        assert w.sniff_whole_document(data) == w.sniff_whole_document(LATE)


#: Pieces of pages that take the parser model through its states: late declarations, what
#: hides them, what moves the insertion mode, and bytes that mean different things in
#: different encodings.
piece = st.sampled_from([
    b"<meta charset=koi8-r>", b"<meta charset=shift_jis>", b"<meta http-equiv=content-type content='text/html;charset=gbk'>",
    b"<meta charset=utf-16>", b"<meta charset=iso-2022-jp>", b"<!--", b"-->", b"<script>", b"</script>", b"<title>",
    b"</title>", b"<style>", b"<svg>", b"</svg>", b"<table><tr><td>", b"<select>", b"<frameset>", b"</body>",
    b"<template>", b"<noscript>", b"<plaintext>", b"<p a='", b"'>", b"x" * 700, b"\xf0\xd2", b"\x93\xfa", b"\x1b$B",
    b"\x1b(B", b"\xef\xbb\xbf", b"\xff\xfe", b"<", b">", b"&amp;", b" ",
]) | st.binary(max_size=8)  # fmt: skip
#: Pages: the pieces, after what puts them past the prescan's 1024 bytes, or nothing.
pages = st.builds(
    bytes.__add__,
    st.sampled_from([b"", b"x" * 1100, COMMENT, b"<style>" + b"a" * 1100 + b"</style>", b"<p>\xf0" * 400]),
    st.lists(piece, max_size=14).map(b"".join),
)
#: Content-Type values: headers with charsets, and any text or bytes, lone surrogates too.
content_types = (
    st.none()
    | st.sampled_from(["text/html", "text/html; charset=koi8-r", 'text/html; charset="gbk"', "text/html; charset=utf-16"])
    | st.lists(st.characters() | st.sampled_from(["\ud800", "\udcff", ";", "=", '"', "charset", "é"]), max_size=20).map("".join)
    | st.binary(max_size=30)
)


@settings(max_examples=300, deadline=None)
@given(data=pages | st.binary(max_size=300), content_type=content_types, scripting=st.booleans())
def test_any_document_and_content_type_give_the_sniffed_encodings_text(data, content_type, scripting):
    sniffed = w.sniff_whole_document(data, content_type=content_type, scripting=scripting)
    # The text is the whole document decoded (the byte order mark handled by the standard's
    # "decode") in the encoding the whole-document answer chose.
    assert w.decode_document(data, content_type, scripting=scripting) == (w.decode(data, sniffed.encoding)[0], sniffed)
    # That answer is sniff's, or a <meta> that the parser met made it certain.
    first = w.sniff(data, content_type=content_type)
    if first.confidence == "certain" or sniffed.confidence == "tentative":
        assert sniffed == first
    else:
        assert sniffed.rule in ("meta", "late_meta")
        if sniffed.rule == "meta":
            assert sniffed.offset == first.offset
    # XML and CSS: their sniff with every byte known.
    for fmt in ["xml", "css"]:
        text, answer = w.decode_document(data, content_type, format=fmt)
        assert answer == w.sniff(data, fmt, content_type=content_type)
        assert text == w.decode(data, answer.encoding)[0]


def test_the_docstrings_examples_run():
    for function in [w.sniff_whole_document, w.decode_document]:
        runner = doctest.DocTestRunner()
        for test in doctest.DocTestFinder().find(function, globs=vars(w)):
            runner.run(test)
        assert runner.summarize(verbose=False) == (0, 2 if function is w.sniff_whole_document else 4), function


def test_a_long_document_is_sniffed_and_decoded_with_the_gil_released():
    # No voluntary switch of the GIL: a thread that counts gets to run during a call only if
    # the call releases the GIL.
    page = COMMENT + b"<p>" + b"\xf0\xd2\xc9\xd7\xc5\xd4 " * (1 << 17) + b"<meta charset=koi8-r>"
    count, stop = [0], threading.Event()

    def counter():
        while not stop.is_set():
            count[0] += 1
            stop.wait(0.0001)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    thread = threading.Thread(target=counter)
    thread.start()
    try:
        for call in [lambda: w.decode_document(page), lambda: w.sniff_whole_document(page)]:
            for _ in range(20):
                before = count[0]
                call()
                if count[0] > before:
                    break
            else:
                pytest.fail(f"no other thread ran during 20 calls of {call}")
    finally:
        stop.set()
        sys.setswitchinterval(interval)
        thread.join()
    assert w.decode_document(page)[0].endswith("Привет <meta charset=koi8-r>")


CHROMIUM_FIXTURES = sorted((REPO / "spec-tests" / "fixtures" / "chromium-sniff").glob("*.html"))
#: The CLI's phrase for each rule that a document without options can end with.
PHRASES = {
    "byte_order_mark": "a byte order mark",
    "meta": "a <meta> at byte {offset}",
    "late_meta": "a <meta> the parser met at byte {offset}",
    "xml_declaration": "an XML declaration at byte 0",
    "default": "the default",
}


def test_the_chromium_fixtures_decode_as_sniff_and_decode_composed_by_hand():
    assert len(CHROMIUM_FIXTURES) > 100
    rules = set()
    for path in CHROMIUM_FIXTURES:
        data = path.read_bytes()
        text, sniffed = w.decode_document(data, "text/html")
        assert sniffed == w.sniff_whole_document(data), path.name
        assert text == w.decode(data, sniffed.encoding)[0], path.name
        rules.add(sniffed.rule)
    assert {"byte_order_mark", "meta", "late_meta", "default"} <= rules


@pytest.mark.skipif(
    "WHATWG_ENCODING_TRANSCODE" not in os.environ,
    reason="WHATWG_ENCODING_TRANSCODE names no whatwg-transcode to compare with (test.sh sets it after the Rust tests)",
)
def test_the_chromium_fixtures_decode_as_the_cli_decodes_them():
    cli = Path(os.environ["WHATWG_ENCODING_TRANSCODE"])
    for path in CHROMIUM_FIXTURES:
        run = subprocess.run([cli, "--sniff", "html", "-v", path], capture_output=True, check=True)
        text, sniffed = w.decode_document(path.read_bytes())
        assert run.stdout.decode("utf-8") == text, path.name
        line = run.stderr.decode("utf-8").strip()
        name, confidence, why = re.fullmatch(r".*: (\S+) \((\w+)\), by (.*)", line).groups()
        phrase = PHRASES[sniffed.rule].format(offset=sniffed.offset)
        assert (name.lower(), confidence, why) == (sniffed.encoding.name, sniffed.confidence, phrase), path.name
