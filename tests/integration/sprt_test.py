#!/usr/bin/env python3
"""SPRT from outside with the real binaries (fast engines at depth=1):

  python3 tests/integration/sprt_test.py --bin build/bin [-k NAME]

- a normalized SPRT past 230 nElo follows the evidence: greedy against random accepts H1 of
  SPRT[0, 240] (it used to accept H0) and of SPRT[-300, -250] (its LLR used to stay 0.00);
- --sprt refusals are one line: keys in one shell word are split, a repeated key and swapped
  bounds are named, a bound past 1000 is refused before anything is written;
- a capped SPRT match without a verdict plays on with `--resume NAME --games N`: the new cap is
  stored with the run, the games go on from where they stopped; a lower cap, another option, a
  plain match or a decided SPRT are refused in one line with nothing written.
After every test no engine process started by this script is left (an environment marker).
"""
import json
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import referee_test as base  # noqa: E402  (its oaq(), engine() and leak check)

TMP = None
BOOK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "sample-engines",
                    "openings", "balanced-3ply.txt")


def fresh_db(name):
    path = os.path.join(TMP, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def query(db, sql, *params):
    with sqlite3.connect(db) as c:
        return c.execute(sql, params).fetchall()


def games_of(db, name):
    return query(db, "SELECT g.game_index FROM games g JOIN tournaments t ON t.id = "
                     "g.tournament_id WHERE t.name = ? ORDER BY g.game_index", name)


def stored_definition(db, name):
    return json.loads(query(db, "SELECT definition FROM tournaments WHERE name = ?", name)[0][0])


def match(*extra, pair=("oaq-greedy", "oaq-random")):
    return ["match", *base.engine("a", pair[0]), *base.engine("b", pair[1]), "--tc", "depth=1",
            "--openings", f"file={BOOK}", *extra]


def one_line_error(proc, *words):
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-1000:], proc.stderr)
    assert len(lines) == 1, proc.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


def sprt_result(proc):
    verdict = re.search(r"^SPRT verdict: (.*)$", proc.stdout, re.M)
    llr = re.findall(r"LLR (-?[0-9.]+) ", proc.stdout)
    assert verdict and llr, proc.stdout[-2000:]
    return verdict.group(1), float(llr[-1])


def test_a_normalized_sprt_past_230_nelo_follows_the_evidence():
    db = fresh_db("wide.db")
    proc = base.oaq(*match("--sprt", "elo0=0", "elo1=240", "--db", db, "--name", "s1"), check=0)
    verdict, llr = sprt_result(proc)
    assert verdict.startswith("H1 accepted"), proc.stdout[-1500:]
    assert llr > 2.9
    proc = base.oaq(*match("--sprt", "elo0=-300", "elo1=-250", "--games", "600", "--db", db,
                           "--name", "s2"), check=0)
    verdict, llr = sprt_result(proc)
    assert verdict.startswith("H1 accepted"), proc.stdout[-1500:]
    assert len(games_of(db, "s2")) < 600


def test_sprt_keys_are_read_from_one_word_and_mistakes_are_one_line():
    db = fresh_db("words.db")
    proc = base.oaq(*match("--sprt", "elo0=0 elo1=240", "--db", db, "--name", "w"), check=0)
    assert sprt_result(proc)[0].startswith("H1 accepted"), proc.stdout[-1500:]
    assert "elo0 0 elo1 240" in proc.stdout
    db = fresh_db("refused.db")
    for sprt, words in ((["elo0=5 elo1=0"], ["got elo0=5 and elo1=0"]),
                        (["elo0=0", "elo0=5"], ["elo0 is given twice", "\"elo0=0\"",
                                                "\"elo0=5\""]),
                        (["elo0=5", "elo1=5"], ["got elo0=5 and elo1=5"]),
                        (["elo1=1001"], ["--sprt elo1", "-1000..1000"])):
        one_line_error(base.oaq(*match("--sprt", *sprt, "--db", db, "--name", "r")), *words)
    assert not os.path.exists(db)


def test_a_capped_sprt_plays_on_with_a_higher_cap():
    db = fresh_db("cap.db")
    # Two copies of one deterministic engine: every pair is shared, no verdict in 20 games.
    first = base.oaq(*match("--sprt", "elo0=0", "elo1=5", "--games", "20", "--db", db, "--name",
                            "x", pair=("oaq-random", "oaq-random")), check=0)
    assert sprt_result(first)[0].startswith("none"), first.stdout[-1500:]
    assert f"Play on with a higher cap: oaq match --resume x --db {db} --games 40" in first.stdout
    assert len(games_of(db, "x")) == 20
    one_line_error(base.oaq("match", "--resume", "x", "--db", db),
                   "\"x\" has finished already", "cap of 20 games without a verdict")
    for extra, words in ((["--games", "12"], ["played 20 games already", "a cap of 12"]),
                         (["--games", "20"], ["a cap of 20 leaves none to play"]),
                         (["--games", "40", "--tc", "depth=2"], ["--resume takes no --tc"]),
                         (["--sprt", "elo1=10"], ["--resume takes no --sprt"]),
                         (["--rounds", "30"], ["--resume takes no --rounds"])):
        one_line_error(base.oaq("match", "--resume", "x", "--db", db, *extra), *words)
    assert len(games_of(db, "x")) == 20
    assert stored_definition(db, "x")["games"] == 20

    more = base.oaq("match", "--resume", "x", "--db", db, "--games", "40", "--json", check=0)
    lines = base.json_lines(more.stdout)
    start = next(j for j in lines if j.get("type") == "start")
    assert start["already_done"] == 20 and start["resumed"], start
    summary = lines[-1]
    assert summary["type"] == "summary" and summary["finished"], summary
    assert summary["games_done"] == 40 and summary["games_total"] == 40, summary
    assert [g for (g,) in games_of(db, "x")] == list(range(40))
    assert stored_definition(db, "x")["games"] == 40
    assert query(db, "SELECT status FROM tournaments WHERE name = 'x'") == [("finished",)]


def test_only_an_undecided_sprt_match_takes_a_new_cap():
    db = fresh_db("nocap.db")
    base.oaq(*match("--games", "4", "--db", db, "--name", "plain"), check=0)
    one_line_error(base.oaq("match", "--resume", "plain", "--db", db, "--games", "8"),
                   "only the cap (games) of an SPRT match can change")
    base.oaq(*match("--sprt", "elo0=0", "elo1=240", "--games", "200", "--db", db, "--name",
                    "decided"), check=0)
    played = len(games_of(db, "decided"))
    assert played < 200
    one_line_error(base.oaq("match", "--resume", "decided", "--db", db, "--games", "400"),
                   "ended with a verdict (H1 accepted)")
    assert len(games_of(db, "decided")) == played
    assert stored_definition(db, "decided")["games"] == 200


def main():
    return base.run_test_functions(globals())

if __name__ == "__main__":
    sys.exit(main())
