#!/usr/bin/env python3
"""Issue 29: Swiss and knockout tournaments through the real oaq binary, real engines and SQLite.

- A Swiss of 5 engines over 3 rounds: one bye a round, stored as a bye (not a game), to three
  different engines; every engine paired or byed each round; no pairing repeated; points add up;
  the standings name their tie-breaks, in text and --json.
- A Swiss killed with SIGKILL mid-round at --concurrency 2 and resumed plays exactly the games,
  byes and standings of the same Swiss played without a stop; `oaq merge` carries its byes.
- A knockout stopped with Ctrl-C is interrupted (exit 130, the resume command printed) and its
  resume plays it to its winner.
- A knockout of 6: byes to the two top seeds, every match decided and said how, one winner.
- Refusals, one line each with nothing written: too many rounds, --shard, a knockout's --rounds,
  --tiebreak-pairs on a Swiss, --seeding ratings without stored ratings; and --seeding ratings
  with stored ratings seeds by them.

Deterministic engines only (greedy, alphabeta at fixed depths), so two runs play the same games.
Standard library only:  python3 tests/integration/round_formats_test.py --bin build/bin
"""
import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback

BIN = None
TMP = None
MARK = f"oaq-round-formats-{os.getpid()}"


def oaq(*args, check=0, timeout=600):
    proc = subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout)
    if check is not None and proc.returncode != check:
        raise AssertionError(f"oaq {' '.join(args)} exited {proc.returncode}, wanted {check}\n"
                             f"stdout: {proc.stdout[-2000:]}\nstderr: {proc.stderr[-2000:]}")
    return proc


def engine(name, binary, *extra):
    return ["--engine", f"name={name}", f"cmd={os.path.join(BIN, binary)}",
            f"env.OAQ_TEST_MARK={MARK}", *extra]


def field(count):
    """`count` deterministic engines: greedy and alphabeta at depths 1, 2, ..."""
    engines = engine("greedy", "oaq-greedy")
    for depth in range(1, count):
        engines += engine(f"ab{depth}", "oaq-alphabeta", f"tc=depth={depth}")
    return engines


def engines_left():
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if f"OAQ_TEST_MARK={MARK}".encode() not in f.read():
                    continue
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    left.append(pid)
        except OSError:
            pass
    return left


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def games(db, name):
    out = oaq("results", "export", "--db", db, "--tournament", name, "--json").stdout
    keep = ("game", "round", "pair", "south", "north", "result", "plies", "start_position")
    return [{k: g.get(k) for k in keep} | {"moves": [m["move"] for m in g["moves"]]}
            for g in sorted(json_lines(out), key=lambda g: g["game"])]


def byes(db, name):
    con = sqlite3.connect(db)
    rows = con.execute("SELECT b.round, e.name, b.points FROM byes b JOIN engines e ON e.id = b.engine_id"
                       " JOIN tournaments t ON t.id = b.tournament_id WHERE t.name = ? ORDER BY b.round",
                       (name,)).fetchall()
    con.close()
    return rows


def standings(db, name):
    return json_lines(oaq("results", "standings", "--db", db, "--tournament", name, "--json").stdout)


def swiss(rounds):
    return ["--format", "swiss", "--rounds", str(rounds), "--seed", "5", "--openings", "plies=2", "seed=9",
            "--tc", "depth=2"]


