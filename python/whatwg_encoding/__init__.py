"""The WHATWG Encoding Standard for Python, decoded and encoded by the Rust crate
whatwg-encoding.

Four APIs over the same decoders and encoders, each in a private module of its own and all
of them here:

- webencodings' (``lookup``, ``decode``, ``encode``, ``iter_decode``, ``iter_encode``,
  ``IncrementalDecoder``, ``IncrementalEncoder``, ``ascii_lower``, ``LABELS``, ``UTF8``), so
  that ``import whatwg_encoding as webencodings`` works;
- Python's codecs: every label as ``whatwg-<label>`` (``b"\\x81".decode("whatwg-windows-1252")``,
  ``open(path, encoding="whatwg-shift_jis")``), registered on import;
- the standard's API section: ``TextDecoder`` and ``TextEncoder``;
- sniffing, which encoding a document is in: ``sniff`` (the HTML Standard's encoding sniffing
  algorithm, XML's and CSS's rules), ``sniff_whole_document`` (the encoding an HTML document
  ends with, a late ``<meta>`` too), ``prescan``, ``content_type_charset``,
  ``suggested_default_encoding``; and ``decode_document``, a fetched document's text from
  its bytes and ``Content-Type``.

Everything a user can hold pickles and copies, decoders and encoders in the state they are
in mid-stream, so that work can move between processes.
"""

from __future__ import annotations

import codecs

from . import _codecs
from ._encoding import LABELS, UTF8, Encoding, ascii_lower, lookup
from ._native import TextDecoder
from ._sniff import (
    Sniffed,
    content_type_charset,
    decode_document,
    prescan,
    sniff,
    sniff_whole_document,
    suggested_default_encoding,
)
from ._web import EncodeIntoResult, TextEncoder
from ._webencodings import (
    IncrementalDecoder,
    IncrementalEncoder,
    decode,
    encode,
    iter_decode,
    iter_encode,
)

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
    "decode_document",
    "encode",
    "iter_decode",
    "iter_encode",
    "lookup",
    "prescan",
    "sniff",
    "sniff_whole_document",
    "suggested_default_encoding",
]

__version__ = "0.1.0"

# Each public class and function says it is this module's: where help() and reprs show it,
# and where a pickle finds it, so that a stored pickle keeps working when code moves between
# the private modules.
for _name in __all__:
    _public = globals()[_name]
    if callable(_public) and _public.__module__ != __name__:
        _public.__module__ = __name__
del _name, _public

codecs.register(_codecs.search)
