#!/usr/bin/env python3
"""Rewrites a PMTiles v3 archive so its root directory points at leaf directories of LEAF_SIZE entries each.

A city extract has too few tiles for the reference writer to need leaves (it only splits past 16 KiB), but readers
must follow them; this uses the PyPI `pmtiles` package's own directory serialiser, so the file stays to spec.
Usage: pmtiles_with_leaves.py IN.pmtiles OUT.pmtiles [LEAF_SIZE]
"""
import sys

from pmtiles import writer as w
from pmtiles.reader import MmapSource, Reader, all_tiles
from pmtiles.tile import zxy_to_tileid


def main():
    src, dst = sys.argv[1], sys.argv[2]
    leaf_size = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    w.optimize_directories = lambda entries, target: w.build_roots_leaves(entries, leaf_size)
    with open(src, "rb") as f_in:
        get = MmapSource(f_in)
        reader = Reader(get)
        header, metadata = reader.header(), reader.metadata()
        tiles = sorted(all_tiles(get), key=lambda t: zxy_to_tileid(*t[0]))
        with open(dst, "wb") as f_out:
            out = w.Writer(f_out)
            for (z, x, y), data in tiles:
                out.write_tile(zxy_to_tileid(z, x, y), data)
            out.finalize(header, metadata)


if __name__ == "__main__":
    main()