def test_a_swiss_of_5_engines_gives_one_bye_a_round_and_no_repeat_pairing():
    db = os.path.join(TMP, "swiss.db")
    proc = oaq("tournament", *field(5), *swiss(3), "--db", db, "--name", "sw", "--concurrency", "2")
    assert "Swiss standings, tournament sw" in proc.stdout, proc.stdout
    assert "tie-breaks: points, then Buchholz, Sonneborn-Berger, direct encounter, seed" in proc.stdout
    played = games(db, "sw")
    assert len(played) == 3 * 2 * 2, len(played)  # 3 rounds x 2 pairings x a colour-swapped pair
    bye_rows = byes(db, "sw")
    assert [r[0] for r in bye_rows] == [0, 1, 2], bye_rows
    assert len({r[1] for r in bye_rows}) == 3, f"an engine had two byes: {bye_rows}"
    assert all(r[2] == 2.0 for r in bye_rows)  # a pair won
    names = {"greedy", "ab1", "ab2", "ab3", "ab4"}
    met = set()
    for rnd in (1, 2, 3):
        in_round = [g for g in played if g["round"] == rnd]
        seen = {}
        for g in in_round:
            seen.setdefault(g["pair"], set()).update({g["south"], g["north"]})
        pairings = [frozenset(p) for p in seen.values()]
        engines = [e for p in pairings for e in p] + [bye_rows[rnd - 1][1]]
        assert sorted(engines) == sorted(names), f"round {rnd}: {engines}"
        for p in pairings:
            assert p not in met, f"round {rnd} repeats {sorted(p)}"
            met.add(p)
        # A colour-swapped pair: each engine South once.
        for pair in seen:
            souths = [g["south"] for g in in_round if g["pair"] == pair]
            assert len(set(souths)) == 2, souths
    table = standings(db, "sw")
    assert len(table) == 5
    assert sum(line["points"] for line in table) == len(played) + 3 * 2.0
    assert all({"buchholz", "sonneborn_berger", "direct_encounter", "byes"} <= line.keys() for line in table)
    assert sorted(line["byes"] for line in table) == [0, 0, 1, 1, 1]


