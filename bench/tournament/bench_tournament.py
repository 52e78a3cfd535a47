#!/usr/bin/env python3
"""Tournament benchmark (issue 5): four instant engines, N games at concurrency K, into a fresh
SQLite file. Prints games per second, the referee's CPU per game (its own, engines excluded, from
the run's JSON summary), database bytes per game and the referee's peak memory.

usage: bench/tournament/bench_tournament.py --bin build/bin [--games 2000] [--concurrency 2]
"""
import argparse
import json
import os
import subprocess
import tempfile
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    b = os.path.abspath(a.bin)
    # 4 engines round robin: 12 games per round.
    rounds = max(1, a.games // 12)
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.db")
        cmd = [f"{b}/oaq", "tournament",
               "--engine", "name=random1", f"cmd={b}/oaq-random", "option.Seed=1",
               "--engine", "name=random2", f"cmd={b}/oaq-random", "option.Seed=2",
               "--engine", "name=greedy", f"cmd={b}/oaq-greedy",
               "--engine", "name=first", f"cmd={b}/oaq-test-engine",
               "--tc", "10+0.1", "--rounds", str(rounds), "--concurrency", str(a.concurrency),
               "--openings", "plies=6", "seed=1", "--db", db, "--json", "--progress", "0"]
        start = time.monotonic()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        wall = time.monotonic() - start
        summary = [json.loads(l) for l in out.splitlines() if l.startswith('{"type":"summary"')][-1]
        games = summary["games_done"]
        plies = sum(json.loads(l)["plies"] for l in out.splitlines() if l.startswith('{"type":"game"'))
        size = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp) if f.startswith("bench.db"))
        result = {
            "games": games, "plies": plies, "concurrency": a.concurrency, "wall_seconds": round(wall, 3),
            "games_per_second": round(games / wall, 2),
            "referee_cpu_ms_per_game": round(1000 * summary["referee_cpu_seconds"] / games, 3),
            "referee_cpu_us_per_ply": round(1e6 * summary["referee_cpu_seconds"] / max(1, plies), 2),
            "db_bytes_per_game": round(size / games),
            "referee_peak_rss_mb": round(summary["referee_peak_rss_kb"] / 1024, 1),
        }
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>26}: {v}")


if __name__ == "__main__":
    main()
