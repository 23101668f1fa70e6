"""Python's codec machinery over the crate: codec classes per encoding and the search
function that makes every label reachable as ``whatwg-<label>``."""

from __future__ import annotations

import codecs
import copyreg
import operator
import re
from typing import TYPE_CHECKING, Any, BinaryIO

from . import _native
from ._state import WrapsNative

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

#: The prefix under which :func:`codecs.lookup` finds the standard's labels.
PREFIX = "whatwg-"


class IncrementalDecoder(WrapsNative, codecs.IncrementalDecoder):
    """Decodes a stream in pieces: the encoding's decoder, without byte order mark handling
    (a mark is U+FEFF, as with Python's ``utf-8`` codec). It pickles and copies in the state
    it is in, mid-stream too."""

    #: The encoding's lowercase name; set by each encoding's subclass.
    encoding = "utf-8"
    _native_attribute = "_decoder"
    _native_type = _native.IncrementalDecoder

    def __init__(self, errors: str = "strict") -> None:
        super().__init__(errors)
        self._decoder = _native.IncrementalDecoder(self.encoding, errors)

    def decode(self, input: ReadableBuffer, final: bool = False) -> str:  # noqa: A002
        """Decodes the next bytes; ``final`` says they end the stream."""
        return self._decoder.decode(input, final)

    def reset(self) -> None:
        """Back to the start of a stream."""
        self._decoder.reset()

    def getstate(self) -> tuple[bytes, int]:
        """The bytes read and not yet decoded, and an int for the rest of the state
        (ISO-2022-JP's mode and output flag), as :class:`io.TextIOWrapper` keeps them for
        ``tell()``."""
        return self._decoder.getstate()

    def setstate(self, state: tuple[bytes, int]) -> None:
        """Puts the decoder in a state :meth:`getstate` returned."""
        self._decoder.setstate(state)


class IncrementalEncoder(WrapsNative, codecs.IncrementalEncoder):
    """Encodes a stream of text in pieces with the encoding's encoder. It pickles and copies
    in the state it is in, mid-stream too."""

    #: The encoding's lowercase name; set by each encoding's subclass.
    encoding = "utf-8"
    _native_attribute = "_encoder"
    _native_type = _native.IncrementalEncoder

    def __init__(self, errors: str = "strict") -> None:
        super().__init__(errors)
        self._encoder = _native.IncrementalEncoder(self.encoding, errors)

    def encode(self, input: str, final: bool = False) -> bytes:  # noqa: A002
        """Encodes the next text; ``final`` ends the stream (ISO-2022-JP returns to ASCII)."""
        return self._encoder.encode(input, final)

    def reset(self) -> None:
        """Back to the start of a stream."""
        self._encoder.reset()

    def getstate(self) -> int:
        """The encoder's state as an int: ISO-2022-JP's mode (0 ASCII, 1 Roman, 3 jis0208),
        0 for every other encoding."""
        return self._encoder.getstate()

    def setstate(self, state: int | str) -> None:
        """Puts the encoder in a state :meth:`getstate` returned."""
        self._encoder.setstate(int(state))


class StreamReader(codecs.StreamReader):
    """Reads text from a binary stream. At the end of the stream, bytes that end in the
    middle of a sequence are an error (U+FFFD with ``errors='replace'``), as the standard
    has them, rather than left out."""

    #: The encoding's lowercase name; set by each encoding's subclass.
    encoding = "utf-8"
    # What codecs.StreamReader keeps: the text read and not yet returned, and the lines of
    # it that readline() split.
    charbuffer: str
    linebuffer: list[str] | None

    def __init__(self, stream: BinaryIO, errors: str = "strict") -> None:
        super().__init__(stream, errors)
        self._decoder = _native.IncrementalDecoder(self.encoding, errors)
        self._ended = False

    def decode(self, input: bytes, errors: str = "strict") -> tuple[str, int]:  # noqa: A002
        """Decodes the next bytes of the stream, all of them (the decoder keeps the start of
        a sequence that they end in)."""
        return self._decoder.decode(input, False), len(input)

    def read(self, size: int = -1, chars: int = -1, firstline: bool = False) -> str:
        """Reads about ``size`` bytes (all, by default) and returns their text, at most
        ``chars`` code points of it when ``chars`` is given."""
        if self.linebuffer:
            self.charbuffer = "".join(self.linebuffer)
            self.linebuffer = None
        if chars < 0:
            chars = size
        while (chars < 0 or len(self.charbuffer) < chars) and not self._ended:
            data = self.stream.read() if size < 0 else self.stream.read(size)
            if data is None:
                break
            self._ended = not data
            self.charbuffer += self._decoder.decode(data, self._ended)
        if chars < 0:
            text, self.charbuffer = self.charbuffer, ""
        else:
            text, self.charbuffer = self.charbuffer[:chars], self.charbuffer[chars:]
        return text

    def reset(self) -> None:
        """Forgets what was read: the next read starts a new stream where the stream is."""
        super().reset()
        self._decoder.reset()
        self._ended = False


