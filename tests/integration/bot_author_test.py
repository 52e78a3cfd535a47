#!/usr/bin/env python3
"""The bot author's path (issue 13), with the real oaq binary and real engine processes:

- engine keys handshake-timeout=, log=, stderr=, log-limit= and --max-handshake-failures: an engine
  that never finishes its handshake costs the run only N short handshakes, its remaining games are
  recorded as its losses ("not started: ..."), and the keys are kept in the stored definition;
- `oaq play` itself is driven through a pipe in play_test.py.

Every engine started carries an environment marker; after each scenario none may be alive.
Usage: bot_author_test.py --bin build/bin. Exits non-zero on a failure.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

MARK = f"oaq-botpath-{os.getpid()}"


def marked():
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if f"OAQ_TEST_MARK={MARK}".encode() in f.read():
                    with open(f"/proc/{pid}/stat") as s:
                        if s.read().rsplit(")", 1)[1].split()[0] != "Z":
                            found.append(int(pid))
        except OSError:
            continue
    return found


def oaq(bin_dir, *args, timeout=300):
    return subprocess.run([os.path.join(bin_dir, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout)


def test_handshake_give_up(bin_dir, tmp):
    broken_log = os.path.join(tmp, "broken.protocol.log")
    broken_err = os.path.join(tmp, "broken.stderr.log")
    db = os.path.join(tmp, "hs.db")
    run = oaq(bin_dir, "tournament",
              "--engine", "name=broken", f"cmd={bin_dir}/oaq-test-engine", "args=--no-ugiok",
              "handshake-timeout=300", f"log={broken_log}", f"stderr={broken_err}",
              f"env.OAQ_TEST_MARK={MARK}",
              "--engine", f"cmd={bin_dir}/oaq-random", f"env.OAQ_TEST_MARK={MARK}",
              "--engine", f"cmd={bin_dir}/oaq-greedy", f"env.OAQ_TEST_MARK={MARK}",
              "--rounds", "3", "--tc", "movetime=20", "--max-handshake-failures", "2",
              "--db", db, "--name", "hs", "--json")
    assert run.returncode == 0, run.stderr
    games = [json.loads(l) for l in run.stdout.splitlines() if l.startswith("{")]
    games = [g for g in games if g.get("type") == "game"]
    assert len(games) == 18, f"{len(games)} games"
    broken = [g for g in games if "broken" in (g["south"], g["north"])]
    assert len(broken) == 12
    for g in broken:
        loser = "south" if g["south"] == "broken" else "north"
        assert g["result"] == ("north_win" if loser == "south" else "south_win"), g["result"]
        assert g["termination"] == "stall" and g["detail"].startswith(loser + ": "), g["detail"]
    tried = [g for g in broken if "no ugiok within 300 ms" in g["detail"]
             and "not started" not in g["detail"]]
    given_up = [g for g in broken if "not started: failed to start in 2 games in a row, given up "
                "for the rest of the run (last: no ugiok within 300 ms" in g["detail"]]
    assert len(tried) == 2 and len(given_up) == 10, (len(tried), len(given_up))
    # Two handshakes only, each in the engine's own protocol log.
    with open(broken_log) as f:
        assert sum(1 for l in f if l.rstrip().endswith("> ugi")) == 2
    assert os.path.exists(broken_err)
    # The stored definition keeps the keys, so --resume runs with them.
    with sqlite3.connect(db) as con:
        (definition,) = con.execute("SELECT definition FROM tournaments WHERE name = 'hs'").fetchone()
    d = json.loads(definition)
    assert d["max_handshake_failures"] == 2, d
    e = d["engines"][0]
    assert e["handshake_timeout_ms"] == 300 and e["log"] == broken_log and \
        e["stderr"] == broken_err, e
    # The results show why.
    shown = oaq(bin_dir, "results", "game", "--db", db, "hs#18")
    assert shown.returncode == 0 and "not started" in shown.stdout, shown.stdout + shown.stderr


def test_engine_key_errors(bin_dir, tmp):
    for key, why in [("handshake-timeout=0", "handshake-timeout"),
                     ("log-limit=-1", "log-limit"),
                     (f"stderr={tmp}/no/such/dir/e.log", "no directory"),
                     ("log=", "needs a file name")]:
        run = oaq(bin_dir, "match", "--engine", f"cmd={bin_dir}/oaq-random", key,
                  "--engine", f"cmd={bin_dir}/oaq-greedy", "--games", "2")
        assert run.returncode == 2 and why in run.stderr and "--engine 1" in run.stderr, \
            (key, run.stderr)
    run = oaq(bin_dir, "match", "--engine", f"cmd={bin_dir}/oaq-random",
              "--engine", f"cmd={bin_dir}/oaq-greedy", "--max-handshake-failures", "x")
    assert run.returncode == 2 and "--max-handshake-failures" in run.stderr, run.stderr


def test_log_limit(bin_dir, tmp):
    err = os.path.join(tmp, "flood.stderr.log")
    run = oaq(bin_dir, "match", "--engine", "name=flood", f"cmd={bin_dir}/oaq-test-engine",
              "args=--stderr-flood 5000", "log-limit=3000", f"stderr={err}",
              f"env.OAQ_TEST_MARK={MARK}",
              "--engine", f"cmd={bin_dir}/oaq-random", f"env.OAQ_TEST_MARK={MARK}",
              "--games", "2", "--tc", "movetime=20", "--db", os.path.join(tmp, "flood.db"))
    assert run.returncode == 0, run.stderr
    size = os.path.getsize(err)
    assert 3000 <= size < 3000 + 200, f"stderr log of {size} bytes with log-limit=3000"


TESTS = [("give up on an engine that never starts", test_handshake_give_up),
         ("engine key errors", test_engine_key_errors),
         ("log-limit per engine", test_log_limit)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    bin_dir = os.path.abspath(args.bin)
    failed = 0
    for name, test in TESTS:
        with tempfile.TemporaryDirectory(prefix="oaq-botpath-") as tmp:
            try:
                test(bin_dir, tmp)
                left = marked()
                assert not left, f"engine processes left behind: {left}"
                print(f"PASS {name}")
            except Exception as e:  # one line per failure, then the next test
                failed += 1
                print(f"FAIL {name}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
