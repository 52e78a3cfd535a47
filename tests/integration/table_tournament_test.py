#!/usr/bin/env python3
"""Issue 27, tournaments of tables: `oaq tournament --rules standard,players=3` with four engines
(oaq-mcts with a node limit, oaq-greedy, oaq-random, oaq-test-engine) plays every table of three
in seating groups; killed with SIGKILL mid-run and resumed, it stores the same games, game by game,
as the same run never stopped; played as 3 shards and merged, it is that run again; `oaq ratings`
and `oaq results standings` read it; a match at a table resumes; what a table still does not do
is refused with one line.

Each test is a function named test_*; one line per test and a closing "N passed, M failed" line;
exits non-zero when any test failed. Standard library only.
Usage: table_tournament_test.py --bin build/bin [-k NAME]
"""
import argparse
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback

BIN = None

# Every stored fact of a game that the run decides: where it sits in the schedule, its opening,
# how it ended, its final position and each seat's engine, score and rank.
GAMES = ("SELECT g.game_index, g.pair_index, g.round, g.opening, g.termination, g.plies,"
         " g.final_position, group_concat(s.seat || ':' || e.name || ':' || s.score || ':' ||"
         " s.rank, ' ') FROM game_rows g JOIN game_seats s ON s.game_id = g.id"
         " JOIN engines e ON e.id = s.engine_id JOIN tournaments t ON t.id = g.tournament_id"
         " WHERE t.name = 'rr' GROUP BY g.id ORDER BY g.game_index")


def oaq(*args, timeout=300):
    return subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout)


def engines():
    b = BIN
    return ["--engine", "name=mcts", f"cmd={b}/oaq-mcts", "tc=nodes=3000",
            "--engine", "name=greedy", f"cmd={b}/oaq-greedy",
            "--engine", "name=random", f"cmd={b}/oaq-random",
            "--engine", "name=test", f"cmd={b}/oaq-test-engine", "args=--players 4"]


def tournament_args(db, *extra):
    return ["tournament", "--rules", "standard,players=3", "--db", db, "--name", "rr",
            "--seed", "11", "--openings", "plies=4", "--rounds", "2", *extra, *engines()]


def stored_games(db):
    con = sqlite3.connect(db)
    rows = con.execute(GAMES).fetchall()
    con.close()
    return rows


def test_a_three_seat_round_robin_plays_every_table_in_seating_groups():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "whole.db")
        r = oaq(*tournament_args(db, "--concurrency", "2"))
        assert r.returncode == 0, r.stderr
        games = stored_games(db)
        # 4 tables of 3 (4 choose 3), 2 seating groups each, 3! seatings a group.
        assert [g[0] for g in games] == list(range(48)), games
        tables = {frozenset(s.split(":")[1] for s in g[7].split()) for g in games}
        assert len(tables) == 4, tables
        assert r.stdout.startswith(
            "rr: 3-seat round robin of 4 engines, 48 games (8 seating groups of 6)\n"), r.stdout
        assert "Standings, tournament rr (48 games, 3 seats)" in r.stdout, r.stdout


def kill_mid_run(db, after_games):
    args = [os.path.join(BIN, "oaq"), *tournament_args(db, "--concurrency", "2")]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    seen = 0
    for line in proc.stdout:
        if line.startswith("["):
            seen += 1
        if seen >= after_games:
            break
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    return seen


def test_a_run_killed_and_resumed_equals_the_run_never_stopped():
    with tempfile.TemporaryDirectory() as tmp:
        whole = os.path.join(tmp, "whole.db")
        r = oaq(*tournament_args(whole))
        assert r.returncode == 0, r.stderr
        killed = os.path.join(tmp, "killed.db")
        kill_mid_run(killed, 15)
        stored = len(stored_games(killed))
        assert 0 < stored < 48, stored
        r = oaq("tournament", "--resume", "rr", "--db", killed)
        assert r.returncode == 0, r.stderr
        # The progress goes on from the games stored (the first line a game after them).
        assert re.search(r"^\[\s*%d/48\]" % (stored + 1), r.stdout, re.M), r.stdout
        assert stored_games(killed) == stored_games(whole)
        # A finished run resumed plays nothing more.
        r = oaq("tournament", "--resume", "rr", "--db", killed)
        assert r.returncode == 0 and "[" not in r.stdout.split("\n")[1], r.stdout
        assert stored_games(killed) == stored_games(whole)


