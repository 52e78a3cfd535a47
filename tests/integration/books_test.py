#!/usr/bin/env python3
"""The shipped opening books and the deep book's maker, with the real binaries:

  python3 tests/integration/books_test.py --bin build/bin --books sample-engines/openings

- every book parses (moves, '#' lines, blank lines) and every line is a legal line from the
  start position that leaves the game going, under its preset (balanced-3ply-PRESET.txt,
  close-PRESET.txt, deep-5ply-PRESET.txt) or standard (every other book);
- deep-4ply.txt, deep-5ply.txt and deep-5ply-PRESET.txt have no line twice, lines of their length,
  and 20, 500 and 200 lines or more;
- make_deep_book.py --rules searches, draws its lines and plays them on under those rules, and
  names them in the book's header;
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


def test_every_book_line_is_legal():
    books = sorted(f for f in os.listdir(BOOKS) if f.endswith(".txt"))
    assert "deep-4ply.txt" in books, books
    for name in books:
        lines = book_lines(os.path.join(BOOKS, name))
        assert lines, name
        for line in lines:
            proc = subprocess.run([os.path.join(BIN, "oaq"), "rules", "play", "--json", "--rules",
                                   preset_of(name), *line], capture_output=True, text=True)
            assert proc.returncode == 0, (name, line, proc.stderr)
            assert not json.loads(proc.stdout)["over"], (name, line)


def test_deep_books_have_distinct_lines():
    for name, least in (("deep-4ply.txt", 20), ("deep-5ply.txt", 500),
                        ("deep-5ply-stop-after-capture.txt", 200), ("deep-5ply-tg-standard.txt", 200)):
        lines = [" ".join(l) for l in book_lines(os.path.join(BOOKS, name))]
        assert len(lines) == len(set(lines)) and len(lines) >= least, (name, len(lines))
        assert all(len(l.split()) == int(name[5]) for l in lines), name


def make(*args):
    proc = subprocess.run([sys.executable, os.path.join(BOOKS, "make_deep_book.py"),
                           "--oaq", os.path.join(BIN, "oaq"),
                           "--engine", os.path.join(BIN, "oaq-reference"), *args],
                          capture_output=True, text=True, timeout=600)
    return proc


def test_the_maker_is_reproducible():
    # Shallow depths so the test is quick; the same arguments must give the same book.
    args = ["--plies", "3", "--sample", "6", "--seed", "5", "--quick-depth", "6",
            "--quick-cp", "100000", "--depth", "8", "--max-cp", "100000", "--play-depth", "4",
            "--min-plies", "1"]
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
            "--min-plies", "1"]
    one, three = make(*args), make(*args, "--jobs", "3")
    assert one.returncode == 0 and three.returncode == 0, (one.stderr, three.stderr)
    assert three.stdout == one.stdout and three.stderr == one.stderr, (one.stderr, three.stderr)
    assert len([r for r in one.stderr.splitlines() if "\t" in r]) == 8, one.stderr


def test_the_maker_searches_and_plays_on_under_the_rules_it_is_given():
    args = ["--plies", "3", "--sample", "6", "--seed", "5", "--quick-depth", "6",
            "--quick-cp", "100000", "--depth", "8", "--max-cp", "100000", "--play-depth", "4",
            "--min-plies", "1", "--rules", "stop-after-capture"]
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
