#!/usr/bin/env python3
"""Issue 12, the command line and the live output, from outside with the real binaries:

  python3 tests/integration/cli_vocabulary_test.py --bin build/bin --books sample-engines/openings

- help: `oaq --help` lists every command, `help` and `--version`; `oaq help X` is `oaq X --help`;
  the groups (`results`, `rules`) list their subcommands;
- suggest, never guess: a mistyped command, subcommand or option is one line with the nearest
  one, exit 2, nothing written; `--con` is not taken for `--concurrency`;
- `match --rounds N` plays 2N games, `tournament --games 2N` N rounds;
- `ratings` is a query (no snapshot) unless `--save`;
- a default run name that is taken gets a suffix;
- the live output: a "Started game NAME#N of T (A vs B)" line per game, scores as "S : N", the
  SPRT line with its bounds and cap, one warning per engine for an undeclared option (with a new
  process every game);
- openings: every shipped book is legal under its preset; the standard book under
  stop-after-capture is refused before anything is written, naming the file, the line and the move;
  order=random is drawn from the run's seed and a resumed run plays the same opening at each game
  number; start=N begins at the Nth opening; a run of more colour-swapped pairs than its book has
  lines warns once, right after its start line (text and JSON).
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
import traceback

BIN = BOOKS = TMP = None


def oaq(*args, check=None, timeout=300):
    proc = subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout)
    if check is not None:
        assert proc.returncode == check, (args, proc.returncode, proc.stdout[-2000:], proc.stderr)
    return proc


def engine(name, binary, *extra):
    return ["--engine", f"name={name}", f"cmd={os.path.join(BIN, binary)}", *extra]


def two():
    return [*engine("greedy", "oaq-greedy"), *engine("random", "oaq-random")]


def fresh(name):
    path = os.path.join(TMP, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def one_line_error(proc, *words):
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert len(lines) == 1, proc.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


def test_help_lists_everything():
    top = oaq("--help", check=0).stdout
    for command in ("match", "tournament", "check-engine", "play", "rules", "report", "serve", "results",
                    "ratings", "help", "--version"):
        assert re.search(rf"^  (-h, )?{re.escape(command)}\b", top, re.M), (command, top)
    assert oaq("--version", check=0).stdout.startswith("oaq ")
    for command in ("tournament", "match", "ratings", "check-engine", "serve"):
        assert oaq("help", command, check=0).stdout == oaq(command, "--help", check=0).stdout
    assert oaq("help", "results", "standings", check=0).stdout == \
        oaq("results", "standings", "--help", check=0).stdout
    for group, subs in (("results", ["tournaments", "engines", "standings", "crosstable", "h2h",
                                     "games", "game", "export"]),
                        ("rules", ["perft", "play", "show", "presets", "book", "session"])):
        text = oaq(group, "--help", check=0).stdout
        assert oaq("help", group, check=0).stdout == text
        for sub in subs:
            assert re.search(rf"^  {sub} +\S", text, re.M), (group, sub, text)
    # `oaq rules --help` and `oaq rules session --help` say the same thing session is: a replay of
    # a session from its games' moves (it once said "a rules service on stdin/stdout").
    summary = re.search(r"^  session +(.*)$", oaq("rules", "--help", check=0).stdout, re.M)
    assert summary and summary.group(1).startswith("replay a session"), summary
    assert "Replays a session" in oaq("rules", "session", "--help", check=0).stdout


# The tools beside oaq: --help prints a usage line on stdout, exits 0 and runs nothing (within a
# second: a benchmark that ignored --help would run for minutes).
TOOLS = ("oaq-tablegen", "oaq-tune", "oaq-bench-merge", "oaq-bench-store", "oaq-bench-engines",
         "oaq-bench-ratings", "oaq-bench-rules", "oaq-bench-overhead")


def test_tools_have_help():
    for tool in TOOLS:
        path = os.path.join(BIN, tool)
        if not os.path.exists(path):
            continue  # a build without benchmarks
        proc = subprocess.run([path, "--help"], capture_output=True, text=True, timeout=10)
        assert proc.returncode == 0, (tool, proc.returncode, proc.stderr)
        assert proc.stdout.lower().startswith("usage"), (tool, proc.stdout[:200])


def test_suggest_never_guess():
    one_line_error(oaq("tournamnet"), 'unknown command "tournamnet"', "did you mean tournament?")
    one_line_error(oaq("help", "tournamnet"), "did you mean tournament?")
    one_line_error(oaq("results", "standing"), "did you mean standings?")
    db = fresh("guess.db")
    one_line_error(oaq("match", *two(), "--con", "2", "--db", db), "unknown option --con",
                   "did you mean --concurrency?")
    one_line_error(oaq("tournament", *two(), "--roun", "2", "--db", db), "did you mean --rounds?")
    assert not os.path.exists(db), "a refused command wrote the database"


def games_of(db, name):
    out = oaq("results", "games", "--db", db, "--tournament", name, "--json", "--limit", "0",
              check=0).stdout
    return [json.loads(l) for l in out.splitlines()]


def test_rounds_and_games_are_one_vocabulary():
    db = fresh("length.db")
    oaq("match", *two(), "--rounds", "2", "--tc", "movetime=5", "--db", db, "--name", "m", check=0)
    assert len(games_of(db, "m")) == 4
    oaq("tournament", *two(), "--games", "4", "--tc", "movetime=5", "--db", db, "--name", "t",
        "--progress", "0", check=0)
    t = games_of(db, "t")
    assert len(t) == 4 and max(g["round"] for g in t) == 2, t
    one_line_error(oaq("tournament", *two(), "--games", "3", "--db", db), "--games: 3 is odd")
    # The export's old --format spelling and the new flags give the same file.
    assert oaq("results", "export", "--db", db, "--pgn", check=0).stdout == \
        oaq("results", "export", "--db", db, "--format", "pgn", check=0).stdout


def snapshots(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT COUNT(*) FROM rating_snapshots").fetchone()[0]


def test_ratings_save_only_when_asked():
    db = fresh("ratings.db")
    oaq("match", *two(), "--games", "2", "--tc", "movetime=5", "--db", db, "--name", "r", check=0)
    before = snapshots(db)
    out = oaq("ratings", "--db", db, "--json", check=0).stdout
    assert json.loads(out)["snapshot_id"] is None and snapshots(db) == before
    out = oaq("ratings", "--db", db, "--json", "--save", check=0).stdout
    assert json.loads(out)["snapshot_id"] is not None and snapshots(db) == before + 1


def test_a_taken_default_name_gets_a_suffix():
    db = fresh("names.db")
    oaq("match", *two(), "--games", "2", "--tc", "movetime=5", "--db", db, "--name", "seed",
        check=0)
    # Every default name of the next minute is taken (copies of the seed run's row), so the run
    # below is named NAME-2 whenever it starts.
    with sqlite3.connect(db) as c:
        cols = [r[1] for r in c.execute("PRAGMA table_info(tournaments)") if r[1] not in ("id",)]
        now = time.time()
        for s in range(90):
            name = "match-" + time.strftime("%Y%m%d-%H%M%S", time.gmtime(now + s))
            values = ", ".join("?" if col == "name" else col for col in cols)
            c.execute(f"INSERT INTO tournaments ({', '.join(cols)}) SELECT {values} FROM tournaments "
                      f"WHERE name = 'seed'", (name,))
    proc = oaq("match", *two(), "--games", "2", "--tc", "movetime=5", "--db", db, check=0)
    names = [json.loads(l)["tournament"] for l in
             oaq("results", "tournaments", "--db", db, "--json", check=0).stdout.splitlines()]
    suffixed = [n for n in names if re.fullmatch(r"match-\d{8}-\d{6}-2", n)]
    assert len(suffixed) == 1, names
    assert suffixed[0] in proc.stdout


def test_live_text_output():
    db = fresh("live.db")
    proc = oaq("match", *engine("greedy", "oaq-greedy", "option.NoSuchOption=3", "restart=on"),
               *engine("random", "oaq-random"), "--games", "4", "--tc", "movetime=5", "--db", db,
               "--name", "live", "--sprt", "elo0=0", "elo1=200", check=0)
    out = proc.stdout
    started = re.findall(r"^Started game live#(\d+) of at most 4 \((\w+) vs (\w+)\)$", out, re.M)
    assert [int(n) for n, _, _ in started] == [1, 2, 3, 4], out
    assert len(re.findall(r"score -?\d+ : -?\d+$", out, re.M)) == 4, out
    assert "--" not in "".join(re.findall(r"score .*$", out, re.M))
    sprt = [l for l in out.splitlines() if l.startswith("SPRT: games")]
    assert sprt and all("(bounds " in l and "(cap 4)" in l and "elo1 200" in l for l in sprt), sprt
    warnings = [l for l in out.splitlines() if l.startswith("warning:")]
    assert len(warnings) == 1 and 'engine greedy: option "NoSuchOption" is not declared' in warnings[0], \
        out


def test_every_book_is_legal_under_its_preset():
    books = {"standard": "balanced-3ply.txt"}
    for f in os.listdir(BOOKS):
        m = re.fullmatch(r"balanced-3ply-(.+)\.txt", f)
        if m:
            books[m.group(1)] = f
    presets = [json.loads(oaq("rules", "presets", "--json", check=0).stdout)]
    names = [p["name"] for p in presets[0]["presets"]]
    missing = [n for n in names if n not in books]
    assert not missing, f"no balanced book for {missing}"
    for preset, f in books.items():
        db = fresh(f"book-{preset}.db")
        oaq("match", *two(), "--rules", preset, "--games", "2", "--tc", "movetime=5", "--db", db,
            "--name", "b", "--openings", f"file={os.path.join(BOOKS, f)}", check=0)


def test_a_book_is_checked_against_the_rules_first():
    db = fresh("illegal.db")
    book = os.path.join(BOOKS, "balanced-3ply.txt")
    proc = oaq("match", *two(), "--rules", "stop-after-capture", "--games", "2", "--db", db,
               "--openings", f"file={book}")
    one_line_error(proc, "balanced-3ply.txt:")
    line = int(re.search(r"balanced-3ply\.txt:(\d+):", proc.stderr).group(1))
    text = open(book).read().splitlines()[line - 1]
    assert any(m in proc.stderr for m in text.split()), (text, proc.stderr)
    # The file may be opened (created empty); no run is written into it.
    if os.path.exists(db):
        with sqlite3.connect(db) as c:
            assert c.execute("SELECT COUNT(*) FROM tournaments").fetchone()[0] == 0


def openings_by_game(db, name):
    return {g["game"]: g["opening"] for g in games_of(db, name)}


def test_book_order_is_seeded_and_resumes_the_same():
    book = os.path.join(TMP, "book.txt")
    with open(book, "w") as f:
        f.write("# a book of six lines\n1R\n1L\n2R\n\n2L\n3R\n3L\n")
    lines = ["1R", "1L", "2R", "2L", "3R", "3L"]
    db = fresh("order.db")
    base = ["match", *two(), "--games", "12", "--tc", "movetime=5", "--db", db, "--seed", "11"]
    oaq(*base, "--name", "a", "--openings", f"file={book}", "order=random", check=0)
    a = openings_by_game(db, "a")
    assert sorted(a[2 * k + 1] for k in range(6)) == sorted(lines), a  # each line once a cycle
    assert a != {n: lines[(n - 1) // 2 % 6] for n in a}, "order=random kept the file order"
    oaq(*base, "--name", "s", "--openings", f"file={book}", "start=3", check=0)
    s = openings_by_game(db, "s")
    assert [s[n] for n in (1, 2, 3, 5)] == ["2R", "2R", "2L", "3R"], s
    # Interrupted after its first game and resumed: the same opening at every game number.
    cmd = [os.path.join(BIN, "oaq"), *base, "--name", "b", "--openings", f"file={book}",
           "order=random", "--json"]
    cmd[cmd.index("movetime=5")] = "movetime=30"
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        if json.loads(line).get("type") == "game":
            proc.send_signal(signal.SIGINT)
            break
    proc.communicate(timeout=120)
    assert len(openings_by_game(db, "b")) < 12
    oaq("match", "--resume", "b", "--db", db, check=0)
    assert openings_by_game(db, "b") == a


def test_a_book_played_more_than_once_a_pair_warns():
    book = os.path.join(TMP, "three.txt")
    with open(book, "w") as f:
        f.write("1R\n1L\n2R\n")
    base = ["match", *two(), "--tc", "movetime=5", "--openings", f"file={book}"]
    # 6 games: 3 pairs, one line each; 8 games: 4 pairs, a line played twice.
    quiet = oaq(*base, "--games", "6", check=0)
    assert "warning" not in quiet.stdout, quiet.stdout
    loud = oaq(*base, "--games", "8", check=0).stdout.splitlines()
    warnings = [l for l in loud if l.startswith("warning:")]
    assert warnings == [loud[1]] and "4 colour-swapped pairs from a book of 3 lines" in loud[1] \
        and "at most 6 games" in loud[1], loud[:3]
    lines = [json.loads(l) for l in oaq(*base, "--games", "8", "--json", check=0).stdout.splitlines()]
    assert lines[0]["type"] == "start" and lines[1]["type"] == "warning", lines[:2]
    assert "engine" not in lines[1] and "up to 2 times" in lines[1]["message"], lines[1]


def main():
    global BIN, BOOKS, TMP
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--books", required=True)
    ap.add_argument("tests", nargs="*")
    args = ap.parse_args()
    BIN, BOOKS = os.path.abspath(args.bin), os.path.abspath(args.books)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        TMP = tmp
        for name, fn in list(globals().items()):
            if not name.startswith("test_") or (args.tests and name not in args.tests):
                continue
            try:
                fn()
                print(f"ok   {name}", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
