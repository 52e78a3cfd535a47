#!/usr/bin/env python3
"""Integration tests of the `oaq` referee with real processes, pipes, clocks and SQLite files.

Runs the real binaries from --bin: `oaq`, the sample engines and the misbehaving oaq-test-engine.
Each test is a function named test_*; the script prints one line per test and a closing
"N passed, M failed" line, and exits non-zero when any test failed. Standard library only.
"""
import argparse
import csv
import io
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback

BIN = None
TMP = None


def oaq(*args, timeout=300, check=None):
    """Runs oaq with args; returns CompletedProcess (text)."""
    proc = subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout)
    if check is not None and proc.returncode != check:
        raise AssertionError(f"oaq {' '.join(args)} exited {proc.returncode}, wanted {check}\n"
                             f"stdout: {proc.stdout[-2000:]}\nstderr: {proc.stderr[-2000:]}")
    return proc


# Every engine this script starts carries this marker in its environment, so the leak check
# finds only our processes (other tests may run test engines at the same time).
MARK = f"oaq-integration-{os.getpid()}"


def engine(name, binary, *extra):
    return ["--engine", f"name={name}", f"cmd={os.path.join(BIN, binary)}", f"env.OAQ_TEST_MARK={MARK}",
            *extra]


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_engine_processes():
    """Processes started by this script that are still alive (a leak check by environment)."""
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if f"OAQ_TEST_MARK={MARK}".encode() not in f.read():
                    continue
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            if state != "Z":
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    args = f.read().replace(bytes(1), b" ").decode()
                left.append(f"{pid} {args}")
        except OSError:
            continue
    return left


# ---- issue 4: every misbehaviour is a recorded result, the other engine wins, the match goes on


MISBEHAVIOURS = [
    # flags, termination, text the detail must contain
    # The first engine is South in game 1, so the bad engine moves at odd plies there.
    (["--crash-at-ply", "1"], "crash", "signal 6"),
    (["--exit-at-start"], "crash", "exit code 3"),
    (["--hang-after-go"], "time_forfeit", ""),
    (["--no-ugiok"], "stall", "ugiok"),
    (["--no-readyok"], "stall", "readyok"),
    (["--illegal-move"], "illegal_move", "is empty"),
    (["--wrong-side-move"], "illegal_move", ""),
    (["--bad-move-token"], "protocol_violation", "6L"),
    (["--malformed-bestmove"], "protocol_violation", "bestmove"),
]


def test_each_misbehaviour_is_recorded_and_the_match_goes_on():
    for flags, termination, detail in MISBEHAVIOURS:
        args = ["match", *engine("good", "oaq-greedy"),
                *engine("bad", "oaq-test-engine", "args=" + " ".join(flags)),
                "--games", "2", "--tc", "1+0.1", "--json"]
        proc = oaq(*args, timeout=120, check=0)
        games = [o for o in json_lines(proc.stdout) if o["type"] == "game"]
        assert len(games) == 2, f"{flags}: {len(games)} games"
        # --crash-at-ply 1 only triggers in the game where the bad engine moves at ply 1.
        if flags[0] == "--crash-at-ply":
            games = [g for g in games if g["north"] == "bad"]
        for g in games:
            bad_side = "south" if g["south"] == "bad" else "north"
            assert g["termination"] == termination, f"{flags}: {g['termination']} {g['detail']}"
            assert g["detail"].startswith(bad_side + ":"), f"{flags}: {g['detail']}"
            assert detail in g["detail"], f"{flags}: detail {g['detail']!r} lacks {detail!r}"
            winner = "north_win" if bad_side == "south" else "south_win"
            assert g["result"] == winner, f"{flags}: {g['result']}"
    assert not test_engine_processes(), f"left behind: {test_engine_processes()}"


def test_noise_does_not_stop_a_correct_engine():
    for flags in (["--garbage-before-bestmove"], ["--crlf"], ["--info-flood", "2000"],
                  ["--stderr-flood", "200000"], ["--slow-start", "300"]):
        proc = oaq("match", *engine("a", "oaq-greedy"),
                   *engine("noisy", "oaq-test-engine", "args=" + " ".join(flags)),
                   "--games", "2", "--tc", "5+0.1", "--json", check=0)
        for g in (o for o in json_lines(proc.stdout) if o["type"] == "game"):
            assert g["termination"] in ("normal", "repetition", "ply_limit"), f"{flags}: {g}"


def test_an_engine_that_ignores_quit_and_leaves_a_child_is_killed_with_its_group():
    oaq("match", *engine("a", "oaq-greedy"),
        *engine("stubborn", "oaq-test-engine", "args=--ignore-quit --spawn-child"),
        "--games", "2", "--tc", "movetime=20", check=0)
    time.sleep(0.2)
    assert not test_engine_processes(), f"left behind: {test_engine_processes()}"


