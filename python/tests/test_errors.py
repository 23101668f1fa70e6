"""Python's errors= for the package's codecs: the exceptions and their offsets, the modes the
package handles itself, and handlers through codecs.lookup_error."""

from __future__ import annotations

import codecs

import pytest

import whatwg_encoding  # noqa: F401  (registers the codecs)


def decode_error(data: bytes, encoding: str) -> UnicodeDecodeError:
    with pytest.raises(UnicodeDecodeError) as info:
        data.decode("whatwg-" + encoding)
    return info.value


@pytest.mark.parametrize(
    "encoding, data, start, end",
    [
        ("utf-8", b"ab\xffcd", 2, 3),
        ("utf-8", b"ab\xe6\x97", 2, 4),  # cut at the end: the whole sequence
        ("utf-8", b"\xe6\x97a", 0, 2),  # the sequence, not the byte after it
        ("utf-8", b"\xf0\x80\x80", 0, 1),  # F0 80 is no sequence: the F0 alone
        ("shift_jis", b"ab\x81 ", 2, 3),  # the lead; the space is text again
        ("shift_jis", b"\xa0", 0, 1),
        ("euc-kr", b"\xb0\xff", 0, 2),
        ("gb18030", b"\x81\x30\x81", 0, 3),
        ("gb18030", b"a\x81\x30\x81\x20", 1, 2),  # restored 30 81 20 decode again
        ("iso-2022-jp", b"\x1b(Bab\x0e", 5, 6),
        ("utf-16le", b"a\x00b", 2, 3),
        ("utf-16le", b"\x00\xd8a\x00", 0, 2),
        ("windows-1253", b"\xaa", 0, 1),
        # The replacement decoder's first byte is its error, and then it is finished.
        ("replacement", b"abc", 0, 1),
    ],
)
def test_strict_decode_offsets(encoding, data, start, end):
    error = decode_error(data, encoding)
    assert (error.object, error.start, error.end) == (data, start, end)
    assert error.encoding == encoding
    assert error.args[2:4] == (start, end)


def test_strict_offsets_of_an_error_that_began_in_an_earlier_call():
    decoder = codecs.getincrementaldecoder("whatwg-utf-8")()
    assert decoder.decode(b"ab\xe6") == "ab"
    with pytest.raises(UnicodeDecodeError) as info:
        decoder.decode(b"\x97z")
    # The object starts with the bytes held from the earlier call.
    assert (info.value.object, info.value.start, info.value.end) == (b"\xe6\x97z", 0, 2)


@pytest.mark.parametrize(
    "text, encoding, start, end",
    [
        ("ab日cd", "windows-1252", 2, 3),
        ("ab\U0001f600", "shift_jis", 2, 3),
        ("ab\ud800cd", "utf-8", 2, 3),
        ("ab\udc00", "windows-1252", 2, 3),
        ("\ue5e5", "gb18030", 0, 1),
        ("a\x1b", "iso-2022-jp", 1, 2),
        ("a", "replacement", 0, 1),
    ],
)
def test_strict_encode_offsets(text, encoding, start, end):
    with pytest.raises(UnicodeEncodeError) as info:
        text.encode("whatwg-" + encoding)
    assert (info.value.object, info.value.start, info.value.end) == (text, start, end)


def test_replace_is_the_standards_mode_when_decoding_and_question_marks_when_encoding():
    assert b"a\xe6\x97\xffb".decode("whatwg-utf-8", "replace") == "a\ufffd\ufffdb"
    assert "a日\ud800b".encode("whatwg-windows-1252", "replace") == b"a??b"
    # Outside ASCII without surrogates (encoded from UTF-16 while nothing is an error).
    assert "é日€".encode("whatwg-windows-1252", "replace") == b"\xe9?\x80"
    assert "é日€".encode("whatwg-windows-1252", "xmlcharrefreplace") == b"\xe9&#26085;\x80"
    encoder = codecs.getincrementalencoder("whatwg-iso-2022-jp")("replace")
    assert encoder.encode("日") + encoder.encode("é本") + encoder.encode("", True) == (
        b"\x1b$BF|\x1b(B?\x1b$BK\\\x1b(B"
    )
    assert "日".encode("whatwg-iso-2022-jp", "replace") == b"\x1b$BF|\x1b(B"
    assert "a\U0001f600".encode("whatwg-iso-2022-jp", "replace") == b"a?"


def test_xmlcharrefreplace_is_the_standards_html_mode():
    assert "a日\U0001f600".encode("whatwg-windows-1252", "xmlcharrefreplace") == b"a&#26085;&#128512;"
    # ISO-2022-JP returns to ASCII for a reference, as the standard's encoder does.
    assert "日\U0001f600本".encode("whatwg-iso-2022-jp", "xmlcharrefreplace") == (
        b"\x1b$BF|\x1b(B&#128512;\x1b$BK\\\x1b(B"
    )
    # A lone surrogate, which the standard's strings cannot hold, as CPython writes it.
    assert "\ud800".encode("whatwg-utf-8", "xmlcharrefreplace") == b"&#55296;"
    # Decoders have no such mode: CPython's handler refuses, as for its own codecs.
    with pytest.raises(TypeError):
        b"\xff".decode("whatwg-utf-8", "xmlcharrefreplace")


