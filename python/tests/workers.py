"""What the multiprocessing tests run in their worker processes (a module of its own, which
the `spawn` start method's workers import by name)."""

from __future__ import annotations

import codecs

import whatwg_encoding as w


def documents() -> list[bytes]:
    """A few documents in several encodings, each saying so as a page does or with a byte
    order mark."""
    pages = [
        ("shift_jis", "<meta charset=shift_jis>日本"),
        ("euc-kr", "<meta charset=euc-kr>한국어"),
        ("gb18030", "<meta charset=gb18030>中文€"),
        ("big5", "<meta charset=big5>中文"),
        ("iso-2022-jp", "<meta charset=iso-2022-jp>日本語"),
        ("windows-1251", "<meta charset=windows-1251>Марс"),
        ("windows-1252", "<p>café, no charset: the default"),
    ]
    made = [text.encode("whatwg-" + name) for name, text in pages]
    return made + [codecs.BOM_UTF16_LE + "<meta charset=big5>Mars".encode("utf-16-le")]


#: The encodings `records()` end with.
RECORD_ENCODINGS = ["shift_jis", "koi8-r", "gb18030", "utf-16le", "windows-1252"]


def records() -> list[tuple[bytes, str | bytes | None]]:
    """A crawler's records: each document's bytes and the Content-Type it came with, one for
    each rule that decides a fetched document (a <meta>, a <meta> after 1,100 bytes, the
    header's charset, a byte order mark, the default)."""
    late = b"<!-- " + b"x" * 1091 + b" -->" + "<meta charset=koi8-r><p>Привет".encode("koi8-r")
    return [
        ("<meta charset=shift_jis>日本".encode("whatwg-shift_jis"), "text/html"),
        (late, None),
        ("<p>中文€".encode("whatwg-gb18030"), b"text/html; charset=GB18030"),
        (codecs.BOM_UTF16_LE + "<p>火".encode("utf-16-le"), "text/html; charset=utf-8"),
        (b"<p>caf\xe9", "text/html; charset=\ud800"),
    ]


def sniff_and_decode(document: bytes) -> tuple[w.Sniffed, str, w.Encoding]:
    """What a worker answers for a document: how its encoding was chosen, its text and the
    encoding that decoded it."""
    sniffed = w.sniff(document)
    assert sniffed is not None
    text, encoding = w.decode(document, sniffed.encoding)
    return sniffed, text, encoding


def finish(checkpoint: tuple[str, codecs.IncrementalDecoder, bytes]) -> str:
    """The whole text of a stream whose decoder was taken after its first bytes."""
    head, decoder, rest = checkpoint
    return head + decoder.decode(rest, True)


def decoder_after(name: str, data: bytes) -> codecs.IncrementalDecoder:
    """A codec decoder of `name` that has decoded `data`."""
    decoder = codecs.getincrementaldecoder("whatwg-" + name)()
    decoder.decode(data)
    return decoder
