#!/usr/bin/env python3
"""Prints ours/encoding_rs median time ratios from criterion's results of the `compare` bench.

A ratio below 1.0 means we are faster. Reads
ROOT/*/{ours,encoding_rs}/new/estimates.json for each ROOT given (default target/criterion).
Given several roots (copies of target/criterion from separate runs of the bench), prints for
each benchmark the median of the runs' ratios and their range: on a shared machine one run's
ratio can be off by half, and separate runs are the way to see it.
"""
import json
import pathlib
import statistics
import sys

roots = [pathlib.Path(p) for p in sys.argv[1:]] or [pathlib.Path("target/criterion")]
ratios = {}
for root in roots:
    for ours in sorted(root.glob("*/ours/new/estimates.json")):
        group = ours.parent.parent.parent
        theirs = group / "encoding_rs" / "new" / "estimates.json"
        if not theirs.exists():
            continue
        a = json.load(open(ours))["median"]["point_estimate"]
        b = json.load(open(theirs))["median"]["point_estimate"]
        name = json.load(open(ours.parent / "benchmark.json"))["group_id"]
        ratios.setdefault(name, []).append((a / b, a / 1e3, b / 1e3))

if len(roots) == 1:
    print("| benchmark | ours / encoding_rs | ours (us) | encoding_rs (us) |")
    print("| --- | --- | --- | --- |")
    for name, [(ratio, a, b)] in sorted(ratios.items()):
        print(f"| {name} | {ratio:.2f} | {a:.1f} | {b:.1f} |")
else:
    print(f"| benchmark | ours / encoding_rs, median of {len(roots)} runs | lowest | highest |")
    print("| --- | --- | --- | --- |")
    for name, runs in sorted(ratios.items()):
        r = [x[0] for x in runs]
        print(f"| {name} | {statistics.median(r):.2f} | {min(r):.2f} | {max(r):.2f} |")
