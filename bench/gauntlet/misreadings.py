#!/usr/bin/env python3
"""The losses oaq-reference read late, searched again: a test set of its misreadings.

gauntlet.py lists, for each opponent, the games the reference lost while its score still did not
show the loss 3 plies after the opponent's did (`late_losses`, bench/gauntlet/README.md "Losses
seen late"), each with the position of that moment. This script reads those positions from one or
more gauntlet reports (`gauntlet.py --json`), searches each again with oaq-reference at a fixed
depth and prints how many the engine now reads as lost (-3 citizens or worse), how many exactly 0
(a forced 35 : 35 it believes in), the mean score (each clamped at -30 citizens) and the nodes.
Each position is searched right after the reference's previous position in its game (two plies
before, when the game had one), in the same game, so the transposition table carries over as it
did when the move was played. Run it with and without a candidate option to see whether the
candidate reads these positions better, and at what cost in nodes, before measuring it in games.

usage:
  bench/gauntlet/gauntlet.py --bin build/bin --db gauntlet.db --tag T --report --json > g.json
  bench/gauntlet/misreadings.py --bin build/bin --depth 16 g.json
  bench/gauntlet/misreadings.py --bin build/bin --depth 16 --option Pruning=false g.json
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts"))
from book_lines import Engine  # noqa: E402 (the book makers' engine driver)
from gauntlet import centi  # noqa: E402 (this folder: a score as the reports count it)

LOST_CP = -300  # reads the loss: three citizens down or worse
CLAMP_CP = -3000  # a lost game counts as 30 citizens down in the mean


def read_positions(paths):
    """The late positions of the reports, each once (by its position command), in file order."""
    positions = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                report = json.load(f)
            results = report["results"]
            for r in results:
                for p in r["late_losses"]["positions"]:
                    positions.setdefault(p["position"], p)
        except OSError as e:
            raise ValueError(f"{path}: {e.strerror}") from None
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"{path}: not a gauntlet.py --json report with late_losses "
                             f"({type(e).__name__}: {e})") from None
    return list(positions.values())


def previous(p):
    """The reference's previous position in the game (two plies before), or None."""
    words = p["position"].split()
    if p["ply"] < 3 or "moves" not in words or len(words) - words.index("moves") - 1 < 2:
        return None
    return " ".join(words[:-2])


def search(engine, position, depth):
    """(score in centi-citizens, a mate as +-100,000; nodes) of the last `info` of a search."""
    engine.send(position)
    engine.send(f"go depth {depth}")
    score, nodes = engine.until("bestmove")
    return centi(score and score._asdict()), nodes


def measure(engine_command, options, positions, depth):
    engine = Engine(engine_command)
    try:
        for o in options:
            name, value = o.split("=", 1)
            if name not in engine.declared:
                raise ValueError(f"--option {o}: oaq-reference declares no option {name}")
            engine.send(f"setoption name {name} value {value}")
        rows = []
        for p in positions:
            engine.send("uginewgame")
            before = previous(p)
            if before is not None:
                search(engine, before, depth)
            score, nodes = search(engine, p["position"], depth)
            rows.append({"position": p["position"], "game_score": p["reference_score"],
                         "score": score, "nodes": nodes})
    finally:
        engine.quit()
    scores = [r["score"] for r in rows if r["score"] is not None]
    return {"depth": depth, "options": options, "positions": len(rows),
            "reads_loss": sum(s <= LOST_CP for s in scores),
            "reads_zero": sum(s == 0 for s in scores),
            "mean": round(sum(max(CLAMP_CP, s) for s in scores) / max(1, len(scores))),
            "nodes": sum(r["nodes"] for r in rows), "rows": rows}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="+", metavar="REPORT.json",
                    help="gauntlet.py --json output (e.g. with --report)")
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--depth", type=int, default=16, help="search depth (default 16)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="an option of oaq-reference (repeatable): the candidate")
    ap.add_argument("--list", action="store_true", help="also print each position's score")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.depth < 1:
        ap.error(f"--depth {a.depth}: 1 or more")
    bad = [o for o in a.option if "=" not in o or o.startswith("=")]
    if bad:
        ap.error(f"--option {bad[0]}: NAME=VALUE, an option of oaq-reference")
    engine = os.path.join(a.bin, "oaq-reference")
    if not os.access(engine, os.X_OK):
        ap.error(f"--bin {a.bin}: no executable oaq-reference there")
    try:
        positions = read_positions(a.reports)
        if not positions:
            raise ValueError(f"{', '.join(a.reports)}: no late position to search")
        out = measure([engine], a.option, positions, a.depth)
    except ValueError as e:
        print(f"misreadings: {e}", file=sys.stderr)
        sys.exit(2)
    if a.json:
        print(json.dumps(out))
        return
    print(f"{' '.join(a.option) or 'defaults'} at depth {a.depth}: {out['positions']} positions, "
          f"reads the loss in {out['reads_loss']}, exactly 0 in {out['reads_zero']}, "
          f"mean {out['mean'] / 100:+.2f} citizens, {out['nodes']:,} nodes")
    if a.list:
        for r in out["rows"]:
            print(f"  {r['score']:>7} (in the game {r['game_score']}): {r['position']}")


if __name__ == "__main__":
    main()
