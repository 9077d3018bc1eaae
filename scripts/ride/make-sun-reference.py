#!/usr/bin/env python3
"""Writes Tests/CoreTests/Sun/Fixtures/pvlib-spa-reference.csv: the sun's apparent elevation and azimuth from
pvlib's implementation of NREL's SPA on a grid of places and dates, the reference SolarPosition is tested
against (within 0.05° of elevation).

    pip install pvlib        # test tooling only
    scripts/ride/make-sun-reference.py
"""
from pathlib import Path

import numpy as np
import pandas as pd
import pvlib

OUT = Path(__file__).resolve().parents[2] / "Tests" / "CoreTests" / "Sun" / "Fixtures" / "pvlib-spa-reference.csv"

PLACES = [  # name, latitude, longitude, elevation m
    ("helsinki", 60.1699, 24.9384, 20),
    ("golden", 39.742476, -105.1786, 1830.14),
    ("tromso", 69.6492, 18.9553, 10),
    ("singapore", 1.3521, 103.8198, 15),
    ("cape-town", -33.9249, 18.4241, 5),
    ("wellington", -41.2866, 174.7756, 30),
    ("quito", -0.1807, -78.4678, 2850),
    ("reykjavik", 64.1466, -21.9426, 40),
    ("mcmurdo", -77.8419, 166.6863, 10),
    ("la-paz", -16.4897, -68.1193, 3640),
]
DATES = ["1995-03-20", "2003-10-17", "2010-06-21", "2019-12-21", "2024-09-23", "2031-02-14", "2045-07-04"]
HOURS = [0.25, 3.5, 6.75, 9.0, 12.5, 15.25, 18.0, 20.75]
PRESSURE_MBAR = 1013.25
TEMPERATURE_C = 12.0
DELTA_T_S = 69.0

rows = []
for name, lat, lon, elev in PLACES:
    times = pd.DatetimeIndex(
        [pd.Timestamp(d, tz="UTC") + pd.Timedelta(hours=h) for d in DATES for h in HOURS])
    sp = pvlib.solarposition.spa_python(times, lat, lon, altitude=elev, pressure=PRESSURE_MBAR * 100,
                                        temperature=TEMPERATURE_C, delta_t=DELTA_T_S, atmos_refract=0.5667)
    unix = (times - pd.Timestamp("1970-01-01", tz="UTC")) // pd.Timedelta(seconds=1)
    for t, (_, r) in zip(unix, sp.iterrows()):
        rows.append(f"{name},{t},{lat},{lon},{elev},{r['apparent_elevation']:.6f},{r['azimuth']:.6f}")

header = [
    f"# pvlib {pvlib.__version__} spa_python: pressure {PRESSURE_MBAR} mbar, temperature {TEMPERATURE_C} C,"
    f" delta_t {DELTA_T_S} s, atmos_refract 0.5667",
    "place,unix_seconds,latitude,longitude,elevation_m,apparent_elevation_deg,azimuth_deg",
]
OUT.write_text("\n".join(header + rows) + "\n")
print(f"wrote {len(rows)} rows to {OUT}")
