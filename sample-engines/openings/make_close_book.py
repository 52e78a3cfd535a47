#!/usr/bin/env python3
"""Builds a book of close-but-undecided lines (issue 30's instrument) under standard,
stop-after-capture or tg-standard: every candidate line is played on from both sides, a
colour-swapped pair of games of the strongest engine (--engine, against itself unless --opponent
is given) at a given time control (ten times the time of the matches the book is for), by the
referee itself (`oaq match`: its rules, repetition, ply limit and clocks). A line is kept when

  1. (optional, --quick-depth) a quick fixed-depth search of the line scores it within
     +-QUICK_CP for the side to move: a cheap filter before the games;
  2. both games of its pair end by the game (no failure), each within +-MAX_DIFF citizens
     (South's score minus North's): close under strong play, not won by the line for either colour;
  3. both games last MIN_PLIES or more after the line: far from decided (a short game is a forced
     result or a dead draw, as most lines of agreed-4ply.txt were).

Candidates: the lines of --lines FILE (for instance a make_deep_book.py book or its candidates),
every line of --plies N, --sample N lines drawn by seeded random legal walks of --plies, or --walk N
balanced walks: seeded random walks of --plies that at every ply choose among the moves after which
a fixed-depth search (--walk-depth) reads the position within WALK_CP of the nearest to even, so
the walk heads for and stays in positions the engine reads as even (random lines are mostly
decided: 13 of 800 sampled 4-ply lines came within +-150 at depth 14; the start position reads
+26 citizens for South at depth 16, so the first plies are the leader's least bad moves).
Progress goes to stderr, one tab-separated row per candidate (line, quick score, then per game:
South-North score, plies, termination), so the thresholds can be read off and re-applied with
--lines. The book (stdout or --out) starts with `#` lines naming the maker, its arguments and the
criterion, like deep-4ply.txt.

usage: sample-engines/openings/make_close_book.py --oaq build/bin/oaq \\
           --engine build/bin/oaq-reference --rules tg-standard --plies 4 --sample 400 \\
           --tc movetime=1000 --max-diff 4 --min-plies 30 --concurrency 2 --out BOOK 2> LOG

--smoke (for the test) takes 8 sampled 3-ply lines at `depth=4`, within 40 citizens and 12
plies: no clock, so the same binaries give the same book. Standard library only.
"""
import argparse
import json
import math
import os
import random
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
# scripts/book_lines.py, shared with the other book makers
from book_lines import (Engine, even_score, legal_moves, lines, read_lines,  # noqa: E402
                        sampled_lines, tell_rules)

RULES = ("standard", "stop-after-capture", "tg-standard")
# The game's own ends (a pair with a player's failure, e.g. a time forfeit, measures nothing).
GAME_ENDS = ("normal", "repetition", "ply_limit")


def walked_lines(a):
    """`a.walk` distinct balanced walks of `a.plies` moves from `a.seed` (see the docstring); a
    walk with no move left to choose is drawn again (at most 20 x walk tries). Progress on stderr."""
    rng = random.Random(a.seed)
    engine = Engine([a.engine])
    tell_rules(engine, a.oaq, a.rules, "make_close_book")
    seen = []
    for _ in range(20 * a.walk):
        if len(seen) == a.walk:
            break
        line = []
        while len(line) < a.plies:
            off = {}  # move: how far from even the position after it reads (cp; a proven result: inf)
            for m in sorted(legal_moves(a.oaq, line, a.rules) or []):
                score = engine.score(line + [m], f"depth {a.walk_depth}")
                # Exactly 0 is mostly a 35-35 draw the search sees to the end: not a live line.
                off[m] = abs(score[1]) if even_score(score, 10**9) and score[1] != 0 else math.inf
            if not off or min(off.values()) == math.inf:
                break
            nearest = min(off.values())
            line.append(rng.choice([m for m, d in off.items() if d <= nearest + a.walk_cp]))
        if len(line) == a.plies and line not in seen:
            seen.append(line)
            print(f"  walk {len(seen)}: {' '.join(line)}", file=sys.stderr, flush=True)
    engine.quit()
    return seen


def candidates(a):
    if a.lines:
        return read_lines(a.lines)
    if a.walk:
        return walked_lines(a)
    if a.sample:
        return sampled_lines(a.oaq, a.plies, a.sample, a.seed, a.rules)
    return list(lines(a.oaq, a.plies, a.rules))


def quick_filter(a, cands, rows):
    """The candidates a quick fixed-depth search scores within +-quick_cp (all without
    --quick-depth); fills each row's quick score."""
    if not a.quick_depth:
        for c in cands:
            rows[" ".join(c)] = ["-"]
        return cands
    engine = Engine([a.engine])
    tell_rules(engine, a.oaq, a.rules, "make_close_book")
    kept = []
    for c in cands:
        score = engine.score(c, f"depth {a.quick_depth}")
        rows[" ".join(c)] = [f"{score[0]} {score[1]}" if score else "-"]
        if even_score(score, a.quick_cp):
            kept.append(c)
    engine.quit()
    return kept


