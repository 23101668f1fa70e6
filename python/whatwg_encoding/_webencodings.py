"""webencodings' API over the crate: decoding with the standard's byte order mark sniffing
(section 6, "decode"), encoding, in one call or in pieces."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from . import _native
from ._encoding import UTF8, Encoding, get_encoding
from ._state import WrapsNative

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


def decode(
    input: ReadableBuffer, fallback_encoding: Encoding | str, errors: str = "replace"  # noqa: A002
) -> tuple[str, Encoding]:
    """Decodes a whole byte string (section 6, "decode"): a byte order mark picks UTF-8,
    UTF-16BE or UTF-16LE and is removed, otherwise ``fallback_encoding`` decodes. Returns the
    text and the encoding used. ``LookupError`` for an unknown label."""
    fallback = get_encoding(fallback_encoding)
    text, name = _native.bom_decode(input, fallback.name, errors)
    return text, get_encoding(name)


def encode(input: str, encoding: Encoding | str = UTF8, errors: str = "strict") -> bytes:  # noqa: A002
    """Encodes a whole string. ``LookupError`` for an unknown label."""
    return get_encoding(encoding).codec_info.encode(input, errors)[0]


class IncrementalDecoder(WrapsNative):
    """Decodes a stream in pieces, looking for a byte order mark first (section 6,
    "decode"): one picks UTF-8, UTF-16BE or UTF-16LE and is removed, otherwise
    ``fallback_encoding`` decodes. ``LookupError`` for an unknown label. It pickles and
    copies in the state it is in, mid-stream too.

    .. attribute:: encoding

        The :class:`Encoding` used, or None while the first bytes could still be a byte
        order mark.
    """

    _native_attribute = "_decoder"
    _native_type = _native.IncrementalDecoder

    def __init__(self, fallback_encoding: Encoding | str, errors: str = "replace") -> None:
        self._decoder = _native.IncrementalDecoder(
            get_encoding(fallback_encoding).name, errors, bom=True
        )
        self.encoding: Encoding | None = None

    def decode(self, input: ReadableBuffer, final: bool = False) -> str:  # noqa: A002
        """Decodes the next bytes; ``final`` says they end the stream (it must be true in
        the last call)."""
        text = self._decoder.decode(input, final)
        if self.encoding is None:
            name = self._decoder.encoding
            if name is not None:
                self.encoding = get_encoding(name)
        return text


class IncrementalEncoder(WrapsNative):
    """Encodes a stream of text in pieces. ``LookupError`` for an unknown label. It pickles
    and copies in the state it is in, mid-stream too."""

    _native_attribute = "_encoder"
    _native_type = _native.IncrementalEncoder

    def __init__(self, encoding: Encoding | str = UTF8, errors: str = "strict") -> None:
        self._encoder = _native.IncrementalEncoder(get_encoding(encoding).name, errors)

    def encode(self, input: str, final: bool = False) -> bytes:  # noqa: A002
        """Encodes the next text; ``final`` ends the stream (it must be true in the last
        call, for ISO-2022-JP's return to ASCII)."""
        return self._encoder.encode(input, final)


def iter_decode(
    input: Iterable[ReadableBuffer],  # noqa: A002
    fallback_encoding: Encoding | str,
    errors: str = "replace",
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