class StreamWriter(codecs.StreamWriter):
    """Writes text to a binary stream. :meth:`reset` ends the text so far (ISO-2022-JP
    returns to ASCII), so that more can follow."""

    #: The encoding's lowercase name; set by each encoding's subclass.
    encoding = "utf-8"

    def __init__(self, stream: BinaryIO, errors: str = "strict") -> None:
        super().__init__(stream, errors)
        self._encoder = _native.IncrementalEncoder(self.encoding, errors)

    def encode(self, input: str, errors: str = "strict") -> tuple[bytes, int]:  # noqa: A002
        """Encodes the next text of the stream."""
        return self._encoder.encode(input, False), len(input)

    def reset(self) -> None:
        """Writes what ends the text so far, and starts anew."""
        tail = self._encoder.encode("", True)
        if tail:
            self.stream.write(tail)
        self._encoder.reset()


class CodecClass(type):
    """The type of each encoding's codec classes. They pickle as the attribute of their
    encoding's ``codec_info`` that holds them, by public names only
    (``operator.attrgetter("codec_info.incrementaldecoder")(whatwg_encoding.lookup(name))``),
    so that their objects pickle too, and a pickle names no private module."""

    #: The encoding's lowercase name.
    encoding: str
    #: The attribute of :class:`codecs.CodecInfo` that holds the class.
    attribute: str


def _reduce_codec_class(cls: CodecClass) -> tuple[Any, tuple[Any]]:
    from ._encoding import lookup

    return operator.attrgetter("codec_info." + cls.attribute), (lookup(cls.encoding),)


copyreg.pickle(CodecClass, _reduce_codec_class)


class CodecInfo(codecs.CodecInfo):
    """An encoding's :class:`codecs.CodecInfo`, which pickles (as the ``codec_info`` of
    ``whatwg_encoding.lookup(name)``, the same object back)."""

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        from ._encoding import lookup

        return operator.attrgetter("codec_info"), (lookup(self.name[len(PREFIX) :]),)


def codec_info(name: str) -> codecs.CodecInfo:
    """The :class:`codecs.CodecInfo` of the encoding named ``name`` (lowercase)."""
    title = re.sub(r"[^0-9A-Za-z]", "_", name)

    def subclass(base: type, attribute: str) -> Any:
        members = {"encoding": name, "attribute": attribute, "__module__": __name__}
        return CodecClass(f"{base.__name__}_{title}", (base,), members)

    codec = _native.Codec(name)
    return CodecInfo(
        name=PREFIX + name,
        encode=codec.encode,
        decode=codec.decode,
        incrementalencoder=subclass(IncrementalEncoder, "incrementalencoder"),
        incrementaldecoder=subclass(IncrementalDecoder, "incrementaldecoder"),
        streamreader=subclass(StreamReader, "streamreader"),
        streamwriter=subclass(StreamWriter, "streamwriter"),
    )


def _normalize(label: str) -> str:
    """A name as :func:`codecs.lookup` hands it to a search function: lowercase, and each
    run of characters other than ASCII letters, digits and ``.`` one ``_``."""
    return re.sub(r"[^0-9a-z.]+", "_", label.lower()).strip("_")


#: Every label, in the form a search function is given it, to its encoding's name.
_NORMALIZED = {_normalize(label): name for label, name in _native.labels()}
_NORMALIZED_PREFIX = _normalize(PREFIX + "x")[:-1]


def search(name: str) -> codecs.CodecInfo | None:
    """The codec search function: ``whatwg-<label>`` for each of the standard's labels."""
    if not name.startswith(_NORMALIZED_PREFIX):
        return None
    found = _NORMALIZED.get(name[len(_NORMALIZED_PREFIX) :])
    if found is None:
        return None
    from ._encoding import lookup

    encoding = lookup(found)
    return None if encoding is None else encoding.codec_info
