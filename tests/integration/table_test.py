#!/usr/bin/env python3
"""Issue 26, the referee plays a table: `oaq match --rules standard,players=N` with N real engine
processes (every seating of a 3-seat and a 4-seat match, under real clocks, K at a time), a seat
that crashes or overruns its clock ranked last with its fault named, an engine that does not
declare Players refused before any game by name, a Swiss of tables refused with one line, and
`oaq check-engine --rules standard,players=3` passing a good engine and failing bad ones.

Each test is a function named test_*; one line per test and a closing "N passed, M failed" line;
exits non-zero when any test failed. Standard library only.
Usage: table_test.py --bin build/bin [-k NAME]
"""
import argparse
import itertools
import json
import os
import subprocess
import sys
import traceback

BIN = None


def oaq(*args, timeout=120):
    return subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout)


def engine(name, flags):
    test_engine = os.path.join(BIN, "oaq-test-engine")
    return ["--engine", f"name={name}", f"cmd={test_engine}", f"args={flags}"]


def json_lines(out):
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def match(n, flags, *extra):
    args = ["match", "--rules", f"standard,players={n}", "--json", *extra]
    for i, f in enumerate(flags):
        args += engine("ABCD"[i], f)
    return oaq(*args)


def test_three_seat_match_plays_every_seating():
    r = match(3, ["--players 3", "--players 4", "--players 3"], "--tc", "5+0.05")
    assert r.returncode == 0, r.stderr
    lines = json_lines(r.stdout)
    assert lines[0]["type"] == "start" and lines[0]["games"] == 6 and lines[0]["group_size"] == 6
    games = [l for l in lines if l["type"] == "game"]
    assert len(games) == 6
    seatings = {tuple(s["engine"] for s in g["seats"]) for g in games}
    assert seatings == set(itertools.permutations("ABC")), seatings
    for g in games:
        assert len(g["seats"]) == 3
        assert abs(sum(s["points"] for s in g["seats"]) - 1.5) < 1e-9
        assert g["termination"] in ("normal", "repetition", "ply_limit"), g
    summary = lines[-1]
    assert summary["type"] == "summary" and summary["games_done"] == 6 and summary["finished"]
    assert abs(sum(e["points"] for e in summary["engines"]) - 9.0) < 1e-9
    assert all(e["games"] == 6 for e in summary["engines"])


def test_four_seat_match_plays_every_seating_two_at_a_time():
    flags = ["--players 4"] * 4
    r = match(4, flags, "--tc", "5+0.05", "--concurrency", "2")
    assert r.returncode == 0, r.stderr
    games = [l for l in json_lines(r.stdout) if l["type"] == "game"]
    assert len(games) == 24
    seatings = {tuple(s["engine"] for s in g["seats"]) for g in games}
    assert seatings == set(itertools.permutations("ABCD"))
    for g in games:
        assert abs(sum(s["points"] for s in g["seats"]) - 2.0) < 1e-9


def test_partial_group_is_said():
    flags = ["--players 3"] * 3
    args = ["match", "--rules", "standard,players=3", "--games", "8"]
    for i, f in enumerate(flags):
        args += engine("ABC"[i], f)
    r = oaq(*args)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert "8 games (1 seating group of 6 and a partial group of 2 (of 6 seatings))" in first, first


def test_random_openings_give_each_seating_group_its_own_start():
    flags = ["--players 3"] * 3
    r = match(3, flags, "--openings", "plies=4", "--seed", "7", "--games", "12")
    assert r.returncode == 0, r.stderr
    games = [l for l in json_lines(r.stdout) if l["type"] == "game"]
    starts = {}
    for g in games:
        starts.setdefault(g["group"], set()).add(g["start_position"])
        assert {s["engine"] for s in g["seats"]} == {"A", "B", "C"}
    assert all(len(s) == 1 for s in starts.values()), starts
    assert len({next(iter(s)) for s in starts.values()}) == 2, starts
    again = match(3, flags, "--openings", "plies=4", "--seed", "7", "--games", "12")
    assert [l["start_position"] for l in json_lines(again.stdout) if l["type"] == "game"] == \
        [g["start_position"] for g in games]
    r = match(3, flags, "--openings", "file=book.txt")
    assert r.returncode == 2 and "--openings: a book holds 2-seat lines" in r.stderr, r.stderr


def test_crashing_seat_is_ranked_last_with_its_fault():
    # Ply 4 is seat 2's (plies 1, 4, 7 ...): B crashes in the two games that seat it there.
    r = match(3, ["--players 3", "--players 3 --crash-at-ply 4", "--players 3"])
    assert r.returncode == 0, r.stderr
    games = [l for l in json_lines(r.stdout) if l["type"] == "game"]
    crashed = [g for g in games if g["seats"][1]["engine"] == "B"]
    assert len(crashed) == 2
    for g in games:
        if g not in crashed:
            assert g["termination"] != "crash" and "failed_seat" not in g, g
    for g in crashed:
        b = 1
        assert g["termination"] == "crash", g
        assert g["failed_seat"] == b + 1
        assert g["detail"].startswith(f"seat {b + 1}: "), g["detail"]
        assert g["seats"][b]["rank"] == 3 and g["seats"][b]["points"] == 0
        assert g["plies"] == 4
    summary = json_lines(r.stdout)[-1]
    b_row = next(e for e in summary["engines"] if e["engine"] == "B")
    assert b_row["failures"] == 2 and b_row["games"] == 6


