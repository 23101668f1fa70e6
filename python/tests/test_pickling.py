"""Everything a user can hold pickles, copies and crosses processes: encodings, sniff
results and fetched documents' texts as their values, decoders and encoders in the state they are in mid-stream, so that a
stream checkpointed in one process goes on in another exactly as it would have."""

from __future__ import annotations

import codecs
import copy
import multiprocessing
import pickle
import pickletools
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whatwg_encoding as w
from whatwg_encoding import Sniffed
from whatwg_encoding._sniff import rule_and_offset

import workers
from conftest import ALL, MULTI_BYTE, interesting_bytes

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)

#: Ways of taking an object somewhere else: each pickle protocol, and both copies.
TRANSFERS = [
    *(pytest.param(lambda o, p=p: pickle.loads(pickle.dumps(o, p)), id=f"pickle{p}") for p in PROTOCOLS),
    pytest.param(copy.copy, id="copy"),
    pytest.param(copy.deepcopy, id="deepcopy"),
]


def names_in(data: bytes) -> set[str]:
    """The module-qualified names a pickle refers to (its GLOBAL and STACK_GLOBAL opcodes)."""
    found, strings = set(), []
    for opcode, arg, _ in pickletools.genops(data):
        if opcode.name in ("SHORT_BINUNICODE", "BINUNICODE", "UNICODE"):
            strings.append(arg)
        elif opcode.name == "STACK_GLOBAL":
            found.add(".".join(strings[-2:]))
        elif opcode.name == "GLOBAL":
            found.add(arg.replace(" ", "."))
    return found


def assert_pickles_by_public_names(obj: object) -> None:
    for protocol in PROTOCOLS:
        for name in names_in(pickle.dumps(obj, protocol)):
            module = name.rsplit(".", 1)[0]
            assert module == "whatwg_encoding" or not module.startswith("whatwg_encoding"), (name, obj)


@pytest.mark.parametrize("transfer", TRANSFERS)
def test_an_encoding_comes_back_as_the_same_object(transfer):
    for name in ALL:
        encoding = w.lookup(name)
        assert transfer(encoding) is encoding
    assert transfer(w.UTF8) is w.UTF8


def test_pickles_name_only_public_modules():
    decoder = codecs.getincrementaldecoder("whatwg-shift_jis")()
    decoder.decode(b"\x93")
    encoder = codecs.getincrementalencoder("whatwg-iso-2022-jp")()
    encoder.encode("日")
    for obj in [w.UTF8, w.sniff(b"<meta charset=gbk>"), w.TextDecoder("gbk"), w.TextEncoder(),
                w.IncrementalDecoder("big5"), w.IncrementalEncoder("euc-kr"), decoder, encoder,
                w.TextEncoder().encode_into("a", bytearray(1)),
                w.lookup("gb18030").codec_info.streamreader, w.lookup, w.decode,
                w.decode_document(*workers.records()[1]), w.sniff_whole_document, w.decode_document]:  # fmt: skip
        assert_pickles_by_public_names(obj)
    # And the names are the package's, where users find them.
    assert names_in(pickle.dumps(w.UTF8)) == {"whatwg_encoding.lookup"}
    assert "whatwg_encoding.TextDecoder" in names_in(pickle.dumps(w.TextDecoder()))


#: A document for each rule that can decide, with the options that make it decide.
RULES = {
    "byte_order_mark": (b"\xef\xbb\xbf<p>", {}),
    "user_override": (b"<p>", {"user_override": "big5"}),
    "transport_layer": (b"<p>", {"content_type": "text/html; charset=koi8-r"}),
    "meta": (b"<meta charset=shift_jis>", {}),
    "xml_declaration": (b'<?xml version="1.0" encoding="euc-jp"?>', {"format": "xml"}),
    "css_charset": (b'@charset "gbk"; a{}', {"format": "css"}),
    "parent": (b"<p>", {"parent": "euc-kr"}),
    "likely_encoding": (b"<p>", {"likely": "windows-1251"}),
    "autodetection": ("<p>é".encode(), {"autodetect": True}),
    "default": (b"<p>", {"locale": "ja"}),
}


