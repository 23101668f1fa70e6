"""Sniffing: which encoding a document is in, by the HTML Standard's encoding sniffing
algorithm, XML's rules or CSS Syntax's, and the standard's named steps of it; the encoding
an HTML document ends with; a fetched document's text."""

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
    #: ``"certain"`` (a byte order mark, the user's override, the transport layer, every
    #: XML and CSS answer, and a ``<meta>`` the whole-document answer met) or
    #: ``"tentative"`` (a later ``<meta>`` may change it).
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


def _sniffed(answer: tuple[str, str, str]) -> Sniffed:
    name, confidence, rule = answer
    return Sniffed(get_encoding(name), confidence, *rule_and_offset(rule))


def _maybe_sniffed(answer: tuple[str, str, str] | None) -> Sniffed | None:
    return None if answer is None else _sniffed(answer)


def _name(encoding: Encoding | str | None, option: str) -> str | None:
    if encoding is None:
        return None
    if not isinstance(encoding, (Encoding, str)):
        raise TypeError(f"{option} must be an Encoding, a label (str) or None, not {type(encoding).__name__!r}")
    return get_encoding(encoding).name


def _options(
    content_type: str | ReadableBuffer | None,
    transport: Encoding | str | None,
    user_override: Encoding | str | None,
    parent: Encoding | str | None,
    likely: Encoding | str | None,
    locale: str | None,
    default: Encoding | str | None,
    autodetect: bool,
    scripting: bool = True,
) -> _native.Options:
    """The options every sniffing function takes, checked and made once."""
    if locale is not None and not isinstance(locale, str):
        raise TypeError(f"locale must be a str (a language tag) or None, not {type(locale).__name__!r}")
    return _native.Options(
        content_type=content_type, transport=_name(transport, "transport"),
        user_override=_name(user_override, "user_override"), parent=_name(parent, "parent"),
        likely=_name(likely, "likely"), locale=locale, default=_name(default, "default"),
        autodetect=bool(autodetect), scripting=bool(scripting),
    )  # fmt: skip


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

    ``content_type`` is a ``Content-Type`` header's value (a ``str``, or its bytes as HTTP
    gave them), whose charset, if the standard's parse finds a known one, is the transport
    layer's encoding; any other value says nothing and raises nothing. ``transport`` gives
    that encoding directly (the header's charset wins over it). ``locale`` (a language tag
    such as ``"ja-JP"``) picks the HTML Standard's suggested default, ``default`` sets it
    (windows-1252 otherwise).

    ``data`` is the stream's bytes so far; ``end=False`` says more may follow, and then the
    answer is None while more bytes could change it (fewer than 1024). Labels given as
    options that are unknown raise ``LookupError``."""
    options = _options(content_type, transport, user_override, parent, likely, locale, default, autodetect)
    return _maybe_sniffed(_native.sniff(data, format, end, options))


def sniff_whole_document(
    data: ReadableBuffer,
    *,
    content_type: str | ReadableBuffer | None = None,
    transport: Encoding | str | None = None,
    user_override: Encoding | str | None = None,
    parent: Encoding | str | None = None,
    likely: Encoding | str | None = None,
    locale: str | None = None,
    default: Encoding | str | None = None,
    autodetect: bool = False,
    scripting: bool = True,
) -> Sniffed:
    """The encoding an HTML document ends with, from all its bytes: :func:`sniff`'s answer
    (the options are its own), and then, while that is ``"tentative"``, the document
    followed as the HTML parser would until tree construction meets a ``<meta>`` that
    declares an encoding; that one changes the encoding as the HTML Standard's *changing
    the encoding while parsing* (13.2.3.4) says, with certainty. Its rule is ``"late_meta"``
    and its offset that ``<meta>``'s (or ``"meta"`` when it is the prescan's own). This is
    what a browser shows for a page whose declaration comes after 1024 bytes of comment,
    script or style, where :func:`sniff` rightly answers the default.

    A ``<meta>`` counts where the parser's "in head" rules see it (the head, the body,
    tables, ``select``, ``svg`` and ``math``, after ``</body>``); not in a frameset, nor in
    a comment, a script's text, a ``title``, ``textarea``, ``style`` or an attribute value;
    nor one that a script would write (nothing runs scripts here). ``scripting`` is the
    parser's scripting flag: with it (the default, as in a browser) a ``<noscript>``'s
    content is text and its ``<meta>`` does not count. A long document (32 KiB or more) is
    followed with the GIL released.

    >>> page = b"<!--" + b"x" * 1100 + b"--><meta charset=koi8-r><p>\\xf0\\xd2\\xc9\\xd7\\xc5\\xd4"
    >>> sniff(page).rule, sniff_whole_document(page)
    ('default', Sniffed(encoding=<Encoding koi8-r>, confidence='certain', rule='late_meta', offset=1107))
    """
    options = _options(content_type, transport, user_override, parent, likely, locale, default, autodetect, scripting)
    return _sniffed(_native.sniff_whole_document(data, options))


def decode_document(
    data: ReadableBuffer,
    content_type: str | ReadableBuffer | None = None,
    *,
    format: str = "html",  # noqa: A002
    transport: Encoding | str | None = None,
    user_override: Encoding | str | None = None,
    parent: Encoding | str | None = None,
    likely: Encoding | str | None = None,
    locale: str | None = None,
    default: Encoding | str | None = None,
    autodetect: bool = False,
    scripting: bool = True,
) -> tuple[str, Sniffed]:
    """A fetched document's text, and how its encoding was chosen: what a crawler's worker
    calls for each record, given the body's bytes and the ``Content-Type`` header it came
    with (a ``str`` or the header's bytes; None if there was none).

    For ``format="html"`` the encoding is the one the document ends with
    (:func:`sniff_whole_document`: a byte order mark, the header's charset, a ``<meta>``,
    one the parser meets later, the default); for ``"xml"`` and ``"css"`` it is their
    :func:`sniff`. The other options are :func:`sniff`'s. The byte order mark is read once:
    a mark decides the encoding and is left out of the text (a second one is text, U+FEFF).
    Malformed sequences become U+FFFD (the standard's replacement mode). Any bytes and any
    ``Content-Type`` give an answer: a value without a known charset says nothing; a label
    given as an option that is unknown raises ``LookupError``. A long document (32 KiB or
    more) is sniffed and decoded with the GIL released, so that threads work in parallel.

    >>> body = b"<meta charset=windows-1251><p>\\xcf\\xf0\\xe8\\xe2\\xe5\\xf2"
    >>> decode_document(body, "text/html")
    ('<meta charset=windows-1251><p>Привет', Sniffed(encoding=<Encoding windows-1251>, confidence='certain', rule='meta', offset=0))
    >>> text, sniffed = decode_document(body, "text/html; charset=koi8-r")  # the header wins
    >>> text[-6:], sniffed.rule
    ('оПХБЕР', 'transport_layer')
    """
    options = _options(content_type, transport, user_override, parent, likely, locale, default, autodetect, scripting)
    text, answer = _native.decode_document(data, format, options)
    return text, _sniffed(answer)


def prescan(data: ReadableBuffer) -> Sniffed | None:
    """The HTML Standard's prescan of a byte stream to determine its encoding: the first
    ``<meta charset>`` or ``<meta http-equiv=content-type>`` in the first 1024 bytes (or an
    XML declaration), or None."""
    return _maybe_sniffed(_native.prescan(data))


def content_type_charset(value: str | ReadableBuffer) -> Encoding | None:
    """The encoding the charset parameter of a ``Content-Type`` value names, read as MIME
    Sniffing's *parse a MIME type* does, or None (no charset, or an unknown one)."""
    name = _native.content_type_charset(value)
    return None if name is None else get_encoding(name)


def suggested_default_encoding(locale: str | None = None) -> Encoding:
    """The HTML Standard's suggested default encoding for a locale (a language tag such as
    ``"ja-JP"``); None, or a locale the table does not name, gives windows-1252."""
    return get_encoding(_native.suggested_default_encoding(locale))
