#!/usr/bin/env python3
"""Heading error of VQF (Laidig & Seel 2023) and x-io Fusion on the full-rate BROAD trials, measured as the
heading benchmark and the tests measure NavDisplay (issue 14):

- at the 10 Hz replay's frame instants (the fixture's first event + k * 0.1 s), from the full-rate sample nearest
  each instant, after the first 5 s, where the optical truth exists and |pitch| < 60 degrees;
- the error is the heading of the sensor's x axis (clockwise from magnetic north) minus the truth's, wrapped;
- a disturbed sample is one whose field, turned into the reference frame by the truth, differs from the trial's
  median by more than 5 uT; recovery is timed from the end of each disturbed stretch of at least 0.5 s to the
  first instant back within 5 degrees of the truth.

Both filters run with default settings (VQF(Ts); imufusion.Ahrs() with its sample period set) on the full 285.7 Hz
samples. Also writes Fusion's AHRS heading on x-io's own example (its own reference, no truth) at the frames of
the vendored fusion fixture, with the example's advanced settings.

Usage: scripts/heading/baselines.py [SHARED_REAL_DIR]   (writes Tests/CoreTests/Fixtures/real/baselines.csv and
Tests/CoreTests/Fixtures/real/fusion/reference.csv, prints a Markdown table)
"""
import os
import sys

import imufusion
import numpy as np
from scipy.spatial.transform import Rotation
from vqf import VQF

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import convert  # noqa: E402

SKIP_SECONDS = 5.0
MAX_PITCH_DEGREES = 60.0
RECOVERY_DEGREES = 5.0
MIN_STRETCH_SECONDS = 0.5


def wrap(d):
    return (d + 180.0) % 360.0 - 180.0


def heading_of_x(quat_wxyz, frame):
    """Azimuth of the sensor's x axis, clockwise from north, in an ENU (north = +y) or NWU (north = +x) frame."""
    x = Rotation.from_quat(quat_wxyz[:, [1, 2, 3, 0]]).apply([1.0, 0.0, 0.0])
    if frame == "ENU":
        return np.degrees(np.arctan2(x[:, 0], x[:, 1])) % 360
    return np.degrees(np.arctan2(-x[:, 1], x[:, 0])) % 360


def run_vqf(acc, gyr, mag, fs):
    out = VQF(1.0 / fs).updateBatch(np.ascontiguousarray(gyr), np.ascontiguousarray(acc), np.ascontiguousarray(mag))
    return heading_of_x(out["quat9D"], "ENU")


def run_fusion(acc, gyr, mag, fs, settings=None):
    ahrs = imufusion.Ahrs()
    if settings is not None:
        ahrs.set_settings(settings)
    ahrs.set_sample_period(1.0 / fs)
    q = np.empty((len(acc), 4))
    g, a = np.degrees(gyr), acc / 9.80665
    for i in range(len(acc)):
        ahrs.update(g[i], a[i], mag[i])
        q[i] = ahrs.get_quaternion()
    return heading_of_x(q, "NWU")


