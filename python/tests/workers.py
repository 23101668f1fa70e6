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
