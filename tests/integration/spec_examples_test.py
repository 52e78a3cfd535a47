#!/usr/bin/env python3
"""The specification's own examples, run for real: what a bot author copies from the page works.

- protocol-spec/README.md, "A complete first bot": the Python bot in that section is taken from
  the page, passes `oaq check-engine`, and plays a match against oaq-random without a single
  failure (no illegal move, no protocol violation, no time loss).

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
    match = run([oaq, "match", "--engine", "name=mybot", f"cmd={sys.executable}", f"args={path}",
                 "--engine", f"cmd={os.path.join(bin_dir, 'oaq-random')}", "--games", "40",
                 "--tc", "movetime=50", "--openings", "plies=4", "seed=11", "--concurrency", "2",
                 "--json"])
    assert match.returncode == 0, match.stderr
    games = [json.loads(l) for l in match.stdout.splitlines() if l.startswith("{")]
    games = [g for g in games if g.get("type") == "game"]
    assert len(games) == 40, f"{len(games)} games"
    bad = [g for g in games if g["termination"] not in ("normal", "repetition", "ply_limit")]
    assert not bad, f"the spec's bot failed: {bad[0]}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--spec", required=True)
    args = parser.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory(prefix="oaq-spec-") as tmp:
        for name, test in [("first bot from the page", test_first_bot)]:
            try:
                test(args.bin, args.spec, tmp)
                print(f"PASS {name}")
            except Exception as e:  # one line per failure, then the next test
                failed += 1
                print(f"FAIL {name}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