def test_a_fixed_depth_search_that_never_answers_is_a_stall():
    proc = oaq("match", *engine("a", "oaq-greedy"), *engine("mute", "oaq-test-engine", "args=--hang-after-go"),
               "--games", "2", "--tc", "depth=3", "--stall-timeout", "300", "--json", check=0)
    games = [o for o in json_lines(proc.stdout) if o["type"] == "game"]
    assert len(games) == 2 and all(g["termination"] == "stall" for g in games), games
    assert all("no bestmove within 300 ms" in g["detail"] for g in games), games
    assert not test_engine_processes()


def test_time_is_enforced_with_the_margin():
    proc = oaq("match", *engine("a", "oaq-greedy"),
               *engine("slow", "oaq-test-engine", "args=--delay 300"),
               "--games", "2", "--tc", "movetime=100", "--timemargin", "50", "--json", check=0)
    games = [o for o in json_lines(proc.stdout) if o["type"] == "game"]
    assert all(g["termination"] == "time_forfeit" for g in games), games
    assert all("exceeded by" in g["detail"] for g in games), games


def test_non_standard_rules_need_the_rules_option():
    proc = oaq("match", *engine("a", "oaq-greedy"),
               *engine("plain", "oaq-test-engine", "args=--no-rules-option"),
               "--games", "2", "--rules", "village", "--tc", "movetime=20", "--json", check=0)
    games = [o for o in json_lines(proc.stdout) if o["type"] == "game"]
    assert all(g["termination"] == "protocol_violation" and "Rules" in g["detail"] for g in games), games


def test_match_prints_a_summary_with_elo():
    proc = oaq("match", *engine("greedy", "oaq-greedy"), *engine("random", "oaq-random"),
               "--games", "6", "--tc", "movetime=10", "--openings", "plies=4", "seed=3", "--json",
               check=0)
    summary = [o for o in json_lines(proc.stdout) if o["type"] == "summary"][-1]
    assert summary["finished"] and summary["games_done"] == 6
    assert summary["match"]["wins"] + summary["match"]["draws"] + summary["match"]["losses"] == 6
    assert sum(summary["match"]["pentanomial"]) == 3


# ---- the compliance checker: the first thing a bot author runs


def test_check_engine_passes_sample_engines_and_names_what_a_bad_one_does_wrong():
    # A 1 s margin: what is checked here is that the sample engines speak the protocol; under a
    # loaded CI machine a search of movetime 100 was once answered at 150 ms (the 50 ms default).
    for binary in ("oaq-random", "oaq-greedy", "oaq-alphabeta", "oaq-mcts"):
        proc = oaq("check-engine", "--time-margin", "1000", "--", os.path.join(BIN, binary),
                   timeout=120)
        assert proc.returncode == 0, f"{binary}: {proc.stdout}"
        assert "FAIL" not in proc.stdout
    python_bot = os.path.join(os.path.dirname(BIN), "..", "sample-engines", "python", "oaq_random.py")
    if not os.path.exists(python_bot):
        python_bot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                  "sample-engines", "python", "oaq_random.py")
    proc = oaq("check-engine", "--time-margin", "1000", "--", sys.executable, python_bot, timeout=120)
    assert proc.returncode == 0, proc.stdout
    proc = oaq("check-engine", "--json", "--", os.path.join(BIN, "oaq-test-engine"), "--illegal-move",
               timeout=120)
    assert proc.returncode == 1, proc.returncode
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    failed = [s for s in report["steps"] if not s["passed"]]
    assert failed and any("illegal" in (s.get("reason") or "") for s in failed), report


# ---- bad input: one clear line, exit 2, no data lost


def test_bad_input_is_one_line_and_exit_2():
    cases = [
        (["rules", "perft", "--rules", "standard,chain=maybe", "3"], "chain=maybe"),
        (["rules", "play", "1L", "7R"], "move 2"),
        (["rules", "show", "Q0,5,5 S 0+0 0+0 0 0"], "field 1"),
        (["match", "--engine", "cmd=/nonexistent/engine", "--engine", "cmd=/bin/true"], "/nonexistent/engine"),
        (["match", *engine("a", "oaq-random"), "--engine", f"cmd={BIN}/oaq-random", "colour=red"], "colour"),
        (["tournament", *engine("a", "oaq-random"), *engine("b", "oaq-greedy"), "--tc", "fast"], "fast"),
        (["tournament", *engine("a", "oaq-random"), *engine("b", "oaq-greedy"), "--frobnicate"], "frobnicate"),
    ]
    for args, needle in cases:
        proc = oaq(*args)
        assert proc.returncode == 2, f"{args}: exit {proc.returncode}"
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and needle in lines[0], f"{args}: {proc.stderr!r}"