def measure(times, error, disturbed):
    """RMS, max, worst while disturbed, share of instants and the longest recovery (s) after stretches >= 0.5 s."""
    rms = float(np.sqrt(np.mean(error**2)))
    worst_disturbed = float(np.max(np.abs(error[disturbed]))) if disturbed.any() else float("nan")
    recoveries = []
    i = 0
    while i < len(times):
        if not disturbed[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(times) and disturbed[j + 1] and times[j + 1] - times[j] < 0.15:
            j += 1
        if times[j] - times[i] >= MIN_STRETCH_SECONDS:
            end = times[j]
            back = [t for t, e, d in zip(times[j + 1 :], error[j + 1 :], disturbed[j + 1 :]) if abs(e) <= RECOVERY_DEGREES]
            recoveries.append(back[0] - end if back else float("inf"))
        i = j + 1
    return rms, float(np.max(np.abs(error))), worst_disturbed, max(recoveries) if recoveries else float("nan")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(os.path.join(root, "..", "shared", "data", "real"))
    fixtures = os.path.join(root, "Tests", "CoreTests", "Fixtures", "real")
    rows = []
    for name in convert.BROAD_TRIALS:
        t, acc, gyr, mag, quat, fs = convert.load_broad(os.path.join(src, "broad", name + ".mat"))
        truth, pitch, disturbed_all, ok = convert.truth_rows(t, quat, mag)
        frames = convert.frame_samples(t, fs)
        instants = np.array([f[0] for f in frames])
        idx = np.array([f[1] for f in frames])
        keep = ok[idx] & (instants > SKIP_SECONDS) & (np.abs(np.nan_to_num(pitch[idx], nan=90.0)) < MAX_PITCH_DEGREES)
        idx, times = idx[keep], instants[keep]
        for filt, heading in (("vqf", run_vqf(acc, gyr, mag, fs)), ("fusion", run_fusion(acc, gyr, mag, fs))):
            error = wrap(heading[idx] - truth[idx])
            rms, mx, worst, recovery = measure(times, error, disturbed_all[idx])
            rows.append((name[:2], filt, rms, mx, worst, recovery, len(times), int(disturbed_all[idx].sum())))
    with open(os.path.join(fixtures, "baselines.csv"), "w") as f:
        f.write("# written by scripts/heading/baselines.py: VQF 2.1.2 and imufusion 1.3.3, default settings, full rate\n")
        f.write("trial,filter,rms_deg,max_deg,worst_disturbed_deg,recovery_s,frames,disturbed_frames\n")
        for r in rows:
            f.write(f"{r[0]},{r[1]},{r[2]:.2f},{r[3]:.1f},{r[4]:.1f},{r[5]:.1f},{r[6]},{r[7]}\n")
    print("| trial | filter | RMS (°) | max (°) | worst disturbed (°) | recovery (s) | frames | disturbed |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]:.2f} | {r[3]:.1f} | {r[4]:.1f} | {r[5]:.1f} | {r[6]} | {r[7]} |")

    # x-io's own example: Fusion's AHRS with the settings of its advanced example, at the fixture's frames.
    data = np.genfromtxt(os.path.join(src, "fusion", "sensor_data.csv"), delimiter=",", skip_header=1)
    rate = 100
    settings = imufusion.AhrsSettings()
    settings.convention = imufusion.CONVENTION_NWU
    settings.gain = 0.5
    settings.gyroscope_range = 2000
    settings.acceleration_rejection = 10
    settings.magnetic_rejection = 10
    settings.rejection_timeout = 5 * rate
    ahrs = imufusion.Ahrs()
    ahrs.set_settings(settings)
    headings = np.empty(len(data))
    last = data[0, 0]
    for i, row in enumerate(data):
        ahrs.set_sample_period(max(row[0] - last, 1e-4) if i else 0.01)
        last = row[0]
        ahrs.update(row[1:4], row[4:7], row[7:10])
        headings[i] = heading_of_x(ahrs.get_quaternion()[None, :], "NWU")[0]
    t0 = data[1, 0]
    instants = convert.frame_instants(t0, data[len(data) // 2 * 2 - 1, 0])
    with open(os.path.join(fixtures, "fusion", "reference.csv"), "w") as f:
        f.write("# Fusion AHRS heading of x (magnetic, clockwise) on sensor_data.csv at the replay's frame instants,\n")
        f.write("# imufusion 1.3.3 with Examples/Python/advanced_example.py's settings; written by baselines.py\n")
        f.write("time_s,heading_deg\n")
        for ti in instants:
            j = int(np.searchsorted(data[:, 0], ti, side="right") - 1)
            f.write(f"{convert.num(ti, 4)},{convert.num(headings[max(j, 0)], 2)}\n")


if __name__ == "__main__":
    main()
