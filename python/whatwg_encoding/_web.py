"""The standard's API section (section 7) beside the native ``TextDecoder``:
``TextEncoder`` and what its ``encode_into`` returns."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import _native

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer


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

    def encode_into(self, source: str, destination: WriteableBuffer) -> EncodeIntoResult:
        """Writes as much of ``source`` as fits, whole code points, as UTF-8 into the start of
        the writable buffer ``destination``; returns the code points read and the bytes
        written."""
        read, written = _native.utf8_encode_into(source, destination)
        return EncodeIntoResult(read, written)
