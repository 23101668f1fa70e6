"""Every byte of every single-byte encoding against the standard's index files (read here,
outside the crate), and every two-byte sequence of every multi-byte encoding against the
crate's own one-shot decode, through each of the package's ways in."""

from __future__ import annotations

import codecs

import pytest

import whatwg_encoding
from whatwg_encoding import _native

from conftest import MULTI_BYTE, SINGLE_BYTE, index


def expected_single_byte(name: str) -> list[str]:
    """Section 9.1's decoder: ASCII as itself, 0x80 + pointer through the index, U+FFFD
    where the index has no code point. ISO-8859-8-I decodes with ISO-8859-8's index."""
    table = index({"iso-8859-8-i": "iso-8859-8"}.get(name, name))
    return [chr(b) if b < 0x80 else chr(table.get(b - 0x80, 0xFFFD)) for b in range(256)]


def ways(name: str):
    """The package's decoders of one input, each as (what it is, function)."""
    info = codecs.lookup("whatwg-" + name)
    yield "codec", lambda data: data.decode("whatwg-" + name, "replace")
    yield "codec_info", lambda data: whatwg_encoding.lookup(name).codec_info.decode(data, "replace")[0]
    yield "incremental", lambda data: info.incrementaldecoder("replace").decode(data, True)
    yield "TextDecoder", lambda data: whatwg_encoding.TextDecoder(name, ignore_bom=True).decode(data)


@pytest.mark.parametrize("name", SINGLE_BYTE)
def test_every_byte_of_a_single_byte_encoding_is_its_index(name):
    expected = expected_single_byte(name)
    for way, decode in ways(name):
        got = [decode(bytes([b])) for b in range(256)]
        assert got == expected, way
        assert decode(bytes(range(256))) == "".join(expected), way


@pytest.mark.parametrize("name", SINGLE_BYTE)
def test_every_code_point_of_a_single_byte_index_encodes_to_its_byte(name):
    expected = expected_single_byte(name)
    for b, text in enumerate(expected):
        if text != "\ufffd":
            assert text.encode("whatwg-" + name) == bytes([b])
    unmapped = [chr(c) for c in range(0x10000) if chr(c) not in expected and not 0xD800 <= c < 0xE000]
    for c in unmapped[:: max(1, len(unmapped) // 500)]:
        assert c.encode("whatwg-" + name, "xmlcharrefreplace") == f"&#{ord(c)};".encode()
        with pytest.raises(UnicodeEncodeError):
            c.encode("whatwg-" + name)


def test_x_user_defined_is_section_15():
    expected = "".join(chr(b) if b < 0x80 else chr(0xF780 + b - 0x80) for b in range(256))
    assert bytes(range(256)).decode("whatwg-x-user-defined") == expected
    assert expected.encode("whatwg-x-user-defined") == bytes(range(256))


TWO_BYTES = [bytes([a, b]) for a in range(256) for b in range(256)]


@pytest.mark.parametrize("name", MULTI_BYTE + ["utf-8", "utf-16le", "utf-16be", "replacement"])
def test_every_two_byte_sequence_equals_the_crates_one_shot_decode(name):
    expected = _native.crate_decode(TWO_BYTES, name)
    for way, decode in ways(name):
        if way == "TextDecoder" and name == "replacement":
            continue  # TextDecoder refuses the replacement encoding (see test_text_api)
        got = [decode(data) for data in TWO_BYTES]
        mismatches = [(d.hex(), g, e) for d, g, e in zip(TWO_BYTES, got, expected) if g != e]
        assert mismatches == [], way
    # And a byte at a time through one incremental decoder, the first byte in one call and
    # the second in the next.
    decoder = codecs.getincrementaldecoder("whatwg-" + name)("replace")
    for data, want in zip(TWO_BYTES[::7], expected[::7]):
        decoder.reset()
        assert decoder.decode(data[:1]) + decoder.decode(data[1:], True) == want, data.hex()


def test_gb18030_four_byte_sequences_of_the_bmp_equal_the_crates():
    inputs = [
        bytes([a, b, c, d])
        for a in range(0x81, 0x85)
        for b in range(0x30, 0x3A)
        for c in range(0x81, 0xFF)
        for d in range(0x30, 0x3A)
    ]
    expected = _native.crate_decode(inputs, "gb18030")
    got = [data.decode("whatwg-gb18030", "replace") for data in inputs]
    assert got == expected
    # Up to 84 31 A4 39 (U+FFFF) each is one code point (84 31 A4 37 is U+FFFD itself),
    # which encodes to bytes that decode to it (since GB18030-2022, eighteen of them to two
    # bytes rather than back to these four); past it, an error.
    last = inputs.index(b"\x84\x31\xa4\x39")
    assert all(len(text) == 1 for text in got[: last + 1])
    assert [t.encode("whatwg-gb18030").decode("whatwg-gb18030") for t in got[: last + 1]] == got[: last + 1]
    assert sum(t.encode("whatwg-gb18030") != i for t, i in zip(got, inputs[: last + 1])) == 18
    assert all(text == "\ufffd" for text in got[last + 1 :])
