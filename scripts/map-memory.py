#!/usr/bin/env python3
"""Peak memory (RSS) of drawing any map file at any zoom the CLI accepts (issue 16's target: <= 150 MB).

For every bundled map in maps/, a large country-sized z14-only map (scripts/make-large-map.py), and copies whose
zoom range lies (MBTiles metadata minzoom 30; a PMTiles header minzoom of 9), it renders one frame at each zoom
`render` accepts (0 to 22, and fractions) at 800x480 and 1280x800, and replays the bundled ride on the live path
(tile workers, no waiting) at zoom 10 and 20. Each figure is the child's own peak RSS from wait4(2).

    scripts/map-memory.py [--binary .build/release/navdisplay] [--quick]
"""
import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

repo = Path(__file__).resolve().parent.parent


def peak_rss_mb(cmd):
    """Runs `cmd`; returns (exit status, peak RSS in MB, seconds)."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace").strip()
    return proc.returncode, usage.ru_maxrss / 1024, time.monotonic() - start, err


def lying_copies(folder):
    maps = []
    mb = Path(folder) / "minzoom30.mbtiles"
    shutil.copy(repo / "maps/helsinki.mbtiles", mb)
    db = sqlite3.connect(mb)
    db.execute("UPDATE metadata SET value = '30' WHERE name = 'minzoom'")
    db.commit()
    db.close()
    maps.append(mb)
    pm = Path(folder) / "header-minzoom9.pmtiles"
    data = bytearray((repo / "maps/helsinki.pmtiles").read_bytes())
    data[100] = 9
    pm.write_bytes(bytes(data))
    maps.append(pm)
    large = Path(folder) / "large-z14.mbtiles"
    subprocess.run([sys.executable, str(repo / "scripts/make-large-map.py"), str(large)], check=True,
                   stdout=subprocess.DEVNULL)
    maps.append(large)
    return maps


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--binary", default=str(repo / ".build/release/navdisplay"))
    p.add_argument("--quick", action="store_true", help="zooms 0, 10, 14, 22 only")
    a = p.parse_args()
    zooms = [0, 10, 14, 22] if a.quick else [0, 2, 4, 6, 8, 9, 10, 10.5, 11, 12, 13, 14, 15, 16, 18, 20, 22]
    sizes = ["800x480", "1280x800"]
    worst = (0, "")
    failures = []
    with tempfile.TemporaryDirectory(prefix="map-memory-") as folder:
        maps = sorted((repo / "maps").glob("*.mbtiles")) + sorted((repo / "maps").glob("*.pmtiles"))
        maps += lying_copies(folder)
        out = Path(folder) / "frame.png"
        for m in maps:
            row = []
            for size in sizes:
                peaks = []
                for z in zooms:
                    rc, mb, _, err = peak_rss_mb(
                        [a.binary, "render", "--map", str(m), "--zoom", str(z), "--size", size,
                         "--orientation", "heading-up", "--heading", "37", "--out", str(out)])
                    if rc != 0:
                        failures.append(f"{m.name} zoom {z} {size}: exit {rc}: {err}")
                    peaks.append(mb)
                    if mb > worst[0]:
                        worst = (mb, f"render {m.name} zoom {z} {size}")
                row.append(f"{size} render max {max(peaks):6.1f} MB")
                for z in (10, 20):
                    rc, mb, _, err = peak_rss_mb(
                        [a.binary, "replay", str(repo / "recordings/helsinki-ride.navrec"), "--map", str(m),
                         "--zoom", str(z), "--size", size, "--speed", "max", "--to", "20", "--display", "png",
                         "--png-dir", str(Path(folder) / "frames")])
                    if rc != 0:
                        failures.append(f"{m.name} replay zoom {z} {size}: exit {rc}: {err}")
                    if mb > worst[0]:
                        worst = (mb, f"live replay {m.name} zoom {z} {size}")
                    row.append(f"live z{z} {mb:6.1f} MB")
            print(f"{m.name:32s} " + " | ".join(row), flush=True)
    print(f"worst peak RSS: {worst[0]:.1f} MB ({worst[1]})")
    for f in failures:
        print("FAILED: " + f)
    return 1 if failures or worst[0] > 150 else 0


if __name__ == "__main__":
    sys.exit(main())
