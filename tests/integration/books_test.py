#!/usr/bin/env python3
"""The shipped opening books and the deep book's maker, with the real binaries:

  python3 tests/integration/books_test.py --bin build/bin --books sample-engines/openings

- every book parses (moves, '#' lines, blank lines) and every line is a legal line from the
  start position that leaves the game going, under its preset (balanced-3ply-PRESET.txt,
  close-PRESET.txt, deep-5ply-PRESET.txt) or standard (every other book), checked by
  `oaq rules book` as a run reads a book; a bad line is refused naming its file and line;
- deep-4ply.txt, deep-5ply.txt, deeper-5ply.txt and deep-5ply-PRESET.txt have no line twice,
  lines of their length, and 20, 500, 500 and 200 lines or more; deeper-5ply.txt is lines of
  deep-5ply.txt, in their order, and deeper-5ply.log is its maker's record of them (the rows
  marked kept are its lines, each within the criterion);
- make_deep_book.py --rules searches, draws its lines and plays them on under those rules, and
  names them in the book's header;
- make_deep_book.py --extend takes every legal one-ply continuation of the --lines lines (a
  sample of them is the start of one seeded shuffle), and --alive refuses a line the deep search
  scores exactly 0;
- make_deep_book.py is reproducible: the same candidates and depths give the same book twice,
  and a sampled candidate list is the same for the same seed; --jobs 3 gives the book and the
  rows of --jobs 1, in the same order.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import traceback

BIN = BOOKS = None


def book_lines(path):
    with open(path) as f:
        return [l.split() for l in f if l.strip() and not l.startswith("#")]


def preset_of(name):
    m = re.fullmatch(r"(?:balanced-3ply|close|deep-\dply)-(.+)\.txt", name)
    return m.group(1) if m else "standard"


def check_book(path, rules):
    """`oaq rules book --json` of one book: one process per book, not per line (a line per
    process made this test take ten minutes on a slow machine)."""
    return subprocess.run([os.path.join(BIN, "oaq"), "rules", "book", "--json", "--rules", rules,
                           path], capture_output=True, text=True, timeout=120)


def test_every_book_line_is_legal():
    books = sorted(f for f in os.listdir(BOOKS) if f.endswith(".txt"))
    assert "deep-4ply.txt" in books, books
    for name in books:
        lines = book_lines(os.path.join(BOOKS, name))
        assert lines, name
        proc = check_book(os.path.join(BOOKS, name), preset_of(name))
        assert proc.returncode == 0, (name, proc.stderr)
        summary = json.loads(proc.stdout)["books"][0]
        # Every line was read as an opening: none skipped, none merged.
        assert summary["openings"] == len(lines), (name, summary)
        assert summary["shortest"] == min(map(len, lines)), (name, summary)
        assert summary["longest"] == max(map(len, lines)), (name, summary)


def test_a_bad_line_is_named_by_file_and_line():
    # The checker refuses what a run would refuse, on one line of stderr naming the file and the
    # line, exit 2, and leaves the file as it was; an empty book is an error, not a book of nothing.
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"oaq-bad-book-{os.getpid()}.txt")
    cases = (("# one bad line\n1L 2R\n\n1L 1L 2L\n1L 9X\n2R\n",
              f"oaq: {path}:5: move 2: \"9X\" is not a move: square must be 1..5\n"),
             ("# nothing\n\n", f"oaq: {path}: no openings in the file\n"))
    try:
        for text, error in cases:
            with open(path, "w") as f:
                f.write(text)
            proc = check_book(path, "standard")
            assert proc.returncode == 2 and proc.stderr == error and not proc.stdout, proc
            with open(path) as f:
                assert f.read() == text
    finally:
        os.unlink(path)
    # A book of one rule set is not a book of another: the stop-after-capture deep book has a line
    # that is illegal under standard.
    other = check_book(os.path.join(BOOKS, "deep-5ply-stop-after-capture.txt"), "standard")
    assert other.returncode == 2 and ": illegal move " in other.stderr, other


def test_deep_books_have_distinct_lines():
    for name, least in (("deep-4ply.txt", 20), ("deep-5ply.txt", 500), ("deeper-5ply.txt", 500),
                        ("deep-5ply-stop-after-capture.txt", 200), ("deep-5ply-tg-standard.txt", 200)):
        lines = [" ".join(l) for l in book_lines(os.path.join(BOOKS, name))]
        assert len(lines) == len(set(lines)) and len(lines) >= least, (name, len(lines))
        plies = int(re.search(r"(\d)ply", name).group(1))
        assert all(len(l.split()) == plies for l in lines), name
    # The deeper book is deep-5ply.txt's lines that a deeper search still finds even, in its order.
    deep = [" ".join(l) for l in book_lines(os.path.join(BOOKS, "deep-5ply.txt"))]
    deeper = [" ".join(l) for l in book_lines(os.path.join(BOOKS, "deeper-5ply.txt"))]
    assert deeper == [l for l in deep if l in set(deeper)] and len(deeper) < len(deep)


def test_the_deeper_books_log_is_the_makers_record_of_it():
    # deeper-5ply.log (the maker's stderr, what gauntlet.py --line-scores reads) has one row per
    # line of deep-5ply.txt, in its order; the rows marked kept are the book's lines, each scored
    # within the criterion (+-300 at depth 26, no mate) and played on 20 plies or more.
    deep = [" ".join(l) for l in book_lines(os.path.join(BOOKS, "deep-5ply.txt"))]
    deeper = [" ".join(l) for l in book_lines(os.path.join(BOOKS, "deeper-5ply.txt"))]
    with open(os.path.join(BOOKS, "deeper-5ply.log")) as f:
        rows = [r.rstrip("\n").split("\t") for r in f]
    assert rows[-1] == [f"kept {len(deeper)} of {len(deep)} lines"], rows[-1]
    rows = rows[:-1]
    assert [r[0] for r in rows] == deep, "the log's rows are not deep-5ply.txt's lines in order"
    kept = [r for r in rows if r[-1] == "kept"]
    assert [r[0] for r in kept] == deeper, "the kept rows are not deeper-5ply.txt's lines"
    for r in kept:
        kind, value = r[2].split()
        assert kind == "cp" and abs(int(value)) <= 300 and int(r[3]) >= 20, r
    for r in rows:
        if r[-1] != "kept" and len(r) >= 3:  # searched deep and refused: outside, or too short
            kind, value = r[2].split()
            assert kind == "mate" or abs(int(value)) > 300 or int(r[3]) < 20, r


def make(*args):
    proc = subprocess.run([sys.executable, os.path.join(BOOKS, "make_deep_book.py"),
                           "--oaq", os.path.join(BIN, "oaq"),
                           "--engine", os.path.join(BIN, "oaq-reference"), *args],
                          capture_output=True, text=True, timeout=300)
    return proc


def test_the_maker_is_reproducible():
    # Shallow depths and short playouts (each ply played on is an `oaq rules play`) so the test is
    # quick; the same arguments must give the same book.
    args = ["--plies", "3", "--sample", "6", "--seed", "5", "--quick-depth", "6",
            "--quick-cp", "100000", "--depth", "8", "--max-cp", "100000", "--play-depth", "4",
            "--min-plies", "1", "--max-playout", "12"]
    first, second = make(*args), make(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout and first.stderr == second.stderr
    kept = [l for l in first.stdout.splitlines() if l and not l.startswith("#")]
    assert 1 <= len(kept) <= 6 and len(set(kept)) == len(kept), first.stdout
    other = make(*args[:5], "6", *args[6:])
    assert other.returncode == 0, other.stderr
    assert other.stderr.splitlines()[0] != first.stderr.splitlines()[0] or \
        other.stdout != first.stdout


def test_the_maker_gives_the_same_book_on_several_engines():
    args = ["--plies", "3", "--sample", "8", "--seed", "7", "--quick-depth", "6",
            "--quick-cp", "100000", "--depth", "8", "--max-cp", "100000", "--play-depth", "4",
            "--min-plies", "1", "--max-playout", "12"]
    one, three = make(*args), make(*args, "--jobs", "3")
    assert one.returncode == 0 and three.returncode == 0, (one.stderr, three.stderr)
    assert three.stdout == one.stdout and three.stderr == one.stderr, (one.stderr, three.stderr)
    assert len([r for r in one.stderr.splitlines() if "\t" in r]) == 8, one.stderr


def test_the_maker_searches_and_plays_on_under_the_rules_it_is_given():
    args = ["--plies", "3", "--sample", "6", "--seed", "5", "--quick-depth", "6",
            "--quick-cp", "100000", "--depth", "8", "--max-cp", "100000", "--play-depth", "4",
            "--min-plies", "1", "--max-playout", "12", "--rules", "stop-after-capture"]
    proc = make(*args)
    assert proc.returncode == 0, proc.stderr
    header = [l for l in proc.stdout.splitlines() if l.startswith("#")]
    assert header[0].endswith("--rules stop-after-capture"), header
    assert header[1].startswith("# rules ") and "after_capture=stop" in header[1], header
    kept = [l.split() for l in proc.stdout.splitlines() if l and not l.startswith("#")]
    assert kept, proc.stderr
    for line in kept:
        played = subprocess.run([os.path.join(BIN, "oaq"), "rules", "play", "--json", "--rules",
                                 "stop-after-capture", *line], capture_output=True, text=True)
        assert played.returncode == 0 and not json.loads(played.stdout)["over"], (line, played)
    # The candidates are walks under those rules: the same seed under standard draws others
    # (46 of the 177 balanced standard 3-ply lines are illegal under stop-after-capture).
    standard = make(*args[:-2])
    assert standard.returncode == 0, standard.stderr
    rows = [r.split("\t")[0] for r in proc.stderr.splitlines() if "\t" in r]
    assert len(rows) == 6 and rows != [r.split("\t")[0] for r in standard.stderr.splitlines()
                                       if "\t" in r], (rows, standard.stderr)


def legal_after(line):
    oaq = os.path.join(BIN, "oaq")
    final = json.loads(subprocess.run([oaq, "rules", "play", "--json", *line.split()],
                                      capture_output=True, text=True, check=True).stdout)["final"]
    return sorted(json.loads(subprocess.run([oaq, "rules", "show", "--json", *final.split()],
                                            capture_output=True, text=True,
                                            check=True).stdout)["legal_moves"])


def test_the_maker_extends_lines_and_refuses_forced_draws():
    # Two lines of deeper-5ply.txt one of whose continuations is a 35-35 draw within 8 plies (the
    # search reads it exactly 0) while the others lose: --alive has zeros to refuse.
    parents = ("4R 1R 4R 1L 2R", "2R 1L 5L 4R 4R")
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"oaq-extend-{os.getpid()}.txt")
    with open(path, "w") as f:
        f.write("# two lines\n" + "\n".join(parents) + "\n")
    args = ["--lines", path, "--extend", "--quick-depth", "10", "--quick-cp", "100000",
            "--depth", "10", "--max-cp", "100000", "--play-depth", "2", "--min-plies", "0",
            "--max-playout", "2"]
    try:
        every, alive = make(*args), make(*args, "--alive")
        six, three = (make(*args, "--sample", n, "--seed", "3") for n in ("6", "3"))
    finally:
        os.unlink(path)
    for proc in (every, alive, six, three):
        assert proc.returncode == 0, proc.stderr
    rows = [r.split("\t") for r in every.stderr.splitlines() if "\t" in r]
    assert [r[0] for r in rows] == [f"{p} {m}" for p in parents for m in legal_after(p)], rows
    scored = [r for r in rows if len(r) > 2 and r[2].startswith("cp ")]
    assert [r for r in rows if r[-1] == "kept"] == scored, rows  # every other limit is open
    zero = [r[0] for r in scored if r[2] == "cp 0"]
    assert zero and len(zero) < len(scored), rows
    kept = [l for l in alive.stdout.splitlines() if l and not l.startswith("#")]
    assert kept == [r[0] for r in scored if r[2] != "cp 0"], (kept, rows)
    assert "--extend" in every.stdout.splitlines()[0] and "--alive" in alive.stdout.splitlines()[0]
    assert "not exactly 0" in alive.stdout.splitlines()[2], alive.stdout
    drawn = [[r.split("\t")[0] for r in p.stderr.splitlines() if "\t" in r] for p in (six, three)]
    assert len(drawn[0]) == 6 and set(drawn[0]) <= {r[0] for r in rows}, drawn
    assert drawn[0][:3] == drawn[1] and drawn[0] != [r[0] for r in rows][:6], drawn
    unextended = make("--extend")
    assert unextended.returncode == 2 and "--extend needs --lines" in unextended.stderr, unextended


def main():
    global BIN, BOOKS
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--books", required=True)
    args = ap.parse_args()
    BIN, BOOKS = os.path.abspath(args.bin), os.path.abspath(args.books)
    failed = 0
    for name, fn in sorted(globals().items()):
        if name.startswith("test_") and callable(fn):
            try:
                fn()
                print(f"PASS {name}")
            except Exception:  # noqa: BLE001 (report every test, then fail)
                failed += 1
                print(f"FAIL {name}")
                traceback.print_exc()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
