#!/usr/bin/env python3
"""First frame with the map complete, from the pictures memfb.so's watcher wrote (DIR/frame-<µs>.raw, XRGB8888).

A frame is complete when fewer than LIMIT of its pixels are exactly the placeholder colour or its hatch line
(navdisplay's day style draws missing tiles as 0xe6e2da with 0xd6d0c4 lines; neither is a map colour).
Prints one line per frame and then `first_complete_s <seconds since exec>` (or `first_complete_s none`).
"""
import array
import os
import sys

PLACEHOLDER = (0xE6E2DA, 0xD6D0C4)
LIMIT = 0.002  # share of the frame


def main(folder):
    first = None
    for name in sorted(os.listdir(folder)):
        if not name.startswith("frame-"):
            continue
        pixels = array.array("I")
        with open(os.path.join(folder, name), "rb") as f:
            pixels.frombytes(f.read())
        if not pixels:
            continue
        share = sum(pixels.count(c) + pixels.count(c | 0xFF000000) for c in PLACEHOLDER) / len(pixels)
        distinct = len(set(pixels[:: max(1, len(pixels) // 4096)]))
        seconds = int(name[6:-4]) / 1e6
        blank = distinct < 4  # an empty screen: nothing drawn yet
        print(f"{seconds:8.3f} s  placeholder {share * 100:6.2f} %  colours(sampled) {distinct}")
        if first is None and not blank and share < LIMIT:
            first = seconds
    print("first_complete_s", "none" if first is None else f"{first:.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