def test_a_damaged_database_is_refused_and_left_alone():
    path = os.path.join(TMP, "damaged.db")
    with open(path, "wb") as f:
        f.write(b"this is not a database" * 100)
    before = open(path, "rb").read()
    proc = oaq("tournament", *engine("a", "oaq-random"), *engine("b", "oaq-greedy"), "--db", path)
    assert proc.returncode == 2, proc.returncode
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert open(path, "rb").read() == before


# ---- issue 5: a real tournament at concurrency 2, killed, resumed, checked game by game


def tournament_args(db, name):
    return ["tournament", *engine("random", "oaq-random"), *engine("greedy", "oaq-greedy"),
            *engine("alphabeta", "oaq-alphabeta"), *engine("mcts", "oaq-mcts"),
            "--tc", "movetime=10", "--concurrency", "2", "--rounds", "3",
            "--openings", "plies=4", "seed=11", "--db", db, "--name", name, "--json",
            "--progress", "5"]


def check_database(db, name, expected_games):
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    tid = con.execute("SELECT id FROM tournaments WHERE name = ?", (name,)).fetchone()[0]
    rows = con.execute("SELECT id, game_index, plies FROM games WHERE tournament_id = ? ORDER BY game_index",
                       (tid,)).fetchall()
    # A game's moves are one packed value (db/010_packed_moves.sql): read them as oaq exports them.
    exported = oaq("results", "export", "--json", "--db", db, "--tournament", name, check=0)
    games_json = [json.loads(line) for line in exported.stdout.splitlines()]
    stored_moves = {g["db_id"]: len(g["moves"]) for g in games_json}
    # --moves-csv: one row per move, the same values as the JSON export's moves.
    csv_text = oaq("results", "export", "--moves-csv", "--db", db, "--tournament", name, check=0).stdout
    csv_rows = list(csv.DictReader(io.StringIO(csv_text)))
    json_rows = [(g["tournament"], g["game"], g["db_id"], m) for g in games_json for m in g["moves"]]
    assert len(csv_rows) == len(json_rows), f"{len(csv_rows)} CSV moves, {len(json_rows)} in JSON"
    for row, (tournament, game, db_id, m) in zip(csv_rows, json_rows):
        score = m.get("eval") or {}
        want = {"tournament": tournament, "game": str(game), "db_id": str(db_id), "ply": str(m["ply"]),
                "side": m["side"], "move": m["move"], "time_used_us": str(m["time_used_us"]),
                "time_left_us": str(m["time_left_us"]),
                "depth": "" if m.get("depth") is None else str(m["depth"]),
                "score_kind": score.get("kind", ""),
                "score_value": "" if score.get("value") is None else str(score["value"]),
                "nodes": "" if m.get("nodes") is None else str(m["nodes"]), "pv": " ".join(m.get("pv", []))}
        assert row == want, f"moves CSV row {row} differs from the JSON move {want}"
    for game_id, index, plies in rows:
        moves = stored_moves.get(game_id)
        assert moves == plies, f"game {game_id}: {moves} moves stored, {plies} plies"
    indices = [r[1] for r in rows]
    assert len(indices) == len(set(indices)), "a game index was played twice"
    if expected_games is not None:
        assert indices == list(range(expected_games)), f"indices {indices}"
    status = con.execute("SELECT status FROM tournaments WHERE id = ?", (tid,)).fetchone()[0]
    con.close()
    return len(rows), status


def test_tournament_killed_with_sigkill_resumes_without_loss_or_repeat():
    db = os.path.join(TMP, "kill.db")
    name = "killed"
    proc = subprocess.Popen([os.path.join(BIN, "oaq"), *tournament_args(db, name)],
                            stdout=subprocess.PIPE, text=True)
    seen = 0
    for line in proc.stdout:
        if line.startswith('{"type":"game"'):
            seen += 1
            if seen == 7:
                proc.send_signal(signal.SIGKILL)
                break
    proc.wait()
    proc.stdout.close()
    stored, status = check_database(db, name, None)
    assert stored >= 7 and status == "running", (stored, status)
    # 4 engines, 3 rounds: 6 pairings x 2 colours x 3 = 36 games.
    proc = oaq("tournament", "--resume", name, "--db", db, "--json", check=0, timeout=600)
    start = json_lines(proc.stdout)[0]
    assert start["already_done"] == stored, start
    stored, status = check_database(db, name, 36)
    assert status == "finished"