def test_three_shards_merged_equal_the_run_on_one_machine():
    with tempfile.TemporaryDirectory() as tmp:
        whole = os.path.join(tmp, "whole.db")
        r = oaq(*tournament_args(whole))
        assert r.returncode == 0, r.stderr
        shards = []
        for k in range(3):
            shards.append(os.path.join(tmp, f"shard{k}.db"))
            r = oaq(*tournament_args(shards[-1], "--shard", f"{k}/3"))
            assert r.returncode == 0, r.stderr
            games = stored_games(shards[-1])
            # Whole seating groups: every group index of the shard is k mod 3, six games each
            # (8 groups: 0 3 6, 1 4 7, 2 5).
            assert all(g[1] % 3 == k for g in games) and len(games) == [18, 18, 12][k], games
        merged = os.path.join(tmp, "merged.db")
        r = oaq("merge", "--into", merged, *shards)
        assert r.returncode == 0, r.stderr
        assert stored_games(merged) == stored_games(whole)
        # Unseeded shards derive one seed from the name and agree too.
        for k in range(3):
            args = [a for a in tournament_args(os.path.join(tmp, f"u{k}.db"), "--shard", f"{k}/3")]
            i = args.index("--seed")
            del args[i:i + 2]
            r = oaq(*args)
            assert r.returncode == 0, r.stderr
        r = oaq("merge", "--into", os.path.join(tmp, "u.db"),
                *[os.path.join(tmp, f"u{k}.db") for k in range(3)])
        assert r.returncode == 0, r.stderr
        assert len(stored_games(os.path.join(tmp, "u.db"))) == 48
        for view in (["ratings"], ["results", "standings"]):
            a = oaq(*view, "--db", merged, "--tournament", "rr")
            b = oaq(*view, "--db", whole, "--tournament", "rr")
            assert a.returncode == 0 and a.stdout == b.stdout, (a.stdout, a.stderr, b.stdout)
            assert "greedy" in a.stdout and "mcts" in a.stdout, a.stdout


def test_a_gauntlet_plays_the_first_engine_at_every_table():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "g.db")
        args = tournament_args(db, "--format", "gauntlet")
        args[args.index("--rounds") + 1] = "1"
        r = oaq(*args)
        assert r.returncode == 0, r.stderr
        games = stored_games(db)
        # mcts with two of the three others: 3 tables, one group of 6 each.
        assert len(games) == 18 and all("mcts" in g[7] for g in games), games


def test_a_match_at_a_table_resumes():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "m.db")
        args = ["match", "--rules", "standard,players=3", "--db", db, "--name", "rr",
                "--games", "12", "--seed", "3", "--openings", "plies=2", *engines()[:7],
                "--engine", "name=slow", f"cmd={BIN}/oaq-test-engine", "args=--players 3 --delay 5"]
        whole = os.path.join(tmp, "whole.db")
        r = oaq(*[whole if a == db else a for a in args])
        assert r.returncode == 0, r.stderr
        # Stop it by SIGINT after its first games, then resume.
        proc = subprocess.Popen([os.path.join(BIN, "oaq"), *args], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        for line in proc.stdout:
            if line.startswith("[ 3/12]"):
                break
        proc.send_signal(signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
        assert f"Continue with: oaq match --resume rr --db {db}" in rest, rest
        assert 3 <= len(stored_games(db)) < 12, stored_games(db)
        r = oaq("match", "--resume", "rr", "--db", db)
        assert r.returncode == 0, r.stderr
        assert stored_games(db) == stored_games(whole)


def test_a_tournament_of_tables_serves_the_live_page():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "x.db")
        r = oaq(*tournament_args(db, "--live", "127.0.0.1:0"))
        assert r.returncode == 0, r.stderr
        assert "live page: http://127.0.0.1:" in r.stderr, r.stderr
        stored = sqlite3.connect(f"file:{db}?mode=ro", uri=True).execute(
            "SELECT count(*) FROM game_rows WHERE seats = 3").fetchone()[0]
        assert stored > 0


def test_what_a_table_does_not_do_is_refused_in_one_line():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "x.db")
        cases = [
            (["--format", "swiss"], "players=3 is not played (round_robin or gauntlet are)"),
            (["--games", "6"], "--games: not for a tournament of players=3"),
            (["--sprt", "elo0=0,elo1=5"], "--sprt"),
            (["--pgnout", os.path.join(tmp, "x.pgn")], "--pgnout: not for a tournament"),
        ]
        for extra, message in cases:
            args = tournament_args(db, *extra)
            if "--games" in extra:
                i = args.index("--rounds")
                del args[i:i + 2]
            r = oaq(*args)
            assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, (extra, r.stderr)
            assert message in r.stderr, (extra, r.stderr)
        r = oaq("tournament", "--rules", "standard,players=4", "--db", db, *engines()[:10])
        assert r.returncode == 2 and "needs at least 4 engines, got 3" in r.stderr, r.stderr
        assert not os.path.exists(db) or stored_games(db) == []


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("-k", default="")
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_") and args.k in n]
    passed = failed = 0
    for name, fn in tests:
        started = time.time()
        try:
            fn()
            passed += 1
            print(f"ok   {name} ({time.time() - started:.1f}s)")
        except Exception:
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
