#!/usr/bin/env python3
"""Referee overhead benchmark (issue 4): whole games through `oaq match` between two engines that
answer instantly (oaq-test-engine), at concurrency 1 and 2, beside the minimal pipe round trip
between two processes measured in the same run (oaq-bench-overhead's floor row).

Reports per ply: wall time per game slot (wall x concurrency / plies) and the referee's own CPU
(RUSAGE_SELF from the run summary: engines excluded), and their ratio to the floor.

usage: bench/overhead/referee_overhead.py --bin build/bin [--games 400] [--json]
"""
import argparse
import json
import os
import subprocess


def floor(b):
    out = subprocess.run([f"{b}/oaq-bench-overhead", "--plies", "20000", "--json"], capture_output=True,
                         text=True, check=True).stdout
    rows = {r["name"]: r for r in json.loads(out)["rows"]}
    return rows["pipe round trip (floor)"], rows["EngineSession search (instant engine)"]


def run_match(b, games, concurrency):
    cmd = [f"{b}/oaq", "match", "--engine", "name=a", f"cmd={b}/oaq-test-engine",
           "--engine", "name=b", f"cmd={b}/oaq-test-engine", "--games", str(games),
           "--tc", "60+1", "--openings", "plies=6", "seed=1", "--concurrency", str(concurrency), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    summary = json.loads([l for l in out if l.startswith('{"type":"summary"')][-1])
    plies = sum(json.loads(l)["plies"] for l in out if l.startswith('{"type":"game"'))
    return {
        "concurrency": concurrency, "games": summary["games_done"], "plies": plies,
        "wall_us_per_ply": 1e6 * summary["seconds"] * concurrency / plies,
        "referee_cpu_us_per_ply": 1e6 * summary["referee_cpu_seconds"] / plies,
        "referee_cpu_ms_per_game": 1e3 * summary["referee_cpu_seconds"] / summary["games_done"],
        "wall_ms_per_game": 1e3 * summary["seconds"] * concurrency / summary["games_done"],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    b = os.path.abspath(a.bin)
    pipe, session = floor(b)
    runs = [run_match(b, a.games, k) for k in (1, 2)]
    base = pipe["wall_mean_us"]
    for r in runs:
        r["cpu_vs_floor"] = r["referee_cpu_us_per_ply"] / base
        r["wall_vs_floor"] = r["wall_us_per_ply"] / base
    result = {"floor_pipe_round_trip_us": base, "session_round_trip_us": session["wall_mean_us"],
              "runs": runs}
    if a.json:
        print(json.dumps(result))
        return
    print(f"floor: pipe round trip {base:.1f} us; EngineSession position+go->bestmove {session['wall_mean_us']:.1f} us "
          f"({session['wall_mean_us'] / base:.2f}x)")
    for r in runs:
        print(f"concurrency {r['concurrency']}: {r['games']} games, {r['plies']} plies; per ply: wall "
              f"{r['wall_us_per_ply']:.1f} us ({r['wall_vs_floor']:.1f}x floor, engines' own work included), "
              f"referee CPU {r['referee_cpu_us_per_ply']:.1f} us ({r['cpu_vs_floor']:.2f}x floor); per game: "
              f"wall {r['wall_ms_per_game']:.2f} ms, referee CPU {r['referee_cpu_ms_per_game']:.2f} ms")


if __name__ == "__main__":
    main()
