#!/usr/bin/env python3
"""Builds an opening book balanced by two engines at once: every line of PLIES legal moves from
the start position (or every line of --lines FILE) is kept when EVERY given engine, searching it
from a fresh game with its own limit, scores it within +-MAX_CP for the side to move (no mate
score). Agreement of two different engines (one of them the opponent a match measures against)
is the neutral criterion: no line is kept because one engine alone likes it. Run it in stages, a
quick filter first and deep searches on what is left (sample-engines/openings/README.md).

usage: sample-engines/openings/make_agreed_book.py --oaq build/bin/oaq --plies 4 --max-cp 300 \
           --engine build/bin/oaq-reference:depth=14 > candidates
       sample-engines/openings/make_agreed_book.py --oaq build/bin/oaq --lines candidates \
           --max-cp 200 --engine build/bin/oaq-reference:movetime=1000 \
           --engine build/bin/oaq-alphabeta:movetime=1000 > BOOK
Standard rules only. Standard library only; speaks the engine protocol over pipes.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from book_lines import Engine, even_score, lines, read_lines, write_book  # noqa: E402 (scripts/book_lines.py, shared with make_book.py)


class LimitedEngine(Engine):
    """An engine of `PATH:depth=N` or `PATH:movetime=MS`, scoring every line with that limit."""

    def __init__(self, spec):
        path, limit = spec.rsplit(":", 1)
        kind, value = limit.split("=")
        if kind not in ("depth", "movetime"):
            sys.exit(f"make_agreed_book: {spec}: the limit is depth=N or movetime=MS")
        self.limit = f"{kind} {int(value)}"
        self.spec = f"{path.rsplit('/', 1)[-1]}:{limit}"
        super().__init__([path])

    def score_line(self, line):
        return self.score(line, self.limit)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oaq", required=True)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--max-cp", type=int, default=300)
    ap.add_argument("--lines", help="take the candidate lines from this book instead")
    ap.add_argument("--engine", action="append", required=True,
                    help="PATH:depth=N or PATH:movetime=MS (repeat)")
    a = ap.parse_args()
    engines = [LimitedEngine(s) for s in a.engine]
    source = f"--lines {a.lines}" if a.lines else f"--plies {a.plies}"
    print(f"# made by sample-engines/openings/make_agreed_book.py {source} --max-cp "
          f"{a.max_cp} " + " ".join(f"--engine {e.spec}" for e in engines))
    print("# kept: every engine scores the line within +-max-cp for the side to move", flush=True)
    candidates = read_lines(a.lines) if a.lines else lines(a.oaq, a.plies)
    write_book(candidates,
               lambda line: all(even_score(e.score_line(line), a.max_cp) for e in engines))
    for e in engines:
        e.quit()


if __name__ == "__main__":
    main()
