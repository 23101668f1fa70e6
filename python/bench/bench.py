"""Times this package against the CPython codec that webencodings 0.6.1 maps each label to,
decode and encode, for every pair of the bench corpus (shared/README.md: each language's
legacy encodings, UTF-8 and UTF-16LE, as text and as the page's HTML), in one process.

    python bench/bench.py [--corpus DIR] [--markdown BENCHMARKS.md] [--quick] [--runs N] [--only TEXT ...]

Each side decodes the same bytes (this package's encoding of the article, unencodable
characters as references, as the Rust benchmark makes them) with errors='replace', and
encodes the text those bytes decode to with errors='strict', less the characters either codec
cannot encode. Every encode is of a string that was never encoded before (CPython keeps a
string's UTF-8 once made, which this package encodes from), so that making it is counted.
Times are the best of several repeats in a run, and the median of --runs runs (3); the ratio
is this package's time over CPython's.
With --markdown, the table replaces the one between `<!-- bench` and `<!-- /bench -->` in
that file."""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import webencodings

import whatwg_encoding

LANGUAGES = {
    "ar": ["windows-1256"], "cs": ["windows-1250", "iso-8859-2"], "de": ["windows-1252"],
    "el": ["windows-1253", "iso-8859-7"], "en": ["windows-1252"], "fr": ["windows-1252"],
    "he": ["windows-1255", "iso-8859-8"], "ja": ["shift_jis", "euc-jp", "iso-2022-jp"],
    "ko": ["euc-kr"], "pt": ["windows-1252"], "ru": ["windows-1251", "koi8-r", "ibm866"],
    "th": ["windows-874"], "tr": ["windows-1254"], "vi": ["windows-1258"],
    "zh_cn": ["gb18030", "gbk"], "zh_tw": ["big5"],
}  # fmt: skip


def corpus_dir(given: str | None) -> Path:
    if given:
        return Path(given)
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "bench-corpus" / "wikipedia").is_dir():
            return folder / "shared" / "bench-corpus" / "wikipedia"
    sys.exit("no shared/bench-corpus/wikipedia beside the clone: give --corpus")


def best(run, inputs_for_repeat, repeats: int) -> float:
    """The best time of one call, over `repeats` repeats of a call on each input."""
    times = []
    for _ in range(repeats):
        inputs = inputs_for_repeat()
        start = time.perf_counter()
        for item in inputs:
            run(item)
        times.append((time.perf_counter() - start) / len(inputs))
    return min(times)


def calls_for(seconds_per_call: float, target: float = 0.02) -> int:
    return max(1, min(200, int(target / max(seconds_per_call, 1e-7))))