def test_seat_over_its_clock_forfeits_and_the_game_ends_at_once():
    r = match(3, ["--players 3", "--players 3", "--players 3 --delay 1500"], "--tc", "1+0",
              "--games", "1")
    assert r.returncode == 0, r.stderr
    g = [l for l in json_lines(r.stdout) if l["type"] == "game"][0]
    assert g["termination"] == "time_forfeit" and g["failed_seat"] == 3, g
    assert g["detail"].startswith("seat 3: exceeded by"), g["detail"]
    assert g["plies"] == 2
    assert g["seats"][2]["rank"] == 3


def test_stored_table_has_every_seat_of_every_game():
    import sqlite3
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "t.db")
        r = match(3, ["--players 3", "--players 3 --crash-at-ply 4", "--players 3"], "--db", db,
                  "--name", "tri")
        assert r.returncode == 0, r.stderr
        con = sqlite3.connect(db)
        rows = con.execute("SELECT s.game_id, s.seat, e.name, s.score, s.rank, s.points"
                           " FROM game_seats s JOIN engines e ON e.id = s.engine_id"
                           " ORDER BY s.game_id, s.seat").fetchall()
        con.close()
        assert len(rows) == 18, rows
        games = [l for l in json_lines(r.stdout) if l["type"] == "game"]
        for g, i in zip(games, range(0, 18, 3)):
            stored = [(name, score, rank, points) for _, _, name, score, rank, points in
                      rows[i:i + 3]]
            printed = [(s["engine"], s["score"], s["rank"], s["points"]) for s in g["seats"]]
            assert stored == printed, (stored, printed)
        tcs = con_rows(db, "SELECT DISTINCT time_control FROM game_seats")
        assert tcs == [("10+0.1",)], tcs
        # An engine's own tc= holds at its seat, whichever seat it takes.
        args = ["match", "--rules", "standard,players=3", "--db", db, "--name", "own-tc",
                "--games", "3"]
        args += engine("A", "--players 3") + ["tc=movetime=50"]
        args += engine("B", "--players 3") + engine("C", "--players 3")
        r = oaq(*args)
        assert r.returncode == 0, r.stderr
        rows = con_rows(db, "SELECT e.name, s.time_control FROM game_seats s"
                            " JOIN engines e ON e.id = s.engine_id JOIN game_rows g"
                            " ON g.id = s.game_id JOIN tournaments t ON t.id = g.tournament_id"
                            " WHERE t.name = 'own-tc'")
        assert len(rows) == 9
        assert all((tc == "movetime=50") == (name == "A") for name, tc in rows), rows
        # A finished match at a table resumes to nothing more (table_tournament_test.py resumes
        # an interrupted one).
        r = oaq("match", "--resume", "tri", "--db", db)
        assert r.returncode == 0, r.stderr
        assert not any(line.startswith("[") for line in r.stdout.splitlines()), r.stdout
        assert con_rows(db, "SELECT count(*) FROM game_seats") == [(27,)]
        merged = os.path.join(tmp, "merged.db")
        r = oaq("merge", "--into", merged, db)
        assert r.returncode == 0, r.stderr
        assert con_rows(merged, "SELECT count(*) FROM game_seats") == [(27,)]
        shown = oaq("results", "game", "tri#1", "--db", db)
        assert shown.returncode == 0, shown.stderr
        # Game 1 seats A, B, C in the engines' order; B crashed at ply 4, ranked last.
        assert "seat 2 B" in shown.stdout and "rank 3  points 0" in shown.stdout, shown.stdout
        # Refused engines leave no run behind.
        r = match(3, ["--players 3", "", "--players 3"], "--db", db, "--name", "refused")
        assert r.returncode == 2
        con = sqlite3.connect(db)
        names = [n for (n,) in con.execute("SELECT name FROM tournaments")]
        con.close()
        assert sorted(names) == ["own-tc", "tri"], names


def test_engine_without_players_is_refused_before_any_game():
    r = match(3, ["--players 3", "", "--players 3"])
    assert r.returncode == 2
    assert r.stdout == "", r.stdout
    line = r.stderr.strip()
    assert "\n" not in line
    assert 'engine "B" cannot play 3-seat games: it declares no option Players with max >= 3' in line
    r = oaq("match", "--rules", "standard,players=3", "--engine", "name=A", "cmd=/nonexistent",
            *engine("B", "--players 3"), *engine("C", "--players 3"))
    assert r.returncode == 2 and r.stdout == "" and "cmd=/nonexistent" in r.stderr, r.stderr
    r = match(4, ["--players 4", "--players 4", "--players 3", "--players 4"])
    assert r.returncode == 2 and 'engine "C" cannot play 4-seat games' in r.stderr, r.stderr


