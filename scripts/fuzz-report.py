#!/usr/bin/env python3
"""Sums Fuzz/runs.tsv per harness (executions, time, best coverage, crash files) as a Markdown table.

    scripts/fuzz-report.py
"""
import collections
from pathlib import Path

repo = Path(__file__).resolve().parent.parent
rows = [line.split("\t") for line in (repo / "Fuzz/runs.tsv").read_text().splitlines()[1:] if line.strip()]
total = collections.OrderedDict()
for r in rows:
    started, name, seconds, execs, rate, cov, ft, rss, status, crashes, sanitizers = r
    t = total.setdefault(name, {"runs": 0, "seconds": 0, "execs": 0, "asan": 0, "cov": 0, "ft": 0, "rss": 0,
                                "failed": 0, "crashes": 0, "rates": []})
    if sanitizers == "fuzzer,address":
        t["asan"] += int(execs or 0)
    t["runs"] += 1
    t["seconds"] += int(seconds)
    t["execs"] += int(execs or 0)
    t["cov"] = max(t["cov"], int(cov or 0))
    t["ft"] = max(t["ft"], int(ft or 0))
    t["rss"] = max(t["rss"], int(rss or 0))
    t["failed"] += status != "0"
    t["crashes"] += int(crashes or 0)
    if rate:
        t["rates"].append(int(rate))
print("| harness | runs | seconds asked | executions | of them under ASan | exec/s (last run) | best cov | best ft | "
      "peak RSS (MB) | runs ending in a finding |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for name, t in sorted(total.items()):
    rate = t["rates"][-1] if t["rates"] else ""
    print(f"| {name} | {t['runs']} | {t['seconds']} | {t['execs']:,} | {t['asan']:,} | {rate} | {t['cov']} | {t['ft']} | "
          f"{t['rss'] or ''} | {t['failed']} |")
print(f"\nAll harnesses: {sum(t['execs'] for t in total.values()):,} executions in "
      f"{sum(t['seconds'] for t in total.values())} seconds asked.")
