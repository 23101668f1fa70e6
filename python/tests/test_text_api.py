"""The standard's API (section 7): TextDecoder and TextEncoder."""

from __future__ import annotations

import array

import pytest

from whatwg_encoding import EncodeIntoResult, TextDecoder, TextEncoder


def test_text_decoder_attributes():
    decoder = TextDecoder()
    assert (decoder.encoding, decoder.fatal, decoder.ignore_bom) == ("utf-8", False, False)
    decoder = TextDecoder(" Shift_JIS ", fatal=True, ignore_bom=True)
    assert (decoder.encoding, decoder.fatal, decoder.ignore_bom) == ("shift_jis", True, True)
    assert TextDecoder("latin1").encoding == "windows-1252"
    with pytest.raises(LookupError, match="iso-2022-kr"):
        TextDecoder("iso-2022-kr")  # a label of the replacement encoding


def test_text_decoder_removes_its_own_byte_order_mark_only():
    assert TextDecoder().decode(b"\xef\xbb\xbfa") == "a"
    assert TextDecoder(ignore_bom=True).decode(b"\xef\xbb\xbfa") == "\ufeffa"
    assert TextDecoder("utf-16le").decode(b"\xff\xfea\x00") == "a"
    assert TextDecoder("utf-16le").decode(b"\xfe\xff") == "\ufffe"
    assert TextDecoder("windows-1252").decode(b"\xef\xbb\xbfa") == "ï»¿a"


def test_text_decoder_streams():
    decoder = TextDecoder("shift_jis")
    assert decoder.decode(b"\x93", stream=True) == ""
    assert decoder.decode(b"\xfa\x96", stream=True) == "日"
    assert decoder.decode(b"\x7b") == "本"
    # A call without stream ends the stream: a held byte becomes U+FFFD, and the next call
    # starts anew (and looks for a byte order mark again).
    assert decoder.decode(b"\x93", stream=True) == ""
    assert decoder.decode() == "\ufffd"
    assert TextDecoder().decode(None) == ""
    utf8 = TextDecoder()
    assert utf8.decode(b"\xef\xbb", stream=True) == ""
    assert utf8.decode(b"\xbfa\xef\xbb\xbf") == "a\ufeff"
    assert utf8.decode(b"\xef\xbb\xbfb") == "b"


def test_text_decoder_decodes_any_buffer():
    assert TextDecoder().decode(bytearray(b"ab")) == "ab"
    assert TextDecoder().decode(memoryview(b"xab")[1:]) == "ab"
    assert TextDecoder("utf-16le").decode(array.array("H", [0x61])) == "a"


def test_fatal_text_decoder_raises_unicode_decode_error():
    decoder = TextDecoder(fatal=True)
    with pytest.raises(UnicodeDecodeError) as info:
        decoder.decode(b"ab\xffc")
    assert (info.value.start, info.value.end) == (2, 3)
    assert decoder.decode(b"ok") == "ok"
    assert decoder.decode(b"\xe6", stream=True) == ""
    with pytest.raises(UnicodeDecodeError) as info:
        decoder.decode(b"")
    assert (info.value.object, info.value.start, info.value.end) == (b"\xe6", 0, 1)
    assert isinstance(info.value, ValueError)


def test_text_encoder_encode():
    encoder = TextEncoder()
    assert encoder.encoding == "utf-8"
    assert encoder.encode() == b""
    assert encoder.encode("a日\U0001f600") == "a日\U0001f600".encode()
    # A lone surrogate is U+FFFD, as in the conversion of a JavaScript string.
    assert encoder.encode("a\ud800b\udfff") == "a\ufffdb\ufffd".encode()


@pytest.mark.parametrize("text", ["", "abc", "a日\U0001f600é", "\ud800x\U0001f600\udc00"])
def test_encode_into_every_size_of_buffer(text):
    usv = "".join("\ufffd" if 0xD800 <= ord(c) < 0xE000 else c for c in text)
    whole = usv.encode()
    for size in range(len(whole) + 3):
        for kind in (bytearray, lambda n: memoryview(bytearray(n))):
            # Two bytes more than the view it writes into, which must stay zero.
            buffer = kind(size + 2)
            result = TextEncoder().encode_into(text, memoryview(buffer)[:size])
            assert isinstance(result, EncodeIntoResult)
            # As many whole code points as fit, and nothing past them.
            read = 0
            while read < len(usv) and len(usv[: read + 1].encode()) <= size:
                read += 1
            assert result == (read, len(usv[:read].encode()))
            assert result.read == read and result.written == len(usv[:read].encode())
            assert bytes(buffer[: result.written]) == whole[: result.written]
            assert bytes(buffer[result.written :]) == bytes(size + 2 - result.written)


def test_encode_into_needs_a_writable_buffer():
    with pytest.raises(TypeError):
        TextEncoder().encode_into("a", b"xx")
    with pytest.raises(TypeError):
        TextEncoder().encode_into("a", memoryview(b"xx"))
    buffer = array.array("B", [0, 0])
    assert TextEncoder().encode_into("é", buffer) == (1, 2)
    assert bytes(buffer) == "é".encode()
