#!/usr/bin/env python3
"""Converts the real IMU recordings in ../shared/data/real/ into NavDisplay test fixtures.

BROAD (285.714 Hz) becomes:
- gyroscope rows at 60 Hz: each block of 4 or 5 samples becomes the one constant rate that turns the sensor exactly
  as the samples did over the block's stamped span (their rotations composed, as an IMU's coning-compensated delta
  angle), stamped at its last sample. Block ends fall on the 10 Hz replay's frame instants (6 blocks a frame, the
  block ending at a frame's nearest sample stamped at the frame instant itself), so the downsampling adds no
  staleness at the instants measured that the full-rate baselines do not have.
- accelerometer and magnetometer rows at 30 Hz: means of two gyroscope blocks' samples, stamped at their centre
  (the instant a mean of a turning vector describes; stamped at its end, the field would lag the gyroscope).
x-io Fusion's example (about 100 Hz) becomes 2-sample block means stamped at the later sample. Both are written
in the IMU CSV import's body frame (x forward, y right, z down): BROAD and Fusion both use x forward, y left,
z up, so y and z change sign.

Beside each BROAD trial goes its truth at the frame instants (first row + k * 0.1 s): the azimuth of the sensor's
x axis (clockwise from the reference frame's north, which BROAD aligns with the magnetic field), its pitch, and
whether the sample is disturbed (the field turned into the reference frame by the truth differs from the trial's
median by more than 5 uT), all from the full-rate sample nearest the instant.

Usage: scripts/heading/convert.py [SHARED_REAL_DIR] [FIXTURE_DIR]
"""
import os
import sys

import numpy as np
import scipy.io as sio
from scipy.spatial.transform import Rotation

BROAD_TRIALS = [
    "02_undisturbed_slow_rotation_B",
    "07_undisturbed_fast_rotation_B",
    "10_undisturbed_slow_translation_A",
    "24_disturbed_tapping_A",
    "29_disturbed_stationary_magnet_B",
    "32_disturbed_attached_magnet_1cm",
    "36_disturbed_attached_magnet_5cm",
]
BLOCKS_PER_FRAME = 6
FIRST_SAMPLE = 9
FRAME_SECONDS = 0.1
DISTURBED_MICROTESLA = 5.0
TO_BODY = np.array([1.0, -1.0, -1.0])  # x fwd, y left, z up -> x fwd, y right, z down


def num(v, digits):
    """Shortest text for v rounded to `digits` decimals ("9.8", "-0.25", "0")."""
    s = f"{round(float(v), digits):.{digits}f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def load_broad(path):
    d = sio.loadmat(path)
    fs = float(np.squeeze(d["sampling_rate"]))
    t = np.arange(len(d["imu_acc"])) / fs
    return t, d["imu_acc"], d["imu_gyr"], d["imu_mag"], d["opt_quat"], fs


def truth_rows(t, quat, mag):
    """(heading_deg, pitch_deg, disturbed) for every full-rate sample; NaN where the markers were lost."""
    ok = ~np.isnan(quat).any(axis=1)
    heading = np.full(len(t), np.nan)
    pitch = np.full(len(t), np.nan)
    disturbed = np.zeros(len(t), dtype=bool)
    r = Rotation.from_quat(quat[ok][:, [1, 2, 3, 0]])  # scalar first -> scalar last
    x = r.apply([1.0, 0.0, 0.0])  # sensor x in ENU
    heading[ok] = np.degrees(np.arctan2(x[:, 0], x[:, 1])) % 360
    pitch[ok] = np.degrees(np.arcsin(np.clip(x[:, 2], -1, 1)))
    field = r.apply(mag[ok])
    median = np.median(field, axis=0)
    disturbed[ok] = np.linalg.norm(field - median, axis=1) > DISTURBED_MICROTESLA
    return heading, pitch, disturbed, ok


def frame_instants(t0, t_end):
    n = int(np.floor((t_end - t0) / FRAME_SECONDS + 1e-9))
    return t0 + FRAME_SECONDS * np.arange(1, n + 1)


def block_ends(count, fs):
    """Sample indices that end the gyroscope blocks: one 5 samples before FIRST_SAMPLE, then FIRST_SAMPLE and
    BLOCKS_PER_FRAME more per 0.1 s, so every frame instant (FIRST_SAMPLE's time + k * 0.1 s) ends a block."""
    step = FRAME_SECONDS * fs / BLOCKS_PER_FRAME
    ends = [FIRST_SAMPLE - 5]
    j = 0
    while True:
        i = int(round(FIRST_SAMPLE + j * step))
        if i >= count:
            return ends
        ends.append(i)
        j += 1


def composed_rate(gyr, lo, hi, dt):
    """The constant rate (rad/s) that turns as samples lo+1..hi do, each over one sample period."""
    r = Rotation.identity()
    for i in range(lo + 1, hi + 1):
        r = r * Rotation.from_rotvec(gyr[i] * dt)
    return r.as_rotvec() / ((hi - lo) * dt)


