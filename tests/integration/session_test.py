#!/usr/bin/env python3
"""Sessions (issue 15) through the real binaries: `oaq match --session` between two sample engines.

- The wealth after every stored game equals what `oaq rules session` computes replaying the
  stored moves of the session's games (shares, sides and settlement all come from the referee's
  session, so this checks the run against the rules' own replay).
- Every game of a session starts from the shares the wealth before it gives, sides alternate.
- A run interrupted by SIGINT in the middle of a session and resumed with --resume stores exactly
  the games (moves, sides, start positions) of the same run played without interruption.
- `oaq results sessions --json` agrees with the live session lines.

Deterministic engines only (depth-limited alphabeta, greedy), so two runs play the same games.
Standard library only:  python3 tests/integration/session_test.py --bin build/bin
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile

BIN = None


def oaq(*args, check=True):
    proc = subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"oaq {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc


def engines(first="oaq-greedy", second="oaq-greedy"):
    # Two greedy engines play every game of an 8-game session (with shares from game 2 on);
    # alphabeta against greedy sells greedy out in one game.
    return ["--engine", "name=first", f"cmd={os.path.join(BIN, first)}",
            "--engine", "name=second", f"cmd={os.path.join(BIN, second)}"]


RUN = ["--tc", "depth=3", "--session", "games=8", "--games", "2"]


def stored_games(db, name):
    lines = oaq("results", "games", "--db", db, "--tournament", name, "--json").stdout.splitlines()
    games = []
    for line in lines:
        g = json.loads(line)
        full = json.loads(oaq("results", "game", "--db", db, "--id", str(g["db_id"]), "--json").stdout)
        games.append(full)
    return sorted(games, key=lambda g: g["game"])


def sessions(db, name):
    out = oaq("results", "sessions", "--db", db, "--tournament", name, "--json").stdout
    return [json.loads(line) for line in out.splitlines()]


def check_against_replay(db, name, count=2):
    games = {g["db_id"]: g for g in stored_games(db, name)}
    found = sessions(db, name)
    assert len(found) == count, found
    for s in found:
        moves = [" ".join(m["move"] for m in games[i]["moves"]) for i in s["game_ids"]]
        args = ["rules", "session", "--rules", "standard", "--game-limit", str(s["game_limit"]),
                "--json"]
        for m in moves:
            args += ["--game", m]
        replay = json.loads(oaq(*args).stdout)
        assert [g["wealth"] for g in replay["games"]] == s["wealth"], (replay, s)
        assert replay["end"] == s["end"] and replay["result"] == s["result"], (replay, s)
        for k, (i, r) in enumerate(zip(s["game_ids"], replay["games"])):
            g = games[i]
            assert g["session"] == {"session": s["session"], "number": k + 1,
                                    "wealth_after": r["wealth"]}, g["session"]
            assert g["start_position"] == r["start"], (g["start_position"], r["start"])
            south = s["first"] if r["south"] == "first" else s["second"]
            assert g["south"] == south, (g["south"], south)
        assert s["end"] in ("sold_out", "game_limit"), s
    print(f"  {name}: {len(games)} games, wealth after each equals oaq rules session")
    return found


def fingerprint(db, name):
    return [(g["game"], g["south"], g["north"], g["start_position"], [m["move"] for m in g["moves"]],
             g["session"]) for g in stored_games(db, name)]


def test_whole_run(tmp):
    db = os.path.join(tmp, "whole.db")
    out = oaq("match", "--db", db, "--name", "whole", "--json", *RUN, *engines()).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    steps = [line for line in lines if line.get("type") == "session_game"]
    found = check_against_replay(db, "whole")
    assert len(steps) == sum(s["games"] for s in found)
    for s in found:
        mine = [st["wealth_after"] for st in steps if st["session"] == s["session"]]
        assert mine == s["wealth"], (mine, s["wealth"])
        assert s["games"] == 8 and s["end"] == "game_limit", s
    assert any(st["shares"] != "0,0,0,0,0,0,0,0,0,0" for st in steps), steps
    # A session that ends early: sold out after one game.
    short = os.path.join(tmp, "short.db")
    oaq("match", "--db", short, "--name", "short", *RUN, *engines("oaq-alphabeta", "oaq-greedy"))
    ended = check_against_replay(short, "short")
    assert all(s["end"] == "sold_out" for s in ended), ended
    return db


def test_resume_after_sigint(tmp, whole_db):
    db = os.path.join(tmp, "cut.db")
    proc = subprocess.Popen([os.path.join(BIN, "oaq"), "match", "--db", db, "--name", "cut", "--json",
                             *RUN, *engines()], stdout=subprocess.PIPE, text=True)
    seen = 0
    for line in proc.stdout:
        if json.loads(line).get("type") == "session_game":
            seen += 1
            if seen == 2:  # inside the first session (it has more than two games)
                proc.send_signal(signal.SIGINT)
                break
    proc.stdout.read()
    code = proc.wait(timeout=120)
    assert code in (130, 0), code
    if code == 130:
        partial = stored_games(db, "cut")
        assert 2 <= len(partial) < len(stored_games(whole_db, "whole")), len(partial)
        oaq("match", "--db", db, "--resume", "cut")
    else:
        print("  (the run finished before the signal arrived: nothing to resume)")
    assert fingerprint(db, "cut") == fingerprint(whole_db, "whole")
    check_against_replay(db, "cut")
    print(f"  SIGINT after {seen} games (exit {code}), resume: the same games as the whole run")


def test_failure_rule(tmp):
    """An engine that crashes in every game: it keeps its score before settlement, the other T - it."""
    db = os.path.join(tmp, "crash.db")
    oaq("match", "--db", db, "--name", "crash", "--tc", "depth=2", "--session", "games=4", "--games", "1",
        "--engine", "name=crasher", f"cmd={os.path.join(BIN, 'oaq-test-engine')}", "args=--crash-at-ply 2",
        "--engine", "name=other", f"cmd={os.path.join(BIN, 'oaq-greedy')}")
    games = {g["db_id"]: g for g in stored_games(db, "crash")}
    (s,) = sessions(db, "crash")
    before = [s["total"] // 2, s["total"] // 2]
    crashes = 0
    for i, wealth in zip(s["game_ids"], s["wealth"]):
        g = games[i]
        side = "south" if g["south"] == "crasher" else "north"
        # Ply 2 is South's move: the crasher crashes in the games it plays South.
        assert g["termination"] == ("crash" if side == "south" else "normal"), (g["termination"], side)
        if g["termination"] != "crash":
            continue
        crashes += 1
        kept = g["score"][side]  # the score where the game stopped, before any settlement
        assert wealth == {"first": kept, "second": s["total"] - kept}, (wealth, g["score"], side)
        before = [wealth["first"], wealth["second"]]
    assert sum(before) == s["total"] and crashes >= 1, (before, crashes)
    print(f"  failure rule: {crashes} crashed games, the crasher kept its score each time "
          f"({s['end']})")


def test_refusals(tmp):
    db = os.path.join(tmp, "bad.db")
    for extra, words in ((["--session", "games=0"], "--session games"),
                         (["--session", "rounds=2"], "is not games=G"),
                         (["--session", "--openings", "plies=2"], "no openings")):
        proc = oaq("match", "--db", db, "--name", "x", *extra, *engines(), check=False)
        assert proc.returncode != 0 and words in proc.stderr, (extra, proc.returncode, proc.stderr)
    print("  bad --session refused")


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    BIN = os.path.abspath(parser.parse_args().bin)
    with tempfile.TemporaryDirectory() as tmp:
        whole = test_whole_run(tmp)
        test_resume_after_sigint(tmp, whole)
        test_failure_rule(tmp)
        test_refusals(tmp)
    print("session_test: all passed")


if __name__ == "__main__":
    sys.exit(main())
