#!/usr/bin/env python3
"""PGN export checked against the PGN standard's grammar (Steven J. Edwards, 1994), with the real
binaries.

  python3 tests/integration/pgn_test.py --bin build/bin

Plays a round robin with `--pgnout` (engines with their own time controls, generated openings, an
engine that crashes), watches the file grow game by game while the run plays, then checks that the
file is exactly `oaq results export --pgn` of the tournament and that every game in it
follows the standard as docs/pgn.md promises: tag pairs one per line, the Seven Tag Roster first
and in its order, the other tags in ASCII order; Date, Round, Result, TimeControl (9.6.1),
Termination (9.8.1), SetUp with FEN, PlyCount by their grammars; movetext tokens (move number
indications, moves, brace comments, the result) with every North move after a comment carrying its
"N..." number and the numbers counting as the standard counts them; the moves and the result as
the database stores them; comments in cutechess-cli's form; no movetext line over 79 columns and no
line over 255. The checker is written from the standard here (standard library only). A run
interrupted by SIGINT and resumed appends to the file it started (--pgnout is kept with the run),
which then holds exactly the games stored.
"""
import argparse
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
TERMINATIONS = {"abandoned", "adjudication", "death", "emergency", "normal", "rules infraction",
                "time forfeit", "unterminated"}  # 9.8.1
TIME_CONTROL_FIELD = r"(\?|-|[0-9]+/[0-9]+|[0-9]+|[0-9]+\+[0-9]+|\*[0-9]+)"  # 9.6.1, the six kinds
TAG = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\["\\])*)"\]$')  # 8.1.1: one pair per line
MOVE_COMMENT = re.compile(r"^([+-]([0-9]+\.[0-9]{2}|M[0-9]+)(/[0-9]+)? )?[0-9]+\.[0-9]{3}s"
                          r"( \[%clk [0-9]+:[0-9]{2}:[0-9]{2}\.[0-9]{3}\])?$")
TOKEN = re.compile(r"\s*(\{[^}]*\}|;[^\n]*|[0-9]+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*|\$[0-9]+|"
                   r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*|\(|\))")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)
    return condition


def split_games(text):
    """Games are a tag section, a blank line, the movetext, a blank line (export format, 8.1/8.2)."""
    blocks = text.split("\n\n")
    check(text.endswith("\n\n") and blocks[-1] == "", "the file does not end with a blank line after a game")
    blocks = blocks[:-1]
    check(len(blocks) % 2 == 0, f"{len(blocks)} blocks: tag sections and movetexts do not pair up")
    return [(blocks[i], blocks[i + 1]) for i in range(0, len(blocks) - 1, 2)]


def check_tags(tag_text, label):
    tags = []
    for line in tag_text.split("\n"):
        m = TAG.match(line)
        if check(m is not None, f"{label}: not a tag pair: {line!r}"):
            tags.append((m.group(1), m.group(2)))
        check(len(line) <= 255, f"{label}: a tag line of {len(line)} columns")
    names = [n for n, _ in tags]
    check(names[:7] == ROSTER, f"{label}: the Seven Tag Roster is not first and in order: {names[:7]}")
    check(names[7:] == sorted(names[7:]), f"{label}: the other tags are not in ASCII order: {names[7:]}")
    check(len(set(names)) == len(names), f"{label}: a tag appears twice")
    values = dict(tags)
    check(re.fullmatch(r"([0-9]{4}|\?{4})\.([0-9]{2}|\?\?)\.([0-9]{2}|\?\?)", values.get("Date", "")),
          f"{label}: Date {values.get('Date')!r}")
    check(re.fullmatch(r"[0-9]+(\.[0-9]+)*|\?|-", values.get("Round", "")), f"{label}: Round {values.get('Round')!r}")
    check(values.get("Result") in RESULTS, f"{label}: Result {values.get('Result')!r}")
    check(re.fullmatch(f"{TIME_CONTROL_FIELD}(:{TIME_CONTROL_FIELD})*", values.get("TimeControl", "?")),
          f"{label}: TimeControl {values.get('TimeControl')!r} is not 9.6.1")
    check(values.get("Termination", "normal") in TERMINATIONS, f"{label}: Termination {values.get('Termination')!r}")
    check(("FEN" in values) == (values.get("SetUp") == "1"), f"{label}: FEN without SetUp \"1\" or the reverse")
    check(values.get("SetUp", "1") in ("0", "1"), f"{label}: SetUp {values.get('SetUp')!r}")
    return values