def convert_broad(src, dst, name):
    t, acc, gyr, mag, quat, fs = load_broad(os.path.join(src, name + ".mat"))
    ends = block_ends(len(t), fs)
    ends = ends[: 1 + (len(ends) - 1) // 2 * 2]  # whole accel+mag blocks only
    # A block that ends at a frame instant's nearest sample is stamped with the instant itself (at most half a
    # sample away), so the replay's frame there sees it; each rate is the block's rotation over its stamped span.
    stamps = [t[e] for e in ends]
    for j in range(1, len(ends), BLOCKS_PER_FRAME):
        stamps[j] = t[ends[1]] + FRAME_SECONDS * ((j - 1) // BLOCKS_PER_FRAME)
    rows = []
    for k in range(1, len(ends)):
        turn = composed_rate(gyr, ends[k - 1], ends[k], 1 / fs) * ((ends[k] - ends[k - 1]) / fs)
        rate = turn / (stamps[k] - stamps[k - 1]) * TO_BODY
        rows.append((stamps[k], 0, np.degrees(rate)))
    for k in range(2, len(ends), 2):
        sl = slice(ends[k - 2] + 1, ends[k] + 1)
        rows.append((t[sl].mean(), 1, (acc[sl].mean(axis=0) * TO_BODY, mag[sl].mean(axis=0) * TO_BODY)))
    rows.sort(key=lambda r: r[0])
    short = name[:2]
    with open(os.path.join(dst, f"{short}.csv"), "w") as f:
        f.write(f"# BROAD trial {name} (CC BY 4.0, see LICENSE), body frame x forward, y right, z down, from the\n")
        f.write("# 285.714 Hz recording: gyroscope = the rate that composes each block's rotations (60 Hz, stamped at\n")
        f.write("# its last sample); accelerometer and magnetometer = means over two blocks, stamped at their centre.\n")
        f.write("time_s,accel_x_m/s2,accel_y_m/s2,accel_z_m/s2,gyro_x_deg/s,gyro_y_deg/s,gyro_z_deg/s,mag_x_uT,mag_y_uT,mag_z_uT\n")
        for time, kind, v in rows:
            if kind == 0:
                cells = [num(time, 4), "", "", ""] + [num(x, 1) for x in v] + ["", "", ""]
            else:
                cells = [num(time, 4)] + [num(x, 2) for x in v[0]] + ["", "", ""] + [num(x, 1) for x in v[1]]
            f.write(",".join(cells) + "\n")
    heading, pitch, disturbed, ok = truth_rows(t, quat, mag)
    with open(os.path.join(dst, f"{short}.truth.csv"), "w") as f:
        f.write(f"# BROAD trial {name}: optical truth at the 10 Hz replay's frame instants (nearest full-rate\n")
        f.write("# sample). heading = azimuth of sensor x from magnetic north, clockwise; disturbed = field in the\n")
        f.write(f"# reference frame more than {DISTURBED_MICROTESLA} uT from the trial's median. Rows without truth are left out.\n")
        f.write("time_s,heading_deg,pitch_deg,disturbed\n")
        for ti, j in frame_samples(t, fs):
            if ok[j]:
                f.write(f"{num(ti, 4)},{num(heading[j], 2)},{num(pitch[j], 2)},{int(disturbed[j])}\n")
    radius = float(np.median(np.linalg.norm(mag, axis=1)))
    return short, radius


def frame_samples(t, fs):
    """(instant, nearest sample index) for every frame the replay draws: first row + k * 0.1 s."""
    ends = block_ends(len(t), fs)
    ends = ends[: 1 + (len(ends) - 1) // 2 * 2]
    t0 = t[ends[1]]
    instants = frame_instants(t0, t[ends[-1]])
    return [(ti, int(np.clip(np.rint(ti * fs), 0, len(t) - 1))) for ti in instants]


def convert_fusion(src, dst):
    data = np.genfromtxt(os.path.join(src, "sensor_data.csv"), delimiter=",", skip_header=1)
    n = len(data) // 2 * 2
    t = data[1:n:2, 0]
    mean = data[:n].reshape(-1, 2, data.shape[1]).mean(axis=1)
    gyr, acc, mag = mean[:, 1:4] * TO_BODY, mean[:, 4:7] * TO_BODY, mean[:, 7:10] * TO_BODY
    with open(os.path.join(dst, "sensor_data.csv"), "w") as f:
        f.write("# x-io Technologies Fusion, Examples/Python/sensor_data.csv (MIT, see LICENSE.md): 2-sample block\n")
        f.write("# means, body frame x forward, y right, z down, stamped at each block's last sample.\n")
        f.write("time_s,gyro_x_deg/s,gyro_y_deg/s,gyro_z_deg/s,accel_x_g,accel_y_g,accel_z_g,mag_x_uT,mag_y_uT,mag_z_uT\n")
        for i in range(len(t)):
            cells = [num(t[i], 4)] + [num(v, 1) for v in gyr[i]] + [num(v, 3) for v in acc[i]]
            cells += [num(v, 1) for v in mag[i]]
            f.write(",".join(cells) + "\n")
    return float(np.median(np.linalg.norm(data[:, 7:10], axis=1)))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(os.path.join(root, "..", "shared", "data", "real"))
    dst = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "Tests", "CoreTests", "Fixtures", "real")
    os.makedirs(os.path.join(dst, "broad"), exist_ok=True)
    os.makedirs(os.path.join(dst, "fusion"), exist_ok=True)
    with open(os.path.join(dst, "broad", "trials.csv"), "w") as f:
        f.write("# trial,name,field_radius_uT (median field norm over the whole trial, full rate)\n")
        f.write("trial,name,field_radius_uT\n")
        for name in BROAD_TRIALS:
            short, radius = convert_broad(os.path.join(src, "broad"), os.path.join(dst, "broad"), name)
            f.write(f"{short},{name},{radius:.2f}\n")
            print(short, name, f"radius {radius:.2f} uT")
    r = convert_fusion(os.path.join(src, "fusion"), os.path.join(dst, "fusion"))
    print("fusion radius", f"{r:.2f} uT")


if __name__ == "__main__":
    main()
