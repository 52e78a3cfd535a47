#!/usr/bin/env python3
"""Integration tests of `oaq rules session`, `oaq rules show` and `oaq rules play` with positions of
seven fields (RULES.md section 8), run on the real binary from --bin.

The games are seeded random games played with the Python bot's own copy of the rules
(sample-engines/python/oaq_random.py), so the referee replays moves it did not generate; the
checks recompute what section 8 says (wealth sums to T, sides alternate, a short player's shares)
independently of the C++ code. Prints one line per test and "N passed, M failed"; exits non-zero
when any test failed. Standard library only.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "sample-engines", "python"))
import oaq_random as bot  # noqa: E402

BIN = None


def oaq(*args):
    return subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=120)


def random_games(rules_text, count, seed):
    """Whole games (move lists) from the start, random moves, played by the Python rules."""
    rules = bot.parse_rules(rules_text)
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        p, moves = bot.start_position(rules), []
        while not p.over and len(moves) < 300:
            m = rng.choice(bot.legal_moves(p, rules))
            moves.append(m)
            p = bot.play(p, m, rules)
        games.append(" ".join(moves))
    return games


def expected_shares(wealth_south, wealth_north, m):
    """Section 8: pay M, then squares from square 1, 5 citizens each; the rest is the opponent's."""
    digits = []
    for w in (wealth_south, wealth_north):
        left = min(max(w - m, 0), 25)
        for k in range(5):
            digits.append(5 - min(max(left - 5 * k, 0), 5))
    return ",".join(map(str, digits))


def session_args(rules_text, games, limit=None):
    args = ["rules", "session", "--rules", rules_text, "--json"]
    if limit:
        args += ["--game-limit", str(limit)]
    for g in games:
        args += ["--game", g]
    return args


def replay_until_over(rules_text, games, limit=None):
    """The longest prefix of `games` the session accepts, and its JSON report."""
    for n in range(len(games), 0, -1):
        proc = oaq(*session_args(rules_text, games[:n], limit))
        if proc.returncode == 0:
            return games[:n], json.loads(proc.stdout)
    raise AssertionError("no game accepted")


def test_a_session_follows_section_8_game_by_game():
    for rules_text, m in (("standard", 10), ("tg-standard", 10), ("quan5", 5), ("village", 10)):
        games = random_games(rules_text, 25, seed=7)
        accepted, report = replay_until_over(rules_text, games)
        assert report["mandarin"] == m and report["total"] == 50 + 2 * m, report
        wealth = {"first": 25 + m, "second": 25 + m}
        for i, g in enumerate(report["games"]):
            assert g["game"] == i + 1
            assert g["south"] == ("first" if i % 2 == 0 else "second"), g
            south, north = g["south"], g["north"]
            assert g["shares"] == expected_shares(wealth[south], wealth[north], m), (g, wealth)
            assert g["start"].endswith("" if g["shares"] == "0,0,0,0,0,0,0,0,0,0" else g["shares"])
            assert g["score"]["south"] + g["score"]["north"] + g["unscored"] == report["total"], g
            u = g["unscored"]
            assert g["wealth"][south] == g["score"]["south"] + u // 2, g
            assert g["wealth"][north] == g["score"]["north"] + u - u // 2, g
            wealth = g["wealth"]
            assert wealth["first"] + wealth["second"] == report["total"]
        assert report["wealth"] == wealth
        if report["over"] and report["end"] == "sold_out":
            assert min(wealth.values()) < m + 5, report
            loser = "first" if wealth["first"] < m + 5 else "second"
            assert report["result"] == ("second_wins" if loser == "first" else "first_wins")
            if len(accepted) < len(games):
                # One more game after the end is refused, naming the game and its first move.
                proc = oaq(*session_args(rules_text, games[:len(accepted) + 1]))
                assert proc.returncode == 2 and proc.stdout == "", proc
                line = proc.stderr.strip()
                assert "\n" not in line, line
                first = games[len(accepted)].split()[0]
                assert f'game {len(accepted) + 1}, move 1 ("{first}"): the session is over' in line, line
        else:
            assert not report["over"] and report["result"] == "ongoing"
            assert report["next"]["game"] == len(accepted) + 1


def test_the_game_limit_ends_a_session_by_the_greater_wealth():
    games = random_games("standard", 3, seed=5)
    proc = oaq(*session_args("standard", games[:1], limit=1))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["over"] and report["end"] in ("game_limit", "sold_out"), report
    w = report["wealth"]
    want = "first_wins" if w["first"] > w["second"] else "second_wins" if w["second"] > w["first"] else "draw"
    assert report["result"] == want, report
    proc = oaq(*session_args("standard", games[:2], limit=1))
    assert proc.returncode == 2 and "game 2, move 1" in proc.stderr, proc.stderr


def test_a_bad_session_is_one_line_and_exit_2():
    cases = [
        (["rules", "session", "--game", "2L 2L"], 'game 1, move 2 ("2L"): illegal move 2L: square 2 (N2) is empty'),
        (["rules", "session", "--game", "1L 9L"], 'game 1, move 2 ("9L"): "9L" is not a move'),
        (["rules", "session", "--game", "1L"], "game 1: not over after its 1 move"),
        (["rules", "session", "--game-limit", "0", "--game", "1L"], "--game-limit"),
        (["rules", "session", "--rules", "tg-standard,refill=never", "--game", "1L"], "refill=never"),
        (["rules", "session"], "game"),
    ]
    for args, needle in cases:
        proc = oaq(*args)
        assert proc.returncode == 2, f"{args}: exit {proc.returncode}"
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and needle in lines[0], f"{args}: {proc.stderr!r}"
        assert proc.stdout == "", f"{args}: {proc.stdout!r}"
    proc = oaq("rules", "session", "--help")
    assert proc.returncode == 0 and "--game-limit" in proc.stdout, proc


def test_show_and_play_take_seven_fields_and_mark_sold_and_shared_squares():
    example = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5"
    proc = oaq("rules", "show", example)
    assert proc.returncode == 0, proc.stderr
    assert "sold  2/5" in proc.stdout and "N4 2/5, N5 sold" in proc.stdout, proc.stdout
    proc = oaq("rules", "show", *example.split(" "), "--json")
    assert json.loads(proc.stdout)["shares"] == "0,0,0,0,0,0,0,0,2,5"
    proc = oaq("rules", "play", "--json", "--position",
               "0,0,0,1,0,0,Q3,0,0,1,7,4 S 20+1 14+0 0 0 0,0,0,0,0,0,0,0,2,5", "3R")
    report = json.loads(proc.stdout)
    assert report["final"] == "0,0,0,0,0,0,0,0,0,0,0,0 N 30+2 20+0 0 0 0,0,0,0,0,0,0,0,2,5", report
    assert report["score"] == [50, 20]
    proc = oaq("rules", "show", example[:-1] + "6")
    assert proc.returncode == 2 and 'field 7 (shares), cell 10 (N5): "6"' in proc.stderr, proc.stderr


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    passed = failed = 0
    for name, fn in sorted(globals().items()):
        if not name.startswith("test_") or not callable(fn):
            continue
        try:
            fn()
            passed += 1
            print(f"PASS {name}", flush=True)
        except Exception:
            failed += 1
            print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
