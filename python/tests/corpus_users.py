"""Run in a process of its own by test_corpus.py: html5lib and tinycss2, made to use this
package by the README's one-liner, over every page of the bench corpus in each of its
encodings. Prints one line per page and encoding; exits non-zero at the first mismatch."""

import sys, whatwg_encoding; sys.modules["webencodings"] = whatwg_encoding  # noqa: E401,E702

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import html5lib  # noqa: E402
import tinycss2  # noqa: E402
import webencodings  # noqa: E402

from conftest import LANGUAGES  # noqa: E402

assert webencodings is whatwg_encoding
corpus = Path(sys.argv[1])
for lang, legacy in LANGUAGES.items():
    page = (corpus / f"{lang}.html").read_text(encoding="utf-8")
    # Without the page's own <meta charset>, so that the label given decides.
    page = re.sub(r"<meta charset=[^>]*>", "", page, flags=re.I)
    for label in legacy + ["utf-8", "utf-16le"]:
        data = whatwg_encoding.encode(page, label, "xmlcharrefreplace")
        text = whatwg_encoding.decode(data, label)[0]
        parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"))
        tree = parser.parse(data, transport_encoding=label)
        assert parser.tokenizer.stream.charEncoding[0] is whatwg_encoding.lookup(label), label
        expected = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree")).parse(text)
        serialize = lambda t: html5lib.serialize(t, tree="etree", quote_attr_values="always")  # noqa: E731
        assert serialize(tree) == serialize(expected), (lang, label)
        # tinycss2: the page's <style> sheets and style attributes as one stylesheet whose
        # @charset names the encoding.
        css = "\n".join(re.findall(r"<style[^>]*>(.*?)</style>", page, flags=re.S))
        css += "\n".join(f".x{i} {{{s}}}" for i, s in enumerate(re.findall(r'style="([^"]*)"', page)))
        data = b'@charset "' + label.encode() + b'";\n' + whatwg_encoding.encode(css, label, "xmlcharrefreplace")
        rules, encoding = tinycss2.parse_stylesheet_bytes(data)
        want = "utf-8" if label == "utf-16le" else label  # CSS Syntax 3.2: UTF-16 @charset means UTF-8
        assert encoding is whatwg_encoding.lookup(want), (label, encoding)
        decoded = whatwg_encoding.decode(data, want)[0]
        def shape(nodes):
            return [("error", n.kind) if n.type == "error" else n.serialize() for n in nodes]

        assert shape(rules) == shape(tinycss2.parse_stylesheet(decoded)), (lang, label)
        print(f"{lang}.html {label}: {len(data)} bytes of CSS, page {len(page)} characters")