def test_other_handlers_go_through_codecs_lookup_error():
    assert b"a\xffb\x81".decode("whatwg-shift_jis", "ignore") == "ab"
    assert b"abc".decode("whatwg-replacement", "backslashreplace") == "\\x61"
    assert b"a\xe6\x97b".decode("whatwg-utf-8", "backslashreplace") == "a\\xe6\\x97b"
    raw = b"a\xff\xfe\x81 b"
    assert raw.decode("whatwg-utf-8", "surrogateescape").encode("utf-8", "surrogateescape") == raw
    assert "a\udcff".encode("whatwg-windows-1252", "surrogateescape") == b"a\xff"
    assert "a日b".encode("whatwg-windows-1252", "ignore") == b"ab"
    assert "a日b".encode("whatwg-windows-1252", "backslashreplace") == b"a\\u65e5b"
    assert "a日b".encode("whatwg-windows-1252", "namereplace") == b"a\\N{CJK UNIFIED IDEOGRAPH-65E5}b"
    assert "a\ud800b".encode("whatwg-utf-8", "surrogatepass") == b"a\xed\xa0\x80b"


def test_an_unknown_handler_raises_lookup_error_at_the_first_error():
    assert b"abc".decode("whatwg-utf-8", "no-such-handler") == "abc"
    with pytest.raises(LookupError, match="no-such-handler"):
        b"\xff".decode("whatwg-utf-8", "no-such-handler")
    with pytest.raises(LookupError, match="no-such-handler"):
        "日".encode("whatwg-windows-1252", "no-such-handler")


calls: list[tuple[int, int]] = []


def skip_back(exc):
    """Replaces the first error with '<' and goes back to the start of the object once."""
    calls.append((exc.start, exc.end))
    return ("<", 0 if len(calls) == 1 else exc.end)


codecs.register_error("test-whatwg-skip-back", skip_back)
codecs.register_error("test-whatwg-forward", lambda exc: ("[%d]" % exc.start, exc.end + 1))
codecs.register_error("test-whatwg-negative", lambda exc: ("!", -1))
codecs.register_error("test-whatwg-bytes", lambda exc: (b"<%d>" % exc.start, exc.end))
codecs.register_error("test-whatwg-bad", lambda exc: ("x",))
codecs.register_error("test-whatwg-far", lambda exc: ("x", 100))
codecs.register_error("test-whatwg-unencodable", lambda exc: ("日", exc.end))


def test_handlers_that_resume_elsewhere():
    calls.clear()
    assert b"ab\xffc".decode("whatwg-utf-8", "test-whatwg-skip-back") == "ab<ab<c"
    assert calls == [(2, 3), (2, 3)]
    assert b"a\xffbc\xffd".decode("whatwg-utf-8", "test-whatwg-forward") == "a[1]c[4]"
    assert b"ab\xffcd".decode("whatwg-utf-8", "test-whatwg-negative") == "ab!d"
    assert "ab日cd".encode("whatwg-windows-1252", "test-whatwg-forward") == b"ab[2]d"
    assert "a日b".encode("whatwg-windows-1252", "test-whatwg-bytes") == b"a<1>b"
    # In ISO-2022-JP bytes go out as they are; text through the encoder, which switches.
    assert "日\U0001f600本x".encode("whatwg-iso-2022-jp", "test-whatwg-forward") == b"\x1b$BF|\x1b(B[1]x"


def test_bad_handler_replies_raise_as_cpython_does():
    with pytest.raises(TypeError):
        b"\xff".decode("whatwg-utf-8", "test-whatwg-bad")
    with pytest.raises(TypeError):
        b"\xff".decode("whatwg-utf-8", "test-whatwg-bytes")  # bytes are no decoded text
    with pytest.raises(IndexError):
        b"\xff".decode("whatwg-utf-8", "test-whatwg-far")
    with pytest.raises(IndexError):
        "日".encode("whatwg-windows-1252", "test-whatwg-far")
    # A replacement the encoding cannot encode either raises the error.
    with pytest.raises(UnicodeEncodeError) as info:
        "a日".encode("whatwg-windows-1252", "test-whatwg-unencodable")
    assert (info.value.start, info.value.end) == (1, 2)


def test_lookup_errors_name_the_label():
    with pytest.raises(LookupError, match="bogus"):
        whatwg_encoding.TextDecoder("bogus")
    with pytest.raises(LookupError, match="bogus"):
        whatwg_encoding.decode(b"", "bogus")
    with pytest.raises(LookupError, match="bogus"):
        whatwg_encoding.encode("", "bogus")
    with pytest.raises(LookupError):
        b"x".decode("whatwg-bogus")


def test_buffers_other_than_bytes_decode():
    for data in [bytearray(b"\x93\xfa"), memoryview(b"\x93\xfa"), memoryview(b"x\x93\xfa")[1:]]:
        assert codecs.decode(data, "whatwg-shift_jis") == "日"
    import array

    assert codecs.decode(array.array("B", b"\x93\xfa"), "whatwg-shift_jis") == "日"
    assert codecs.decode(array.array("H", [0x61, 0x62]), "whatwg-utf-16le") == "ab"
    with pytest.raises(TypeError):
        codecs.decode("text", "whatwg-utf-8")
