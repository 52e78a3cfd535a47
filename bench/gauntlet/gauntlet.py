#!/usr/bin/env python3
"""The strength benchmark of issue 30: the fixed gauntlet oaq-reference against oaq-alphabeta,
oaq-mcts and oaq-sparring (the outside-style bot, sample-engines/sparring/), one `oaq match` per
opponent from the same book, colour-swapped pairs, and for each the pentanomial pair counts and
the Elo difference with its 95% interval exactly as the referee computes them (the match
summary's `match` object, docs/json.md "Pair and h2h"), the failures (time forfeits, crashes) and
the command that played it, so that every change to the reference is measured the same way.
Beside them, duplicate scoring of the same pairs (pair_margins): which engine made more citizens
over the two games of an opening, the mean pair margin and the Elo of that pair score, which still
separates engines where the opening decides who wins both games.

usage:
  bench/gauntlet/gauntlet.py --bin build/bin          # standard, deep-5ply, movetime=100
  bench/gauntlet/gauntlet.py --bin build/bin --rules tg-standard --book BOOK --tc 10+0.1 \\
      --games 1000 --concurrency 2 --db gauntlet.db
  bench/gauntlet/gauntlet.py --bin build/bin --smoke  # a few games at a node limit
  bench/gauntlet/gauntlet.py --bin build/bin --option EvalFile=candidate.txt --tag candidate
  bench/gauntlet/gauntlet.py --bin build/bin --db gauntlet.db --tag T --report  # stored runs
  bench/gauntlet/gauntlet.py --bin build/bin --line-scores LOG  # split by the maker's scores
  bench/gauntlet/gauntlet.py --bin build/bin --db gauntlet.db --tag T --report --late-losses

--smoke plays 4 games per opponent at `nodes=300` for every engine: no clock, so the same
binaries give the same games (the test `gauntlet_smoke` checks it). Real measurements need a
quiet machine: the referee counts the engines' waits for a CPU against their clocks
(bench/engines/RESULTS.md, "Time losses and load").

The default book is the first of these in `sample-engines/openings/` that exists:
close-RULES.txt (made by make_close_book.py; none is shipped), deeper-5ply.txt for standard (523
lines even at depth 26: a 1,000-game run plays 500 of them once from each side, see by_opening)
or deep-5ply-RULES.txt for stop-after-capture and tg-standard (made by make_deep_book.py
--rules), balanced-3ply-RULES.txt. Prints a text table, or one JSON object with --json.
Standard library only.
"""
import argparse
import json
import math
import os
import re
import shlex
import signal
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BOOKS = os.path.join(ROOT, "sample-engines", "openings")
OPPONENTS = ("alphabeta", "mcts", "sparring")
SMOKE_TC = "nodes=300"
SMOKE_GAMES = 4
# Terminations that are the game's own ends; every other one is a player's failure.
GAME_ENDS = ("normal", "repetition", "ply_limit")
# A score either engine reads as a win taking shape (--late-losses): three citizens.
SEEN_CP = 300
# Plies after the opponent saw its win from which a loss counts as seen late: the reference's
# next move (one ply later) did not see it either.
LATE_PLIES = 3


def default_book(rules):
    """The first book of close-RULES.txt, deeper-5ply.txt (standard), deep-5ply[-RULES].txt,
    balanced-3ply-RULES.txt that exists."""
    deep = "deep-5ply.txt" if rules == "standard" else f"deep-5ply-{rules}.txt"
    deeper = ["deeper-5ply.txt"] if rules == "standard" else []
    for name in (f"close-{rules}.txt", *deeper, deep, f"balanced-3ply-{rules}.txt"):
        if os.path.exists(os.path.join(BOOKS, name)):
            return os.path.join(BOOKS, name)
    return os.path.join(BOOKS, f"balanced-3ply-{rules}.txt")


def match_command(a, opponent):
    """The `oaq match` argument list of oaq-reference against one opponent."""
    b = a.bin
    cmd = [f"{b}/oaq", "match",
           "--engine", "name=reference", f"cmd={b}/oaq-reference",
           *[f"option.{o}" for o in a.option],
           "--engine", f"name={opponent}", f"cmd={b}/oaq-{opponent}",
           "--rules", a.rules, "--tc", a.tc, "--openings", f"file={a.book}",
           "--games", str(a.games), "--concurrency", str(a.concurrency), "--json"]
    if a.db:
        tag = f"{a.tag}-" if a.tag else ""
        cmd += ["--db", a.db, "--name", f"gauntlet-{tag}{opponent}-{a.rules}-{a.tc}"]
    return cmd