def test_wrong_engine_count_and_tournament_are_one_line_errors():
    r = match(3, ["--players 3", "--players 3"])
    assert r.returncode == 2
    assert r.stderr.strip() == "oaq: match: --rules players=3: exactly 3 --engine are needed, got 2"
    args = ["tournament", "--rules", "standard,players=3", "--db", os.devnull]
    for i in range(3):
        args += engine("ABC"[i], "--players 3")
    args += ["--format", "swiss"]
    r = oaq(*args)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "a swiss of players=3 is not played (round_robin or gauntlet are)" in r.stderr, r.stderr


def test_two_seat_match_is_unchanged():
    args = ["match", "--games", "2", "--json"]
    for name in "AB":
        args += engine(name, "")
    r = oaq(*args)
    assert r.returncode == 0, r.stderr
    games = [l for l in json_lines(r.stdout) if l.get("type") == "game"]
    assert len(games) == 2


def check_engine(*flags, n=3):
    return oaq("check-engine", "--rules", f"standard,players={n}", "--json", "--",
               os.path.join(BIN, "oaq-test-engine"), *flags)


def test_check_engine_passes_a_good_table_engine():
    r = check_engine("--players", "4")
    assert r.returncode == 0, r.stdout
    report = json.loads(r.stdout)
    assert report["passed"]
    names = [s["name"] for s in report["steps"]]
    assert "option Players declared (max >= 3)" in names
    assert any(n.startswith("go p1time 4000 p2time 5000 p3time 6000") for n in names)
    assert any(n.startswith("a whole 3-seat game") for n in names)
    assert sum("from a position string" in n for n in names) == 3


def test_check_engine_fails_undeclared_and_illegal_engines():
    r = check_engine()
    assert r.returncode == 1
    steps = json.loads(r.stdout)["steps"]
    failed = [s for s in steps if s["verdict"] == "fail"]
    assert failed[0]["name"] == "option Players declared (max >= 3)"
    r = check_engine("--players", "3", "--illegal-move")
    assert r.returncode == 1
    steps = json.loads(r.stdout)["steps"]
    whole = next(s for s in steps if s["name"].startswith("a whole 3-seat game"))
    assert whole["verdict"] == "fail" and "illegal_move" in whole["reason"], whole
    r = check_engine("--players", "3", n=4)
    assert r.returncode == 1
    assert "cannot play 4-seat games" in r.stdout


def con_rows(db, sql):
    import sqlite3
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def play(stdin, *args):
    return subprocess.run([os.path.join(BIN, "oaq"), "play", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_a_person_plays_at_a_table_with_the_own_row_at_the_bottom():
    bots = engine("bot1", "--players 3") + engine("bot2", "--players 4")
    r = play("1L\nquit\n", "--rules", "standard,players=3", "--tc", "movetime=10", *bots)
    assert r.returncode == 0, r.stderr
    board = r.stdout.split("\n\n")[1].splitlines()
    assert board[1].startswith("  seat 2") and board[1].endswith("bot1"), board
    assert board[3].startswith("  seat 1") and board[3].endswith("(you)"), board
    assert "You played 1L" in r.stdout and "Seat 2 (bot1) played" in r.stdout
    assert "Game over (you resigned): you rank 3 of 3" in r.stdout, r.stdout
    r = play("", "--rules", "standard,players=4", "--as", "3",
             *(engine("bot1", "--players 4") + bots[4:] + engine("bot3", "--players 4")))
    assert r.returncode == 1 and "the input ended" in r.stdout, r.stdout
    # The person at seat 3: seat 4's row first, the person's last.
    board = r.stdout.split("\n\n")[1].splitlines()
    assert [line.split()[1] for line in board[1:5]] == ["4", "1", "2", "3"], board


def test_play_at_a_table_refuses_bad_seats_engines_and_db_in_one_line():
    bots = engine("bot1", "--players 3") + engine("bot2", "")
    for args, words in (
            (bots, 'engine "bot2" cannot play 3-seat games'),
            (engine("bot1", "--players 3"), "exactly 2 --engine are needed"),
            (["--as", "4", *bots], '--as: "4" is not a seat of the table'),
            (["--db", os.devnull, *engine("a", "--players 3"), *engine("b", "--players 3")],
             "--db")):
        r = play("", "--rules", "standard,players=3", *args)
        assert r.returncode == 2, (args, r.stdout)
        assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, r.stderr


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("-k", default="")
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_") and args.k in n]
    failed = 0
    for name, fn in tests:
        try:
            fn()
            print(f"PASS {name}")
        except Exception:
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
    print(f"{len(tests) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
