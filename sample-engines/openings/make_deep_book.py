#!/usr/bin/env python3
"""Builds a book of openings that are balanced AND still have play in them, by deep fixed-depth
search only (no clock, so the same engine binary and arguments give the same book). A line of
PLIES legal moves from the start position is kept when

  1. a quick search (--quick-depth) scores it within +-QUICK_CP for the side to move (a cheap
     filter: deep and shallow scores differ by tens of citizens here, so it is loose);
  2. a deep search (--depth) scores it within +-MAX_CP, no mate score: neither colour is winning;
  3. the game played on from it by the engine against itself at --play-depth lasts at least
     --min-plies more plies: not a forced draw or a quick decision (the 4-ply book of two engines'
     agreement, agreed-4ply.txt, was mostly 35-35 draws within 9 plies);
  4. with --alive, the deep score is not exactly 0: a line where either side can force a 35-35
     draw within the deep search's horizon (most lines of deeper-5ply.txt) measures little.

Under --rules (a preset or rules string; standard by default) the engine is told the rules with
`setoption name Rules` and the legal lines and the games played on come from `oaq rules` under the
same rules, so every line of the book is legal there; the book's second line names them.

Every line of PLIES moves is a candidate, or --sample N distinct lines drawn by random legal walks
from --seed (for plies where listing every line is too many), or the lines of --lines FILE; with
--extend, every legal one-ply continuation of each line of --lines FILE (or --sample N of them, the
first N of a shuffle drawn from --seed, so a smaller N gives a prefix of the same candidates).
Progress goes to stderr, one tab-separated row per candidate (line, quick, deep, plies played,
result), so the thresholds can be read off and re-applied with --lines. --jobs N runs N engines at
once; the book does not depend on it (fixed depths, a fresh game for every search).

usage: sample-engines/openings/make_deep_book.py --oaq build/bin/oaq \
           --engine build/bin/oaq-reference --plies 4 [--rules PRESET] > BOOK 2> LOG
Standard library only; speaks the engine protocol over pipes.
"""
import argparse
import concurrent.futures
import os
import queue
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
# scripts/book_lines.py, shared with the other book makers
from book_lines import (Engine, even_score, expanded_rules, legal_moves, lines, play,  # noqa: E402
                        read_lines, sampled_lines, tell_rules, write_book)


def playout(engine, oaq, rules, line, depth, max_plies):
    """Plays on from `line` with `engine` at fixed `depth` for both sides (one game: the engine
    sees the whole history, so repetition counts); returns (plies played, final result)."""
    engine.send("uginewgame")
    moves = list(line)
    for played in range(max_plies):
        state = play(oaq, moves, rules)
        if state["over"]:
            return played, f"{state['result']} {state['score']['south']}-{state['score']['north']}"
        engine.send("position startpos moves " + " ".join(moves))
        engine.send(f"go depth {depth}")
        moves.append(engine.until_bestmove())
    return max_plies, "unfinished"


def continuations(a):
    """Every legal one-ply continuation of each line of --lines, in the book's order (each line's
    moves sorted); with --sample N, the first N of a shuffle of them drawn from --seed."""
    out = []
    for line in read_lines(a.lines):
        out += [line + [m] for m in sorted(legal_moves(a.oaq, line, a.rules) or [])]
    if a.sample:
        random.Random(a.seed).shuffle(out)
        out = out[:a.sample]
    return out


def candidates(a):
    if a.extend:
        return continuations(a)
    if a.lines:
        return read_lines(a.lines)
    if a.sample:
        return sampled_lines(a.oaq, a.plies, a.sample, a.seed, a.rules)
    return lines(a.oaq, a.plies, a.rules)


def judge(engine, a, line):
    """The row of stderr for one candidate, and whether it is kept."""
    row = [" ".join(line)]
    quick = engine.score(line, f"depth {a.quick_depth}")
    row.append(f"{quick[0]} {quick[1]}" if quick else "-")
    if not even_score(quick, a.quick_cp):
        return row, False
    deep = engine.score(line, f"depth {a.depth}")
    row.append(f"{deep[0]} {deep[1]}" if deep else "-")
    if not even_score(deep, a.max_cp) or (a.alive and deep.value == 0):
        return row, False
    plies, result = playout(engine, a.oaq, a.rules, line, a.play_depth, a.max_playout)
    row += [str(plies), result]
    return row, plies >= a.min_plies


def arguments():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--oaq", required=True)
    ap.add_argument("--engine", required=True, help="the searching engine (oaq-reference)")
    ap.add_argument("--rules", default="standard", help="a preset or rules string")
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--sample", type=int, default=0, help="draw this many lines instead of all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lines", help="take the candidate lines from this book instead")
    ap.add_argument("--extend", action="store_true",
                    help="the candidates are the one-ply continuations of the --lines lines")
    ap.add_argument("--alive", action="store_true",
                    help="refuse a line whose deep score is exactly 0 (a draw either side forces)")
    ap.add_argument("--quick-depth", type=int, default=20)
    ap.add_argument("--quick-cp", type=int, default=2000)
    ap.add_argument("--depth", type=int, default=26)
    ap.add_argument("--max-cp", type=int, default=300)
    ap.add_argument("--play-depth", type=int, default=16)
    ap.add_argument("--min-plies", type=int, default=20)
    ap.add_argument("--max-playout", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=1,
                    help="engines searching at once (the book is the same for any number)")
    a = ap.parse_args()
    if a.extend and not a.lines:
        ap.error("--extend needs --lines")
    return a


def judged_in_order(a, cands):
    """judge() of every candidate, in the candidates' order, on a.jobs engines at once (threads:
    the work is in the engines). Every search starts from a fresh game at a fixed depth, so the
    results do not depend on which engine did it or on a.jobs."""
    engines = queue.Queue()
    for _ in range(a.jobs):
        engine = Engine([a.engine])
        tell_rules(engine, a.oaq, a.rules, "make_deep_book")
        engines.put(engine)

    def judged(line):
        engine = engines.get()
        try:
            return judge(engine, a, line)
        finally:
            engines.put(engine)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            yield from pool.map(judged, cands)
    finally:
        while not engines.empty():
            engines.get().quit()


def main():
    a = arguments()
    sample = f" --sample {a.sample} --seed {a.seed}" if a.sample else ""
    source = (f"--lines {a.lines} --extend{sample}" if a.extend else f"--lines {a.lines}"
              if a.lines else f"--plies {a.plies}{sample}")
    print(f"# made by sample-engines/openings/make_deep_book.py {source} --engine "
          f"{a.engine.rsplit('/', 1)[-1]} --quick-depth {a.quick_depth} --quick-cp {a.quick_cp} "
          f"--depth {a.depth} --max-cp {a.max_cp} --play-depth {a.play_depth} "
          f"--min-plies {a.min_plies}" + (" --alive" if a.alive else "") +
          (f" --rules {a.rules}" if a.rules != "standard" else ""))
    print(f"# rules {expanded_rules(a.oaq, a.rules)}")
    print("# kept: within +-max-cp at the deep search" + (" and not exactly 0" if a.alive else "") +
          ", and the game played on at play-depth lasts min-plies or more", flush=True)
    cands = list(candidates(a))
    results = judged_in_order(a, cands)

    def keep(line):
        row, kept = next(results)
        print("\t".join(row + (["kept"] if kept else [])), file=sys.stderr, flush=True)
        return kept

    kept = write_book(cands, keep)
    results.close()
    if kept == 0:
        sys.exit("make_deep_book: no line was kept")


if __name__ == "__main__":
    main()
