#!/usr/bin/env python3
"""Makes the fuzzers' seed corpora in Fuzz/Corpus/NAME/ from the bundled maps and recordings (run once; the
corpora are kept in the repository and grow as `make fuzz` merges what it finds).

    scripts/fuzz-seeds.py
"""
import gzip
import hashlib
import json
import sqlite3
import zlib
from pathlib import Path

repo = Path(__file__).resolve().parent.parent
corpus = repo / "Fuzz" / "Corpus"


def put(name, data):
    folder = corpus / name
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def inflate(b):
    return gzip.decompress(b) if b[:2] == b"\x1f\x8b" else b


def varint(b, i):
    shift = value = 0
    while True:
        byte = b[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def pmtiles_tiles(path, limit):
    """The first `limit` tiles of a PMTiles v3 archive (root directory only), inflated."""
    b = path.read_bytes()
    u64 = lambda o: int.from_bytes(b[o:o + 8], "little")
    root = inflate(b[u64(8):u64(8) + u64(16)])
    data_offset = u64(56)
    n, i = varint(root, 0)
    ids, runs, lengths, offsets = [], [], [], []
    for _ in range(n):
        v, i = varint(root, i)
        ids.append(v)
    for _ in range(n):
        v, i = varint(root, i)
        runs.append(v)
    for _ in range(n):
        v, i = varint(root, i)
        lengths.append(v)
    for k in range(n):
        v, i = varint(root, i)
        offsets.append(offsets[k - 1] + lengths[k - 1] if v == 0 and k > 0 else v - 1)
    out = []
    for k in range(n):
        if runs[k] == 0:
            continue
        out.append(inflate(b[data_offset + offsets[k]:data_offset + offsets[k] + lengths[k]]))
        if len(out) >= limit:
            break
    meta = inflate(b[u64(24):u64(24) + u64(32)])
    return out, meta


def tiny_mbtiles(tile, fmt, json_meta=None):
    """A small MBTiles database: metadata rows and one tile, as bytes."""
    path = corpus / "tmp.mbtiles"
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size = 512")
    db.executescript("CREATE TABLE metadata (name TEXT, value TEXT);"
                     "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);")
    rows = [("name", "fuzz"), ("format", fmt), ("minzoom", "14"), ("maxzoom", "14"),
            ("bounds", "24.93,60.16,24.95,60.18")]
    if json_meta:
        rows.append(("json", json_meta))
    db.executemany("INSERT INTO metadata VALUES (?, ?)", rows)
    db.execute("INSERT INTO tiles VALUES (14, 9327, 11641, ?)", (tile,))
    db.commit()
    db.execute("VACUUM")
    db.close()
    data = path.read_bytes()
    path.unlink()
    return data


def uvarint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def tile_id(z, x, y):
    """PMTiles' Hilbert tile id."""
    acc = sum(4 ** i for i in range(z))
    n = 1 << z
    d = 0
    s = n // 2
    while s > 0:
        rx = 1 if x & s else 0
        ry = 1 if y & s else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                x, y = s - 1 - x, s - 1 - y
            x, y = y, x
        s //= 2
    return acc + d


def tiny_pmtiles(tiles, compress):
    """A small PMTiles v3 archive: `tiles` [(z, x, y, bytes)], directories gzip'd when `compress`."""
    tiles = sorted(tiles, key=lambda t: tile_id(t[0], t[1], t[2]))
    ids = [tile_id(z, x, y) for z, x, y, _ in tiles]
    data = b"".join(t[3] for t in tiles)
    entries = uvarint(len(tiles))
    prev = 0
    for i in ids:
        entries += uvarint(i - prev)
        prev = i
    entries += b"".join(uvarint(1) for _ in tiles)
    entries += b"".join(uvarint(len(t[3])) for t in tiles)
    offset = 0
    for k, t in enumerate(tiles):
        entries += uvarint(0 if k > 0 else offset + 1)
        offset += len(t[3])
    meta = json.dumps({"name": "fuzz", "vector_layers": [{"id": "water"}, {"id": "transportation"}]}).encode()
    if compress:
        entries = gzip.compress(entries)
        meta = gzip.compress(meta)
    root_off = 127
    meta_off = root_off + len(entries)
    data_off = meta_off + len(meta)
    h = bytearray(b"PMTiles\x03")
    for v in (root_off, len(entries), meta_off, len(meta), data_off, 0, data_off, len(data),
              len(tiles), len(tiles), len(tiles)):
        h += v.to_bytes(8, "little")
    h += bytes([1, 2 if compress else 1, 1, 1, min(t[0] for t in tiles), max(t[0] for t in tiles)])
    for v in (249300000, 601600000, 249500000, 601800000):
        h += v.to_bytes(4, "little", signed=True)
    h += bytes([14]) + (249400000).to_bytes(4, "little") + (601700000).to_bytes(4, "little")
    assert len(h) == 127
    return bytes(h) + entries + meta + data


def main():
    omt = sqlite3.connect(repo / "maps/helsinki.mbtiles")
    tiles = [inflate(r[0]) for r in omt.execute("SELECT tile_data FROM tiles ORDER BY length(tile_data) LIMIT 12")]
    for t in tiles:
        put("mvt", t)
    meta_json = dict(omt.execute("SELECT name, value FROM metadata")).get("json", "")
    put("metadata-json", meta_json)
    pm_tiles, pm_meta = pmtiles_tiles(repo / "maps/helsinki-protomaps.pmtiles", 6)
    for t in pm_tiles:
        put("mvt", t)
    put("metadata-json", pm_meta)
    put("metadata-json", pmtiles_tiles(repo / "maps/helsinki.pmtiles", 1)[1])
    for f in ("helsinki.pmtiles", "helsinki-protomaps.pmtiles"):
        put("pmtiles", (repo / "maps" / f).read_bytes())
    # Small archives too: mutations of a 200 KB file spend most of their time re-reading what did not change.
    small3 = sorted(tiles, key=len)[:3]
    put("pmtiles", tiny_pmtiles([(14, 9327, 4742, gzip.compress(small3[0]))], compress=True))
    put("pmtiles", tiny_pmtiles([(z, 9327 >> (14 - z), 4742 >> (14 - z), t) for z, t in zip((12, 13, 14), small3)],
                                compress=False))
    small = min(tiles, key=len)
    put("mbtiles", tiny_mbtiles(gzip.compress(small), "pbf", meta_json))
    for f, fmt in (("helsinki-raster.mbtiles", "png"), ("helsinki-raster-jpeg.mbtiles", "jpg"),
                   ("helsinki-raster-webp.mbtiles", "webp")):
        db = sqlite3.connect(repo / "maps" / f)
        raster = [r[0] for r in db.execute("SELECT tile_data FROM tiles ORDER BY length(tile_data) LIMIT 2")]
        for r in raster:
            put("raster", r)
        put("mbtiles", tiny_mbtiles(raster[0], fmt))
    for f in sorted((repo / "recordings").glob("*.navrec")):
        lines = f.read_text().splitlines(keepends=True)
        put("recording", "".join(lines[:120]))
    imports = repo / "recordings" / "imports"
    for f, name in (("helsinki-ride.nmea", "nmea"), ("helsinki-ride.gpsd.json", "gpsd-json"),
                    ("helsinki-ride-imu.csv", "imu-csv")):
        lines = (imports / f).read_text().splitlines(keepends=True)
        put(name, "".join(lines[:60]))
        put("recording", "".join(lines[:30]))
        if name == "gpsd-json":
            for line in lines[:40]:
                if '"TPV"' in line or '"SKY"' in line or '"VERSION"' in line or '"DEVICES"' in line:
                    put("gpsd-live", line)
    put("calibration", "# navdisplay magnetometer calibration\nformat 1\n"
        "hard_iron_ut 27.981234 -35.994321 41.012345\n"
        "soft_iron 0.897100 -0.058000 0.027900 -0.058000 1.081100 -0.043600 0.027900 -0.043600 0.983700\n"
        "field_radius_ut 50.612300\nexpected_field_ut 50.588000\nresidual_percent 0.612\ncoverage 0.976\n"
        "samples 2841\ncondition 812.4\naxis_ratio 1.2417\n")
    put("calibration", "format 2\nfit level vertical-from-wmm\nhard_iron_ut 1 2 3\n"
        "soft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n")
    for args in (["--zoom", "16.5", "--size", "800x480", "--map", "maps/helsinki.mbtiles"],
                 ["--gps=localhost:2947", "--orientation", "heading-up", "ride.navrec"],
                 ["--speed", "max", "--from", "5", "--to", "10", "--fps=2"]):
        put("options", b"\0".join(a.encode() for a in args))


if __name__ == "__main__":
    main()
