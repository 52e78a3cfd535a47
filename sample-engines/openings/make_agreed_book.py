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
import json
import subprocess
import sys


def legal_moves(oaq, moves):
    out = subprocess.run([oaq, "rules", "play", "--json", *moves],
                         capture_output=True, text=True, check=True).stdout
    final = json.loads(out)
    if final["over"]:
        return None
    out = subprocess.run([oaq, "rules", "show", "--json", *final["final"].split()],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["legal_moves"]


def lines(oaq, plies, prefix=()):
    if len(prefix) == plies:
        yield list(prefix)
        return
    for m in legal_moves(oaq, list(prefix)) or []:
        yield from lines(oaq, plies, (*prefix, m))


class Engine:
    def __init__(self, spec):
        path, limit = spec.rsplit(":", 1)
        self.name = path.rsplit("/", 1)[-1]
        kind, value = limit.split("=")
        if kind not in ("depth", "movetime"):
            sys.exit(f"make_agreed_book: {spec}: the limit is depth=N or movetime=MS")
        self.limit = f"{kind} {int(value)}"
        self.spec = f"{self.name}:{limit}"
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("ugi")
        self.until("ugiok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        last = None
        for line in self.p.stdout:
            t = line.split()
            if t and t[0] == "info" and "score" in t:
                i = t.index("score")
                last = (t[i + 1], int(t[i + 2]))
            if t and t[0] == word:
                return last

    def score(self, line):
        self.send("uginewgame")
        self.send("position startpos moves " + " ".join(line))
        self.send(f"go {self.limit}")
        return self.until("bestmove")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oaq", required=True)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--max-cp", type=int, default=300)
    ap.add_argument("--lines", help="take the candidate lines from this book instead")
    ap.add_argument("--engine", action="append", required=True,
                    help="PATH:depth=N or PATH:movetime=MS (repeat)")
    a = ap.parse_args()
    engines = [Engine(s) for s in a.engine]
    source = f"--lines {a.lines}" if a.lines else f"--plies {a.plies}"
    print(f"# made by sample-engines/openings/make_agreed_book.py {source} --max-cp "
          f"{a.max_cp} " + " ".join(f"--engine {e.spec}" for e in engines))
    print("# kept: every engine scores the line within +-max-cp for the side to move", flush=True)
    kept = total = 0
    if a.lines:
        with open(a.lines) as f:
            candidates = [l.split() for l in f if l.strip() and not l.startswith("#")]
    else:
        candidates = lines(a.oaq, a.plies)
    for line in candidates:
        total += 1
        ok = True
        for e in engines:
            s = e.score(line)
            if not s or s[0] != "cp" or abs(s[1]) > a.max_cp:
                ok = False
                break
        if ok:
            kept += 1
            print(" ".join(line), flush=True)
    for e in engines:
        e.send("quit")
    print(f"kept {kept} of {total} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
