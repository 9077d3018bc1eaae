#!/usr/bin/env python3
"""Makes a large MBTiles for the memory benchmark: 300 x 300 = 90,000 z14 tiles (a region about 735 km wide) whose
contents cycle through the real Helsinki z14 tiles of maps/helsinki.mbtiles.

It uses the MBTiles "map + images" layout (tiles is a view), so the file stays small while the index is as big as a
country's: what the benchmark measures is the reader and the bounded tile cache, not the disk.

    scripts/make-large-map.py OUT.mbtiles
"""
import sqlite3
import sys
from pathlib import Path

SIDE = 300
repo = Path(__file__).resolve().parent.parent
out = Path(sys.argv[1])
out.unlink(missing_ok=True)
src = sqlite3.connect(repo / "maps" / "helsinki.mbtiles")
blobs = [row[0] for row in src.execute("SELECT tile_data FROM tiles WHERE zoom_level = 14 ORDER BY tile_column, tile_row")]
meta = list(src.execute("SELECT name, value FROM metadata"))
db = sqlite3.connect(out)
db.executescript("""
    CREATE TABLE metadata (name TEXT, value TEXT);
    CREATE TABLE images (tile_id TEXT PRIMARY KEY, tile_data BLOB);
    CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
    CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row);
    CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
        map.tile_row AS tile_row, images.tile_data AS tile_data FROM map JOIN images ON images.tile_id = map.tile_id;
""")
db.executemany("INSERT INTO images VALUES (?, ?)", [(f"t{i}", b) for i, b in enumerate(blobs)])
for name, value in meta:
    if name in ("minzoom", "maxzoom"):
        value = "14"
    if name == "bounds":
        continue
    db.execute("INSERT INTO metadata VALUES (?, ?)", (name, value))
# Around Helsinki's tile 9327/4742 (XYZ), stored as TMS rows.
x0, y0 = 9327 - SIDE // 2, 4742 - SIDE // 2
rows = ((14, x0 + i, (1 << 14) - 1 - (y0 + j), f"t{(i * 7 + j * 13) % len(blobs)}") for i in range(SIDE) for j in range(SIDE))
db.executemany("INSERT INTO map VALUES (?, ?, ?, ?)", rows)
db.commit()
print(f"{out}: {SIDE * SIDE} tiles at z14 from {len(blobs)} real Helsinki tiles, {out.stat().st_size // 1024} KiB")
