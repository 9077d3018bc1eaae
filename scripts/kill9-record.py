#!/usr/bin/env python3
"""Measures how many seconds of samples `navdisplay record` loses to `kill -9` (issue 16's target: <= 1 s).

Each of N runs re-records the bundled ride at wall speed (`record --from RIDE --speed 1`), watches the output
file until the first sample line is on disk (that is sample time s0 at wall time t0), kills the recorder with
SIGKILL at a random moment 2-10 s later (wall time tk), and reads what survived. The samples the recorder had
taken by then reach sample time s0 + (tk - t0); the loss is that minus the last sample time on disk. The file is
polled every 2 ms, so each figure is good to a few milliseconds. Prints each run and the median and worst.

    scripts/kill9-record.py [--runs 20] [--binary .build/release/navdisplay] [--ride recordings/helsinki-ride.navrec]
"""
import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

repo = Path(__file__).resolve().parent.parent


def data_times(path):
    """Sample times (seconds) of the data lines in a recording and its parts, in file order."""
    times = []
    for part in [path] + sorted(path.parent.glob(path.name + ".[0-9]*")):
        try:
            text = part.read_bytes().decode("utf-8", "replace")
        except FileNotFoundError:
            continue
        for line in text.splitlines():
            if not line or line.startswith("@") or line.startswith("navdisplay-recording") or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) >= 2 and line.rstrip().rsplit(" ", 1)[-1].startswith("*"):
                try:
                    times.append(float(fields[1]))
                except ValueError:
                    pass
    return times


def one_run(binary, ride, folder, index, rng):
    out = Path(folder) / f"kill9-{index}.navrec"
    proc = subprocess.Popen(
        [binary, "record", "--from", str(ride), "--speed", "1", "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    s0 = None
    while time.monotonic() < deadline:
        times = data_times(out) if out.exists() else []
        if times:
            t0 = time.monotonic()
            s0 = times[0]
            break
        time.sleep(0.002)
    if s0 is None:
        proc.kill()
        proc.wait()
        raise SystemExit("the recorder wrote no sample within 30 s")
    time.sleep(rng.uniform(2, 10))
    tk = time.monotonic()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    times = data_times(out)
    expected = s0 + (tk - t0)
    return expected - max(times), len(times)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--binary", default=str(repo / ".build/release/navdisplay"))
    p.add_argument("--ride", default=str(repo / "recordings/helsinki-ride.navrec"))
    p.add_argument("--seed", type=int, default=16)
    a = p.parse_args()
    rng = random.Random(a.seed)
    losses = []
    with tempfile.TemporaryDirectory(prefix="kill9-") as folder:
        for i in range(a.runs):
            lost, lines = one_run(a.binary, a.ride, folder, i, rng)
            losses.append(lost)
            print(f"run {i + 1:2d}: {lines:5d} samples on disk, {lost:.3f} s lost", flush=True)
    print(f"kill -9 of record over {a.runs} runs: median {statistics.median(losses):.3f} s, "
          f"worst {max(losses):.3f} s lost")


if __name__ == "__main__":
    sys.exit(main())
