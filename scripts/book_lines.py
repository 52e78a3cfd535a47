"""What the book makers share (scripts/make_book.py, sample-engines/openings/make_*_book.py): the
legal lines of PLIES moves from the start position under a rule set, read from `oaq rules`, all of
them or drawn by seeded random walks, and an engine spoken to over a pipe that is told the rules and
scores a line. Standard library only; speaks the engine protocol (protocol-spec/README.md)."""
import json
import random
import subprocess
import sys
from collections import namedtuple


def play(oaq, moves, rules="standard"):
    """`oaq rules play --json` of `moves` from the start position: final, over, score, result."""
    out = subprocess.run([oaq, "rules", "play", "--json", "--rules", rules, *moves],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def read_lines(path):
    """The lines of a book file (moves split; '#' lines and blank lines skipped)."""
    with open(path) as f:
        return [l.split() for l in f if l.strip() and not l.startswith("#")]


def even_score(score, limit):
    """True for a centipawn-style score ("cp", n) with |n| <= limit (a mate score is not even)."""
    return score is not None and score[0] == "cp" and abs(score[1]) <= limit


def write_book(candidates, keep):
    """Prints every candidate line that keep(line) accepts, as it is found (flushed: a long run
    shows its progress), then "kept K of N lines" on stderr; returns K."""
    kept = total = 0
    for line in candidates:
        total += 1
        if keep(line):
            kept += 1
            print(" ".join(line), flush=True)
    print(f"kept {kept} of {total} lines", file=sys.stderr)
    return kept


def legal_moves(oaq, moves, rules="standard"):
    """The legal moves after `moves` from the start position, or None when the game is over."""
    final = play(oaq, moves, rules)
    if final["over"]:
        return None
    out = subprocess.run([oaq, "rules", "show", "--json", "--rules", rules, *final["final"].split()],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["legal_moves"]


def sampled_lines(oaq, plies, count, seed, rules="standard"):
    """`count` distinct lines of `plies` legal moves under `rules`, each a random walk from the
    start drawn with `seed` (walks whose game ends early are drawn again; gives up after
    20 x count tries)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(20 * count):
        if len(seen) == count:
            break
        line = []
        while len(line) < plies:
            moves = legal_moves(oaq, line, rules)
            if not moves:
                break
            line.append(rng.choice(sorted(moves)))
        if len(line) == plies and line not in seen:
            seen.append(line)
    return seen


def expanded_rules(oaq, rules):
    """The full rules string of a preset or rules string, as `oaq rules show` expands it."""
    out = subprocess.run([oaq, "rules", "show", "--json", "--rules", rules],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["rules"]


def tell_rules(engine, oaq, rules, maker):
    """Tells `engine` the rules with `setoption name Rules` (protocol-spec section 6), as the
    referee does, unless they are standard; exits naming `maker` when the engine cannot take them.
    Returns the expanded rules string."""
    expanded = expanded_rules(oaq, rules)
    if expanded != expanded_rules(oaq, "standard"):
        if "Rules" not in engine.declared:
            sys.exit(f"{maker}: {engine.command[0]} does not declare the Rules option, so it "
                     f"cannot search under {rules}")
        engine.send("setoption name Rules value " + expanded)
    engine.send("isready")
    engine.until("readyok")
    return expanded


def lines(oaq, plies, rules="standard", prefix=()):
    """Every line of `plies` legal moves (lines whose game ends earlier are left out)."""
    if len(prefix) == plies:
        yield list(prefix)
        return
    for m in legal_moves(oaq, list(prefix), rules) or []:
        yield from lines(oaq, plies, rules, (*prefix, m))


class Score(namedtuple("Score", "kind value")):
    """An engine's score as its `info` line gives it, e.g. ("cp", 35) or ("mate", -3);
    _asdict() is the {"kind", "value"} form the referee stores."""


class Engine:
    """An engine after its handshake: `declared` holds the options it declared."""

    def __init__(self, command):
        self.command = command
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("ugi")
        self.declared = []
        for line in self.p.stdout:
            tokens = line.split()
            if tokens[:2] == ["option", "name"] and len(tokens) > 2:
                self.declared.append(tokens[2])
            if tokens and tokens[0] == "ugiok":
                break

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        """Reads up to a line starting with `word`; returns (the last `info ... score` seen as a
        Score, or None; that line's node count, 0 when it gave none)."""
        last, nodes = None, 0
        for line in self.p.stdout:
            tokens = line.split()
            if tokens and tokens[0] == "info" and "score" in tokens:
                i = tokens.index("score")
                last = Score(tokens[i + 1], int(tokens[i + 2]))
                nodes = int(tokens[tokens.index("nodes") + 1]) if "nodes" in tokens else 0
            if tokens and tokens[0] == word:
                return last, nodes
        raise RuntimeError(f"the engine ended before `{word}`")

    def until_bestmove(self):
        """Reads up to the `bestmove` line; returns its move."""
        for line in self.p.stdout:
            tokens = line.split()
            if tokens and tokens[0] == "bestmove":
                return tokens[1]
        raise RuntimeError("the engine ended without a bestmove")

    def score(self, line, go):
        """The engine's last Score, e.g. ("cp", 35), or None, for the position after `line`, searched
        from a fresh game with `go` (e.g. "movetime 100")."""
        self.send("uginewgame")
        self.send("position startpos moves " + " ".join(line))
        self.send(f"go {go}")
        return self.until("bestmove")[0]

    def quit(self):
        self.send("quit")