def run_match(cmd):
    """Runs `oaq match`, passing SIGINT, SIGTERM and SIGHUP on to it once: the referee then
    aborts its games (stored as aborted, resumable with --db) and ends its engines, and the
    gauntlet exits by the same signal. Without this an interrupted gauntlet left its match
    playing to the end. The match runs in its own session so that a Ctrl-C at the terminal
    reaches it once, from here: a second signal tells the referee to stop at once, unrecorded."""
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    received = []

    def forward(signum, _frame):
        if not received:
            child.send_signal(signum)
        received.append(signum)

    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {s: signal.signal(s, forward) for s in stops}
    try:
        out, err = child.communicate()
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    if received:
        where = ""
        if "--db" in cmd:
            db, name = cmd[cmd.index("--db") + 1], cmd[cmd.index("--name") + 1]
            where = f"; its games are in {db} (oaq match --resume {name} --db {db})"
        print(f"gauntlet: interrupted by signal {received[0]}; `oaq match` stopped "
              f"(exit {child.returncode}){where}", file=sys.stderr)
        signal.signal(received[0], signal.SIG_DFL)
        os.kill(os.getpid(), received[0])
    return subprocess.CompletedProcess(cmd, child.returncode, out, err)


def play(a, opponent):
    """Plays one match; its pair from the reference's side, failures, and the command."""
    cmd = match_command(a, opponent)
    proc = run_match(cmd)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        sys.exit(f"gauntlet: {shlex.join(cmd)} failed (exit {proc.returncode}): {last}")
    lines = [json.loads(l) for l in proc.stdout.splitlines() if l.startswith("{")]
    summary = [o for o in lines if o["type"] == "summary"][-1]
    games = [o for o in lines if o["type"] == "game"]
    return summarize(summary["match"], games, opponent, cmd, a.line_scores)


def stored(a, opponent):
    """The same row as play() from the run stored in a.db (--report): the pair from
    `oaq results h2h`, the games from `oaq results export`."""
    cmd = match_command(a, opponent)
    name = cmd[cmd.index("--name") + 1]
    base = [f"{a.bin}/oaq", "results"]
    where = ["--db", a.db, "--tournament", name, "--json"]
    h2h = subprocess.run(base + ["h2h", "reference", opponent, *where], capture_output=True,
                         text=True)
    export = subprocess.run(base + ["export", *where], capture_output=True, text=True)
    for proc in (h2h, export):
        if proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
            sys.exit(f"gauntlet: --report: run {name} in {a.db}: {last}")
    games = [json.loads(l) for l in export.stdout.splitlines() if l.startswith("{")]
    if not games:
        sys.exit(f"gauntlet: --report: run {name} in {a.db} has no games")
    pair = json.loads(h2h.stdout)
    cmd[cmd.index("--games") + 1] = str(pair["games"])
    return summarize(pair, games, opponent, cmd, a.line_scores)


def summarize(pair, games, opponent, cmd, line_scores=None):
    """One opponent's row: `pair` as the referee counts it (the match summary's `match` object
    or `oaq results h2h`), the rest from the games; split by the book lines' deep scores when
    `line_scores` ({line: score}, --line-scores) is given."""
    failures, ends = {}, {}
    for g in games:
        t = g["termination"]
        if t in GAME_ENDS:
            ends[t] = ends.get(t, 0) + 1
        else:  # a failure (protocol-spec section 8): the loser failed
            loser = g["north"] if g["result"] == "south_win" else g["south"]
            failures[f"{loser} {t}"] = failures.get(f"{loser} {t}", 0) + 1
    margin = pair_margins(games)
    speed = {name: search_speed(games, name) for name in ("reference", opponent)}
    row = {"opponent": f"oaq-{opponent}", "games": pair["games"], "wins": pair["wins"],
            "draws": pair["draws"], "losses": pair["losses"], "pentanomial": pair["pentanomial"],
            "elo": pair["elo"], "score": round(pair["points"] / max(1, pair["games"]), 4),
            "margin": margin, "by_opening": by_opening(games), "failures": failures,
            "ends": ends, "speed": speed,
            "plies": round(sum(g["plies"] for g in games) / max(1, len(games)), 1),
            "command": shlex.join(c for c in cmd if c != "--json")}
    if line_scores is not None:
        row["by_line_score"] = by_line_score(games, line_scores)
    row["late_losses"] = late_losses(games)
    return row


