#!/usr/bin/env python3
"""Navit's first complete frame, from screenshots polled after its start: DIR/shot-<seconds since exec>.xwd.

Navit runs on the standing-still track, so once its map is drawn the screen stops changing: the first screenshot
whose pixels equal the last one's is the first complete frame. Prints `first_complete_s <seconds>` (or none).
The resolution is the polling interval plus the time one `xwd` takes.
"""
import os
import sys


def pixels(path, size):
    with open(path, "rb") as f:
        data = f.read()
    return data[-size:] if len(data) >= size else None


def main(folder, width, height):
    size = width * height * 4
    shots = sorted((float(n[5:-4]), n) for n in os.listdir(folder) if n.startswith("shot-") and n.endswith(".xwd"))
    if not shots:
        print("first_complete_s none")
        return
    final = pixels(os.path.join(folder, shots[-1][1]), size)
    first = None
    for seconds, name in shots:
        if pixels(os.path.join(folder, name), size) == final:
            first = seconds
            break
    print(f"screenshots {len(shots)}, last at {shots[-1][0]:.3f} s")
    print("first_complete_s", "none" if first is None else f"{first:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
