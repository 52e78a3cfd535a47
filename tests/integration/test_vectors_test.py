#!/usr/bin/env python3
"""protocol-spec/test-vectors.json, the rules' test vectors as a file, is right and agrees with
protocol-spec/rules.md:

- every vector of the file holds for the referee's rules library: each perft count
  (`oaq rules perft --json`), every position, the end, score and result of each game
  (`oaq rules play --json`), every game and the wealth of each session (`oaq rules session --json`),
  and the expanded rules and start positions (`oaq rules show --json`);
- the tables of rules.md sections 7 and 10.8 and the file hold the same vectors, in the same order, saying
  the same things (read with scripts/make_test_vectors.py's reader of the page);
- every full position string of rules.md sections 4, 7 and 8 is a position of some vector of the
  file, so a worked example changed in the text without its row in section 7 is caught;
- the file is what scripts/make_test_vectors.py writes (`--check`).

Usage: test_vectors_test.py --bin build/bin --spec protocol-spec. Exits non-zero on a failure.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import make_test_vectors  # noqa: E402  (the page's reader, shared with the generator)

POSITION = re.compile(r"`((?:Q?\d+,){11}Q?\d+ [SN] \d+\+\d+ \d+\+\d+ \d+ \d+"
                      r"(?: [0-5](?:,[0-5]){9})?)`")


def oaq(bin_dir, *args):
    out = subprocess.run([os.path.join(bin_dir, "oaq"), *args], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, f"oaq {' '.join(args)}: {out.stderr.strip()}"
    return json.loads(out.stdout)


def load(spec_dir):
    with open(os.path.join(spec_dir, "test-vectors.json"), encoding="utf-8") as f:
        vectors = json.load(f)
    with open(os.path.join(spec_dir, "rules.md"), encoding="utf-8") as f:
        page = f.read()
    return vectors, page


def check_start(bin_dir, v):
    shown = oaq(bin_dir, "rules", "show", "--rules", v["rules"], "--json", v["position"])
    assert shown["rules"] == v["expanded"], (v["rules"], shown["rules"], v["expanded"])
    assert shown["position"] == v["position"], (v["position"], shown["position"])


def test_file_against_library(bin_dir, spec_dir):
    vectors, _ = load(spec_dir)
    assert vectors["format"] == 1, vectors["format"]
    counts = sum(len(v["counts"]) for v in vectors["perft"])
    assert counts >= 80 and len(vectors["games"]) >= 30 and len(vectors["sessions"]) >= 2, \
        (counts, len(vectors["games"]), len(vectors["sessions"]))
    for v in vectors["perft"]:
        check_start(bin_dir, v)
        for depth, count in enumerate(v["counts"], start=1):
            nodes = oaq(bin_dir, "rules", "perft", "--rules", v["expanded"], "--position",
                        v["position"], "--json", str(depth))["nodes"]
            assert nodes == count, \
                f"{v['rules']} {v['position']} d={depth}: file {count}, oaq {nodes}"
    for v in vectors["games"]:
        check_start(bin_dir, v)
        played = oaq(bin_dir, "rules", "play", "--rules", v["expanded"], "--position",
                     v["position"], "--json", *v["moves"])
        outcome = ("result",) if "result" in v else ("ranks", "points")  # 2 or 3-4 players
        for key in ("positions", "final", "over", "end", "score") + outcome:
            assert played[key] == v[key], f"game {v['example']} {v['moves']}: {key} " \
                                          f"file {v[key]}, oaq {played[key]}"
        assert v["final"] == v["positions"][-1], v
    for v in vectors["sessions"]:
        args = ["rules", "session", "--rules", v["expanded"], "--game-limit",
                str(v["game_limit"]), "--json"]
        for g in v["games"]:
            args += ["--game", " ".join(g["moves"])]
        played = oaq(bin_dir, *args)
        assert [dict({"moves": g["moves"]}, **p) for g, p in zip(v["games"], played["games"])] \
            == v["games"], f"session {v['rules']}: the games differ"
        for key in ("mandarin", "total", "over", "end", "result", "wealth"):
            assert played[key] == v[key], f"session {v['rules']}: {key} file {v[key]}, " \
                                          f"oaq {played[key]}"
        assert played["rules"] == v["expanded"], v


def test_page_equals_file(bin_dir, spec_dir):
    vectors, text = load(spec_dir)
    page = make_test_vectors.page_vectors(text)

    def position(v, resolved):  # the page may say `startpos`; the file has the string
        return resolved if v["position"] == "startpos" else v["position"]

    assert len(page["perft"]) == len(vectors["perft"]), (len(page["perft"]), len(vectors["perft"]))
    for p, f in zip(page["perft"], vectors["perft"]):
        assert (p["rules"], position(p, f["position"])) == (f["rules"], f["position"]), (p, f)
        assert [p["counts"][d] for d in sorted(p["counts"])] == f["counts"], (p, f)
    assert len(page["games"]) == len(vectors["games"]), (len(page["games"]), len(vectors["games"]))
    for p, f in zip(page["games"], vectors["games"]):
        outcome = "result" if "result" in p else "ranks"
        for key in ("example", "rules", "moves", "final", "end", "score", outcome):
            assert p[key] == f[key], f"game {p['example']} {p['moves']}: {key} page {p[key]}, " \
                                     f"file {f[key]}"
        assert position(p, f["position"]) == f["position"], (p, f)
    assert len(page["sessions"]) == len(vectors["sessions"])
    for p, f in zip(page["sessions"], vectors["sessions"]):
        assert p["rules"] == f["rules"] and p["game_limit"] == f["game_limit"], (p, f)
        assert p["games"] == [g["moves"] for g in f["games"]], (p, f)
        assert p["wealth"] == [g["wealth"] for g in f["games"]], (p, f)
        assert (p["end"], p["result"]) == (f["end"], f["result"]), (p, f)


def test_every_example_is_a_vector(bin_dir, spec_dir):
    vectors, text = load(spec_dir)
    known = set()
    for v in vectors["perft"]:
        known.add(v["position"])
    for v in vectors["games"]:
        known.update([v["position"], *v["positions"]])
    for v in vectors["sessions"]:
        known.update(p for g in v["games"] for p in (g["start"], g["final"]))
    sections = [text[text.index("## 4. End of the game"):text.index("## 5. Notation")],
                text[text.index("## 7. Test vectors"):text.index("## 9. Sessions")]]
    written = [m.group(1) for s in sections for m in POSITION.finditer(s)]
    assert len(written) >= 60, f"only {len(written)} position strings found"
    missing = [p for p in written if p not in known]
    assert not missing, f"rules.md shows positions no vector of the file reaches: {missing}"


def test_file_is_generated(bin_dir, spec_dir):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_test_vectors.py"),
                          "--bin", bin_dir, "--spec", spec_dir, "--check"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, (out.stdout + out.stderr).strip()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--spec", required=True)
    args = parser.parse_args()
    failed = 0
    for name, test in [("every vector of the file holds for the rules library",
                         test_file_against_library),
                        ("rules.md section 7 and the file hold the same vectors",
                         test_page_equals_file),
                        ("every position string of rules.md 4, 7 and 8 is in the file",
                         test_every_example_is_a_vector),
                        ("the file is what scripts/make_test_vectors.py writes",
                         test_file_is_generated)]:
        try:
            test(args.bin, args.spec)
            print(f"PASS {name}")
        except Exception as e:  # one line per failure, then the next test
            failed += 1
            print(f"FAIL {name}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
