#!/usr/bin/env python3
"""Replays mutated copies of every kind of input file through the real CLI: no trap, no hang, bounded memory.

The kinds, each from real files in the repository: navdisplay recordings (recordings/*.navrec, headers and
@calibration lines included), NMEA logs and gpsd JSON logs (gpsd's receiver captures in
Tests/CoreTests/Fixtures/gpsd and the bundled ride's imports), IMU CSV files (the bundled ride's and the BROAD
trials' conversions), calibration files (--calibration), GPX routes (--route) and settings files
(`config check`). A mutant is a seed with a few of these applied: bytes changed, a number replaced by one from
outside its range (NaN, inf, 1e300, -1e19, 1e13, 99999999999999999999, -0), a line dropped, doubled or cut, the
file truncated anywhere, a very long line inserted, a run of lines repeated many times.

Each mutant is replayed (`replay FILE --speed max`, drawing into `--display memory` or writing a `--trace`); a
run passes when it exits 0, or 1 or 64 with a message (a clear error), within 60 s with no runtime trap. Prints, per kind, the exit
statuses, traps, hangs and the peak RSS (wait4); exit status 1 when any run trapped, hung or went over 150 MB.

    scripts/mutate-inputs.py [--per-kind 1000] [--binary .build/release/navdisplay] [--seed 16] [--keep DIR]
"""
import argparse
import collections
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

repo = Path(__file__).resolve().parent.parent
RSS_LIMIT_MB = 150
# The largest mutant: 16 MB, a day of 10 Hz sensor lines.
MAX_BYTES = 16 * 1024 * 1024
WILD_NUMBERS = ["nan", "NaN", "inf", "-inf", "1e300", "-1e300", "-1e19", "1e13", "99999999999999999999", "-0",
                "1e-320", "0x7fffffff", "", "4294967296", "-2147483649"]