@pytest.mark.parametrize("transfer", TRANSFERS)
def test_sniff_results_of_every_rule_come_back_equal(transfer):
    for rule, (data, options) in RULES.items():
        sniffed = w.sniff(data, **options)
        assert sniffed.rule == rule
        back = transfer(sniffed)
        assert back == sniffed and type(back) is Sniffed and back.encoding is sniffed.encoding
    # A rule the crate adds is named from its variant, and is a string like any other:
    # nothing in pickling depends on which rules there are.
    assert rule_and_offset("LateMeta { offset: 4096 }") == ("late_meta", 4096)
    assert rule_and_offset("LateMeta(4096)") == ("late_meta", 4096)
    assert rule_and_offset("ByteOrderMark") == ("byte_order_mark", None)
    later = Sniffed(w.UTF8, "tentative", "late_meta", 4096)
    assert transfer(later) == later


@pytest.mark.parametrize("transfer", TRANSFERS)
def test_whole_document_answers_and_fetched_documents_come_back_equal(transfer):
    for body, content_type in workers.records():
        sniffed = w.sniff_whole_document(body, content_type=content_type)
        back = transfer(sniffed)
        assert back == sniffed and type(back) is Sniffed and back.encoding is sniffed.encoding
        decoded = w.decode_document(body, content_type)
        back = transfer(decoded)
        assert back == decoded and back[1].encoding is decoded[1].encoding
    rules = {w.sniff_whole_document(body, content_type=content_type).rule for body, content_type in workers.records()}
    assert rules == {"meta", "late_meta", "transport_layer", "byte_order_mark", "default"}


def transferred_decoding(make, data: bytes, cut: int, transfer, final_call) -> str:
    """Decodes `data` with a decoder that `make` makes, taken elsewhere by `transfer` after
    `cut` bytes; the text of both parts."""
    decoder = make()
    head = final_call(decoder, data[:cut], False)
    moved = transfer(decoder)
    tail = final_call(moved, data[cut:], True)
    # The original goes on as it would have: the copy shares nothing with it.
    assert head + final_call(decoder, data[cut:], True) == head + tail
    return head + tail


def codec_decode(decoder, data, final):
    return decoder.decode(data, final)


def text_decode(decoder, data, final):
    return decoder.decode(data, stream=not final)



pickled = lambda o: pickle.loads(pickle.dumps(o))  # noqa: E731


@settings(max_examples=400, deadline=None)
@given(data=interesting_bytes, name=st.sampled_from(ALL), cut=st.integers(0, 64),
       errors=st.sampled_from(["replace", "strict", "backslashreplace"]))  # fmt: skip
def test_codec_decoders_go_on_where_they_were_taken(data, name, cut, errors):
    cut = min(cut, len(data))
    make = codecs.getincrementaldecoder("whatwg-" + name)
    try:
        whole = data.decode("whatwg-" + name, errors)
    except UnicodeDecodeError:
        with pytest.raises(UnicodeDecodeError):
            transferred_decoding(lambda: make(errors), data, cut, pickled, codec_decode)
        return
    for transfer in (pickled, copy.copy, copy.deepcopy):
        assert transferred_decoding(lambda: make(errors), data, cut, transfer, codec_decode) == whole


@settings(max_examples=400, deadline=None)
@given(data=interesting_bytes, name=st.sampled_from(ALL), cut=st.integers(0, 64))
def test_byte_order_mark_sniffing_decoders_go_on_where_they_were_taken(data, name, cut):
    cut = min(cut, len(data))
    expected, encoding = w.decode(data, name)
    decoder = w.IncrementalDecoder(name)
    head = decoder.decode(data[:cut])
    moved = pickled(decoder)
    assert moved.encoding is decoder.encoding
    assert head + moved.decode(data[cut:], True) == expected
    assert moved.encoding is encoding
    if name != "replacement":
        text_decoder = w.TextDecoder(name)
        assert transferred_decoding(lambda: w.TextDecoder(name), data, cut, pickled, text_decode) == (
            text_decoder.decode(data)
        )


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=30), name=st.sampled_from(MULTI_BYTE + ["utf-8", "utf-16be", "windows-1252"]),
       cut=st.integers(0, 30))  # fmt: skip