def centi(score):
    """A stored engine score ({"kind": "cp" or "mate", "value"}, the side to move's view) in
    centi-citizens, a mate as +-100,000 (beyond any material); None when the engine gave none."""
    if not score:
        return None
    if score["kind"] == "mate":
        return 100000 if score["value"] > 0 else -100000
    return score["value"]


def position_command(g, ply):
    """The protocol's `position` command of game g before its move `ply`: from the start and the
    opening's moves when the opening is a line (so the repetition history is there), else from
    the game's start position."""
    moves = [m["move"] for m in g["moves"] if m["ply"] < ply]
    opening = (g.get("opening") or "").split()
    if opening and all(re.fullmatch(r"\d+[LR]", w) for w in opening):
        return "position startpos moves " + " ".join(opening + moves)
    tail = f" moves {' '.join(moves)}" if moves else ""
    return f"position fen {g['start_position']}{tail}"


def late_losses(games, threshold=SEEN_CP):
    """Which engine saw each loss of the reference coming, from the scores the engines gave with
    their moves: the first ply the opponent's score reached +threshold and the first the
    reference's fell to -threshold. A loss the opponent saw first and the reference not within
    LATE_PLIES plies is a misreading worth a look (the cycle in the transposition table was found
    this way, bench/engines/RESULTS.md "A cycle's table entry"): each is listed with the position
    where the reference moved next, its move and score there, and the opponent's line. Losses by
    a failure are left out."""
    out = {"losses": 0, "opponent_first": 0, "reference_first": 0, "unseen": 0, "late": 0,
           "late_reading_zero": 0, "positions": []}
    for g in games:
        if g["termination"] not in GAME_ENDS or reference_points(g) != 0.0:
            continue
        ref = reference_side(g)
        out["losses"] += 1
        theirs = next((m for m in g["moves"] if m["side"] != ref
                       and (centi(m.get("eval")) or 0) >= threshold), None)
        mine = next((m for m in g["moves"] if m["side"] == ref
                     and (centi(m.get("eval")) or 0) <= -threshold), None)
        if theirs is None:
            out["unseen"] += 1
            continue
        if mine is not None and mine["ply"] < theirs["ply"]:
            out["reference_first"] += 1
            continue
        out["opponent_first"] += 1
        late = (mine["ply"] if mine else g["plies"] + 1) - theirs["ply"]
        answer = next((m for m in g["moves"] if m["ply"] == theirs["ply"] + 1), None)
        if late < LATE_PLIES or answer is None:
            continue
        out["late"] += 1
        score = centi(answer.get("eval"))
        out["late_reading_zero"] += score == 0
        out["positions"].append({
            "game": g["game"], "ply": answer["ply"], "late": late if mine else None,
            "reference_move": answer["move"], "reference_score": score,
            "opponent_score": centi(theirs.get("eval")), "opponent_line": theirs.get("pv") or [],
            "final": g["score"], "position": position_command(g, answer["ply"])})
    return out