def run(cmd, timeout=60):
    """Runs `cmd`: its exit status ("hang" past `timeout`), peak RSS in MB and standard error.

    The peak comes from GNU time, which forks the binary itself: a child forked straight from this script would
    start its ru_maxrss at this script's own size (Linux keeps the high-water mark across fork and exec)."""
    with tempfile.NamedTemporaryFile(prefix="rss-") as rss_file:
        # Standard output is kept with the errors: `config check` reports a bad line there.
        proc = subprocess.Popen(["/usr/bin/time", "-q", "-f", "%M %x", "-o", rss_file.name] + cmd,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            err, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            subprocess.run(["pkill", "-KILL", "-P", str(proc.pid)])
            proc.kill()
            proc.communicate()
            return "hang", 0.0, ""
        words = Path(rss_file.name).read_text().split()
        err = err.decode(errors="replace")
        if proc.returncode != 0 and "Command terminated by signal" in Path(rss_file.name).read_text():
            return -int(words[-1]) if words and words[-1].isdigit() else "signal", float(words[0]) / 1024, err
        return proc.returncode, (float(words[0]) / 1024 if words else 0.0), err


def seeds():
    """The seed files of each kind, and how a mutant of that kind is run."""
    gpsd = repo / "Tests/CoreTests/Fixtures/gpsd"
    imports = repo / "recordings/imports"
    real = repo / "Tests/CoreTests/Fixtures/real"
    nmea = [p for p in sorted(gpsd.glob("*.log")) if p.read_bytes()[:1] in (b"$", b"!", b"#")]
    return {
        "recording": sorted((repo / "recordings").glob("*.navrec"))
        + [repo / "Tests/CoreTests/Fixtures/format-1-stop-at-lights.navrec"],
        "nmea": nmea[:12] + [imports / "helsinki-ride.nmea"],
        "gpsd-json": sorted(gpsd.glob("*.chk"))[:12] + [imports / "helsinki-ride.gpsd.json"],
        "imu-csv": [imports / "helsinki-ride-imu.csv"] + [p for p in sorted((real / "broad").glob("*.csv"))
                                                          if ".truth" not in p.name][:3],
        # The calibration harness's corpus holds files of each format `calibrate` writes and their mutants: the
        # seeds are those the binary accepts (picked in main).
        "calibration": sorted((repo / "Fuzz/Corpus/calibration").iterdir()),
        "route": sorted((repo / "Tests").rglob("*.gpx"))[:4],
        "settings": [repo / "deploy/navdisplay.conf"],
    }


def head(data, max_bytes):
    """At most `max_bytes` of whole lines, so a replay of a mutant stays short."""
    if len(data) <= max_bytes:
        return data
    cut = data.rfind(b"\n", 0, max_bytes)
    return data[: cut + 1 if cut > 0 else max_bytes]


def mutate(data, rng):
    lines = data.split(b"\n")
    done = []
    for _ in range(rng.randint(1, 4)):
        op = rng.choice(["bytes", "number", "number", "number", "drop", "double", "cut-line", "truncate",
                         "long-line", "repeat"])
        done.append(op)
        if op == "bytes" and data:
            b = bytearray(b"\n".join(lines))
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            lines = bytes(b).split(b"\n")
        elif op == "number":
            i = rng.randrange(len(lines))
            tokens = bytearray(lines[i])
            spans = []
            start = None
            for j, c in enumerate(tokens + b" "):
                numeric = chr(c).isdigit() or c in b".-+eE"
                if numeric and start is None:
                    start = j
                elif not numeric and start is not None:
                    spans.append((start, j))
                    start = None
            if spans:
                a, z = rng.choice(spans)
                lines[i] = bytes(tokens[:a]) + rng.choice(WILD_NUMBERS).encode() + bytes(tokens[z:])
        elif op == "drop" and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
        elif op == "double":
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
        elif op == "cut-line":
            i = rng.randrange(len(lines))
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == "truncate":
            joined = b"\n".join(lines)
            lines = joined[: rng.randrange(len(joined) + 1)].split(b"\n")
        elif op == "long-line":
            i = rng.randrange(len(lines))
            line = lines[i] or b"x"
            lines.insert(i, line * min(rng.choice([1000, 20000]), MAX_BYTES // len(line)))
        elif op == "repeat":
            i = rng.randrange(len(lines))
            lines[i:i] = [lines[i]] * min(rng.choice([100, 5000, 200000]), MAX_BYTES // (1 + len(lines[i])))
        if sum(len(x) + 1 for x in lines) > MAX_BYTES:  # a huge file is one case; a larger one says no more
            break
    return b"\n".join(lines)[:MAX_BYTES], "+".join(done)


def command(binary, kind, path, work, rng, fixtures):
    ride = str(repo / "recordings/helsinki-ride.navrec")
    out = ["--display", "memory", "--map", "none"] if rng.random() < 0.5 else ["--trace", str(work / "trace.csv")]
    if kind == "calibration":
        return [binary, "replay", ride, "--to", "20", "--speed", "max", "--calibration", str(path)] + out
    if kind == "route":
        return [binary, "replay", ride, "--to", "30", "--speed", "max", "--route", str(path)] + out
    if kind == "settings":
        return [binary, "config", "check", str(path)]
    return [binary, "replay", str(path), "--speed", "max", "--to", "120"] + out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--per-kind", type=int, default=1000)
    p.add_argument("--binary", default=str(repo / ".build/release/navdisplay"))
    p.add_argument("--seed", type=int, default=16)
    p.add_argument("--keep", help="copy failing mutants here")
    p.add_argument("kinds", nargs="*")
    args = p.parse_args()
    rng = random.Random(args.seed)
    all_seeds = seeds()
    kinds = args.kinds or list(all_seeds)
    ride = str(repo / "recordings/helsinki-ride.navrec")
    all_seeds["calibration"] = [
        f for f in all_seeds["calibration"]
        if run([args.binary, "replay", ride, "--to", "1", "--speed", "max", "--calibration", str(f)])[0] == 0][:20]
    failed = False
    with tempfile.TemporaryDirectory(prefix="mutate-inputs-") as tmp:
        work = Path(tmp)
        for kind in kinds:
            files = [f for f in all_seeds[kind] if f.exists()]
            if not files:
                print(f"{kind}: no seed files found", file=sys.stderr)
                failed = True
                continue
            statuses = collections.Counter()
            peak = 0.0
            bad = []
            started = time.monotonic()
            for n in range(args.per_kind):
                seed = rng.choice(files)
                data, how = mutate(head(seed.read_bytes(), 64 * 1024), rng)
                path = work / f"mutant{seed.suffix}"
                path.write_bytes(data)
                status, rss, err = run(command(args.binary, kind, path, work, rng, files))
                # 1 is a clear error, 64 (EX_USAGE) a flag's file refused with its reason; a signal or a Swift
                # runtime trap is a crash.
                clear = status in (1, 64) and err.strip() != ""
                trapped = "Fatal error" in err or not (status == 0 or clear)
                statuses["trap" if trapped and status != "hang" else status] += 1
                peak = max(peak, rss)
                if trapped or rss > RSS_LIMIT_MB:
                    bad.append((seed.name, how, status, round(rss), err.strip().splitlines()[-1:]))
                    if args.keep:
                        keep = Path(args.keep) / kind
                        keep.mkdir(parents=True, exist_ok=True)
                        (keep / f"{n}-{status}-{round(rss)}MB-{seed.name}").write_bytes(data)
            seconds = time.monotonic() - started
            print(f"{kind}: {args.per_kind} mutants of {len(files)} files in {seconds:.0f} s: "
                  f"exit {dict(sorted(statuses.items(), key=str))}, peak RSS {peak:.1f} MB, {len(bad)} failing")
            for b in bad[:10]:
                print("   ", *b)
            failed |= bool(bad)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
