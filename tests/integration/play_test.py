#!/usr/bin/env python3
"""`oaq play` as a newcomer uses it, driven through a pipe (issue 13): the legend, the board turned
for a player of North, moves in either case, `help`, a bad move explained, what each move did and
the engine's score in words; `quit` stored with --db as a resignation (a loss of the person) that
`oaq results` shows; the end of the input an abort with no result and nothing stored.
Trust in runs: a pasted page is quoted back short; the end of the input says the game was not
finished and exits 1; Ctrl-C (through a pseudo-terminal) says the game was interrupted, stores
nothing (an interruption is never a loss) and exits 130; a finished game the database cannot take
(a file size limit makes SQLite's writes fail, as a full disk does) is said with the file and
why, exits 2, and its moves are printed so nothing is lost.

Usage: play_test.py --bin build/bin. Exits non-zero on a failure.
"""
import argparse
import os
import pty
import resource
import select
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time


def play_command(bin_dir, side, db=None):
    cmd = [os.path.join(bin_dir, "oaq"), "play", "--engine", f"cmd={bin_dir}/oaq-greedy",
           "--as", side, "--tc", "movetime=50"]
    return cmd + (["--db", db] if db else [])


def play(bin_dir, side, lines, db=None, preexec_fn=None):
    return subprocess.run(play_command(bin_dir, side, db), input="".join(l + "\n" for l in lines),
                          capture_output=True, text=True, timeout=120, preexec_fn=preexec_fn)


def games_in(db):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT count(*) FROM games").fetchone()[0]


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
    # An unfinished game is not a success (it used to exit 0).
    assert run.returncode == 1, (run.returncode, run.stderr)
    out = run.stdout
    assert "You played 1L" in out, out
    assert "You took the 5 citizens of S1 and sowed them to the left, with relays, and captured " \
           "10 citizens and 1 mandarin piece" in out, out
    assert "Game not finished: the input ended after 2 plies (aborted, no result" in out, out
    assert f"not stored in {db}: an aborted game has no result" in out, out
    assert "the moves played: oaq rules play --rules standard 1L " in out, out
    assert "saved as" not in out
    assert games_in(db) == 0


def test_a_pasted_page_is_quoted_back_short(bin_dir, tmp):
    run = play(bin_dir, "south", ["x" * 5000])
    assert run.returncode == 1, run.stderr
    quoted = '"' + "X" * 40 + '..." is not a move: a move is a square 1-5 and L or R (3L)'
    assert quoted in run.stdout, run.stdout[-500:]
    assert "X" * 41 not in run.stdout, "more than 40 characters echoed"


def read_until(fd, text, out, start=0, within=60):
    """Reads the pseudo-terminal into `out` (a bytearray) until `text` is in out[start:]."""
    deadline = time.monotonic() + within
    while out.find(text, start) < 0:
        assert time.monotonic() < deadline, f"no {text!r} in {bytes(out[-300:])!r}"
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the other side is closed
                return
            if not chunk:
                return
            out += chunk


def test_ctrl_c_says_the_game_was_interrupted_and_stores_nothing(bin_dir, tmp):
    db = os.path.join(tmp, "interrupted.db")
    pid, fd = pty.fork()
    if pid == 0:  # the child: oaq on the pseudo-terminal, as a person runs it
        cmd = play_command(bin_dir, "south", db)
        os.execv(cmd[0], cmd)
    out = bytearray()
    try:
        read_until(fd, b"your move (", out)
        os.write(fd, b"1l\r")
        read_until(fd, b"The engine played", out)
        read_until(fd, b"your move (", out, start=out.index(b"The engine played"))
        os.write(fd, b"\x03")  # Ctrl-C: the terminal sends SIGINT while oaq waits for a move
        read_until(fd, b"the moves played", out)
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    text = out.decode(errors="replace")
    assert os.waitstatus_to_exitcode(status) == 130, (status, text[-500:])
    assert "Game interrupted by Ctrl-C (SIGINT) after 2 plies: aborted, no result (an " \
           "interruption is never a loss" in text, text[-500:]
    assert f"not stored in {db}: an aborted game has no result" in text, text[-500:]
    assert games_in(db) == 0


def limit_file_size(limit):
    def limit_in_child():
        # Writes past the limit fail (EFBIG, or short) instead of killing the process.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limit_in_child


def test_a_game_the_database_cannot_take_is_said_and_its_moves_kept(bin_dir, tmp):
    db = os.path.join(tmp, "full.db")
    first = play(bin_dir, "south", ["quit"], db)
    assert first.returncode == 0 and games_in(db) == 1, first.stderr
    # No file of oaq's may grow past 32 KiB (the size of SQLite's -shm): the database opens,
    # then the write-ahead log cannot take the game, as on a full disk.
    run = play(bin_dir, "south", ["1l", "quit"], db, preexec_fn=limit_file_size(32768))
    assert run.returncode == 2, (run.returncode, run.stdout[-300:], run.stderr)
    assert "Game over: the engine wins (you resigned)" in run.stdout, run.stdout[-300:]
    assert "the moves played: oaq rules play --rules standard 1L " in run.stdout, run.stdout[-300:]
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"oaq: the game could not be stored in {db}: "), run.stderr
    assert "saved as" not in run.stdout
    assert games_in(db) == 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    bin_dir = os.path.abspath(args.bin)
    failed = 0
    for name, test in [("North resigns into the database", test_north_resigns_into_the_database),
                       ("end of input aborts", test_end_of_input_aborts_without_a_result),
                       ("a pasted page is quoted short", test_a_pasted_page_is_quoted_back_short),
                       ("Ctrl-C interrupts",
                        test_ctrl_c_says_the_game_was_interrupted_and_stores_nothing),
                       ("a full database keeps the moves",
                        test_a_game_the_database_cannot_take_is_said_and_its_moves_kept)]:
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
