"""Sniffing, over the crate's sniff module: which encoding a document is in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whatwg_encoding as w
from whatwg_encoding import Sniffed

from conftest import LANGUAGES

PAGE = b"<!DOCTYPE html><meta http-equiv=Content-Type content='text/html; charset=cp1251'>"


def test_html_meta_transport_override_and_byte_order_mark():
    assert w.sniff(PAGE) == Sniffed(w.lookup("windows-1251"), "tentative", "meta", 15)
    # The transport layer's charset wins, with certainty; an unknown one is passed over.
    assert w.sniff(PAGE, content_type='text/html; charset="UTF-8"') == Sniffed(w.UTF8, "certain", "transport_layer", None)
    assert w.sniff(PAGE, content_type=b"text/html; charset=bogus").rule == "meta"
    assert w.sniff(PAGE, transport="shift_jis").encoding is w.lookup("shift_jis")
    assert w.sniff(PAGE, user_override=w.lookup("big5")).rule == "user_override"
    assert w.sniff(b"\xff\xfe" + PAGE, user_override="big5") == Sniffed(w.lookup("utf-16le"), "certain", "byte_order_mark", None)


def test_html_fallbacks():
    assert w.sniff(b"<p>") == Sniffed(w.lookup("windows-1252"), "tentative", "default", None)
    assert w.sniff(b"<p>", locale="ja-JP").encoding is w.lookup("shift_jis")
    assert w.sniff(b"<p>", default="gbk").encoding is w.lookup("gbk")
    assert w.sniff(b"<p>", parent="euc-kr").rule == "parent"
    assert w.sniff(b"<p>", likely="koi8-r").rule == "likely_encoding"
    assert w.sniff("<p>é".encode(), autodetect=True).rule == "autodetection"
    assert w.sniff("<p>é".encode()).rule == "default"


def test_waiting_for_more_bytes():
    assert w.sniff(b"<!DOCTYPE html>", end=False) is None
    assert w.sniff(b"\xef\xbb\xbf<p>", end=False).rule == "byte_order_mark"
    assert w.sniff(b" " * 1024, end=False).rule == "default"


def test_xml_and_css():
    assert w.sniff(b"<feed>", "xml") == Sniffed(w.UTF8, "certain", "default", None)
    assert w.sniff(b'<?xml version="1.0" encoding="euc-jp"?>', "xml").encoding is w.lookup("euc-jp")
    assert w.sniff(b'@charset "koi8-r"; a{}', "css") == Sniffed(w.lookup("koi8-r"), "certain", "css_charset", None)
    assert w.sniff(b"a{}", "css", parent="big5").encoding is w.lookup("big5")
    with pytest.raises(ValueError, match="format"):
        w.sniff(b"", "json")
    with pytest.raises(LookupError, match="bogus"):
        w.sniff(b"", transport="bogus")


def test_the_standards_named_steps():
    assert w.prescan(PAGE) == Sniffed(w.lookup("windows-1251"), "tentative", "meta", 15)
    assert w.prescan(b"<p>") is None
    assert w.content_type_charset("text/html;charset=shift_jis") is w.lookup("shift_jis")
    assert w.content_type_charset(b'text/plain; charset="utf-8"') is w.UTF8
    assert w.content_type_charset("text/html") is None
    assert w.suggested_default_encoding("ru") is w.lookup("windows-1251")
    assert w.suggested_default_encoding() is w.lookup("windows-1252")


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=200), fmt=st.sampled_from(["html", "xml", "css"]), end=st.booleans(),
       content_type=st.none() | st.binary(max_size=40) | st.text(max_size=40), locale=st.none() | st.text(max_size=12))
def test_any_input(data, fmt, end, content_type, locale):
    answer = w.sniff(data, fmt, end=end, content_type=content_type, locale=locale)
    assert answer is None or isinstance(answer.encoding, w.Encoding)
    assert answer is not None or not end
    w.prescan(data)
    w.content_type_charset(content_type or "")


def test_every_corpus_page_sniffs_as_its_meta_says(corpus):
    for lang in LANGUAGES:
        page = (corpus / f"{lang}.html").read_bytes()
        sniffed = w.sniff(page)
        assert sniffed.rule == "meta" and sniffed.encoding is w.UTF8, lang
