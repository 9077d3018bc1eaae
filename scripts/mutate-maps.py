#!/usr/bin/env python3
"""Renders mutated copies of every bundled map through the real CLI: no trap, no hang, bounded memory.

Each mutant is a bundled map (maps/*.mbtiles, *.pmtiles) with a few bytes changed: random bytes anywhere, or
inside one tile (MBTiles, where SQLite's own checks would otherwise refuse most files), or the PMTiles header's
zoom and offset fields. `navdisplay render` draws it at a random zoom, size and heading; a run passes when it
exits 0 or 1 (a clear error) within 60 s. Prints exit statuses, traps, hangs and the peak RSS (wait4).

    scripts/mutate-maps.py [--per-map 100] [--binary .build/release/navdisplay] [--seed 16]
"""
import argparse
import collections
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

repo = Path(__file__).resolve().parent.parent


def run(cmd, timeout=60):
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            return os.waitstatus_to_exitcode(status), usage.ru_maxrss / 1024, proc.stderr.read().decode(errors="replace")
        if time.monotonic() > deadline:
            proc.kill()
            _, status, usage = os.wait4(proc.pid, 0)
            return "hang", usage.ru_maxrss / 1024, ""
        time.sleep(0.01)


def mutate(src, dst, rng):
    shutil.copy(src, dst)
    data = bytearray(dst.read_bytes())
    kind = rng.choice(["bytes", "tile", "header"])
    if src.suffix == ".mbtiles" and kind == "tile":
        db = sqlite3.connect(dst)
        rows = db.execute("SELECT rowid, tile_data FROM tiles").fetchall() if db.execute(
            "SELECT type FROM sqlite_master WHERE name = 'tiles'").fetchone() == ("table",) else []
        if rows:
            rowid, blob = rng.choice(rows)
            blob = bytearray(blob)
            for _ in range(rng.randint(1, 8)):
                blob[rng.randrange(len(blob))] = rng.randrange(256)
            db.execute("UPDATE tiles SET tile_data = ? WHERE rowid = ?", (bytes(blob), rowid))
            db.commit()
            db.close()
            return "tile"
        db.close()
    if src.suffix == ".pmtiles" and kind == "header":
        for _ in range(rng.randint(1, 3)):
            data[rng.choice([100, 101] + list(range(8, 72)))] = rng.randrange(256)
        dst.write_bytes(bytes(data))
        return "header"
    for _ in range(rng.randint(1, 16)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    dst.write_bytes(bytes(data))
    return "bytes"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--per-map", type=int, default=100)
    p.add_argument("--binary", default=str(repo / ".build/release/navdisplay"))
    p.add_argument("--seed", type=int, default=16)
    a = p.parse_args()
    rng = random.Random(a.seed)
    maps = sorted((repo / "maps").glob("*.mbtiles")) + sorted((repo / "maps").glob("*.pmtiles"))
    statuses = collections.Counter()
    bad = []
    peak = (0, "")
    with tempfile.TemporaryDirectory(prefix="mutate-maps-") as folder:
        for m in maps:
            for i in range(a.per_map):
                dst = Path(folder) / f"mutant{m.suffix}"
                how = mutate(m, dst, rng)
                zoom = rng.choice([0, 5, 10, 12, 13, 14, 15, 16, 17, 19, 22])
                size = rng.choice(["800x480", "1280x800"])
                status, mb, err = run([a.binary, "render", "--map", str(dst), "--zoom", str(zoom), "--size", size,
                                       "--orientation", "heading-up", "--heading", str(rng.randrange(360)),
                                       "--out", str(Path(folder) / "frame.png")])
                statuses[status] += 1
                if mb > peak[0]:
                    peak = (mb, f"{m.name} mutant {i} ({how}) zoom {zoom} {size}")
                if status not in (0, 1):
                    keep = repo / "out" / "mutants" / f"{m.stem}-{i}{m.suffix}"
                    keep.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(dst, keep)
                    bad.append(f"{m.name} mutant {i} ({how}) zoom {zoom} {size}: {status} {err.strip()[-300:]} "
                               f"(kept as {keep})")
                dst.unlink()
            print(f"{m.name}: {a.per_map} mutants, statuses so far {dict(statuses)}", flush=True)
    print(f"{sum(statuses.values())} mutants: exit statuses {dict(statuses)}; peak RSS {peak[0]:.1f} MB ({peak[1]})")
    for b in bad:
        print("BAD: " + b)
    return 1 if bad or peak[0] > 150 else 0


if __name__ == "__main__":
    sys.exit(main())