def pair_margins(games):
    """Duplicate scoring, as bridge scores a board played at two tables: for each colour-swapped
    pair (the two games of one opening), the reference's citizens minus the opponent's over both
    games. A line the opening decides gives both engines the same win; their margins still differ
    by how well each played it. Returns the pairs the reference ended ahead, level and behind on
    margin, the mean margin per pair with its 95% interval, and the Elo of the pair score
    (ahead 1, level 1/2, behind 0) with its 95% interval; pairs with a failure are left out."""
    by_opening = {}
    for g in games:
        by_opening.setdefault((g["opening"], (g["game"] - 1) // 2), []).append(g)
    margins = []
    for pair in by_opening.values():
        if len(pair) != 2 or any(g["termination"] not in GAME_ENDS for g in pair):
            continue
        total = 0
        for g in pair:
            ref = reference_side(g)
            other = "north" if ref == "south" else "south"
            total += g["score"][ref] - g["score"][other]
        margins.append(total)
    n = len(margins)
    if n < 2:
        return {"pairs": n, "ahead": None, "level": None, "behind": None, "mean": None,
                "mean_error": None, "elo": None, "elo_error": None}
    ahead = sum(m > 0 for m in margins)
    level = sum(m == 0 for m in margins)
    mean, error = mean_error(margins)
    _, elo, elo_error = elo_interval([1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins])
    return {"pairs": n, "ahead": ahead, "level": level, "behind": n - ahead - level,
            "mean": round(mean, 2), "mean_error": round(error, 2), "elo": elo,
            "elo_error": elo_error}


def elo_of(x):
    """The Elo difference of a score fraction x (logistic), x kept inside (0, 1)."""
    x = min(max(x, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / x - 1)


def mean_error(xs):
    """The mean of xs (two or more) and its 95% error: 1.96 standard errors."""
    n = len(xs)
    mean = sum(xs) / n
    return mean, 1.96 * (sum((x - mean) ** 2 for x in xs) / (n - 1)) ** 0.5 / n ** 0.5


def elo_interval(points):
    """The mean of `points` (scores in [0, 1], two or more), its Elo and the Elo's 95% error."""
    mean, err = mean_error(points)
    return (mean, round(elo_of(mean), 1),
            round((elo_of(mean + err) - elo_of(mean - err)) / 2, 1))


def by_opening(games):
    """The score with an interval that counts openings, not games. The engines are deterministic
    enough that an opening and colour give the same result nearly every time (in the 1,000 games
    against oaq-sparring from the 65 lines of deep-4ply.txt, 119 of the 130 opening-colour
    cells had one result in all their seven or eight games), so the games of one opening are not
    independent and the pentanomial interval, which counts every pair, is too narrow when the
    match plays the book more than once. Here each opening is one observation: the reference's
    mean points over its games; the interval is 1.96 standard errors of the mean over openings.
    Also: how many distinct games (opening, colour and moves) were played, and in how many
    opening-colour cells the result ever changed."""
    points, cells = {}, {}
    for g in games:
        ref = reference_side(g)
        p = reference_points(g)
        points.setdefault(g["opening"], []).append(p)
        cell = cells.setdefault((g["opening"], ref), {"moves": set(), "results": set()})
        cell["moves"].add(" ".join(m["move"] for m in g["moves"]))
        cell["results"].add(p)
    means = [sum(v) / len(v) for v in points.values()]
    k = len(means)
    out = {"openings": k, "distinct_games": sum(len(c["moves"]) for c in cells.values()),
           "cells": len(cells), "cells_varying": sum(len(c["results"]) > 1 for c in cells.values()),
           "score": None, "elo": None, "elo_error": None}
    if k < 2:
        return out
    score, elo, elo_error = elo_interval(means)
    out.update(score=round(score, 4), elo=elo, elo_error=elo_error)
    return out


def read_line_scores(path):
    """The deep score of each book line from a book maker's progress log (make_deep_book.py's
    stderr: tab-separated line, quick score, deep score, ...): {line: "cp N" or "mate N"}. Rows
    the quick filter stopped have no deep score and are left out."""
    scores = {}
    with open(path, encoding="utf-8") as f:
        for number, row in enumerate(f, 1):
            fields = row.rstrip("\n").split("\t")
            if len(fields) < 3 or fields[2] == "-":
                continue
            kind, _, value = fields[2].partition(" ")
            if kind not in ("cp", "mate") or not value.lstrip("-").isdigit():
                raise ValueError(f"{path}:{number}: deep score {fields[2]!r} is not "
                                 "'cp N' or 'mate N' (is this a make_deep_book.py log?)")
            scores[fields[0]] = f"{kind} {int(value)}"
    if not scores:
        raise ValueError(f"{path}: no line with a deep score (make_deep_book.py's stderr is "
                         "tab-separated: line, quick score, deep score, ...)")
    return scores


LINE_CLASSES = ("drawn", "live", "unscored")


def by_line_score(games, scores):
    """The games split by the deep score of their opening line: `drawn` where it is exactly
    cp 0 (within the search's horizon both sides can force the mandarin pits empty at 35 : 35;
    no evaluation lands on exactly 0 that often by chance), `live` for every other score,
    `unscored` for lines the log does not score. For each class: games, W/D/L from the
    reference's side, the share of draws, mean plies after the line, the score, and the Elo by
    opening (each line one observation, as by_opening)."""
    parts = {name: [] for name in LINE_CLASSES}
    for g in games:
        score = scores.get(g["opening"])
        parts["unscored" if score is None else "drawn" if score == "cp 0" else "live"].append(g)
    out = {}
    for name, part in parts.items():
        if not part:
            continue
        points = [reference_points(g) for g in part]
        opening = by_opening(part)
        out[name] = {"lines": opening["openings"], "games": len(part),
                     "wins": points.count(1.0), "draws": points.count(0.5),
                     "losses": points.count(0.0),
                     "plies": round(sum(g["plies"] for g in part) / len(part), 1),
                     "score": round(sum(points) / len(part), 4), "elo": opening["elo"],
                     "elo_error": opening["elo_error"]}
    return out


def reference_side(g):
    """The side the reference played in game g: "south" or "north"."""
    return "south" if g["south"] == "reference" else "north"


def reference_points(g):
    """The reference's points in game g: 1, 1/2 or 0."""
    ref = reference_side(g)
    return 0.5 if g["result"] == "draw" else float(g["result"] == f"{ref}_win")


def opening_text(o):
    if o["elo"] is None:
        return "n/a"
    return (f"{o['elo']:+.1f} ± {o['elo_error']:.1f} ({o['openings']} lines; {o['distinct_games']}"
            f" distinct games, {o['cells_varying']}/{o['cells']} cells varying)")


def margin_text(m):
    if m["mean"] is None:
        return "n/a"
    return (f"{m['ahead']}/{m['level']}/{m['behind']}, {m['mean']:+.2f} ± {m['mean_error']:.2f}"
            f" citizens, {m['elo']:+.1f} ± {m['elo_error']:.1f}")


def search_speed(games, name):
    """`name`'s mean depth and nodes per second of its searches in `games`, from the depth, nodes
    and time the referee stored with each move (wall time of the search, as the referee measured
    it: on a loaded machine lower than the engine's own figure)."""
    depth = nodes = moves = 0
    micros = 0
    for g in games:
        side = "south" if g["south"] == name else "north"
        for m in g["moves"]:
            if m["side"] == side and m.get("nodes") is not None:
                depth += m.get("depth") or 0
                nodes += m["nodes"]
                micros += m["time_used_us"]
                moves += 1
    return {"depth": round(depth / moves, 1) if moves else None,
            "nps": round(nodes * 1e6 / micros) if micros else None}


def speed_text(speed):
    if speed["depth"] is None:
        return "n/a"
    nps = f"{speed['nps'] / 1e6:.2f} M" if speed["nps"] else "n/a"
    return f"{speed['depth']} / {nps}"


def elo_text(elo):
    if not elo or elo.get("value") is None:
        return "n/a"
    err = elo.get("error")
    return f"{elo['value']:+.1f} ± {err:.1f}" if err is not None else f"{elo['value']:+.1f}"


def arguments():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--rules", default="standard",
                    help="standard, stop-after-capture or tg-standard (what oaq-sparring plays)")
    ap.add_argument("--book", help="opening book (default: see the module's help)")
    ap.add_argument("--tc", default="movetime=100", help="time control of every engine")
    ap.add_argument("--games", type=int, default=1000, help="games per opponent (even)")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--db", help="store the games (one run per opponent, resumable by name)")
    ap.add_argument("--tag", help="with --db: names the runs gauntlet-TAG-OPPONENT-RULES-TC "
                    "(e.g. the commit measured), so one file holds many gauntlets")
    ap.add_argument("--opponents", default=",".join(OPPONENTS),
                    help="comma-separated subset of " + ",".join(OPPONENTS))
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="an option of oaq-reference for every game (repeatable), e.g. "
                    "EvalFile=candidate.txt: a candidate measured the same way as the engine")
    ap.add_argument("--smoke", action="store_true",
                    help=f"{SMOKE_GAMES} games per opponent at {SMOKE_TC}, deterministic")
    ap.add_argument("--report", action="store_true",
                    help="play nothing: print the runs already stored in --db under --tag")
    ap.add_argument("--line-scores", metavar="LOG",
                    help="the book maker's progress log (make_deep_book.py's stderr): also split "
                    "each opponent's score into the lines it scores exactly 0 (drawn: either "
                    "side can force 35 : 35 within the search's horizon) and the rest (live)")
    ap.add_argument("--late-losses", action="store_true",
                    help="also list the losses the opponent's score saw coming (+3 citizens) "
                    f"{LATE_PLIES} or more plies before the reference's did, with the position "
                    "of each (always in --json)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.report and not a.db:
        ap.error("--report: give the --db (and --tag) the runs were stored with")
    if a.smoke:
        a.tc, a.games, a.concurrency = SMOKE_TC, SMOKE_GAMES, 1
    a.book = os.path.relpath(a.book or default_book(a.rules))
    a.opponents = [o for o in a.opponents.split(",") if o]
    bad = [o for o in a.opponents if o not in OPPONENTS]
    if bad or not a.opponents:
        ap.error(f"--opponents: {','.join(bad) or 'none'}: choose from {','.join(OPPONENTS)}")
    if a.games < 2 or a.games % 2:
        ap.error(f"--games {a.games}: an even number of 2 or more (colour-swapped pairs)")
    bad = [o for o in a.option if "=" not in o or o.startswith("=")]
    if bad:
        ap.error(f"--option {bad[0]}: NAME=VALUE, an option of oaq-reference")
    if not os.path.isfile(a.book):
        ap.error(f"--book {a.book}: no such file")
    if a.line_scores is not None:
        try:
            a.line_scores = read_line_scores(a.line_scores)
        except OSError as e:
            ap.error(f"--line-scores {a.line_scores}: {e.strerror}")
        except UnicodeDecodeError:
            ap.error(f"--line-scores {a.line_scores}: not text (make_deep_book.py's stderr)")
        except ValueError as e:
            ap.error(f"--line-scores {e}")
    return a


def main():
    a = arguments()
    results = [(stored if a.report else play)(a, o) for o in a.opponents]
    if a.json:
        print(json.dumps({"rules": a.rules, "book": a.book, "tc": a.tc,
                          "games": a.games, "results": results}))
        return
    print(f"oaq-reference gauntlet: rules {a.rules}, book {a.book}, "
          f"tc {a.tc}, {a.games} games per opponent\n")
    print("| opponent | games | W/D/L | pairs | Elo ± 95% | score | by opening: Elo ± 95% | "
          "pair margins: ahead/level/behind, mean ± 95%, Elo ± 95% | failures | "
          "repetition / ply limit | plies | reference depth / nps | opponent depth / nps |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        fails = ", ".join(f"{k} {v}" for k, v in sorted(r["failures"].items())) or "none"
        print(f"| {r['opponent']} | {r['games']} | {r['wins']}/{r['draws']}/{r['losses']} | "
              f"{r['pentanomial']} | {elo_text(r['elo'])} | {100 * r['score']:.1f}% | "
              f"{opening_text(r['by_opening'])} | {margin_text(r['margin'])} | {fails} | "
              f"{r['ends'].get('repetition', 0)} / {r['ends'].get('ply_limit', 0)} | "
              f"{r['plies']} | {speed_text(r['speed']['reference'])} | "
              f"{speed_text(r['speed'][r['opponent'][4:]])} |")
    if a.line_scores is not None:
        print("\nby the deep score of the book line (--line-scores): drawn = exactly 0\n")
        print("| opponent | lines | games | W/D/L | draws | plies | score | "
              "by opening: Elo ± 95% |")
        print("|---|---|---|---|---|---|---|---|")
        for r in results:
            for name, c in r["by_line_score"].items():
                elo = "n/a" if c["elo"] is None else f"{c['elo']:+.1f} ± {c['elo_error']:.1f}"
                print(f"| {r['opponent']} {name} | {c['lines']} | {c['games']} | "
                      f"{c['wins']}/{c['draws']}/{c['losses']} | "
                      f"{100 * c['draws'] / c['games']:.0f}% | {c['plies']} | "
                      f"{100 * c['score']:.1f}% | {elo} |")
    if a.late_losses:
        print(f"\nlosses seen late (--late-losses): the opponent's score reached "
              f"+{SEEN_CP // 100} citizens before the reference's fell to -{SEEN_CP // 100}, "
              f"and the reference's next move still did not read it\n")
        print("| opponent | losses | opponent saw first | reference saw first | neither | "
              f"seen {LATE_PLIES}+ plies late | of those, the reference read 0 |")
        print("|---|---|---|---|---|---|---|")
        for r in results:
            x = r["late_losses"]
            print(f"| {r['opponent']} | {x['losses']} | {x['opponent_first']} | "
                  f"{x['reference_first']} | {x['unseen']} | {x['late']} | "
                  f"{x['late_reading_zero']} |")
        for r in results:
            for p in r["late_losses"]["positions"]:
                late = f"{p['late']} plies late" if p["late"] else "never seen"
                print(f"  {r['opponent']} game {p['game']} ply {p['ply']}: {late}; the reference "
                      f"played {p['reference_move']} at {p['reference_score']}, the opponent had "
                      f"{p['opponent_score']} ({' '.join(p['opponent_line'][:8])}); "
                      f"{p['position']}")
    print("\ncommands:")
    for r in results:
        print(f"  {r['command']}")


if __name__ == "__main__":
    main()
