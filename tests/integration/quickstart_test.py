#!/usr/bin/env python3
"""protocol-spec/QUICKSTART.md, run as written: every ```sh block of the page, in order, in one
scratch directory that looks like the top of a checkout (build/bin and sample-engines linked in),
each block with `bash -eo pipefail`, and every inline `build/bin/oaq ...` command of the prose.
The bot is the page's own: sample-engines/python/oaq_random.py copied into mybot.py.

Beyond "every command exits 0", what the page says of the output holds: mybot's perft equals
oaq's at every count the page compares, the compliance check fails no step, the match prints its
pair counts, and the SPRT of the Style change accepts H1.

Usage: quickstart_test.py --bin build/bin --root . Exits non-zero on a failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def blocks(markdown):
    return [m.group(1) for m in re.finditer(r"^```sh\n(.*?)^```", markdown, re.S | re.M)]


def inline_commands(markdown):
    prose = re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)
    return re.findall(r"`(build/bin/oaq [^`]+)`", prose)


def run(script, cwd):
    out = subprocess.run(["bash", "-eo", "pipefail", "-c", script], cwd=cwd, capture_output=True,
                         text=True, timeout=900)
    assert out.returncode == 0, f"exit {out.returncode}:\n{script}\n{out.stdout[-2000:]}\n" \
                                f"{out.stderr[-2000:]}"
    return out.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--root", required=True, help="the checkout (for protocol-spec/, "
                                                      "sample-engines/)")
    args = parser.parse_args()
    with open(os.path.join(args.root, "protocol-spec", "QUICKSTART.md"), encoding="utf-8") as f:
        page = f.read()
    scripts = blocks(page)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="oaq-quickstart-") as tmp:
        os.mkdir(os.path.join(tmp, "build"))
        os.symlink(os.path.abspath(args.bin), os.path.join(tmp, "build", "bin"))
        os.symlink(os.path.abspath(os.path.join(args.root, "sample-engines")),
                   os.path.join(tmp, "sample-engines"))
        outputs = []
        for i, script in enumerate(scripts + inline_commands(page), start=1):
            first = script.strip().splitlines()[0]
            try:
                outputs.append(run(script, tmp))
                print(f"PASS {i}: {first}")
            except Exception as e:  # one line per failure, then the next command
                outputs.append("")
                failed += 1
                print(f"FAIL {i}: {first}: {e}")
        text = "\n".join(outputs)
        checks = [
            ("every step of the page has its commands (8 blocks)", len(scripts) >= 8),
            ("mybot's perft 4 equals oaq's (4772)",
             "perft 4: 4772 nodes" in text and re.search(r"^4772$", text, re.M)),
            ("the depth-2 counts from the position after 1L agree",
             "perft 2: 66 nodes" in text and re.search(r"^66$", text, re.M)),
            ("check-engine fails no step", "no step failed" in text),
            ("the match prints its pair counts",
             re.search(r"mybot vs oaq-greedy: .*pairs \[", text)),
            ("the SPRT of the Style change accepts H1", "SPRT verdict: H1 accepted" in text),
            ("mybot's perft 4 at three seats equals oaq's (5616)",
             "perft 4: 5616 nodes" in text and re.search(r"^5616$", text, re.M)),
            ("mybot declares protocol 2 and answers a 3-seat position with a bestmove",
             re.search(r"^id protocol 2$", text, re.M)
             and re.search(r"^bestmove [1-5][LR]$", text, re.M)),
        ]
        for name, ok in checks:
            print(("PASS " if ok else "FAIL ") + name)
            failed += 0 if ok else 1
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