def test_a_swiss_killed_mid_round_resumes_to_the_games_of_an_uninterrupted_one():
    whole = os.path.join(TMP, "whole.db")
    oaq("tournament", *field(5), *swiss(4), "--db", whole, "--name", "cup")
    killed = os.path.join(TMP, "killed.db")
    args = [os.path.join(BIN, "oaq"), "tournament", *field(5), *swiss(4), "--db", killed,
            "--name", "cup", "--concurrency", "2", "--json"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    seen = 0
    for line in proc.stdout:
        if line.startswith('{"type":"game"'):
            seen += 1
            if seen == 7:  # inside round 2 (4 games a round)
                proc.send_signal(signal.SIGKILL)
                break
    proc.wait()
    proc.stdout.close()
    stored = len(games(killed, "cup"))
    assert 7 <= stored < 16, stored
    oaq("tournament", "--resume", "cup", "--db", killed, "--concurrency", "2")
    assert games(killed, "cup") == games(whole, "cup")
    assert byes(killed, "cup") == byes(whole, "cup")
    assert standings(killed, "cup") == standings(whole, "cup")
    # oaq merge brings a Swiss's byes with its games: the merged file shows the same table.
    merged = os.path.join(TMP, "merged.db")
    oaq("merge", "--into", merged, whole)
    assert byes(merged, "cup") == byes(whole, "cup")
    assert standings(merged, "cup") == standings(whole, "cup")


def test_a_knockout_stopped_with_ctrl_c_is_interrupted_and_resumes_to_its_winner():
    db = os.path.join(TMP, "ctrl_c.db")
    proc = subprocess.Popen([os.path.join(BIN, "oaq"), "tournament", *field(5), "--format", "knockout",
                             "--games", "4", "--tc", "depth=3", "--openings", "plies=2", "seed=4",
                             "--db", db, "--name", "stopped", "--json"], stdout=subprocess.PIPE, text=True)
    out = []
    for line in proc.stdout:
        out.append(line)
        if line.startswith('{"type":"game"') and len([o for o in out if '"type":"game"' in o]) == 5:
            proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
    summary = json.loads(out[-1])
    assert summary["type"] == "summary" and not summary["finished"], summary
    assert "--resume stopped" in summary["resume"]
    con = sqlite3.connect(db)
    assert con.execute("SELECT status FROM tournaments WHERE name = 'stopped'").fetchone()[0] == "interrupted"
    con.close()
    proc = oaq("tournament", "--resume", "stopped", "--db", db)
    assert "winner: " in proc.stdout, proc.stdout
    refused = oaq("tournament", "--resume", "stopped", "--db", db, check=2)
    assert "has finished already" in refused.stderr


def test_a_knockout_of_6_gives_byes_to_the_top_seeds_and_ends_with_one_winner():
    db = os.path.join(TMP, "knockout.db")
    proc = oaq("tournament", *field(6), "--format", "knockout", "--seeding", "given", "--tc", "depth=2",
               "--openings", "plies=2", "seed=3", "--db", db, "--name", "ko", "--concurrency", "2")
    assert "Knockout bracket, tournament ko (6 engines in a bracket of 8" in proc.stdout, proc.stdout
    assert "winner: " in proc.stdout
    rows = standings(db, "ko")
    first = [r for r in rows if r["stage"] == "quarter-finals" and r["round"] == 1]
    assert len(first) == 4
    byes_to = sorted(r["higher_seed"] for r in first if r["decided_by"] == "bye")
    assert byes_to == [1, 2], first  # seeds 1 and 2 (greedy, ab1: --seeding given)
    assert {r["higher_seed"]: r["lower_seed"] for r in first if r["decided_by"] != "bye"} == {3: 6, 4: 5}
    for r in rows:
        assert r["decided_by"] in ("bye", "games", "tiebreak", "higher seed"), r
        if r["decided_by"] == "games":
            assert r["higher_points"] != r["lower_points"]
            assert r["winner"] == (r["higher"] if r["higher_points"] > r["lower_points"] else r["lower"])
        if r["decided_by"] == "bye":
            assert r["lower"] is None and r["lower_seed"] is None, r
        if r["decided_by"] == "higher seed":
            assert r["winner"] == r["higher"]
    final = [r for r in rows if r["stage"] == "final"]
    assert len(final) == 1 and final[0]["winner"] in proc.stdout
    played = games(db, "ko")
    main = 5 * 2  # 5 matches, one pair each
    tied = sum(1 for r in rows if r["decided_by"] in ("tiebreak", "higher seed"))
    assert len(played) == main + 2 * tied, (len(played), tied)


def test_round_formats_refuse_what_they_cannot_play_in_one_line():
    db = os.path.join(TMP, "refused.db")
    cases = [
        ([*field(5), "--format", "swiss", "--rounds", "6"],
         "a Swiss of 5 engines has at most 5 rounds without a repeat pairing or a second bye"),
        ([*field(4), "--format", "swiss", "--rounds", "2", "--shard", "1/2", "--name", "x"],
         "--shard: a swiss is not sharded"),
        ([*field(4), "--format", "knockout", "--rounds", "2"], "--rounds: a knockout plays until"),
        ([*field(4), "--format", "swiss", "--tiebreak-pairs", "2"], "--tiebreak-pairs is for a knockout"),
        ([*field(4), "--format", "swiss", "--games", "3"], "--games: 3 is odd"),
        ([*field(4), "--format", "round_robin", "--seeding", "ratings"], "--seeding is for --format swiss"),
        ([*field(4), "--format", "swiss", "--seeding", "ratings"], "holds no saved ratings for these rules"),
    ]
    for args, message in cases:
        proc = oaq("tournament", *args, "--db", db, check=2)
        err = proc.stderr.strip()
        assert message in err and "\n" not in err, (args, err)
    if os.path.exists(db):
        con = sqlite3.connect(db)
        assert con.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 0
        con.close()


def test_seeding_by_stored_ratings_puts_the_highest_rated_engine_first():
    db = os.path.join(TMP, "rated.db")
    oaq("tournament", *field(4), "--tc", "depth=2", "--openings", "plies=2", "seed=1", "--rounds", "2",
        "--db", db, "--name", "rr")
    oaq("ratings", "--db", db, "--save")
    top = json_lines(oaq("ratings", "--db", db, "--json").stdout)[0]["standings"][0]["engine"]
    oaq("tournament", *field(4), "--format", "swiss", "--rounds", "2", "--seeding", "ratings", "--tc",
        "depth=2", "--db", db, "--name", "seeded")
    con = sqlite3.connect(db)
    definition = json.loads(con.execute("SELECT definition FROM tournaments WHERE name = 'seeded'").fetchone()[0])
    con.close()
    assert definition["seeding"][0] == top, (definition["seeding"], top)
    table = standings(db, "seeded")
    assert [line for line in table if line["engine"] == top][0]["seed"] == 1


def main():
    global BIN, TMP
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("-k", default="", help="run only tests whose name contains this")
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        TMP = tmp
        for name, fn in sorted(globals().items()):
            if not name.startswith("test_") or not callable(fn) or args.k not in name:
                continue
            start = time.monotonic()
            try:
                fn()
                passed += 1
                print(f"PASS {name} ({time.monotonic() - start:.1f} s)", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
            left = engines_left()
            if left:
                failed += 1
                print(f"FAIL {name}: engines left behind: {left}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
