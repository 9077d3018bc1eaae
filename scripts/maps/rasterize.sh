#!/bin/sh
# Renders the extract into an RGB GeoTIFF in Web Mercator with GDAL alone (no styling engine): sea and lakes blue,
# parks green, buildings grey, roads white with the width of their class buffered in metres, rail dark grey.
# Usage: BBOX="MINLON MINLAT MAXLON MAXLAT" rasterize.sh TRIMMED.osm.pbf SEA.shp OUT.tif
set -eu
pbf=$1 sea=$2 out=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Everything into one GeoPackage in EPSG:3857 so the SQL below can buffer in metres.
ogr2ogr -q -f GPKG "$work/osm.gpkg" "$pbf" -t_srs EPSG:3857 multipolygons lines
ogr2ogr -q -f GPKG -update "$work/osm.gpkg" "$sea" -t_srs EPSG:3857 -nln sea
ogr2ogr -q -f GPKG -update "$work/osm.gpkg" "$work/osm.gpkg" -dialect SQLite -nln roads -sql \
    "SELECT ST_Buffer(geom, CASE WHEN highway IN ('primary','secondary','trunk') THEN 9
       WHEN highway IN ('tertiary','residential','unclassified','living_street') THEN 6
       WHEN highway IN ('service','pedestrian') THEN 4 ELSE 2 END) AS geom FROM lines WHERE highway IS NOT NULL"
ogr2ogr -q -f GPKG -update "$work/osm.gpkg" "$work/osm.gpkg" -dialect SQLite -nln rail -sql \
    "SELECT ST_Buffer(geom, 2) AS geom FROM lines WHERE railway IN ('rail','tram','light_rail','subway')"
# shellcheck disable=SC2086
extent=$(printf '%s %s\n%s %s\n' $BBOX | gdaltransform -s_srs EPSG:4326 -t_srs EPSG:3857 | awk '{printf "%s %s ", $1, $2}')
# 2.388657 m per pixel is zoom 16's resolution in Web Mercator metres.
# shellcheck disable=SC2086
gdal_rasterize -q -init 242 -init 239 -init 233 -burn 170 -burn 211 -burn 223 -ot Byte -a_srs EPSG:3857 \
    -tr 2.388657 2.388657 -te $extent -l sea "$work/osm.gpkg" "$out"
r() { r1=$1 g1=$2 b1=$3; shift 3; gdal_rasterize -q -b 1 -b 2 -b 3 -burn "$r1" -burn "$g1" -burn "$b1" "$@" "$work/osm.gpkg" "$out"; }
r 205 235 176 -where "leisure IN ('park','garden','playground') OR landuse IN ('grass','village_green') OR \"natural\"='wood'" -l multipolygons
r 170 211 223 -where "\"natural\"='water' OR other_tags LIKE '%\"water\"=>%'" -l multipolygons
r 217 208 201 -where "building IS NOT NULL" -l multipolygons
r 255 255 255 -l roads
r 110 110 110 -l rail
