#!/usr/bin/env python3
"""Prints ours/encoding_rs median time ratios from criterion's results of the `compare` bench.

A ratio below 1.0 means we are faster. Reads target/criterion/*/*/{ours,encoding_rs}/new/estimates.json.
"""
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
rows = []
for ours in sorted(root.glob("*/ours/new/estimates.json")):
    group = ours.parent.parent.parent
    theirs = group / "encoding_rs" / "new" / "estimates.json"
    if not theirs.exists():
        continue
    a = json.load(open(ours))["median"]["point_estimate"]
    b = json.load(open(theirs))["median"]["point_estimate"]
    name = json.load(open(ours.parent / "benchmark.json"))["group_id"]
    rows.append((name, a / b, a / 1e3, b / 1e3))
print("| benchmark | ours / encoding_rs | ours (us) | encoding_rs (us) |")
print("| --- | --- | --- | --- |")
for name, ratio, a, b in rows:
    print(f"| {name} | {ratio:.2f} | {a:.1f} | {b:.1f} |")