def test_tournament_interrupted_with_ctrl_c_records_and_resumes():
    db = os.path.join(TMP, "sigint.db")
    name = "interrupted"
    proc = subprocess.Popen([os.path.join(BIN, "oaq"), *tournament_args(db, name)],
                            stdout=subprocess.PIPE, text=True)
    seen = 0
    out = []
    for line in proc.stdout:
        out.append(line)
        if line.startswith('{"type":"game"'):
            seen += 1
            if seen == 5:
                proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
    summary = json.loads(out[-1])
    assert summary["type"] == "summary" and not summary["finished"]
    assert "--resume interrupted" in summary["resume"]
    stored, status = check_database(db, name, None)
    assert status == "interrupted"
    oaq("tournament", "--resume", name, "--db", db, check=0, timeout=600)
    check_database(db, name, 36)
    assert not test_engine_processes()


def test_sprt_stops_at_a_verdict_and_stores_it():
    db = os.path.join(TMP, "sprt.db")
    book = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "sample-engines",
                        "openings", "balanced-3ply.txt")
    proc = oaq("match", *engine("alphabeta", "oaq-alphabeta"), *engine("greedy", "oaq-greedy"),
               "--sprt", "elo0=0", "elo1=10", "--tc", "movetime=20", "--openings", f"file={book}",
               "--db", db, "--name", "sprt", "--json", check=0, timeout=900)
    summary = [o for o in json_lines(proc.stdout) if o["type"] == "summary"][-1]
    assert summary["sprt"]["verdict"] == "H1", summary["sprt"]
    assert summary["sprt"]["llr"] >= summary["sprt"]["upper_bound"]
    listed = oaq("results", "tournaments", "--db", db, "--json", check=0)
    row = json_lines(listed.stdout)[0]
    assert "H1 accepted" in row["outcome"] and row["status"] == "finished", row


def test_gauntlet_plays_the_first_engine_against_all_others():
    db = os.path.join(TMP, "gauntlet.db")
    proc = oaq("tournament", "--format", "gauntlet", *engine("hero", "oaq-greedy"),
               *engine("r1", "oaq-random"), *engine("r2", "oaq-random", "option.Seed=5"),
               "--tc", "movetime=5", "--db", db, "--json", check=0)
    games = [o for o in json_lines(proc.stdout) if o["type"] == "game"]
    assert len(games) == 4
    assert all("hero" in (g["south"], g["north"]) for g in games)
    # Each engine is stored with its binary's hash and what it said at the handshake.
    con = sqlite3.connect(db)
    rows = con.execute("SELECT name, id_name, binary_sha256, declared_options FROM engines").fetchall()
    con.close()
    assert {r[0] for r in rows} == {"hero", "r1", "r2"}
    for name, id_name, sha, options in rows:
        assert id_name.startswith("oaq-") and len(sha) == 64 and "option name Rules" in options, (name, id_name)


# ---- issue 15: `oaq rules session` and seven-field positions (rules.md section 9); the checks
# recompute section 8 (wealth sums to T, sides alternate, a short player's shares) independently


def random_games(rules_text, count, seed):
    """Whole games (move lists) from the start, random moves, played by the Python bot's own copy
    of the rules, so the referee replays moves it did not generate."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                    "sample-engines", "python"))
    import oaq_random as bot
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
    assert report["score"] == {"south": 50, "north": 20}
    proc = oaq("rules", "show", example[:-1] + "6")
    assert proc.returncode == 2 and 'field 7 (shares), cell 10 (N5): "6"' in proc.stderr, proc.stderr



def run_test_functions(script_globals):
    """Runs every test_* function of a test script that shares this file's harness (--bin, -k):
    each in turn in one temporary directory (the script's TMP and this file's), each followed by
    the check that no engine process was left behind. Returns the exit status."""
    global BIN, TMP
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("-k", default="", help="run only tests whose name contains this")
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        TMP = script_globals["TMP"] = tmp
        for name, fn in sorted(script_globals.items()):
            if not name.startswith("test_") or not callable(fn) or args.k not in name:
                continue
            began = time.monotonic()
            try:
                fn()
                passed += 1
                print(f"PASS {name} ({time.monotonic() - began:.1f} s)", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
            left = test_engine_processes()
            if left:
                failed += 1
                print(f"FAIL {name}: engines left behind: {left}", flush=True)
        os.chmod(tmp, 0o700)  # a test may have taken its write bit away
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0

def main():
    global BIN, TMP
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("-k", default="", help="run only tests whose name contains this")
    args = parser.parse_args()
    BIN = os.path.abspath(args.bin)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        TMP = tmp
        for name, fn in sorted(globals().items()):
            if not name.startswith("test_") or not callable(fn) or name == "test_engine_processes":
                continue
            if args.k not in name:
                continue
            start = time.monotonic()
            try:
                fn()
                passed += 1
                print(f"PASS {name} ({time.monotonic() - start:.1f} s)", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