def test_encoders_go_on_where_they_were_taken(text, name, cut):
    cut = min(cut, len(text))
    whole = text.encode("whatwg-" + name, "xmlcharrefreplace")
    for make in (lambda: codecs.getincrementalencoder("whatwg-" + name)("xmlcharrefreplace"),
                 lambda: w.IncrementalEncoder(name, "xmlcharrefreplace")):  # fmt: skip
        for transfer in (pickled, copy.copy, copy.deepcopy):
            encoder = make()
            head = encoder.encode(text[:cut])
            assert head + transfer(encoder).encode(text[cut:], True) == whole
            assert head + encoder.encode(text[cut:], True) == whole


@pytest.mark.parametrize("transfer", TRANSFERS)
@pytest.mark.parametrize(
    ("name", "head", "tail", "text"),
    [
        ("shift_jis", b"a\x93", b"\xfa", "a日"),  # half a character held
        ("iso-2022-jp", b"\x1b$BF|", b"K\\\x1b(B", "日本"),  # in its kanji mode
        ("iso-2022-jp", b"\x1b$B", b"\x1b(Bx", "\ufffdx"),  # right after an escape sequence
        ("iso-2022-jp", b"\x1b(J\\", b"\x1b$", "¥\ufffd$"),  # half an escape sequence held
        ("gb18030", b"\x81\x30\x81", b"\x30", "\x80"),  # three bytes of four
        ("utf-8", b"\xef\xbb", b"\xbfa", "a"),  # a byte order mark still being sniffed
        ("utf-16le", b"\xff", b"\xfea\x00", "a"),
        ("utf-16be", b"\xd8\x3d", b"\xde\x00", "\U0001f600"),  # half a surrogate pair
    ],
)
def test_text_decoders_in_their_interesting_states(transfer, name, head, tail, text):
    decoder = w.TextDecoder(name)
    first = decoder.decode(head, stream=True)
    moved = transfer(decoder)
    assert (moved.encoding, moved.fatal, moved.ignore_bom) == (name, False, False)
    assert first + moved.decode(tail) == text
    # A fatal decoder stays fatal, and after the stream ends it starts a new one.
    fatal = w.TextDecoder(name, fatal=True, ignore_bom=True)
    first = fatal.decode(head, stream=True)
    moved = transfer(fatal)
    assert moved.fatal and moved.ignore_bom
    if "\ufffd" in text:
        with pytest.raises(UnicodeDecodeError):
            moved.decode(tail)
    else:
        assert first + moved.decode(tail) == (head + tail).decode("whatwg-" + name)
    assert moved.decode("ok".encode("whatwg-" + name)) == "ok"


@pytest.mark.parametrize("transfer", TRANSFERS)
def test_iso_2022_jp_encoders_keep_their_mode(transfer):
    for text, cut in [("a¥¥b", 2), ("日本語a", 2), ("日¥a", 1), ("a", 1)]:
        whole = text.encode("whatwg-iso-2022-jp")
        encoder = codecs.getincrementalencoder("whatwg-iso-2022-jp")()
        head = encoder.encode(text[:cut])
        moved = transfer(encoder)
        assert moved.getstate() == encoder.getstate()
        assert head + moved.encode(text[cut:], True) == whole
    with pytest.raises(ValueError):
        codecs.getincrementalencoder("whatwg-iso-2022-jp")().setstate(2)
    with pytest.raises(ValueError):
        codecs.getincrementalencoder("whatwg-gbk")().setstate(1)


