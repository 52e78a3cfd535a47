#!/usr/bin/env python3
"""Writes protocol-spec/test-vectors.json: the test vectors of protocol-spec/rules.md section 7
(perft counts, games, sessions) and section 10.8 (three and four players) as one JSON file, for a
bot author's test harness to read.

The vectors are read from the tables of sections 7 and 10.8; everything the file says about them (the start
position of a preset, the expanded rules, each perft count, every position a game passes through,
its end, score and result, each session game) comes from the referee's rules library through
`oaq rules show|perft|play|session --json`. When the page states something the library does not
reproduce, nothing is written and the difference is named. The file's format is described in
protocol-spec/README.md ("Test vectors as a file"); tests/integration/test_vectors_test.py checks
the file against the library and against the page.

Usage: scripts/make_test_vectors.py [--bin build/bin] [--spec protocol-spec] [--out FILE] [--check]
  --check  write nothing; exit 1 when the file differs from what would be written
"""
import argparse
import json
import os
import re
import subprocess
import sys

FORMAT = 1
ABOUT = ("Test vectors of the rules of Ô ăn quan as the oaq referee plays them "
         "(protocol-spec/rules.md sections 7 and 10.8). perft: counts[d-1] = the number of legal "
         "move sequences of d plies from position. games: the moves played from position lead "
         "through positions to final; a game of 3 or 4 players (rules players=N, section 10) has "
         "score, ranks and points as lists in seat order instead of a result. sessions: games "
         "played in turn, wealth carried over (rules.md section 9).")


def section_7(markdown):
    return markdown[markdown.index("## 7. Test vectors"):markdown.index("## 8. Worked examples")]


def section_10_8(markdown):
    """The test vectors of the game of three and four players."""
    return markdown[markdown.index("### 10.8 Test vectors"):markdown.index("## 11. ")]


def tables(text):
    """Every markdown table of `text` as (header, rows), each a list of stripped cells."""
    found, header, rows = [], None, []
    for line in text.splitlines() + [""]:
        if not line.startswith("|"):
            if header is not None:
                found.append((header, rows))
            header, rows = None, []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set("-"):
            rows.append(cells)
    return found


def code(cell):
    return cell.strip().strip("`")


def page_vectors(markdown):
    """The vectors of rules.md section 7 as the page states them:
    {"perft": [{rules, position, counts: {depth: nodes}}], "games": [...], "sessions": [...]}.
    A position is the page's text (`startpos` included); perft rows of one rules string and
    position (the table from the start and the deeper one) are merged."""
    perft, games, sessions = {}, [], []
    for header, rows in tables(section_7(markdown)) + tables(section_10_8(markdown)):
        depths = [(i, int(h[2:])) for i, h in enumerate(header) if re.fullmatch(r"d=\d+", h)]
        for cells in rows:
            if depths and header[0] == "preset":
                key = (cells[0], "startpos")
            elif depths and header[:2] == ["rules", "position"]:
                key = (cells[0], code(cells[1]))
            elif header == ["example", "rules", "position", "moves", "final position", "end",
                            "scores", "ranks"]:
                # A game of 3 or 4 players: scores and ranks in seat order, ranks "—" before the end.
                games.append({"example": cells[0], "rules": code(cells[1]),
                              "position": code(cells[2]), "moves": code(cells[3]).split(),
                              "final": code(cells[4]), "end": cells[5],
                              "score": [int(x) for x in cells[6].split(",")],
                              "ranks": None if cells[7] == "—" else
                              [int(x) for x in cells[7].split(",")]})
                continue
            elif header[:4] == ["example", "rules", "position", "moves"]:
                south, north = cells[6].split("-")
                games.append({"example": cells[0], "rules": code(cells[1]),
                              "position": code(cells[2]), "moves": code(cells[3]).split(),
                              "final": code(cells[4]), "end": cells[5],
                              "score": {"south": int(south), "north": int(north)},
                              "result": cells[7]})
                continue
            elif header[:3] == ["rules", "game limit", "games"]:
                wealth = [w.strip().split("-") for w in cells[3].split(",")]
                sessions.append({"rules": code(cells[0]), "game_limit": int(cells[1]),
                                 "games": [code(g).split() for g in cells[2].split(" / ")],
                                 "wealth": [{"first": int(a), "second": int(b)}
                                            for a, b in wealth],
                                 "end": cells[4], "result": cells[5]})
                continue
            else:
                raise ValueError(f"rules.md section 7: a table with the header {header}")
            entry = perft.setdefault(key, {"rules": key[0], "position": key[1], "counts": {}})
            for i, d in depths:
                entry["counts"][d] = int(cells[i])
    return {"perft": list(perft.values()), "games": games, "sessions": sessions}


