#!/usr/bin/python3
"""Builds the sea polygon of a small extract from its natural=coastline ways (what osmcoastline does for the planet).

OpenMapTiles' tilemaker config reads the sea from a water-polygons shapefile; for a city extract we make that file
ourselves: each coastline run is extended straight to the nearest edge of the extract's box, the box is cut along
the runs, and the pieces lying to the right of the coastline (OSM draws coastlines with land on the left) are sea.
Usage: sea_polygon.py TRIMMED.opl MINLON,MINLAT,MAXLON,MAXLAT OUT.shp   (needs Debian's python3-gdal)
"""
import sys

from osgeo import ogr, osr


def parse(opl_path):
    nodes, coast = {}, []
    with open(opl_path) as f:
        for line in f:
            fields = line.rstrip("\n").split(" ")
            if line.startswith("n"):
                x = next(v for v in fields if v.startswith("x"))[1:]
                y = next(v for v in fields if v.startswith("y"))[1:]
                nodes[fields[0]] = (float(x), float(y))
            elif line.startswith("w") and "natural=coastline" in line:
                refs = next(v for v in fields if v.startswith("N"))[1:].split(",")
                coast.append([nodes[r] for r in refs if r in nodes])
    return coast


def to_edge(p, box):
    """The nearest point on the box's boundary to p."""
    x0, y0, x1, y1 = box
    cands = [(x0, p[1]), (x1, p[1]), (p[0], y0), (p[0], y1)]
    return min(cands, key=lambda c: (c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2)


def main():
    opl, bbox, out = sys.argv[1], sys.argv[2], sys.argv[3]
    box = tuple(float(v) for v in bbox.split(","))
    x0, y0, x1, y1 = box
    lines = ogr.Geometry(ogr.wkbMultiLineString)
    runs = []
    for run in parse(opl):
        if len(run) < 2:
            continue
        run = [to_edge(run[0], box)] + run + [to_edge(run[-1], box)]
        runs.append(run)
        ls = ogr.Geometry(ogr.wkbLineString)
        for x, y in run:
            ls.AddPoint_2D(x, y)
        lines.AddGeometry(ls)
    ring = ogr.Geometry(ogr.wkbLineString)
    for x, y in [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]:
        ring.AddPoint_2D(x, y)
    lines.AddGeometry(ring)
    # Unions node the lines (split them where they cross), as Polygonize needs; this GDAL has no UnaryUnion.
    noded = ring.Clone()
    for i in range(lines.GetGeometryCount() - 1):
        noded = noded.Union(lines.GetGeometryRef(i))
    pieces = noded.Polygonize()
    sea = []
    for i in range(pieces.GetGeometryCount()):
        piece = pieces.GetGeometryRef(i)
        c = piece.PointOnSurface()
        px, py = c.GetX(), c.GetY()
        # The nearest coastline segment decides the side: a negative cross product means right of it (sea).
        best = None
        for run in runs:
            for (ax, ay), (bx, by) in zip(run, run[1:]):
                dx, dy = bx - ax, by - ay
                L = dx * dx + dy * dy or 1e-30
                t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
                qx, qy = ax + t * dx, ay + t * dy
                d = (px - qx) ** 2 + (py - qy) ** 2
                if best is None or d < best[0]:
                    best = (d, dx * (py - ay) - dy * (px - ax))
        if best is not None and best[1] < 0:
            sea.append(piece.Clone())
    drv = ogr.GetDriverByName("ESRI Shapefile")
    ds = drv.CreateDataSource(out)
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(4326)
    layer = ds.CreateLayer("water_polygons", srs, ogr.wkbPolygon)
    for g in sea:
        feat = ogr.Feature(layer.GetLayerDefn())
        feat.SetGeometry(g)
        layer.CreateFeature(feat)
    ds = None
    print("sea pieces: %d of %d" % (len(sea), pieces.GetGeometryCount()), file=sys.stderr)


if __name__ == "__main__":
    main()