def match_command(a, book):
    opponent = a.opponent or a.engine
    return [a.oaq, "match", "--engine", "name=first", f"cmd={a.engine}",
            "--engine", "name=second", f"cmd={opponent}", "--rules", a.rules, "--tc", a.tc,
            "--openings", f"file={book}", "--concurrency", str(a.concurrency), "--json"]


def play_pairs(a, cands):
    """Plays every candidate from both sides; {line: [game, game]} of the match's game lines."""
    games = {}
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "candidates.txt")
        with open(book, "w") as f:
            f.write("".join(" ".join(c) + "\n" for c in cands))
        cmd = match_command(a, book) + ["--games", str(2 * len(cands))]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for raw in proc.stdout:
            if raw.startswith('{"type":"game"'):
                g = json.loads(raw)
                games.setdefault(g["opening"], []).append(g)
                print(f"  game {g['game']}: {g['opening']} {g['score']['south']}-"
                      f"{g['score']['north']} in {g['plies']} plies", file=sys.stderr, flush=True)
        err = proc.stderr.read()
        if proc.wait() != 0:
            sys.exit(f"make_close_book: {shlex.join(cmd)} failed: {err.strip()}")
    return games


def judge(a, pair):
    """The row cells of a pair's games, and whether the line is kept."""
    cells, kept = [], len(pair) == 2
    for g in pair:
        diff = g["score"]["south"] - g["score"]["north"]
        cells.append(f"{g['score']['south']}-{g['score']['north']} {g['plies']} {g['detail']}")
        kept = kept and g["termination"] in GAME_ENDS and abs(diff) <= a.max_diff and \
            g["plies"] >= a.min_plies
    return cells, kept


def header(a):
    walk = f" --walk {a.walk} --walk-depth {a.walk_depth} --walk-cp {a.walk_cp} --seed {a.seed}"
    source = (f"--lines {a.lines}" if a.lines else
              f"--plies {a.plies}" + (walk if a.walk else
                                      f" --sample {a.sample} --seed {a.seed}" if a.sample else ""))
    opponent = f" --opponent {os.path.basename(a.opponent)}" if a.opponent else ""
    quick = f" --quick-depth {a.quick_depth} --quick-cp {a.quick_cp}" if a.quick_depth else ""
    return [f"# made by sample-engines/openings/make_close_book.py --rules {a.rules} {source} "
            f"--engine {os.path.basename(a.engine)}{opponent}{quick} --tc {a.tc} "
            f"--max-diff {a.max_diff} --min-plies {a.min_plies}",
            "# kept: the line played on from both sides (a colour-swapped pair through oaq match) "
            "ends without a failure within +-max-diff citizens (South - North) in both games, "
            "each lasting min-plies or more after the line"]


def arguments():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--oaq", required=True)
    ap.add_argument("--engine", required=True, help="the strongest engine (oaq-reference)")
    ap.add_argument("--opponent", help="its opponent in the pairs (default: itself)")
    ap.add_argument("--rules", default="standard", choices=RULES)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--sample", type=int, default=0, help="draw this many lines instead of all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--walk", type=int, default=0,
                    help="draw this many balanced walks of --plies instead")
    ap.add_argument("--walk-depth", type=int, default=12, help="the walk's search depth")
    ap.add_argument("--walk-cp", type=int, default=200,
                    help="the walk's moves read within this of the nearest to even")
    ap.add_argument("--lines", help="take the candidate lines from this book instead")
    ap.add_argument("--quick-depth", type=int, default=0, help="0: no quick filter")
    ap.add_argument("--quick-cp", type=int, default=1000)
    ap.add_argument("--tc", default="movetime=1000", help="time control of the pairs")
    ap.add_argument("--max-diff", type=int, default=4, help="citizens")
    ap.add_argument("--min-plies", type=int, default=30, help="plies after the line")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--out", help="write the book here instead of stdout")
    ap.add_argument("--smoke", action="store_true",
                    help="8 sampled 3-ply lines at depth=4, loose thresholds")
    a = ap.parse_args()
    if a.smoke:
        a.plies, a.sample, a.seed, a.lines, a.quick_depth, a.walk = 3, 8, 1, None, 0, 0
        a.tc, a.max_diff, a.min_plies, a.concurrency = "depth=4", 40, 12, 1
    return a


def main():
    a = arguments()
    cands = candidates(a)
    rows = {}
    playing = quick_filter(a, cands, rows)
    games = play_pairs(a, playing) if playing else {}
    kept = []
    for c in cands:
        key = " ".join(c)
        row = [key] + rows[key]
        if key in games:
            cells, keep = judge(a, games[key])
            row += cells + (["kept"] if keep else [])
            if keep:
                kept.append(key)
        print("\t".join(row), file=sys.stderr, flush=True)
    print(f"kept {len(kept)} of {len(cands)} lines", file=sys.stderr)
    text = "\n".join(header(a) + kept) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if not kept:
        sys.exit("make_close_book: no line was kept")


if __name__ == "__main__":
    main()
