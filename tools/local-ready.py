#!/usr/bin/env python3
"""Time `arcana local` on a kept store to its first line printed (ready: the note on the
store it opened, printed before it reads a line) and to its exit with nothing typed.

    python3 tools/local-ready.py STORE [RUNS] [ARCANA]

STORE is what `--store` takes (`sled:DIR`, a PostgreSQL URL); RUNS defaults to 9
(after one warm-up run); ARCANA to target/release/arcana. Prints each run and the
medians (issue 53: ready with 100,000 games within 100 ms on sled, 50 ms on PostgreSQL).
"""
import os
import statistics
import subprocess
import sys
import time


def once(arcana, store):
    t0 = time.perf_counter()
    p = subprocess.Popen(
        [arcana, "local", "--no-images", "--store", store],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    p.stdout.readline()
    ready = time.perf_counter() - t0
    p.stdin.close()
    p.stdout.read()
    p.wait()
    return ready * 1000, (time.perf_counter() - t0) * 1000


def main():
    store = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    arcana = sys.argv[3] if len(sys.argv) > 3 else "target/release/arcana"
    once(arcana, store)
    got = [once(arcana, store) for _ in range(runs)]
    for r, e in got:
        print(f"ready {r:6.1f} ms   exit {e:6.1f} ms")
    print(
        f"median of {runs}: ready {statistics.median(r for r, _ in got):.1f} ms, "
        f"exit {statistics.median(e for _, e in got):.1f} ms; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
