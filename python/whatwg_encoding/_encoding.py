"""The standard's encodings and labels (section 4): :class:`Encoding`, :func:`lookup` and
the names every other part of the package takes an encoding by."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _codecs, _native

if TYPE_CHECKING:
    import codecs

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
    """One of the standard's encodings. There is one object per encoding: :func:`lookup`
    returns it, and a pickled or copied one is that same object again.

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

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickles as ``whatwg_encoding.lookup(name)``."""
        return lookup, (self.name,)


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


def get_encoding(encoding_or_label: Encoding | str) -> Encoding:
    """An :class:`Encoding` given one or a label; ``LookupError`` for an unknown label."""
    if isinstance(encoding_or_label, Encoding):
        return encoding_or_label
    label = getattr(encoding_or_label, "name", encoding_or_label)
    encoding = lookup(label) if isinstance(label, str) else None
    if encoding is None:
        raise LookupError(f"Unknown encoding label: {encoding_or_label!r}")
    return encoding


#: UTF-8, the encoding for new content and formats.
UTF8: Encoding = get_encoding("utf-8")
