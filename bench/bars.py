#!/usr/bin/env python3
"""bars.py -- issue 17's bars, each with its figure and met or missed.

Reads bench/results/NAME-latest.json (what bulk.sh, fanout.sh, serve.sh
and writes.sh wrote) and prints one line a bar.  A file older than
SINCE (an ISO time, UTC; bench/run passes its own start) is named as
not from this run: its figure is the last one measured, not a new one.

usage: python3 bench/bars.py [SINCE]
Exit 0 whatever the verdicts: the figures are what it reports.
"""
import json
import os
import sys

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def load(name):
    try:
        with open(os.path.join(RESULTS, name + "-latest.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def verdict(ok):
    return "met" if ok else "MISSED"


def when(doc, since):
    d = doc.get("date") or doc.get("when") or ""
    return "" if not since or d >= since else " (not this run: %s)" % d


def main():
    since = sys.argv[1] if len(sys.argv) > 1 else ""
    print("bars (issue 17), each with its figure:")

    b = load("bulk")
    if b:
        r = b["ratios"]
        t = b["tools"]
        print("  1 store import: podium-store %.2f s / duckdb-file %.2f s = "
              "%.3f (bar <= 1.000): %s; peak RSS %.2fx the CSV (bar < 2): "
              "%s%s" % (t["podium-store"]["median_s"],
                        t["duckdb-file"]["median_s"],
                        r["podium_store_over_duckdb_file"],
                        verdict(r["podium_store_over_duckdb_file"] <= 1.0),
                        r["peak_rss_over_csv"],
                        verdict(r["peak_rss_over_csv"] < 2.0), when(b, since)))
    else:
        print("  1 store import: no figure (bulk.sh needs ../shared/data)")

    f = load("fanout")
    if f:
        print("  2 fan-out: p99 %.1f ms for %d streams (bar <= 50): %s; "
              "the floor's p99 %.1f ms, sending %.1f ms; %.1f KiB per idle "
              "stream of %d (bar <= 16): %s%s" % (
                  f["p99_ms"], f["clients"], verdict(f["p99_ms"] <= 50),
                  f["floor_p99_ms"], f["sending_ms"],
                  f["kib_per_idle_stream"], f["idle_streams"],
                  verdict(f["kib_per_idle_stream"] <= 16), when(f, since)))
    else:
        print("  2 fan-out: no figure")

    s = load("serve")
    if s:
        r = s["ratios"]
        print("  3 tail latency: podium/nginx req/s %.3f at 50, %.3f at 500 "
              "(bar >= 1): %s; p99 %.3f at 50, %.3f at 500 (bar <= 1): %s%s"
              % (r["rps_50"], r["rps_500"],
                 verdict(r["rps_50"] >= 1 and r["rps_500"] >= 1),
                 r["p99_50"], r["p99_500"],
                 verdict(r["p99_50"] <= 1 and r["p99_500"] <= 1),
                 when(s, since)))
    else:
        print("  3 tail latency: no figure")

    w = load("writes")
    if w:
        print("  4 durable writes: %s/s, p99 %s ms, %s of %s stored (bar >= "
              "2000/s, p99 < 25 ms, all stored): %s%s" % (
                  w["per_s"], w["p99_ms"], w["stored"], w["writes"],
                  verdict(w["per_s"] >= 2000 and w["p99_ms"] < 25 and
                          w["stored"] == w["writes"]), when(w, since)))
    else:
        print("  4 durable writes: no figure")

    print("  5 memory over time: not part of make bench (make soak "
          "SOAK_SECONDS=1800, once; bench/README.md has the last run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