def test_errors_handlers_and_other_attributes_come_along():
    decoder = codecs.getincrementaldecoder("whatwg-shift_jis")("backslashreplace")
    decoder.note = "mine"
    decoder.decode(b"\x93")
    moved = pickled(decoder)
    assert (moved.errors, moved.note) == ("backslashreplace", "mine")
    assert moved.decode(b"\xff", True) == "\\x93\\xff"
    encoder = w.IncrementalEncoder("big5", "xmlcharrefreplace")
    assert pickled(encoder).encode("😀", True) == b"&#128512;"


def test_codec_infos_their_functions_and_classes_pickle_as_the_encodings_own():
    for name in ["shift_jis", "iso-2022-jp", "utf-16le"]:
        info = w.lookup(name).codec_info
        assert pickled(info) is info and copy.deepcopy(info) is info
        assert pickled(info.encode)("日本")[0] == "日本".encode("whatwg-" + name)
        assert pickled(info.decode)(b"ab") == ("ab".encode().decode("whatwg-" + name), 2)
        assert_pickles_by_public_names(info.encode)
        for attribute in ["incrementaldecoder", "incrementalencoder", "streamreader", "streamwriter"]:
            cls = getattr(info, attribute)
            assert pickled(cls) is cls and copy.deepcopy(cls) is cls


def test_a_new_process_unpickles_without_importing_the_package_first():
    decoder = codecs.getincrementaldecoder("whatwg-iso-2022-jp")()
    head = decoder.decode(b"\x1b$BF")
    program = textwrap.dedent(
        """
        import pickle, sys
        decoder = pickle.loads(sys.stdin.buffer.read())
        sys.stdout.write(decoder.decode(b"|K\\\\\\x1b(B", True))
        """
    )
    run = subprocess.run([sys.executable, "-c", program], input=pickle.dumps(decoder), capture_output=True)
    assert run.returncode == 0, run.stderr.decode()
    assert head + run.stdout.decode() == "日本"


def test_the_issues_multiprocessing_snippet(tmp_path):
    # As a user runs it: a script, the platform's default start method.
    script = tmp_path / "snippet.py"
    script.write_text(textwrap.dedent(
        """
        import multiprocessing as mp, whatwg_encoding as w
        def job(b): return w.decode(b, "shift_jis")
        if __name__ == "__main__":
            with mp.Pool(2) as p: print(p.map(job, [b"\\x93\\xfa\\x96\\x7b"] * 4))
        """
    ), encoding="utf-8")  # fmt: skip
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, encoding="utf-8")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str([("日本", w.lookup("shift_jis"))] * 4)


def test_a_spawn_pool_sniffs_decodes_and_resumes_streams():
    documents = workers.documents()
    serial = [workers.sniff_and_decode(document) for document in documents]
    # Streams checkpointed here after their first bytes, finished in the workers.
    checkpoints = []
    for name, data, cut in [("shift_jis", "日本語".encode("whatwg-shift_jis"), 3),
                            ("iso-2022-jp", "日本語".encode("whatwg-iso-2022-jp"), 6),
                            ("gb18030", "€😀".encode("whatwg-gb18030"), 4)]:  # fmt: skip
        decoder = codecs.getincrementaldecoder("whatwg-" + name)()
        head = decoder.decode(data[:cut])
        checkpoints.append((head, decoder, data[cut:]))
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(workers.sniff_and_decode, documents) == serial
        # A crawler's records, each to its text and how its encoding was chosen.
        records = workers.records()
        fetched = pool.starmap(w.decode_document, records)
        assert fetched == [w.decode_document(*record) for record in records]
        assert [sniffed.encoding for _, sniffed in fetched] == [w.lookup(name) for name in workers.RECORD_ENCODINGS]
        assert pool.map(workers.finish, checkpoints) == ["日本語", "日本語", "€😀"]
        # Objects made in a worker come back whole, in their state.
        decoder = pool.apply(workers.decoder_after, ("shift_jis", b"\x93"))
        assert decoder.decode(b"\xfa", True) == "日"
    sniffed, text, encoding = serial[0]
    assert (sniffed.rule, encoding.name, text) == ("meta", "shift_jis", "<meta charset=shift_jis>日本")
