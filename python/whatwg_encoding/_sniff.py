"""Sniffing: which encoding a document is in, by the HTML Standard's encoding sniffing
algorithm, XML's rules or CSS Syntax's, and the standard's named steps of it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from . import _native
from ._encoding import Encoding, get_encoding

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class Sniffed(NamedTuple):
    """What sniffing answered. It pickles and copies as its values: the encoding by name, the
    rest as strings and an int, whatever rule decided."""

    #: The encoding to decode with (``decode`` removes the byte order mark that decided).
    encoding: Encoding
    #: ``"certain"`` (a byte order mark, the user's override, the transport layer, and every
    #: XML and CSS answer) or ``"tentative"`` (a later ``<meta>`` may change it).
    confidence: str
    #: Which rule decided: ``"byte_order_mark"``, ``"user_override"``,
    #: ``"transport_layer"``, ``"meta"``, ``"late_meta"`` (a ``<meta>`` past the prescan, in
    #: the whole-document answer), ``"xml_declaration"``, ``"css_charset"``, ``"parent"``,
    #: ``"likely_encoding"``, ``"autodetection"`` or ``"default"``: the crate's rule, named.
    rule: str
    #: The byte offset of the ``<`` of the ``<meta>`` that decided, else None.
    offset: int | None


def rule_and_offset(rule: str) -> tuple[str, int | None]:
    """A rule's name and the offset it carries, from the crate's ``Debug`` form of it
    (``Meta { offset: 15 }``): the variant's name in snake case (``meta``) and the number
    after it, if any. Every rule the crate has, or adds, is named this way."""
    variant, fields = re.fullmatch(r"([0-9A-Za-z]*)(.*)", rule, re.S).groups()  # type: ignore[union-attr]
    number = re.search(r"[0-9]+", fields)
    return _CAPITAL.sub(r"_\1", variant).lower(), None if number is None else int(number[0])


_CAPITAL = re.compile(r"(?<=.)([A-Z])")


def _sniffed(answer: tuple[str, str, str] | None) -> Sniffed | None:
    if answer is None:
        return None
    name, confidence, rule = answer
    return Sniffed(get_encoding(name), confidence, *rule_and_offset(rule))


def _name(encoding: Encoding | str | None) -> str | None:
    return None if encoding is None else get_encoding(encoding).name


def sniff(
    data: ReadableBuffer,
    format: str = "html",  # noqa: A002
    *,
    end: bool = True,
    content_type: str | ReadableBuffer | None = None,
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


def prescan(data: ReadableBuffer) -> Sniffed | None:
    """The HTML Standard's prescan of a byte stream to determine its encoding: the first
    ``<meta charset>`` or ``<meta http-equiv=content-type>`` in the first 1024 bytes (or an
    XML declaration), or None."""
    return _sniffed(_native.prescan(data))


def content_type_charset(value: str | ReadableBuffer) -> Encoding | None:
    """The encoding the charset parameter of a ``Content-Type`` value names, read as MIME
    Sniffing's *parse a MIME type* does, or None (no charset, or an unknown one)."""
    name = _native.content_type_charset(value)
    return None if name is None else get_encoding(name)


def suggested_default_encoding(locale: str | None = None) -> Encoding:
    """The HTML Standard's suggested default encoding for a locale (a language tag such as
    ``"ja-JP"``); None, or a locale the table does not name, gives windows-1252."""
    return get_encoding(_native.suggested_default_encoding(locale))