class Oaq:
    def __init__(self, bin_dir):
        self.path = os.path.join(bin_dir, "oaq")

    def json(self, *args):
        out = subprocess.run([self.path, *args], capture_output=True, text=True, timeout=600)
        if out.returncode != 0:
            raise RuntimeError(f"oaq {' '.join(args)}: {out.stderr.strip()}")
        return json.loads(out.stdout)

    def start(self, rules, position):
        """(expanded rules, position string) of `position`, `startpos` resolved."""
        shown = self.json("rules", "show", "--rules", rules, "--json", position)
        return shown["rules"], shown["position"]


def make_perft(oaq, page):
    expanded, position = oaq.start(page["rules"], page["position"])
    depths = sorted(page["counts"])
    if depths != list(range(1, len(depths) + 1)):
        raise ValueError(f"perft {page['rules']} {page['position']}: depths {depths} are not 1..n")
    counts = [oaq.json("rules", "perft", "--rules", page["rules"], "--position", position,
                       "--json", str(d))["nodes"] for d in depths]
    for d, n in zip(depths, counts):
        if page["counts"][d] != n:
            raise ValueError(f"perft {page['rules']} {page['position']} d={d}: rules.md says "
                             f"{page['counts'][d]}, oaq {n}")
    return {"rules": page["rules"], "expanded": expanded, "position": position, "counts": counts}


def make_game(oaq, page):
    expanded, position = oaq.start(page["rules"], page["position"])
    played = oaq.json("rules", "play", "--rules", page["rules"], "--position", position, "--json",
                      *page["moves"])
    game = {"example": page["example"], "rules": page["rules"], "expanded": expanded,
            "position": position, "moves": page["moves"], "positions": played["positions"],
            "final": played["final"], "over": played["over"], "end": played["end"],
            "score": played["score"]}
    # 2 players: a result word; 3 or 4: ranks and points by seat (null before the end).
    outcome = ("result",) if "result" in page else ("ranks", "points")
    for key in outcome:
        game[key] = played[key]
    for key in ("final", "end", "score", outcome[0]):
        if page[key] != game[key]:
            raise ValueError(f"game {page['example']} {page['rules']} {page['position']} "
                             f"{' '.join(page['moves'])}: rules.md says {key} {page[key]}, "
                             f"oaq {game[key]}")
    return game


def make_session(oaq, page):
    args = ["rules", "session", "--rules", page["rules"], "--game-limit", str(page["game_limit"]),
            "--json"]
    for moves in page["games"]:
        args += ["--game", " ".join(moves)]
    played = oaq.json(*args)
    games = [dict({"moves": moves}, **g) for moves, g in zip(page["games"], played["games"])]
    session = {"rules": page["rules"], "expanded": played["rules"],
               "game_limit": page["game_limit"], "mandarin": played["mandarin"],
               "total": played["total"], "games": games, "over": played["over"],
               "end": played["end"], "result": played["result"], "wealth": played["wealth"]}
    stated = {"wealth": [g["wealth"] for g in games], "end": session["end"],
              "result": session["result"]}
    for key, value in stated.items():
        if page[key] != value:
            raise ValueError(f"session {page['rules']} {page['games']}: rules.md says {key} "
                             f"{page[key]}, oaq {value}")
    return session


def dump(vectors):
    """The file's text: a few keys, then one vector to a line (readable, and diffs stay small)."""
    lines = ["{", f' "about": {json.dumps(ABOUT, ensure_ascii=False)},', f' "format": {FORMAT},',
             ' "generated_by": "scripts/make_test_vectors.py",']
    kinds = ["perft", "games", "sessions"]
    for k, kind in enumerate(kinds):
        lines.append(f' "{kind}": [')
        items = [json.dumps(v, ensure_ascii=False) for v in vectors[kind]]
        lines += ["  " + item + ("," if i + 1 < len(items) else "") for i, item in
                  enumerate(items)]
        lines.append(" ]" + ("," if k + 1 < len(kinds) else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def build(bin_dir, spec_dir):
    with open(os.path.join(spec_dir, "rules.md"), encoding="utf-8") as f:
        page = page_vectors(f.read())
    oaq = Oaq(bin_dir)
    return dump({"perft": [make_perft(oaq, v) for v in page["perft"]],
                 "games": [make_game(oaq, v) for v in page["games"]],
                 "sessions": [make_session(oaq, v) for v in page["sessions"]]})


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    parser.add_argument("--spec", default=os.path.join(root, "protocol-spec"))
    parser.add_argument("--out", help="default: test-vectors.json in --spec")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the file differs")
    args = parser.parse_args()
    out = args.out or os.path.join(args.spec, "test-vectors.json")
    try:
        text = build(args.bin, args.spec)
    except (ValueError, RuntimeError) as e:
        sys.exit(f"make_test_vectors: {e}")
    if args.check:
        with open(out, encoding="utf-8") as f:
            same = f.read() == text
        print(f"{out}: {'up to date' if same else 'differs from rules.md section 7'}")
        sys.exit(0 if same else 1)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