def fresh(text: str, n: int) -> list[str]:
    """`n` equal strings, none of them encoded yet."""
    data = text.encode("utf-8", "surrogatepass")
    return [data.decode("utf-8", "surrogatepass") for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus")
    parser.add_argument("--markdown")
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--runs", type=int, default=3, help="runs over the pairs; each time is the median")
    parser.add_argument(
        "--only", nargs="+", metavar="TEXT",
        help="time only the measurements whose 'direction pair' contains one of these "
        "(e.g. 'encode ja/shift_jis', 'encode ko.html/'); not with --markdown",
    )  # fmt: skip
    args = parser.parse_args()
    if args.only and args.markdown:
        parser.error("--only times part of the table: not with --markdown")
    corpus = corpus_dir(args.corpus)
    repeats = 3 if args.quick else 7
    runs = [measure(corpus, args.only, repeats) for _ in range(args.runs)]
    # Each time the median of the runs' (a run's own time is the best of its repeats).
    rows = [
        (*same[0][:4], statistics.median(r[4] for r in same), statistics.median(r[5] for r in same), same[0][6])
        for same in zip(*runs)
    ]
    lines = table(rows, args.runs)
    print("\n".join(lines))
    if args.markdown:
        path = Path(args.markdown)
        body = path.read_text(encoding="utf-8").split("\n")
        start = next(i for i, line in enumerate(body) if line.startswith("<!-- bench"))
        end = body.index("<!-- /bench -->", start)
        path.write_text("\n".join(body[: start + 1] + lines + body[end:]), encoding="utf-8")


def measure(corpus: Path, only: list[str] | None, repeats: int) -> list[tuple]:
    """One run over every pair (or those `only` names): a row per direction and pair, with
    the best time of each side over `repeats` repeats."""
    rows = []
    for kind in ("txt", "html"):
        for lang, legacy in LANGUAGES.items():
            article = (corpus / f"{lang}.{kind}").read_text(encoding="utf-8")
            for label in legacy + ["utf-8", "utf-16le"]:
                ours = whatwg_encoding.lookup(label).codec_info
                theirs = webencodings.lookup(label).codec_info
                data = ours.encode(article, "xmlcharrefreplace")[0]
                text = ours.decode(data, "replace")[0]

                def both(c: str) -> bool:
                    try:
                        ours.encode(c, "strict"), theirs.encode(c, "strict")
                        return True
                    except UnicodeEncodeError:
                        return False

                unencodable = {c for c in set(text) if not both(c)}
                text = "".join(c for c in text if c not in unencodable)
                pair = f"{lang}{'.html' if kind == 'html' else ''}/{label}"
                for direction in ("decode", "encode"):
                    if only and not any(o in f"{direction} {pair}" for o in only):
                        continue
                    if direction == "decode":
                        runs = [lambda d: ours.decode(d, "replace"), lambda d: theirs.decode(d, "replace")]
                        one = time.perf_counter()
                        runs[1](data)
                        n = calls_for(time.perf_counter() - one)
                        make = lambda: [data] * n  # noqa: E731
                    else:
                        runs = [lambda s: ours.encode(s, "strict"), lambda s: theirs.encode(s, "strict")]
                        one = time.perf_counter()
                        runs[1](fresh(text, 1)[0])
                        n = calls_for(time.perf_counter() - one)
                        make = lambda: fresh(text, n)  # noqa: E731
                    # Interleaved, so that a busy moment of the machine hits both.
                    t_ours, t_theirs = math.inf, math.inf
                    for _ in range(repeats):
                        t_ours = min(t_ours, best(runs[0], make, 1))
                        t_theirs = min(t_theirs, best(runs[1], make, 1))
                    group = "legacy" if label not in ("utf-8", "utf-16le") else label
                    rows.append((direction, group, pair, len(data), t_theirs, t_ours, len(unencodable)))
                    print(f"{direction} {pair}: {t_ours / t_theirs:.2f}", file=sys.stderr)
    return rows


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def commit() -> str:
    """The checkout's commit, and whether files differ from it."""
    try:
        here = Path(__file__).parent
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here, capture_output=True, text=True)
        return head.stdout.strip() + (" with uncommitted changes" if dirty.stdout.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "an unknown commit"


def table(rows, runs: int) -> list[str]:
    cpu = platform.processor() or platform.machine()
    flags = ""
    try:
        info = Path("/proc/cpuinfo").read_text()
        model = next(line.split(":", 1)[1].strip() for line in info.split("\n") if line.startswith("model name"))
        present = set(next(line for line in info.split("\n") if line.startswith("flags")).split())
        cpu = model
        flags = ", ".join(f for f in ["sse4_2", "avx2", "avx512bw"] if f in present)
    except (OSError, StopIteration):
        pass
    legacy = [r[5] / r[4] for r in rows if r[1] == "legacy"]
    out = [
        f"Run at {commit()} on {cpu} ({flags}; {os.cpu_count()} cores), CPython "
        f"{platform.python_version()}, webencodings {webencodings.VERSION}; each time the median of "
        f"{runs} runs. Targets: every legacy pair at most 1.00, their "
        "geometric mean at most 0.50; UTF-8 and UTF-16LE decode at most 1.50.",
        "",
        "| summary | pairs | geometric mean | worst |",
        "| --- | ---: | ---: | ---: |",
    ]
    for direction in ("decode", "encode"):
        for group in ("legacy", "utf-8", "utf-16le"):
            ratios = [r[5] / r[4] for r in rows if r[0] == direction and r[1] == group]
            worst = max(((r[5] / r[4], r[2]) for r in rows if r[0] == direction and r[1] == group), default=(0, ""))
            out.append(f"| {direction} {group} | {len(ratios)} | {geomean(ratios):.2f} | {worst[0]:.2f} ({worst[1]}) |")
    out.append(f"| legacy, decode and encode | {len(legacy)} | {geomean(legacy):.2f} | {max(legacy):.2f} |")
    out += [
        "",
        "<details><summary>Every pair</summary>",
        "",
        "| direction | pair | bytes | CPython us | whatwg_encoding us | ratio |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for direction, _, pair, size, theirs, ours, dropped in rows:
        note = f" ({dropped} characters left out)" if dropped else ""
        out.append(f"| {direction} | {pair}{note} | {size:,} | {theirs * 1e6:,.1f} | {ours * 1e6:,.1f} | {ours / theirs:.2f} |")
    return out + ["", "</details>"]


if __name__ == "__main__":
    main()
