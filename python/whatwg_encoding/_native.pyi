"""The crate's decoders and encoders for Python (the extension module)."""

from typing import Any, TypeAlias, final

from _typeshed import ReadableBuffer as Buffer, WriteableBuffer

__all__ = [
    "Codec",
    "IncrementalDecoder",
    "IncrementalEncoder",
    "Options",
    "TextDecoder",
    "bom_decode",
    "crate_decode",
    "decode_document",
    "labels",
    "lookup",
    "prescan",
    "sniff",
    "sniff_whole_document",
    "content_type_charset",
    "suggested_default_encoding",
    "utf8_encode",
    "utf8_encode_into",
]

def lookup(label: str) -> str | None:
    """The lowercase name of the encoding ``label`` names, or None."""

def labels() -> list[tuple[str, str]]:
    """Every label of the standard with its encoding's lowercase name."""

def bom_decode(data: Buffer, fallback: str, errors: str = "replace") -> tuple[str, str]:
    """The standard's "decode": the text and the lowercase name of the encoding used."""

def crate_decode(inputs: list[bytes], encoding: str) -> list[str]:
    """Each input decoded on its own by the crate's one-shot decode (for the tests)."""

def utf8_encode(text: str) -> bytes:
    """UTF-8, lone surrogates as U+FFFD."""

def utf8_encode_into(text: str, destination: WriteableBuffer) -> tuple[int, int]:
    """As much of ``text`` as fits into ``destination``: code points read, bytes written."""

@final
class Options:
    """What the user agent knows besides the bytes: the options of every sniffing function."""

    def __new__(
        cls,
        *,
        content_type: str | Buffer | None = None,
        transport: str | None = None,
        user_override: str | None = None,
        parent: str | None = None,
        likely: str | None = None,
        locale: str | None = None,
        default: str | None = None,
        autodetect: bool = False,
        scripting: bool = True,
    ) -> Options: ...

#: Sniffing's answer: the encoding's name, the confidence, the rule's Debug form.
_Answer: TypeAlias = tuple[str, str, str]

def sniff(data: Buffer, format: str, end: bool, options: Options) -> _Answer | None:
    """Sniffing's answer, or None while more bytes could change it."""

def sniff_whole_document(data: Buffer, options: Options) -> _Answer:
    """The encoding an HTML document ends with."""

def decode_document(data: Buffer, format: str, options: Options) -> tuple[str, _Answer]:
    """A whole document's text, and how its encoding was chosen."""

def prescan(data: Buffer) -> _Answer | None:
    """The HTML prescan's answer, or None."""

def content_type_charset(value: str | Buffer) -> str | None:
    """The encoding a Content-Type value's charset names, or None."""

def suggested_default_encoding(locale: str | None = None) -> str:
    """The HTML Standard's suggested default encoding for a locale."""

@final
class Codec:
    """One encoding's whole-string decode and encode, as Python's codecs have them."""

    def __new__(cls, encoding: str) -> Codec: ...
    @property
    def encoding(self) -> str:
        """The encoding's lowercase name."""
    def decode(self, data: Buffer, errors: str = "strict") -> tuple[str, int]:
        """The text of ``data``, without byte order mark handling, and the bytes read."""
    def encode(self, text: str, errors: str = "strict") -> tuple[bytes, int]:
        """The bytes of ``text``, and the code points read."""
    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        """Pickles as the codec of ``whatwg_encoding.lookup(name).codec_info``."""

#: A decoder's state between calls: the last bytes fed, how many of them it holds,
#: ISO-2022-JP's mode and output flag, how many bytes were fed in all.
_State: TypeAlias = tuple[bytes, int, int, int]
#: An IncrementalDecoder's state: the encoding decided on, the bytes held while a byte order
#: mark is undecided, the decoder's state, text for the next call to return first.
_DecoderState: TypeAlias = tuple[str | None, bytes, _State | None, str | None]

@final
class IncrementalDecoder:
    """An incremental decoder, sniffing a byte order mark first when ``bom``."""

    def __new__(cls, encoding: str, errors: str = "strict", bom: bool = False) -> IncrementalDecoder: ...
    def decode(self, data: Buffer, final: bool = False) -> str:
        """Decodes the next bytes of the stream."""
    def reset(self) -> None:
        """Back to the state it was made in."""
    @property
    def encoding(self) -> str | None:
        """The lowercase name of the encoding decoding the stream, once decided."""
    def getstate(self) -> tuple[bytes, int]:
        """The bytes read and not yet decoded, and an int for the rest of the state."""
    def setstate(self, state: tuple[Buffer, int]) -> None:
        """Puts the decoder in a state getstate returned."""
    def __getnewargs__(self) -> tuple[str, str, bool]:
        """The arguments that make a decoder like this one (for pickling)."""
    def __getstate__(self) -> _DecoderState:
        """The whole state, mid-stream too, as plain values (for pickling)."""
    def __setstate__(self, state: _DecoderState) -> None:
        """Puts the decoder in a state that __getstate__ returned."""

@final
class IncrementalEncoder:
    """An incremental encoder."""

    def __new__(cls, encoding: str, errors: str = "strict") -> IncrementalEncoder: ...
    def encode(self, text: str, final: bool = False) -> bytes:
        """Encodes the next text of the stream."""
    def reset(self) -> None:
        """Back to the state it was made in."""
    def getstate(self) -> int:
        """ISO-2022-JP's mode, 0 for every other encoder."""
    def setstate(self, state: int) -> None:
        """Puts the encoder in a state getstate returned."""
    def __getnewargs__(self) -> tuple[str, str]:
        """The arguments that make an encoder like this one (for pickling)."""
    def __getstate__(self) -> int:
        """The state, mid-stream too (for pickling)."""
    def __setstate__(self, state: int) -> None:
        """Puts the encoder in a state __getstate__ returned."""

@final
class TextDecoder:
    """The standard's TextDecoder (section 7.2)."""

    def __new__(cls, label: str | None = None, fatal: bool = False, ignore_bom: bool = False) -> TextDecoder: ...
    @property
    def encoding(self) -> str:
        """The encoding's name, lowercase."""
    @property
    def fatal(self) -> bool:
        """Whether an error raises UnicodeDecodeError."""
    @property
    def ignore_bom(self) -> bool:
        """Whether a byte order mark is kept."""
    def decode(self, data: Buffer | None = None, stream: bool = False) -> str:
        """Decodes ``data``; with ``stream=True`` more is to come."""
    def __reduce__(self) -> tuple[type[TextDecoder], tuple[str, bool, bool], tuple[bool, _State | None]]:
        """Pickles as ``whatwg_encoding.TextDecoder(encoding, fatal, ignore_bom)`` in the same state."""
    def __setstate__(self, state: tuple[bool, _State | None]) -> None:
        """Puts the decoder in a state that pickling took."""
