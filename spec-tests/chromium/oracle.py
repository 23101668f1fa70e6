#!/usr/bin/env python3
"""Chromium as an outside oracle for HTML encoding sniffing.

Generates HTML documents that exercise the prescan (every branch the Rust tests cover, and a
few where browsers are known to depart from the standard), serves each from a local HTTP
server as `Content-Type: text/html` with no charset, opens each in headless Chromium (a
window.open from a harness page, so that no parent document's encoding applies) and records
`document.characterSet`.

    python3 spec-tests/chromium/oracle.py --update   # rewrite spec-tests/fixtures/chromium-sniff/
    python3 spec-tests/chromium/oracle.py --check    # run Chromium, compare with the fixture

The fixture (the documents and expected.tsv, Chromium's answers) is what
`cargo test -p spec-tests --test sniff_chromium` checks the crate's sniffing against, without
Chromium. Standard library only; CHROMIUM names the browser (default: chromium).
"""

import argparse
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "chromium-sniff"
BODY = b"\n<p>plain ASCII text</p>\n"


def filler(n):
    return (b"text " * (n // 5 + 1))[:n]


def cases():
    """(name, document bytes), in order."""
    c = []

    def add(name, head, body=BODY):
        c.append((name, head + body))

    # The charset attribute.
    add("charset-double-quoted", b'<meta charset="koi8-r">')
    add("charset-single-quoted", b"<meta charset='koi8-r'>")
    add("charset-unquoted", b"<meta charset=koi8-r>")
    add("charset-spaces", b"<meta charset = \t koi8-r >")
    add("charset-uppercase", b"<META CHARSET=KOI8-R>")
    add("charset-label-spaces", b"<meta charset=' cp1251 '>")
    add("charset-unquoted-slash", b"<meta charset=koi8-r/>")
    add("charset-quoted-slash", b'<meta charset="koi8-r"/>')
    add("charset-bogus", b"<meta charset=bogus>")
    add("charset-bogus-then-real", b"<meta charset=bogus><meta charset=koi8-r>")
    add("charset-empty", b'<meta charset="">')
    add("charset-no-value", b"<meta charset>")
    add("charset-replacement", b"<meta charset=iso-2022-kr>")
    add("charset-utf-16", b"<meta charset=utf-16>")
    add("charset-utf-16be", b"<meta charset=utf-16be>")
    add("charset-utf-16le", b"<meta charset=utf-16le>")
    add("charset-x-user-defined", b"<meta charset=x-user-defined>")
    add("charset-shift-jis", b"<meta charset=sjis>")
    add("charset-gbk", b"<meta charset=gb2312>")
    add("charset-big5", b"<meta charset=big5-hkscs>")
    add("charset-euc-kr", b"<meta charset=ks_c_5601-1987>")
    add("charset-iso-8859-8-i", b"<meta charset=iso-8859-8-i>")
    add("charset-latin1", b"<meta charset=latin1>")
    add("charset-twice", b"<meta charset=koi8-r charset=windows-1251>")
    add("charset-twice-first-bogus", b"<meta charset=bogus charset=koi8-r>")
    add("charset-first-declaration-wins", b"<meta charset=koi8-r><meta charset=windows-1251>")
    # What follows <meta.
    for name, sep in [("tab", b"\t"), ("lf", b"\n"), ("ff", b"\x0c"), ("cr", b"\r"), ("slash", b"/")]:
        add("meta-then-" + name, b"<meta" + sep + b"charset=koi8-r>")
    add("meta-then-vt", b"<meta\x0bcharset=koi8-r>")
    add("metacharset", b"<metacharset=koi8-r>")
    add("meta-then-gt", b"<meta>charset=koi8-r>")
    add("end-tag-meta", b"</meta charset=koi8-r>")
    add("slashes-between-attributes", b"<meta/x/charset=\"koi8-r\"/>")
    add("slash-equals", b"<meta/charset/=koi8-r>")
    # http-equiv and content.
    add("pragma", b'<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">')
    add("pragma-content-first", b"<meta content='text/html; charset=koi8-r' http-equiv='content-type'>")
    add("pragma-missing", b"<meta content='text/html; charset=koi8-r'>")
    add("pragma-refresh", b"<meta http-equiv=refresh content='text/html; charset=koi8-r'>")
    add("pragma-trailing-space", b"<meta http-equiv='content-type ' content='charset=koi8-r'>")
    add("pragma-no-charset", b"<meta http-equiv=content-type content=text/html>")
    add("pragma-bogus-charset", b"<meta http-equiv=content-type content='charset=bogus'>")
    add("pragma-twice-first-wins", b"<meta http-equiv=refresh http-equiv=content-type content='charset=koi8-r'>")
    add("content-twice-first-wins", b"<meta content='charset=koi8-r' content='charset=windows-1251' http-equiv=content-type>")
    add("pragma-empty-values", b"<meta http-equiv content-type content='charset=koi8-r'>")
    add("pragma-utf-16", b"<meta http-equiv=content-type content='charset=utf-16le'>")
    add("pragma-x-user-defined", b"<meta content='text/html; charset=x-user-defined' http-equiv=Content-Type>")
    add("content-then-charset", b"<meta content='charset=koi8-r' http-equiv=content-type charset=windows-1251>")
    add("charset-then-content", b"<meta charset=windows-1251 content='charset=koi8-r' http-equiv=content-type>")
    add("bogus-charset-blocks-content", b"<meta charset=bogus content='charset=koi8-r' http-equiv=content-type>")
    add("content-then-bogus-charset", b"<meta content='charset=koi8-r' http-equiv=content-type charset=bogus>")
    # The meta extraction algorithm.
    for name, content in [
        ("content-spaces-around-equals", b"text/html; charset \t= koi8-r"),
        ("content-uppercase", b"text/html; CHARSET=KOI8-R"),
        ("content-no-space", b"text/html;charset=koi8-r"),
        ("content-inside-word", b"text/html; xcharset=koi8-r"),
        ("content-charset-without-equals-then-again", b"charset; charset=koi8-r"),
        ("content-double-quoted", b'charset="koi8-r"'),
        ("content-quoted-with-semicolon", b"charset=\"koi8-r;x\""),
        ("content-unmatched-quote", b'charset="koi8-r'),
        ("content-semicolon-after", b"charset=koi8-r;x"),
        ("content-comma", b"charset=koi8-r,utf-8"),
    ]:
        quoted = b"'" + content + b"'" if b"'" not in content else b'"' + content + b'"'
        if b'"' in content and b"'" in content:
            continue
        add(name, b"<meta http-equiv=content-type content=" + quoted + b">")
    # Comments and other markup.
    add("comment-hides", b"<!-- <meta charset=windows-1251> --><meta charset=koi8-r>")
    add("comment-short", b"<!--><meta charset=koi8-r>")
    add("comment-short-2", b"<!---><meta charset=koi8-r>")
    add("comment-not-closed-by-space", b"<!-- -- > <meta charset=koi8-r> ->")
    add("comment-unterminated", b"<!-- <meta charset=koi8-r>")
    add("bang-not-comment", b"<!- x --> <meta charset=koi8-r>")
    add("doctype", b"<!DOCTYPE html><meta charset=koi8-r>")
    add("bang-space", b"<! <meta charset=koi8-r>")
    add("slash-space", b"</ <meta charset=koi8-r>")
    add("question-mark", b"<? <meta charset=koi8-r>")
    add("empty-end-tag", b"</><meta charset=koi8-r>")
    add("attribute-hides", b'<a title="<meta charset=koi8-r>">')
    add("attribute-hides-single", b"<a title='<meta charset=koi8-r>'>")
    add("end-tag-attribute-hides", b'</p title="<meta charset=koi8-r>">')
    add("tag-name-swallows", b"<p<meta charset=koi8-r>")
    add("after-tag", b"<a href=x title='y'><meta charset=koi8-r>")
    add("less-than-digit", b"<3 <meta charset=koi8-r>")
    add("less-than-space", b"< <meta charset=koi8-r>")
    add("less-than-less-than", b"<<meta charset=koi8-r>")
    add("unclosed-quote-swallows", b"<meta charset=\"koi8-r><meta charset=koi8-r>")
    # Where the prescan and a tokenizer differ.
    add("in-script", b'<script>document.write("<meta charset=koi8-r>")</script>')
    add("in-title", b"<title><meta charset=koi8-r></title>")
    add("in-textarea", b"<textarea><meta charset=koi8-r></textarea>")
    add("in-body", b"<body><p>text</p><meta charset=koi8-r>")
    add("after-head", b"<head></head><body><meta charset=koi8-r>")
    # The end of the stream inside a tag.
    c.append(("eof-unquoted", b"<meta charset=koi8-r"))
    c.append(("eof-quoted", b'<meta charset="koi8-r"'))
    c.append(("eof-in-value", b'<meta charset="koi8-r'))
    # Byte 1024.
    decl = b"<meta charset=koi8-r>"
    add("ends-at-byte-1024", filler(1024 - len(decl)) + decl)
    add("ends-at-byte-1025", filler(1025 - len(decl)) + decl)
    add("starts-at-byte-1100", filler(1100) + decl)
    add("comment-past-1024", b"<!--" + filler(1100) + b"--><meta charset=koi8-r>")
    # Late declarations: past the prescan's 1024 bytes, where only the parser meets them
    # (changing the encoding while parsing), in each insertion mode that decides.
    long_text = filler(1100)
    add("late-in-head", b"<head><title>" + long_text + b"</title><meta charset=koi8-r></head>")
    add("late-in-head-after-style", b"<head><style>" + long_text + b"</style><meta charset=koi8-r>")
    add("late-in-body", b"<body><p>" + long_text + b"</p><meta charset=koi8-r>")
    add("late-in-table", b"<body><table><tr><td>" + long_text + b"<meta charset=koi8-r></td></tr></table>")
    add("late-in-svg", b"<body><p>" + long_text + b"</p><svg><meta charset=koi8-r></svg>")
    add("late-in-svg-style", b"<body><p>" + long_text + b"</p><svg><style><meta charset=koi8-r></style></svg>")
    add("late-in-select", b"<body><p>" + long_text + b"</p><select><option>a<meta charset=koi8-r></select>")
    add("late-after-body", b"<body><p>" + long_text + b"</p></body><meta charset=koi8-r>")
    add("late-in-frameset", b"<head><title>" + long_text + b"</title></head><frameset><meta charset=koi8-r></frameset>")
    add("late-in-template", b"<head><title>" + long_text + b"</title><template><meta charset=koi8-r></template>")
    add("late-in-noscript", b"<head><title>" + long_text + b"</title><noscript><meta charset=koi8-r></noscript>")
    add("late-in-script", b"<script>/*" + long_text + b"*/ '<meta charset=koi8-r>'</script>")
    add("late-in-title", b"<title>" + long_text + b"<meta charset=koi8-r></title>")
    add("late-in-attribute", b"<p title='" + long_text + b"<meta charset=koi8-r>'>")
    add("late-after-certain", b"<meta charset=windows-1251><title>" + long_text + b"</title><meta charset=koi8-r>")
    add("late-after-late", b"<!--" + long_text + b"--><meta charset=windows-1251><meta charset=koi8-r>")
    add("late-after-non-ascii", b"<title>caf\xe9 " + long_text + b"</title><meta charset=koi8-r>")
    # XML declarations.
    add("xml-declaration", b"<?xml version='1.0' encoding='koi8-r'?>")
    add("xml-then-meta", b"<?xml version='1.0' encoding='koi8-r'?><meta charset=windows-1251>")
    add("xml-utf-16", b"<?xml encoding='utf-16'?>")
    c.append(("utf-16le-xml-pattern", "<?xml version='1.0'?><p>x</p>".encode("utf-16-le")))
    c.append(("utf-16be-xml-pattern", "<?xml version='1.0'?><p>x</p>".encode("utf-16-be")))
    # Byte order marks.
    c.append(("bom-utf-8", b"\xef\xbb\xbf<meta charset=koi8-r>" + BODY))
    c.append(("bom-utf-16le", b"\xff\xfe" + "<meta charset=koi8-r><p>x</p>".encode("utf-16-le")))
    c.append(("bom-utf-16be", b"\xfe\xff" + "<meta charset=koi8-r><p>x</p>".encode("utf-16-be")))
    # Nothing declared.
    add("nothing", b"<!DOCTYPE html><title>t</title>")
    c.append(("empty", b""))
    return c


HARNESS = b"""<!DOCTYPE html><meta charset=utf-8><title>sniff oracle</title><script>
(async () => {
  const names = %s;
  const results = {};
  for (const name of names) {
    const w = window.open('/case/' + name, '_blank');
    let charset = null;
    for (let i = 0; i < 2000 && charset === null; i++) {
      await new Promise(r => setTimeout(r, 5));
      try {
        if (w.location.pathname === '/case/' + name && w.document.readyState === 'complete') {
          charset = w.document.characterSet;
        }
      } catch (e) {}
    }
    results[name] = charset === null ? 'TIMEOUT' : charset;
    w.close();
  }
  await fetch('/results', {method: 'POST', body: JSON.stringify(results)});
})();
</script>"""


def run_chromium(documents, timeout):
    """Chromium's document.characterSet for each (name, bytes)."""
    by_name = dict(documents)
    done = threading.Event()
    results = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send(self, body, content_type):
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path == "/":
                names = json.dumps([name for name, _ in documents]).encode()
                self.send(HARNESS % names, "text/html; charset=utf-8")
            elif self.path.startswith("/case/") and self.path[6:] in by_name:
                # No charset: the document's own bytes decide.
                self.send(by_name[self.path[6:]], "text/html")
            else:
                self.send_error(404)

        def do_POST(self):
            length = int(self.headers.get("Content-Length", 0))
            results.update(json.loads(self.rfile.read(length)))
            self.send(b"ok", "text/plain")
            done.set()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    profile = tempfile.mkdtemp(prefix="sniff-oracle-")
    browser = os.environ.get("CHROMIUM", "chromium")
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-popup-blocking", "--lang=en-US",
        # The harness waits on timers while its popups have the focus: keep them running.
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
        "--user-data-dir=" + profile, "http://127.0.0.1:%d/" % server.server_address[1],
    ]
    env = dict(os.environ, LANG="en_US.UTF-8", LANGUAGE="en_US")
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        if not done.wait(timeout):
            sys.exit("oracle: Chromium gave no results within %d s" % timeout)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    return results


def write_fixture(directory, documents, results):
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.html"):
        old.unlink()
    lines = []
    for name, data in documents:
        (directory / (name + ".html")).write_bytes(data)
        lines.append("%s\t%s\n" % (name, results.get(name, "MISSING")))
    (directory / "expected.tsv").write_text(
        "# document\tChromium's document.characterSet, served as text/html without a charset\n"
        + "".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--update", action="store_true", help="rewrite the fixture")
    mode.add_argument("--check", action="store_true", help="compare with the fixture")
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()
    documents = cases()
    start = time.time()
    results = run_chromium(documents, args.timeout)
    version = subprocess.run([os.environ.get("CHROMIUM", "chromium"), "--version"],
                             capture_output=True, text=True).stdout.strip()
    print("oracle: %s: %d documents in %.1f s" % (version, len(documents), time.time() - start))
    if args.update:
        write_fixture(FIXTURE, documents, results)
        (FIXTURE / "CHROMIUM-VERSION").write_text(version + "\n")
        print("oracle: wrote %s" % FIXTURE)
        return
    fresh = Path(tempfile.mkdtemp(prefix="sniff-oracle-fixture-"))
    write_fixture(fresh, documents, results)
    differences = []
    for name, _ in documents:
        for file in [name + ".html"]:
            if not (FIXTURE / file).exists() or (FIXTURE / file).read_bytes() != (fresh / file).read_bytes():
                differences.append("%s: the document differs from the fixture's" % file)
    expected = (FIXTURE / "expected.tsv").read_text().splitlines()
    got = (fresh / "expected.tsv").read_text().splitlines()
    for old, new in zip(expected, got):
        if old != new:
            differences.append("fixture %r, Chromium now %r" % (old, new))
    if len(expected) != len(got):
        differences.append("the fixture has %d lines, this run %d" % (len(expected), len(got)))
    shutil.rmtree(fresh, ignore_errors=True)
    if differences:
        print("oracle: Chromium's answers differ from the fixture (review, then --update):")
        print("\n".join("  " + d for d in differences))
        sys.exit(1)
    print("oracle: Chromium agrees with the fixture on every document")


if __name__ == "__main__":
    main()
