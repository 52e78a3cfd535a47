#!/usr/bin/env python3
"""Live page overhead benchmark (issue 28): the referee's own CPU per ply (RUSAGE_SELF from the run
summary: engines excluded, the live server's thread included) for whole games of `oaq match`
between two engines that answer at once (oaq-test-engine), played three ways: without --live, with
--live and no viewer, and with --live and 20 viewers reading /events from the start to the end.

usage: bench/live/live_overhead.py --bin build/bin [--games 300] [--viewers 20] [--json]
"""
import argparse
import json
import os
import socket
import subprocess
import threading


def viewer(port, got):
    s = socket.create_connection(("127.0.0.1", port), timeout=300)
    s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    total = 0
    while True:
        chunk = s.recv(1 << 16)
        if not chunk:
            break
        total += len(chunk)
    got.append(total)
    s.close()


def run_match(b, games, live, viewers):
    cmd = [f"{b}/oaq", "match", "--engine", "name=a", f"cmd={b}/oaq-test-engine",
           "--engine", "name=b", f"cmd={b}/oaq-test-engine", "--games", str(games),
           "--tc", "60+1", "--openings", "plies=6", "seed=1", "--json"]
    if live:
        cmd += ["--live", "127.0.0.1:0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    threads, got = [], []
    first = proc.stdout.readline()
    lines = [first]
    if live:
        port = json.loads(first)["port"]
        for _ in range(viewers):
            t = threading.Thread(target=viewer, args=(port, got), daemon=True)
            t.start()
            threads.append(t)
    lines += proc.stdout.readlines()
    proc.wait()
    for t in threads:
        t.join(60)
    summary = json.loads([l for l in lines if l.startswith('{"type":"summary"')][-1])
    plies = sum(json.loads(l)["plies"] for l in lines if l.startswith('{"type":"game"'))
    return {"live": live, "viewers": viewers if live else 0, "games": summary["games_done"], "plies": plies,
            "referee_cpu_us_per_ply": 1e6 * summary["referee_cpu_seconds"] / plies,
            "wall_us_per_ply": 1e6 * summary["seconds"] / plies,
            "bytes_per_viewer": (sum(got) // len(got)) if got else 0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--viewers", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    b = os.path.abspath(a.bin)
    runs = [run_match(b, a.games, False, 0), run_match(b, a.games, True, 0),
            run_match(b, a.games, True, a.viewers)]
    base = runs[0]["referee_cpu_us_per_ply"]
    for r in runs:
        r["cpu_vs_no_live"] = r["referee_cpu_us_per_ply"] / base
    if a.json:
        print(json.dumps({"runs": runs}))
        return
    for r in runs:
        what = "no --live" if not r["live"] else f"--live, {r['viewers']} viewers"
        print(f"{what:22} {r['games']} games {r['plies']} plies: referee CPU {r['referee_cpu_us_per_ply']:.1f} us/ply "
              f"({r['cpu_vs_no_live']:.2f}x), wall {r['wall_us_per_ply']:.1f} us/ply"
              + (f", {r['bytes_per_viewer']} bytes to each viewer" if r["viewers"] else ""))


if __name__ == "__main__":
    main()
