"""Where this package and webencodings 0.6.1 (CPython's codecs, to which it maps the
standard's labels) give different results, found by trying every input of a fixed domain,
grouped by encoding and kind. python/DIFFERENCES.md lists the groups in a table that this module
prints (``python tests/differences.py``) and test_differences.py checks.

The domain: decoding, every single byte and (for the encodings whose decoders keep state
across bytes) every two-byte sequence, and for gb18030 the four-byte sequences from 81 30 81
30 to 84 39 FE 39; encoding, every scalar value of the BMP and every 257th above it, one at
a time. Both sides decode with errors='replace' and encode with errors='strict'."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass

import webencodings

import whatwg_encoding

from conftest import ALL, MULTI_BYTE

#: The kinds of difference, in the order the table lists them.
KINDS = {
    "decodes": "the standard decodes a character where CPython's codec has an error (U+FFFD)",
    "error": "CPython's codec decodes a character where the standard has an error",
    "text": "both decode, to different text",
    "extent": "both have an error, over different bytes (more or fewer U+FFFD)",
    "encodes": "the standard encodes a code point that CPython's codec cannot",
    "unencodable": "CPython's codec encodes a code point that the standard cannot",
    "bytes": "both encode, to different bytes",
}


@dataclass
class Group:
    encoding: str
    kind: str
    count: int
    example: str  # the first input, as hex bytes or U+XXXX
    ours: str  # repr of this package's result
    theirs: str  # repr of webencodings'


def decode_inputs(name: str) -> Iterator[bytes]:
    yield from (bytes([b]) for b in range(256))
    if name in MULTI_BYTE or name in ("utf-8", "utf-16le", "utf-16be", "replacement"):
        yield from (bytes([a, b]) for a in range(256) for b in range(256))
    if name == "gb18030":
        for a in range(0x81, 0x85):
            for b in range(0x30, 0x3A):
                for c in range(0x81, 0xFF):
                    for d in range(0x30, 0x3A):
                        yield bytes([a, b, c, d])


def encode_inputs() -> Iterator[str]:
    yield from (chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000)
    yield from (chr(c) for c in range(0x10000, 0x110000, 257))


def decode_kind(ours: str, theirs: str) -> str:
    if "\ufffd" in theirs and "\ufffd" not in ours:
        return "decodes"
    if "\ufffd" in ours and "\ufffd" not in theirs:
        return "error"
    if "\ufffd" in ours and ours.replace("\ufffd", "") == theirs.replace("\ufffd", ""):
        return "extent"
    return "text"


def encode(codec, text: str) -> bytes | None:
    try:
        return codec.encode(text, "strict")[0]
    except UnicodeEncodeError:
        return None


def groups() -> list[Group]:
    found: dict[tuple[str, str], Group] = {}

    def note(name: str, kind: str, example: str, ours: object, theirs: object) -> None:
        group = found.get((name, kind))
        if group is None:
            found[(name, kind)] = Group(name, kind, 1, example, repr(ours), repr(theirs))
        else:
            group.count += 1

    for name in ALL:
        ours = whatwg_encoding.lookup(name).codec_info
        theirs = webencodings.lookup(name).codec_info
        for data in decode_inputs(name):
            a, b = ours.decode(data, "replace")[0], theirs.decode(data, "replace")[0]
            if a != b:
                note(name, decode_kind(a, b), data.hex(" ").upper(), a, b)
        for text in encode_inputs():
            a, b = encode(ours, text), encode(theirs, text)
            if a != b:
                kind = "encodes" if b is None else "unencodable" if a is None else "bytes"
                note(name, kind, f"U+{ord(text):04X}", a, b)
    order = list(KINDS)
    return sorted(found.values(), key=lambda g: (g.encoding, order.index(g.kind)))


HEADER = [
    "| encoding | kind | inputs | first input | this package | webencodings 0.6.1 |",
    "| --- | --- | ---: | --- | --- | --- |",
]


def markdown(found: list[Group]) -> list[str]:
    def cell(text: str) -> str:
        return "`" + text.replace("|", "\\|") + "`"

    return HEADER + [
        f"| {g.encoding} | {g.kind} | {g.count:,} | {cell(g.example)} | {cell(g.ours)} | {cell(g.theirs)} |"
        for g in found
    ]


if __name__ == "__main__":
    sys.stdout.write("\n".join(markdown(groups())) + "\n")