def check_movetext(text, values, label):
    """Returns the moves; checks tokens, move numbers, comments and the result."""
    for line in text.split("\n"):
        check(len(line) <= 79, f"{label}: a movetext line of {len(line)} columns")
    tokens, at = [], 0
    while at < len(text.rstrip()):
        m = TOKEN.match(text, at)
        if not check(m is not None, f"{label}: no PGN token at {text[at:at + 20]!r}"):
            return []
        tokens.append(m.group(1))
        at = m.end()
    check(tokens and tokens[-1] == values.get("Result"), f"{label}: the movetext ends with {tokens[-1:]}, not the Result")
    moves, number, last, expect_number = [], 0, None, True
    for i, t in enumerate(tokens[:-1]):
        if re.fullmatch(r"[0-9]+\.(\.\.)?", t):
            n, black = int(t.rstrip(".")), t.endswith("...")
            check(n == (number if black else number + 1) or (number == 0 and n == 1),
                  f"{label}: move number {t} after {number}")
            number, last = n, ("black" if black else "white")
            expect_number = False
        elif t.startswith("{"):
            comment = t[1:-1]
            if i + 2 == len(tokens):  # the last comment, before the result: how the game ended
                check(re.fullmatch(r"[a-z_]+(: .*)?", comment), f"{label}: end comment {t!r}")
            else:
                check(MOVE_COMMENT.match(comment), f"{label}: comment {t!r} is not cutechess-cli's form")
            expect_number = True
        elif re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*", t):
            check(not expect_number, f"{label}: move {t} without its move number (after a comment, 8.2.2.2)")
            check(re.fullmatch(r"[1-5][LR]", t), f"{label}: {t!r} is not an oaq move")
            moves.append(t)
            expect_number = True  # every move is followed by its comment
        else:
            check(False, f"{label}: unexpected token {t!r}")
    check(values.get("PlyCount") == str(len(moves)), f"{label}: PlyCount {values.get('PlyCount')} for {len(moves)} moves")
    return moves


def check_against_database(games, db, name, bin_dir):
    # A game's moves are one packed value (db/010_packed_moves.sql): read them as oaq exports them.
    exported = subprocess.run([f"{bin_dir}/oaq", "results", "export", "--json", "--db", db,
                               "--tournament", name], capture_output=True, text=True, check=True)
    stored = {}
    for g in map(json.loads, exported.stdout.splitlines()):
        stored[f"{g['tournament']}#{g['game']}"] = (
            [m["move"] for m in g["moves"]], g["result"])
    check(len(games) == len(stored), f"{len(games)} games in the PGN, {len(stored)} stored")
    token = {"south_win": "1-0", "north_win": "0-1", "draw": "1/2-1/2"}
    for values, moves in games:
        ref = values.get("OaqGame")
        if check(ref in stored, f"OaqGame {ref!r} is not a stored game"):
            check(moves == stored[ref][0], f"{ref}: the moves differ from the database")
            check(values["Result"] == token[stored[ref][1]], f"{ref}: Result {values['Result']} but {stored[ref][1]} stored")


def play_and_watch(bin_dir, db, pgn):
    """The run writes each game as it ends: the file grows while the run plays."""
    engines = ["--engine", "name=greedy", f"cmd={bin_dir}/oaq-greedy", "tc=2+1",
               "--engine", "name=random", f"cmd={bin_dir}/oaq-random", "tc=2+1",
               "--engine", "name=crasher", f"cmd={bin_dir}/oaq-test-engine", "args=--crash-at-ply 3"]
    proc = subprocess.Popen([f"{bin_dir}/oaq", "tournament", "--db", db, "--name", "pgn", "--pgnout", pgn,
                             "--tc", "movetime=10", "--openings", "plies=2", "seed=5", "--rounds", "2",
                             "--json", "--progress", "0", *engines], stdout=subprocess.PIPE, text=True)
    grown, seen = [], 0
    for line in proc.stdout:
        if line.startswith('{"type":"game"'):
            seen += 1
            # The line is printed before the game is appended: the earlier games are in the file.
            with open(pgn, encoding="utf-8") as f:
                grown.append((seen, f.read().count("[Event ")))
    check(proc.wait(timeout=300) == 0, "the tournament failed")
    check(all(n >= seen - 1 for seen, n in grown), f"the PGN file did not grow game by game: {grown}")
    return seen


