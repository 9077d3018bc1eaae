#!/usr/bin/env python3
"""The link order of navdisplay's hot functions (scripts/make-link-order, docs/memory.md).

    link-order.py write BINARY CALLGRIND_OUT... > ORDER    the functions of BINARY that ran, most instructions first
    link-order.py check BINARY ORDER                       how much of ORDER the binary still defines

lld places the functions named in ORDER first in .text, side by side, so the pages the loop runs are few and
together. Names are the linker's (mangled); a name the binary no longer defines (code changed) is skipped by the
linker, so a stale order only costs memory, which `check` shows.
"""
import re
import subprocess
import sys


def functions(binary):
    """Every function symbol BINARY defines, with its size in bytes."""
    nm = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    sizes = {}
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            sizes[parts[3]] = int(parts[1], 16)
    return sizes


def instructions_by_function(callgrind_out):
    """Instructions each function ran, from callgrind's per-function totals (every thread)."""
    text = subprocess.run(
        ["callgrind_annotate", "--threshold=100", "--auto=no", callgrind_out],
        capture_output=True, text=True, check=True).stdout
    cost = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+(.*)$", line)
        if not m:
            continue
        # "file:function [object]", "function (3x)": the function's name alone.
        name = re.sub(r" \(\d+x\)$", "", re.sub(r" \[[^\]]*\]$", "", m.group(2)))
        name = name.rsplit(":", 1)[-1]
        cost[name] = cost.get(name, 0) + int(m.group(1).replace(",", ""))
    return cost


def write(binary, outs):
    sizes = functions(binary)
    cost = {}
    for out in outs:
        for name, n in instructions_by_function(out).items():
            cost[name] = cost.get(name, 0) + n
    ran = sorted((name for name in cost if name in sizes), key=lambda name: (-cost[name], name))
    print(f"link-order: {len(ran)} of the binary's {len(sizes)} functions ran, "
          f"{sum(sizes[n] for n in ran)} of {sum(sizes.values())} bytes of code", file=sys.stderr)
    sys.stdout.write("".join(name + "\n" for name in ran))


def check(binary, order):
    sizes = functions(binary)
    names = [line.strip() for line in open(order) if line.strip()]
    found = [name for name in names if name in sizes]
    print(f"link-order: the binary defines {len(found)} of the {len(names)} functions in {order} "
          f"({100 * len(found) / max(len(names), 1):.1f} %), {sum(sizes[n] for n in found)} bytes of code")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
