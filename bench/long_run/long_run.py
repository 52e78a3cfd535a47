#!/usr/bin/env python3
"""Long-run figures (issue 11): one tournament of many instant games (oaq-test-engine plays its
first legal move at once) into a fresh SQLite file, with the referee's resident memory (VmRSS) and
open descriptors (/proc/PID/fd) sampled from outside while it runs. Prints them at the start (the
first sample after the first game), at the end (the last sample before the summary) and at their
peak, so growth over the run shows as a difference; it never passes or fails.

usage: bench/long_run/long_run.py --bin build/bin [--games 30000] [--concurrency 2] [--json]
"""
import argparse
import json
import os
import subprocess
import tempfile
import threading
import time


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


class Sampler(threading.Thread):
    """Samples (seconds, games done, RSS kB, descriptors) every `every` seconds."""

    def __init__(self, pid, every):
        super().__init__(daemon=True)
        self.pid, self.every, self.games = pid, every, 0
        self.samples, self.done = [], threading.Event()

    def run(self):
        began = time.monotonic()
        while not self.done.is_set():
            try:
                self.samples.append((time.monotonic() - began, self.games, rss_kb(self.pid),
                                     descriptors(self.pid)))
            except OSError:
                break  # the referee has exited
            self.done.wait(self.every)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--games", type=int, default=30000)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--every", type=float, default=0.2, help="seconds between samples")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    b = os.path.abspath(a.bin)
    # Three engines, round robin: 6 games per round.
    rounds = max(1, a.games // 6)
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "long.db")
        cmd = [f"{b}/oaq", "tournament",
               "--engine", "name=first", f"cmd={b}/oaq-test-engine",
               "--engine", "name=second", f"cmd={b}/oaq-test-engine",
               "--engine", "name=third", f"cmd={b}/oaq-test-engine",
               "--tc", "movetime=1000", "--rounds", str(rounds), "--concurrency",
               str(a.concurrency), "--openings", "plies=6", "seed=1", "--db", db, "--json",
               "--progress", "0", "--name", "long"]
        began = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        sampler = Sampler(proc.pid, a.every)
        summary = None
        for line in proc.stdout:
            if line.startswith('{"type":"game"'):
                sampler.games += 1
                if sampler.games == 1:
                    sampler.start()
            elif line.startswith('{"type":"summary"'):
                summary = json.loads(line)
                sampler.done.set()
        proc.wait()
        wall = time.monotonic() - began
        sampler.done.set()
        sampler.join()
        size = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp))
    s = sampler.samples
    first, last = s[0], s[-1]
    result = {
        "games": summary["games_done"] if summary else sampler.games,
        "concurrency": a.concurrency,
        "wall_seconds": round(wall, 1),
        "games_per_second": round(sampler.games / wall, 1),
        "samples": len(s),
        "rss_kb_start": first[2], "rss_kb_end": last[2], "rss_kb_peak": max(x[2] for x in s),
        "fds_start": first[3], "fds_end": last[3], "fds_peak": max(x[3] for x in s),
        "games_at_start_sample": first[1], "games_at_end_sample": last[1],
        "referee_peak_rss_kb_reported": summary["referee_peak_rss_kb"] if summary else None,
        "db_bytes_per_game": round(size / max(1, sampler.games)),
        "exit_code": proc.returncode,
    }
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>30}: {v}")


if __name__ == "__main__":
    main()
