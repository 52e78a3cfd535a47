#!/usr/bin/env python3
"""The specification's own examples, run for real: what a bot author copies from the page works.

- protocol-spec/README.md, "A complete first bot": the Python bot in that section is taken from
  the page, passes `oaq check-engine`, and plays a match against oaq-random without a single
  failure (no illegal move, no protocol violation, no time loss).
- protocol-spec/rules.md section 7: every perft table (from the start of each preset, deeper, and
  from mid-game positions) is read from the page and checked with `oaq rules perft`; section 8.9's
  repetition ends after exactly the ply the text says.

Usage: spec_examples_test.py --bin build/bin --spec protocol-spec. Exits non-zero on a failure.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def code_block(markdown, heading, language):
    """The first fenced block of `language` after the heading line `heading`."""
    start = markdown.index(heading)
    match = re.compile(r"^```" + language + r"\n(.*?)^```", re.S | re.M).search(markdown, start)
    if not match:
        raise AssertionError(f"no ```{language} block after {heading!r}")
    return match.group(1)


def run(cmd, timeout=600):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def test_first_bot(bin_dir, spec_dir, tmp):
    with open(os.path.join(spec_dir, "README.md"), encoding="utf-8") as f:
        bot = code_block(f.read(), "### A complete first bot", "python")
    path = os.path.join(tmp, "mybot.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(bot)
    oaq = os.path.join(bin_dir, "oaq")
    check = run([oaq, "check-engine", "--", sys.executable, path])
    assert check.returncode == 0, f"check-engine failed:\n{check.stdout}\n{check.stderr}"
    # What is checked is that the page's bot plays whole legal games; the 2 s margin keeps a
    # Python process the loaded machine did not schedule for a moment from forfeiting on time.
    match = run([oaq, "match", "--engine", "name=mybot", f"cmd={sys.executable}", f"args={path}",
                 "--engine", f"cmd={os.path.join(bin_dir, 'oaq-random')}", "--games", "40",
                 "--tc", "movetime=50", "--time-margin", "2000", "--openings", "plies=4", "seed=11",
                 "--concurrency", "2",
                 "--json"])
    assert match.returncode == 0, match.stderr
    games = [json.loads(l) for l in match.stdout.splitlines() if l.startswith("{")]
    games = [g for g in games if g.get("type") == "game"]
    assert len(games) == 40, f"{len(games)} games"
    bad = [g for g in games if g["termination"] not in ("normal", "repetition", "ply_limit")]
    assert not bad, f"the spec's bot failed: {bad[0]}"


def perft_rows(markdown):
    """(rules, position, depth, count) for every cell of every perft table in rules.md section 7.

    A table whose first column is `preset` counts from that preset's start position; one whose
    columns are `rules | position` counts from the position string in backticks."""
    section = markdown[markdown.index("## 7. Test vectors"):markdown.index("## 8. Worked examples")]
    rows, header = [], None
    for line in section.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(cells[0]) <= set("-"):
            continue
        depths = [(i, int(h[2:])) for i, h in enumerate(header) if re.fullmatch(r"d=\d+", h)]
        if not depths:
            continue
        if header[0] == "preset":
            rules, position = cells[0], "startpos"
        elif header[:2] == ["rules", "position"]:
            rules, position = cells[0], cells[1].strip("`")
        else:
            raise AssertionError(f"a perft table with the header {header}")
        rows += [(rules, position, d, int(cells[i])) for i, d in depths]
    return rows


def test_perft_vectors(bin_dir, spec_dir, tmp):
    with open(os.path.join(spec_dir, "rules.md"), encoding="utf-8") as f:
        rows = perft_rows(f.read())
    mid_game = [r for r in rows if r[1] != "startpos"]
    assert len(rows) >= 60 and len(mid_game) >= 60, f"only {len(rows)} perft cells read"
    presets = {r[0] for r in mid_game}
    for preset in ["standard", "stop-after-capture", "quan-non", "quan5", "no-empty-gap",
                   "village", "tg-standard"]:
        assert preset in presets, f"no mid-game perft vector under {preset}"
    oaq = os.path.join(bin_dir, "oaq")
    for rules, position, depth, count in rows:
        out = run([oaq, "rules", "perft", "--rules", rules, "--position", position, "--json",
                   str(depth)])
        assert out.returncode == 0, out.stderr
        nodes = json.loads(out.stdout)["nodes"]
        assert nodes == count, f"{rules} {position} d={depth}: the page says {count}, oaq {nodes}"


def test_repetition_example(bin_dir, spec_dir, tmp):
    """rules.md 8.9: the four moves played twice end the game by repetition after ply 8."""
    with open(os.path.join(spec_dir, "rules.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("### 8.9 Repetition"):text.index("### 8.10")]
    start = re.search(r"From `([^`]+)` the moves `([^`]+)`", section)
    final = re.search(r"settles to `([^`]+)`", section)
    assert start and final and "after ply 8" in section, section
    moves = start.group(2).split()
    oaq = os.path.join(bin_dir, "oaq")
    for plies, over in [(7, False), (8, True)]:
        line = (moves * 2)[:plies]
        out = run([oaq, "rules", "play", "--json", "--position", start.group(1)] + line)
        assert out.returncode == 0, out.stderr
        game = json.loads(out.stdout)
        assert game["over"] == over, f"after {plies} plies: over={game['over']}"
        if over:
            assert game["end"] == "repetition" and game["final"] == final.group(1), game


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--spec", required=True)
    args = parser.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory(prefix="oaq-spec-") as tmp:
        for name, test in [("first bot from the page", test_first_bot),
                           ("perft vectors of rules.md", test_perft_vectors),
                           ("repetition example of rules.md", test_repetition_example)]:
            try:
                test(args.bin, args.spec, tmp)
                print(f"PASS {name}")
            except Exception as e:  # one line per failure, then the next test
                failed += 1
                print(f"FAIL {name}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
