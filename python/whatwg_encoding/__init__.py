"""The WHATWG Encoding Standard for Python, decoded and encoded by the Rust crate
whatwg-encoding.

Three APIs over the same decoders and encoders:

- webencodings' (``lookup``, ``decode``, ``encode``, ``iter_decode``, ``iter_encode``,
  ``IncrementalDecoder``, ``IncrementalEncoder``, ``ascii_lower``, ``LABELS``, ``UTF8``), so
  that ``import whatwg_encoding as webencodings`` works;
- Python's codecs: every label as ``whatwg-<label>`` (``b"\\x81".decode("whatwg-windows-1252")``,
  ``open(path, encoding="whatwg-shift_jis")``), registered on import;
- the standard's API section: ``TextDecoder`` and ``TextEncoder``;
- sniffing, which encoding a document is in: ``sniff`` (the HTML Standard's encoding sniffing
  algorithm, XML's and CSS's rules), ``prescan``, ``content_type_charset``,
  ``suggested_default_encoding``.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from . import _codecs, _native
from ._native import TextDecoder

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

__version__ = "0.1.0"

#: Every label of the standard (section 4.2), lowercase, mapped to its encoding's name,
#: lowercase.
LABELS: dict[str, str] = dict(_native.labels())

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(string: str) -> str:
    """``string`` with (only) the ASCII letters A-Z lowercased, as the standard matches labels
    (unlike :meth:`str.lower`, which maps U+212A KELVIN SIGN to ``k``)."""
    if string.isascii():
        return string.lower()
    return string.translate(_ASCII_LOWER)


class Encoding:
    """One of the standard's encodings.

    .. attribute:: name

        Its name, lowercase (``"shift_jis"``, ``"windows-1252"``).

    .. attribute:: codec_info

        Its :class:`codecs.CodecInfo`, whose functions and classes decode and encode with
        this package (the same as ``codecs.lookup("whatwg-" + name)``).
    """

    __slots__ = ("codec_info", "name")

    def __init__(self, name: str, codec_info: codecs.CodecInfo) -> None:
        self.name = name
        self.codec_info = codec_info

    def __repr__(self) -> str:
        return f"<Encoding {self.name}>"


_CACHE: dict[str, Encoding] = {}


def lookup(label: str) -> Encoding | None:
    """The encoding that ``label`` names (section 4.2, "get an encoding": ASCII whitespace
    around it is ignored, and ASCII case), or None for an unknown label."""
    name = _native.lookup(label)
    if name is None:
        return None
    encoding = _CACHE.get(name)
    if encoding is None:
        encoding = _CACHE.setdefault(name, Encoding(name, _codecs.codec_info(name)))
    return encoding


def _get_encoding(encoding_or_label: Encoding | str) -> Encoding:
    """An :class:`Encoding` given one or a label; ``LookupError`` for an unknown label."""
    if isinstance(encoding_or_label, Encoding):
        return encoding_or_label
    label = getattr(encoding_or_label, "name", encoding_or_label)
    encoding = lookup(label) if isinstance(label, str) else None
    if encoding is None:
        raise LookupError(f"Unknown encoding label: {encoding_or_label!r}")
    return encoding


#: UTF-8, the encoding for new content and formats.
UTF8: Encoding = lookup("utf-8")  # type: ignore[assignment]


def decode(
    input: bytes, fallback_encoding: Encoding | str, errors: str = "replace"  # noqa: A002
) -> tuple[str, Encoding]:
    """Decodes a whole byte string (section 6, "decode"): a byte order mark picks UTF-8,
    UTF-16BE or UTF-16LE and is removed, otherwise ``fallback_encoding`` decodes. Returns the
    text and the encoding used. ``LookupError`` for an unknown label."""
    fallback = _get_encoding(fallback_encoding)
    text, name = _native.bom_decode(input, fallback.name, errors)
    return text, _get_encoding(name)


def encode(input: str, encoding: Encoding | str = UTF8, errors: str = "strict") -> bytes:  # noqa: A002
    """Encodes a whole string. ``LookupError`` for an unknown label."""
    return _native.encode(input, errors, encoding=_get_encoding(encoding).name)[0]


class IncrementalDecoder:
    """Decodes a stream in pieces, looking for a byte order mark first (section 6,
    "decode"): one picks UTF-8, UTF-16BE or UTF-16LE and is removed, otherwise
    ``fallback_encoding`` decodes. ``LookupError`` for an unknown label.

    .. attribute:: encoding

        The :class:`Encoding` used, or None while the first bytes could still be a byte
        order mark.
    """

    def __init__(self, fallback_encoding: Encoding | str, errors: str = "replace") -> None:
        self._decoder = _native.IncrementalDecoder(
            _get_encoding(fallback_encoding).name, errors, bom=True
        )
        self.encoding: Encoding | None = None

    def decode(self, input: bytes, final: bool = False) -> str:  # noqa: A002
        """Decodes the next bytes; ``final`` says they end the stream (it must be true in
        the last call)."""
        text = self._decoder.decode(input, final)
        if self.encoding is None:
            name = self._decoder.encoding
            if name is not None:
                self.encoding = _get_encoding(name)
        return text


class IncrementalEncoder:
    """Encodes a stream of text in pieces. ``LookupError`` for an unknown label."""

    def __init__(self, encoding: Encoding | str = UTF8, errors: str = "strict") -> None:
        self._encoder = _native.IncrementalEncoder(_get_encoding(encoding).name, errors)

    def encode(self, input: str, final: bool = False) -> bytes:  # noqa: A002
        """Encodes the next text; ``final`` ends the stream (it must be true in the last
        call, for ISO-2022-JP's return to ASCII)."""
        return self._encoder.encode(input, final)


def iter_decode(
    input: Iterable[bytes], fallback_encoding: Encoding | str, errors: str = "replace"  # noqa: A002
) -> tuple[Iterator[str], Encoding]:
    """Decodes an iterable of byte strings, as :class:`IncrementalDecoder` does. Reads as
    much of ``input`` as it takes to decide on the encoding, and the rest as the returned
    iterator is read. Returns the iterator of text and the encoding."""
    decoder = IncrementalDecoder(fallback_encoding, errors)
    chunks = iter(input)
    head: list[str] = []
    ended = False
    for chunk in chunks:
        head.append(decoder.decode(chunk))
        if decoder.encoding is not None:
            break
    else:
        head.append(decoder.decode(b"", final=True))
        ended = True
    encoding = decoder.encoding
    assert encoding is not None  # the last call decides

    def generate() -> Iterator[str]:
        yield from (text for text in head if text)
        if ended:
            return
        for chunk in chunks:
            text = decoder.decode(chunk)
            if text:
                yield text
        text = decoder.decode(b"", final=True)
        if text:
            yield text

    return generate(), encoding


def iter_encode(
    input: Iterable[str], encoding: Encoding | str = UTF8, errors: str = "strict"  # noqa: A002
) -> Iterator[bytes]:
    """Encodes an iterable of strings, as :class:`IncrementalEncoder` does, into an
    iterator of byte strings. ``LookupError`` for an unknown label, at once."""
    encoder = IncrementalEncoder(encoding, errors)

    def generate() -> Iterator[bytes]:
        for chunk in input:
            data = encoder.encode(chunk)
            if data:
                yield data
        data = encoder.encode("", final=True)
        if data:
            yield data

    return generate()


class EncodeIntoResult(NamedTuple):
    """What :meth:`TextEncoder.encode_into` did."""

    #: Code points of the source read.
    read: int
    #: Bytes written into the destination.
    written: int


class TextEncoder:
    """The standard's ``TextEncoder`` (section 7.4): UTF-8, with lone surrogates as U+FFFD."""

    @property
    def encoding(self) -> str:
        """Always ``"utf-8"``."""
        return "utf-8"

    def encode(self, input: str = "") -> bytes:  # noqa: A002
        """The UTF-8 of ``input``, each lone surrogate as U+FFFD."""
        return _native.utf8_encode(input)

    def encode_into(self, source: str, destination: bytearray | memoryview) -> EncodeIntoResult:
        """Writes as much of ``source`` as fits, whole code points, as UTF-8 into the start of
        the writable buffer ``destination``; returns the code points read and the bytes
        written."""
        read, written = _native.utf8_encode_into(source, destination)
        return EncodeIntoResult(read, written)


class Sniffed(NamedTuple):
    """What sniffing answered."""

    #: The encoding to decode with (``decode`` removes the byte order mark that decided).
    encoding: Encoding
    #: ``"certain"`` (a byte order mark, the user's override, the transport layer, and every
    #: XML and CSS answer) or ``"tentative"`` (a later ``<meta>`` may change it).
    confidence: str
    #: Which rule decided: ``"byte_order_mark"``, ``"user_override"``,
    #: ``"transport_layer"``, ``"meta"``, ``"xml_declaration"``, ``"css_charset"``,
    #: ``"parent"``, ``"likely_encoding"``, ``"autodetection"`` or ``"default"``.
    rule: str
    #: The byte offset of the ``<`` of the ``<meta>`` that decided, else None.
    offset: int | None


def _sniffed(answer: tuple[str, str, str, int | None] | None) -> Sniffed | None:
    if answer is None:
        return None
    name, confidence, rule, offset = answer
    return Sniffed(_get_encoding(name), confidence, rule, offset)


def _name(encoding: Encoding | str | None) -> str | None:
    return None if encoding is None else _get_encoding(encoding).name


def sniff(
    data: bytes,
    format: str = "html",  # noqa: A002
    *,
    end: bool = True,
    content_type: str | bytes | None = None,
    transport: Encoding | str | None = None,
    user_override: Encoding | str | None = None,
    parent: Encoding | str | None = None,
    likely: Encoding | str | None = None,
    locale: str | None = None,
    default: Encoding | str | None = None,
    autodetect: bool = False,
) -> Sniffed | None:
    """Which encoding a document is in, from its first bytes: for ``format="html"`` the
    HTML Standard's encoding sniffing algorithm (a byte order mark, ``user_override``, the
    transport layer, the prescan of the first 1024 bytes for ``<meta charset>``, ``parent``,
    ``likely``, UTF-8 autodetection if ``autodetect``, the default); for ``"xml"`` a byte
    order mark, the transport layer, the XML declaration, else UTF-8; for ``"css"`` CSS
    Syntax's rules (a byte order mark, the transport layer, ``@charset``, ``parent``, UTF-8).

    ``content_type`` is a ``Content-Type`` header's value, whose charset (if the standard's
    parse finds a known one) is the transport layer's encoding; ``transport`` gives that
    encoding directly. ``locale`` (a language tag such as ``"ja-JP"``) picks the HTML
    Standard's suggested default, ``default`` sets it (windows-1252 otherwise).

    ``data`` is the stream's bytes so far; ``end=False`` says more may follow, and then the
    answer is None while more bytes could change it (fewer than 1024). Labels given as
    options that are unknown raise ``LookupError``."""
    answer = _native.sniff(
        data, format, end=end, content_type=content_type, transport=_name(transport),
        user_override=_name(user_override), parent=_name(parent), likely=_name(likely),
        locale=locale, default=_name(default), autodetect=autodetect,
    )  # fmt: skip
    return _sniffed(answer)


def prescan(data: bytes) -> Sniffed | None:
    """The HTML Standard's prescan of a byte stream to determine its encoding: the first
    ``<meta charset>`` or ``<meta http-equiv=content-type>`` in the first 1024 bytes (or an
    XML declaration), or None."""
    return _sniffed(_native.prescan(data))


def content_type_charset(value: str | bytes) -> Encoding | None:
    """The encoding the charset parameter of a ``Content-Type`` value names, read as MIME
    Sniffing's *parse a MIME type* does, or None (no charset, or an unknown one)."""
    name = _native.content_type_charset(value)
    return None if name is None else _get_encoding(name)


def suggested_default_encoding(locale: str | None = None) -> Encoding:
    """The HTML Standard's suggested default encoding for a locale (a language tag such as
    ``"ja-JP"``); None, or a locale the table does not name, gives windows-1252."""
    return _get_encoding(_native.suggested_default_encoding(locale))


codecs.register(_codecs.search)
