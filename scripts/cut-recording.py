#!/usr/bin/env python3
"""Cuts a time window out of a navdisplay recording: the header (with a note saying where it came from) and every
sample line from FROM to TO seconds. Sample lines carry their own checksums, so they are copied untouched.

    scripts/cut-recording.py IN.navrec OUT.navrec FROM TO "what the window shows"
"""
import sys

src, dst, start, end, what = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
kinds = ("mag ", "acc ", "gyr ", "fix ", "sky ", "hdg ", "src ")
with open(src) as f, open(dst, "w") as out:
    for line in f:
        if line.startswith(kinds):
            t = float(line.split()[1])
            if start <= t <= end:
                out.write(line)
        elif line.startswith("@note scenario"):
            out.write(f"@note scenario: {what} (seconds {start:g}-{end:g} of {src.split('/')[-1]})\n")
        else:
            out.write(line)
