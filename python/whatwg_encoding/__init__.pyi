"""The WHATWG Encoding Standard for Python (see the module's docstring)."""

import codecs
from collections.abc import Iterable, Iterator

from _typeshed import ReadableBuffer as Buffer, WriteableBuffer
from typing import Final, NamedTuple

from ._native import TextDecoder as TextDecoder

__all__ = [
    "LABELS",
    "UTF8",
    "EncodeIntoResult",
    "Encoding",
    "IncrementalDecoder",
    "IncrementalEncoder",
    "Sniffed",
    "TextDecoder",
    "TextEncoder",
    "ascii_lower",
    "content_type_charset",
    "decode",
    "encode",
    "iter_decode",
    "iter_encode",
    "lookup",
    "prescan",
    "sniff",
    "suggested_default_encoding",
]

__version__: Final[str]
LABELS: dict[str, str]

def ascii_lower(string: str) -> str: ...

class Encoding:
    name: str
    codec_info: codecs.CodecInfo
    def __init__(self, name: str, codec_info: codecs.CodecInfo) -> None: ...

def lookup(label: str) -> Encoding | None: ...

UTF8: Encoding

def decode(input: Buffer, fallback_encoding: Encoding | str, errors: str = "replace") -> tuple[str, Encoding]: ...
def encode(input: str, encoding: Encoding | str = ..., errors: str = "strict") -> bytes: ...

class IncrementalDecoder:
    encoding: Encoding | None
    def __init__(self, fallback_encoding: Encoding | str, errors: str = "replace") -> None: ...
    def decode(self, input: Buffer, final: bool = False) -> str: ...

class IncrementalEncoder:
    def __init__(self, encoding: Encoding | str = ..., errors: str = "strict") -> None: ...
    def encode(self, input: str, final: bool = False) -> bytes: ...

def iter_decode(
    input: Iterable[bytes], fallback_encoding: Encoding | str, errors: str = "replace"
) -> tuple[Iterator[str], Encoding]: ...
def iter_encode(input: Iterable[str], encoding: Encoding | str = ..., errors: str = "strict") -> Iterator[bytes]: ...

class EncodeIntoResult(NamedTuple):
    read: int
    written: int

class TextEncoder:
    @property
    def encoding(self) -> str: ...
    def encode(self, input: str = "") -> bytes: ...
    def encode_into(self, source: str, destination: WriteableBuffer) -> EncodeIntoResult: ...

class Sniffed(NamedTuple):
    encoding: Encoding
    confidence: str
    rule: str
    offset: int | None

def sniff(
    data: Buffer,
    format: str = "html",
    *,
    end: bool = True,
    content_type: str | Buffer | None = None,
    transport: Encoding | str | None = None,
    user_override: Encoding | str | None = None,
    parent: Encoding | str | None = None,
    likely: Encoding | str | None = None,
    locale: str | None = None,
    default: Encoding | str | None = None,
    autodetect: bool = False,
) -> Sniffed | None: ...
def prescan(data: Buffer) -> Sniffed | None: ...
def content_type_charset(value: str | Buffer) -> Encoding | None: ...
def suggested_default_encoding(locale: str | None = None) -> Encoding: ...
