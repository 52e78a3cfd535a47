#!/usr/bin/env python3
"""`oaq play` as a newcomer uses it, driven through a pipe (issue 13): the legend, the board turned
for a player of North, moves in either case, `help`, a bad move explained, what each move did and
the engine's score in words; `quit` stored with --db as a resignation (a loss of the person) that
`oaq results` shows; the end of the input an abort with no result and nothing stored.

Usage: play_test.py --bin build/bin. Exits non-zero on a failure.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile


def play(bin_dir, side, lines, db=None):
    cmd = [os.path.join(bin_dir, "oaq"), "play", "--engine", f"cmd={bin_dir}/oaq-greedy",
           "--as", side, "--tc", "movetime=50"]
    if db:
        cmd += ["--db", db]
    return subprocess.run(cmd, input="".join(l + "\n" for l in lines), capture_output=True,
                          text=True, timeout=120)


def test_north_resigns_into_the_database(bin_dir, tmp):
    db = os.path.join(tmp, "play.db")
    run = play(bin_dir, "north", ["help", "9x", "5r", "quit"], db)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "How to read the board" in out and "Your row is the bottom one (North" in out, out
    # The board turned: South's row on top read S5..S1, North's at the bottom N1..N5, QE on the left.
    assert "S5    S4    S3    S2    S1" in out and "N1    N2    N3    N4    N5" in out, out
    assert out.index("S5    S4") < out.index("N1    N2"), "North's row is not at the bottom"
    assert "\\  QE  /" in out, "QE is not on the left for North"
    assert "your moves: " in out, "help does not list the moves"
    assert '"9X" is not a move: a move is a square 1-5 and L or R' in out, out
    assert "The engine took the 5 citizens of S5 and sowed them to the right" in out, out
    assert "You played 5R" in out and "You took the 1 citizen of N5" in out, out
    assert "the engine thinks it is ahead by about" in out, out
    assert "Game over: the engine wins (you resigned)" in out, out
    assert "saved as play-" in out, out
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT termination, result, detail FROM games").fetchall()
    assert rows == [("resignation", "south_win", "north: resigned")], rows
    shown = subprocess.run([os.path.join(bin_dir, "oaq"), "results", "games", "--db", db, "--json"],
                           capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and '"termination":"resignation"' in shown.stdout, shown


def test_end_of_input_aborts_without_a_result(bin_dir, tmp):
    db = os.path.join(tmp, "abort.db")
    run = play(bin_dir, "south", ["1l"], db)  # lower case, then the input ends
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "You played 1L" in out, out
    assert "You took the 5 citizens of S1 and sowed them to the left, with relays, and captured " \
           "10 citizens and 1 mandarin piece" in out, out
    assert "Game aborted after 2 plies: you left the game (no result)" in out, out
    assert "saved as" not in out
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone() == (0,)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    bin_dir = os.path.abspath(args.bin)
    failed = 0
    for name, test in [("North resigns into the database", test_north_resigns_into_the_database),
                       ("end of input aborts", test_end_of_input_aborts_without_a_result)]:
        with tempfile.TemporaryDirectory(prefix="oaq-play-") as tmp:
            try:
                test(bin_dir, tmp)
                print(f"PASS {name}")
            except Exception as e:
                failed += 1
                print(f"FAIL {name}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
