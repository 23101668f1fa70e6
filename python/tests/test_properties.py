"""Property tests over arbitrary bytes, strings (lone surrogates included), labels and errors
names: nothing but the documented exceptions crosses the boundary, and the package's
decoders agree with the crate's own one-shot decode."""

from __future__ import annotations

import codecs

from hypothesis import given, settings
from hypothesis import strategies as st

import whatwg_encoding as w
from whatwg_encoding import _native

from conftest import ALL

names = st.sampled_from(ALL)
errors = st.sampled_from(["strict", "replace", "ignore", "backslashreplace", "surrogateescape",
                          "xmlcharrefreplace", "namereplace", "surrogatepass"])
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=60)

# The encoder-only mappings: code points an encoder writes as bytes that decode to another code
# point, by the standard's design (spec-tests/tests/properties.rs holds the crate to the same).
_JIS_ONE_WAY = {0xA5, 0x203E, 0x2212}  # sections 12.1.2 and 12.3.2: as 0x5C, 0x7E, U+FF0D
_GB18030_ONE_WAY = {*range(0xE78D, 0xE797), 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843,
                    0xE854, 0xE864}  # section 10.2.2 step 5: GB18030-2005's mappings kept
ONE_WAY = {
    "euc-jp": _JIS_ONE_WAY,
    "shift_jis": _JIS_ONE_WAY,
    # Section 12.2.2: also half-width katakana, written as full-width.
    "iso-2022-jp": _JIS_ONE_WAY | set(range(0xFF61, 0xFFA0)),
    "gb18030": _GB18030_ONE_WAY,
    "gbk": _GB18030_ONE_WAY,
}


def round_trips(name, text):
    """Whether the standard has `name`'s encoder write `text` as bytes that decode back to it."""
    return not any(ord(c) in ONE_WAY.get(name, ()) for c in text)


@settings(max_examples=500, deadline=None)
@given(data=st.binary(max_size=80), name=names)
def test_replace_decoding_is_the_crates_one_shot_decode(data, name):
    expected = _native.crate_decode([data], name)[0]
    assert data.decode("whatwg-" + name, "replace") == expected
    assert w.TextDecoder(name if name != "replacement" else "utf-8", ignore_bom=True).decode(data) == (
        expected if name != "replacement" else data.decode("whatwg-utf-8", "replace")
    )


@settings(max_examples=500, deadline=None)
@given(data=st.binary(max_size=80), name=names, mode=errors)
def test_decoding_raises_only_unicode_errors(data, name, mode):
    try:
        text = data.decode("whatwg-" + name, mode)
    except UnicodeDecodeError as e:
        # CPython's surrogate handlers refuse what they cannot carry (bytes below 0x80,
        # encodings other than UTF's) by raising the error again.
        assert mode in ("strict", "surrogatepass", "surrogateescape")
        assert 0 <= e.start < e.end <= len(e.object)
        assert "\ufffd" in data.decode("whatwg-" + name, "replace")
    except TypeError:
        assert mode in ("xmlcharrefreplace", "namereplace")  # encoders' handlers
    else:
        assert isinstance(text, str)
        if mode == "strict":
            assert text == data.decode("whatwg-" + name, "replace")


@settings(max_examples=500, deadline=None)
@given(text=any_text, name=names, mode=errors)
def test_encoding_raises_only_unicode_errors(text, name, mode):
    try:
        data = text.encode("whatwg-" + name, mode)
    except UnicodeEncodeError as e:
        assert 0 <= e.start < e.end <= len(text)
        # The surrogate handlers refuse anything else by raising the error again; the
        # replacement encoding has no encoder, so that nothing a handler gives it encodes.
        assert mode in ("strict", "surrogatepass", "surrogateescape") or name == "replacement"
    else:
        assert isinstance(data, bytes)
        if mode == "strict" and name != "replacement" and round_trips(name, text):
            # What encodes strictly decodes back, but for the encoder-only mappings.
            assert data.decode("whatwg-" + name) == text


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_utf8_and_gb18030_encode_every_scalar_value(text):
    assert text.encode("whatwg-utf-8") == text.encode("utf-8")
    if "\ue5e5" not in text and round_trips("gb18030", text):
        assert text.encode("whatwg-gb18030").decode("whatwg-gb18030") == text