def resume_keeps_the_pgn_file(bin_dir, tmp):
    """--pgnout is kept with the run: interrupted by SIGINT and resumed (from another directory,
    without --pgnout), the run appends to the same file, which then holds exactly the stored games."""
    db, pgn = os.path.join(tmp, "cut.db"), os.path.join(tmp, "cut.pgn")
    engines = [arg for name in ("a", "b", "c")
               for arg in ("--engine", f"name={name}", f"cmd={bin_dir}/oaq-test-engine")]
    proc = subprocess.Popen([f"{bin_dir}/oaq", "tournament", "--db", db, "--name", "cut", "--pgnout", pgn,
                             "--tc", "movetime=5", "--rounds", "6", "--json", *engines],
                            stdout=subprocess.PIPE, text=True)
    seen = 0
    for line in proc.stdout:
        seen += line.startswith('{"type":"game"')
        if seen == 3:
            proc.send_signal(signal.SIGINT)
            break
    proc.communicate(timeout=60)
    check(proc.returncode == 130, f"the interrupted run exited {proc.returncode}, not 130")
    before = open(pgn, encoding="utf-8").read().count("[Event ")
    check(3 <= before < 36, f"{before} games in the PGN file after the interruption")
    elsewhere = os.path.join(tmp, "elsewhere")
    os.mkdir(elsewhere)
    subprocess.run([f"{bin_dir}/oaq", "tournament", "--db", db, "--resume", "cut", "--progress", "0"],
                   cwd=elsewhere, capture_output=True, check=True, timeout=300)
    check(os.listdir(elsewhere) == [], f"the resume wrote {os.listdir(elsewhere)} where it was started")
    live = open(pgn, encoding="utf-8").read()
    exported = subprocess.run([f"{bin_dir}/oaq", "results", "export", "--db", db, "--pgn", "--tournament",
                               "cut"], capture_output=True, text=True, check=True).stdout
    stored = exported.count("[Event ")
    check(stored == 36, f"{stored} games stored of 36")
    check(live.count("[Event ") == stored, f"{live.count('[Event ')} games in the PGN file, {stored} stored")
    check(sorted(split_games(live)) == sorted(split_games(exported)),
          "the resumed run's PGN file is not the export of its games")
    print(f"SIGINT after {seen} games ({before} in the file), resumed: {stored} stored, "
          f"{live.count('[Event ')} in the file")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    bin_dir = os.path.abspath(args.bin)
    with tempfile.TemporaryDirectory() as tmp:
        db, pgn = os.path.join(tmp, "pgn.db"), os.path.join(tmp, "live.pgn")
        played = play_and_watch(bin_dir, db, pgn)
        live = open(pgn, encoding="utf-8").read()
        exported = subprocess.run([f"{bin_dir}/oaq", "results", "export", "--db", db, "--pgn",
                                   "--tournament", "pgn"], capture_output=True, text=True, check=True).stdout
        check(live == exported, "--pgnout and results export --pgn differ")
        games = []
        for n, (tags, movetext) in enumerate(split_games(exported)):
            label = f"game {n + 1}"
            values = check_tags(tags, label)
            games.append((values, check_movetext(movetext, values, values.get("OaqGame", label))))
        check(len(games) == played == 12, f"{len(games)} games written, {played} played, 12 scheduled")
        check_against_database(games, db, "pgn", bin_dir)
        kinds = {v["Termination"] for v, _ in games}
        check({"normal", "abandoned"} <= kinds, f"terminations {kinds}: expected normal and the crash's abandoned")
        for v, _ in games:
            # greedy and random play 2+1, the crasher movetime=10: PGN has no form for that (9.6.1).
            want = "?" if "crasher" in (v["White"], v["Black"]) else "2+1"
            check(v["TimeControl"] == want, f"{v['OaqGame']}: TimeControl {v['TimeControl']!r}, not {want!r}")
        check(all("FEN" in v for v, _ in games), "games after a generated opening lack SetUp and FEN")
        check(any("[%clk " in m for m in exported.split("\n")), "no clock comment under greedy's clock")
        resume_keeps_the_pgn_file(bin_dir, tmp)
    print(f"{len(games)} games, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
