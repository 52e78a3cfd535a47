#!/usr/bin/env python3
"""The learned evaluation's pipeline end to end, with the real binaries (issue 30):

  python3 tests/integration/fit_eval_test.py --bin build/bin --root .

- a short self-play match of oaq-reference at a node limit goes into a real SQLite file;
  `oaq-tune --dump` writes its positions (result, final margin, search score, features, table
  entries), and every position's margin and result agree;
- bench/tuning/fit_eval.py fits them: the same dump and seed give the same weights file, the fit lowers the log loss on the positions it was fitted to, and the weights file
  loads into oaq-reference through EvalFile (it searches with them, says nothing of an error);
- a damaged dump is refused in one line naming the file and the line, exit non-zero;
- oaq-tune --dump does not write into the database it reads.
fit_eval.py needs numpy (Debian: python3-numpy, installed by scripts/setup.sh).
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import traceback

BIN = ROOT = None


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def fit(*args):
    return run([sys.executable, os.path.join(ROOT, "bench", "tuning", "fit_eval.py"), *args])


def selfplay_dump(tmp):
    db = os.path.join(tmp, "selfplay.db")
    ref = os.path.join(BIN, "oaq-reference")
    book = os.path.join(ROOT, "sample-engines", "openings", "balanced-3ply.txt")
    played = run([os.path.join(BIN, "oaq"), "match", "--engine", "name=a", f"cmd={ref}",
                  "--engine", "name=b", f"cmd={ref}", "tc=nodes=3000", "--tc", "nodes=2000",
                  "--openings", f"file={book}", "--games", "40", "--concurrency", "2",
                  "--db", db, "--name", "sp"])
    assert played.returncode == 0, played.stderr
    before = hashlib.sha256(open(db, "rb").read()).hexdigest()
    dump = os.path.join(tmp, "samples.txt")
    dumped = run([os.path.join(BIN, "oaq-tune"), "--db", db, "--dump", dump])
    assert dumped.returncode == 0, dumped.stderr
    assert re.search(r"games 40 \(skipped 0\), positions \d+", dumped.stdout), dumped.stdout
    assert hashlib.sha256(open(db, "rb").read()).hexdigest() == before, "the input was written"
    return dump


def test_dump_fit_and_load(tmp):
    dump = selfplay_dump(tmp)
    rows = [line.split() for line in open(dump) if not line.startswith("#")]
    assert len(rows) > 300, len(rows)
    for r in rows:
        assert len(r) == 3 + 13 + 12, r
        result, margin = float(r[0]), int(r[1])
        # The result is the final margin's sign, for the side to move.
        assert result == (1.0 if margin > 0 else 0.0 if margin < 0 else 0.5), r
        assert r[2] == "-" or re.fullmatch(r"-?\d+", r[2]), r
        assert all(0 <= int(t) < 544 for t in r[16:]), r
    assert any(r[2] != "-" for r in rows), "no search score was dumped"

    outs = []
    for k in range(2):
        w = os.path.join(tmp, f"w{k}.txt")
        done = fit(dump, "--seed", "3", "--holdout", "0.2", "--out", w)
        assert done.returncode == 0, done.stderr
        outs.append((open(w).read(), done.stdout))
    assert outs[0] == outs[1], "the same dump and seed gave different weights"
    weights, report = outs[0]
    losses = {m.group(1).strip(): float(m.group(2))
              for m in re.finditer(r"^((?:before|after) +\((?:train|held out)\)) *: log loss "
                                   r"([\d.]+)", report, re.M)}
    assert len(losses) == 4, report
    assert losses["after  (train)"] < losses["before (train)"], report
    assert "material 100\n" in weights, weights[:200]
    assert re.search(r"^sq_p\d_(me|op)_s[1-5]_n\d+ -?\d+$", weights, re.M), weights[:400]

    # --base reads a weights file: the fitted weights as the base score on the held-out
    # positions what the fit reported for them.
    base = fit(dump, "--seed", "3", "--holdout", "0.2", "--base", os.path.join(tmp, "w0.txt"))
    assert base.returncode == 0, base.stderr
    again = re.search(r"^before \(held out\): log loss ([\d.]+)", base.stdout, re.M)
    refit = re.search(r"^after  \(held out\): log loss ([\d.]+)", base.stdout, re.M)
    assert again and refit and abs(float(again.group(1)) - float(refit.group(1))) < 0.02, \
        base.stdout

    # The weights load into the engine and it searches with them.
    session = "\n".join(["ugi", f"setoption name EvalFile value {os.path.join(tmp, 'w0.txt')}",
                         "isready", "position startpos", "go depth 6", "quit"]) + "\n"
    engine = run([os.path.join(BIN, "oaq-reference")], input=session)
    assert engine.returncode == 0, engine.stderr
    assert re.search(r"^bestmove [1-5][LR]$", engine.stdout, re.M), engine.stdout
    assert "error" not in engine.stdout.lower(), engine.stdout

    # A damaged dump: one line naming the file and the line, exit non-zero.
    bad = os.path.join(tmp, "bad.txt")
    with open(bad, "w") as f:
        f.write(open(dump).read() + "1 2 3\n")
    refused = fit(bad)
    assert refused.returncode != 0, refused.stdout
    message = refused.stderr.strip()
    assert "\n" not in message and "bad.txt" in message and "line" in message, message


def main():
    global BIN, ROOT
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    a = ap.parse_args()
    BIN, ROOT = os.path.abspath(a.bin), os.path.abspath(a.root)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            test_dump_fit_and_load(tmp)
    except Exception:
        traceback.print_exc()
        return 1
    print("fit_eval_test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