def test_one_way_mappings_are_the_standards():
    # Section 10.2.2 step 5's table, and what the index gives those bytes back (GB18030-2022).
    gb = {0xE78D: b"\xa6\xd9", 0xE796: b"\xa6\xf3", 0xE81E: b"\xfe\x59", 0xE864: b"\xfe\xa0"}
    for code_point, data in gb.items():
        for name in ("gb18030", "gbk"):
            assert chr(code_point).encode("whatwg-" + name) == data
            assert data.decode("whatwg-" + name) != chr(code_point)
    assert b"\xfe\x59".decode("whatwg-gb18030") == "\u9fb4"
    # Sections 12.1.2, 12.3.2 and 12.2.2.
    assert "\u00a5\u203e".encode("whatwg-euc-jp") == b"\\~"
    assert "\u2212".encode("whatwg-shift_jis") == "\uff0d".encode("whatwg-shift_jis")
    assert "\uff61".encode("whatwg-iso-2022-jp") == "\u3002".encode("whatwg-iso-2022-jp")


@settings(max_examples=300, deadline=None)
@given(label=st.text(max_size=20) | st.sampled_from(sorted(w.LABELS)).map(lambda l: f" \t{l.upper()}\n"))
def test_any_label(label):
    encoding = w.lookup(label)
    if encoding is None:
        try:
            w.TextDecoder(label)
        except LookupError as e:
            assert repr(label) in str(e)
        else:
            raise AssertionError("TextDecoder took an unknown label")
    else:
        assert encoding.name == w.LABELS[w.ascii_lower(label.strip("\t\n\f\r "))]
        assert codecs.lookup("whatwg-" + label.strip()).name == "whatwg-" + encoding.name


@settings(max_examples=200, deadline=None)
@given(mode=st.text(max_size=12), data=st.binary(max_size=8), text=any_text)
def test_any_errors_name(mode, data, text):
    for run in (lambda: data.decode("whatwg-shift_jis", mode), lambda: text.encode("whatwg-euc-kr", mode)):
        try:
            run()
        except (UnicodeError, LookupError, TypeError, IndexError):
            pass
        except ValueError as e:  # CPython refuses a NUL in a name before any codec runs
            assert "null" in str(e)


#: Text for the encoders' paths: ASCII, Latin, CJK, astral, and a lone surrogate.
encodable = st.text(st.sampled_from("a <>&\né€ßЖ日本語한국中文ｱ\U0001f600\U00020000\udc80"), max_size=90)


@settings(max_examples=300, deadline=None)
@given(text=encodable, name=st.sampled_from([n for n in ALL if n != "replacement"]))
def test_encoding_from_code_points_is_encoding_from_utf8(text, name):
    # A string outside ASCII with nothing to handle is encoded from its code points as UTF-16;
    # one with a lone surrogate, from its UTF-8. With the surrogate left out ('ignore'), both
    # paths give the same bytes.
    clean = text.replace("\udc80", "")
    expected = (clean + "\udc80").encode("whatwg-" + name, "ignore")
    try:
        assert clean.encode("whatwg-" + name) == expected
    except UnicodeEncodeError:
        assert clean.encode("whatwg-" + name, "xmlcharrefreplace") == (clean + "\udc80").encode(
            "whatwg-" + name, "xmlcharrefreplace"
        ).replace(b"&#56448;", b"")


def test_strings_longer_than_the_kept_buffers_encode_whole():
    # 1.5 million code points: more than each thread keeps of its buffers (4 MiB of code
    # points), then a short string again. These encoders keep no state, so that the bytes of
    # repeated text are the bytes of the piece repeated.
    for name, piece in {"euc-kr": "한국어 a", "gb18030": "中文 € é \U0001f600 ", "windows-1252": "é a"}.items():
        count = 1_500_000 // len(piece)
        one = piece.encode("whatwg-" + name)
        assert (piece * count).encode("whatwg-" + name) == one * count
        assert piece.encode("whatwg-" + name) == one
