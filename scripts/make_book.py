#!/usr/bin/env python3
"""Builds a balanced opening book: every line of PLIES legal moves from the start position, kept
when a searching engine scores it close to even for the side to move (|score| <= --max-cp, no mate
score). Colour-swapped pairs then measure strength instead of replaying a decided opening twice.

usage: scripts/make_book.py --engine build/bin/oaq-alphabeta --oaq build/bin/oaq --plies 3 \
           --movetime 100 --max-cp 300 [--rules PRESET] > sample-engines/openings/balanced-3ply.txt
Under rules other than standard the engine is told them with `setoption name Rules` (protocol-spec
section 6), as the referee does, and must declare the Rules option; the legal lines come from
`oaq rules` under the same rules, so every line of the book is legal there. The book starts with
'#' lines saying how it was made (oaq skips them).
Standard library only; speaks the engine protocol (protocol-spec/README.md) over a pipe.
"""
import argparse
import sys

from book_lines import Engine, even_score, lines, tell_rules, write_book


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--oaq", required=True)
    ap.add_argument("--plies", type=int, default=3)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--max-cp", type=int, default=300)
    ap.add_argument("--rules", default="standard")
    a = ap.parse_args()
    eng = Engine([a.engine])
    rules = tell_rules(eng, a.oaq, a.rules, "make_book")
    print(f"# made by scripts/make_book.py --engine {a.engine.rsplit('/', 1)[-1]} --plies {a.plies} "
          f"--movetime {a.movetime} --max-cp {a.max_cp} --rules {a.rules}")
    print(f"# rules {rules}", flush=True)
    kept = write_book(lines(a.oaq, a.plies, a.rules),
                      lambda line: even_score(eng.score(line, f"movetime {a.movetime}"), a.max_cp))
    eng.quit()
    if kept == 0:
        sys.exit("make_book: no line was kept (raise --max-cp)")


if __name__ == "__main__":
    main()
