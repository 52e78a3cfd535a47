#!/usr/bin/env python3
"""Issue 30's instrument in smoke mode, with the real binaries:

  python3 tests/integration/gauntlet_test.py --bin build/bin --root .

- bench/gauntlet/gauntlet.py --smoke plays oaq-reference against oaq-alphabeta, oaq-mcts and
  oaq-sparring, reports each pair's pentanomial and Elo as the referee's match summary gives them,
  with the command that played it; twice gives the same games (node limits, no clock);
- its bad arguments are one line and exit 2; an option reaches the reference alone; SIGTERM stops
  its match (stored as interrupted, resumable) and leaves no process; --report prints stored runs
  exactly as they were printed when played;
- sample-engines/openings/make_close_book.py --smoke under standard, stop-after-capture and
  tg-standard writes a book whose header names the maker and the criterion, whose every line is
  legal under those rules and keeps the game going, and the same arguments give the same book;
  its quick filter plays only the lines a fixed-depth search scores within its bound; its
  balanced walks take at every ply a move within --walk-cp of the most even;
- the interval by opening counts each opening line once: playing the book again does not narrow it;
- the losses seen late: which engine's score saw each loss first, those the reference read 3 or
  more plies late listed with a `position` command of that moment, losses by a failure left out;
  bench/gauntlet/misreadings.py searches those positions again, each as the game reached it.
"""
import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import traceback

BIN = ROOT = None


def gauntlet_argv(*args):
    return [sys.executable, os.path.join(ROOT, "bench", "gauntlet", "gauntlet.py"), "--bin", BIN,
            *args]


def gauntlet(*args):
    return subprocess.run(gauntlet_argv(*args), capture_output=True, text=True, timeout=300,
                          cwd=ROOT)


def test_the_gauntlet_smoke_reports_every_opponent_deterministically():
    first = gauntlet("--smoke", "--json")
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["book"].endswith(".txt") and report["tc"] == "nodes=300", report
    names = [r["opponent"] for r in report["results"]]
    assert names == ["oaq-alphabeta", "oaq-mcts", "oaq-sparring"], names
    for r in report["results"]:
        assert r["games"] == 4 and r["wins"] + r["draws"] + r["losses"] == 4, r
        assert sum(r["pentanomial"]) == 2 and len(r["pentanomial"]) == 5, r
        assert r["failures"] == {}, r  # no engine failed: no time forfeit, no crash
        assert set(r["ends"]) <= {"normal", "repetition", "ply_limit"}, r
        assert sum(r["ends"].values()) == 4, r
        assert f"cmd={BIN}/oaq-reference" in r["command"] and "--games 4" in r["command"], r
        assert r["opponent"] in r["command"] and "--json" not in r["command"], r
        # Duplicate scoring, recomputed from the games of the printed command: per pair of one
        # opening, the reference's citizens minus the opponent's over both games.
        played = subprocess.run(shlex.split(r["command"]) + ["--json"], capture_output=True,
                                text=True, timeout=300, cwd=ROOT)
        games = [json.loads(l) for l in played.stdout.splitlines() if '"type":"game"' in l]
        assert len(games) == 4, played.stderr
        sums = {}
        for g in games:
            me = "south" if g["south"] == "reference" else "north"
            them = "north" if me == "south" else "south"
            key = (g["game"] - 1) // 2
            sums[key] = sums.get(key, 0) + g["score"][me] - g["score"][them]
        m = r["margin"]
        assert m["pairs"] == 2, m
        assert (m["ahead"], m["level"], m["behind"]) == (
            sum(v > 0 for v in sums.values()), sum(v == 0 for v in sums.values()),
            sum(v < 0 for v in sums.values())), (m, sums)
        assert abs(m["mean"] - sum(sums.values()) / 2) < 0.01, (m, sums)
        # By opening: one observation per opening line, the reference's mean points there.
        o = r["by_opening"]
        per = {}
        for g in games:
            me = "south" if g["south"] == "reference" else "north"
            per.setdefault(g["opening"], []).append(
                0.5 if g["result"] == "draw" else float(g["result"] == f"{me}_win"))
        assert o["openings"] == len(per) and o["cells"] == 4, (o, per)
        assert o["distinct_games"] == 4, o  # four games, each its own opening and colour
        if len(per) >= 2:
            assert abs(o["score"] - sum(sum(v) / len(v) for v in per.values()) / len(per)) < 1e-3
    second = json.loads(gauntlet("--smoke", "--json").stdout)
    # The same games; only the speeds (wall time of each search) may differ.
    for r in report["results"] + second["results"]:
        speed = r.pop("speed")
        assert set(speed) == {"reference", r["opponent"][4:]}, speed
        assert all(s["depth"] and s["depth"] > 0 for s in speed.values()), speed
    assert second == report


def test_the_gauntlet_reports_stored_runs_as_it_played_them():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "g.db")
        played = gauntlet("--smoke", "--json", "--db", db, "--tag", "t", "--opponents",
                          "alphabeta,sparring")
        assert played.returncode == 0, played.stderr
        again = gauntlet("--smoke", "--json", "--db", db, "--tag", "t", "--opponents",
                         "alphabeta,sparring", "--report")
        assert again.returncode == 0, again.stderr
        assert json.loads(again.stdout) == json.loads(played.stdout), (again.stdout,
                                                                      played.stdout)
        missing = gauntlet("--smoke", "--db", db, "--tag", "other", "--report")
        assert missing.returncode == 1 and len(missing.stderr.strip().splitlines()) == 1
        assert "gauntlet-other-alphabeta-standard-nodes=300" in missing.stderr, missing.stderr


def test_the_gauntlet_prints_a_table_and_the_commands():
    proc = gauntlet("--smoke", "--opponents", "sparring", "--rules", "tg-standard")
    assert proc.returncode == 0, proc.stderr
    assert "| oaq-sparring | 4 |" in proc.stdout, proc.stdout
    assert "deep-5ply-tg-standard.txt" in proc.stdout, proc.stdout
    assert "oaq match --engine name=reference" in proc.stdout, proc.stdout
    assert "losses seen late" not in proc.stdout, proc.stdout
    late = gauntlet("--smoke", "--opponents", "sparring", "--late-losses")
    assert late.returncode == 0, late.stderr
    assert "losses seen late (--late-losses)" in late.stdout, late.stdout
    assert "\n| oaq-sparring | " in late.stdout.split("losses seen late")[1], late.stdout
    # Under standard the default book is the one even at depth 26.
    proc = gauntlet("--smoke", "--opponents", "sparring")
    assert proc.returncode == 0, proc.stderr
    assert "openings/deeper-5ply.txt" in proc.stdout, proc.stdout


def test_an_option_reaches_the_reference_in_every_game():
    # The hand weights (sample-engines/README.md) in place of the fitted ones: the printed command
    # gives them to oaq-reference, not to its opponent, and the games change with them.
    weights = {"material": 100, "board": 50, "board_no_piece": 30, "board_one_piece": 10,
               "empty_squares": 0, "singletons": 0, "big_squares": 0, "tempo": 0,
               "refill_soon": -50, "open_mandarin": 0, "mandarin_citizens": 0, "my_threat": 20,
               "their_threat": -40}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hand.txt")
        with open(path, "w") as f:
            f.write("".join(f"{k} {v}\n" for k, v in weights.items()))
        args = ("--smoke", "--json", "--opponents", "alphabeta")
        shipped = json.loads(gauntlet(*args).stdout)["results"][0]
        proc = gauntlet(*args, "--option", f"EvalFile={path}")
        assert proc.returncode == 0, proc.stderr
        hand = json.loads(proc.stdout)["results"][0]
        words = shlex.split(hand["command"])
        at = words.index(f"option.EvalFile={path}")
        assert words[at - 1] == f"cmd={BIN}/oaq-reference", words
        assert words.count(f"option.EvalFile={path}") == 1, words
        assert hand["failures"] == {}, hand
        assert (hand["pentanomial"], hand["margin"], hand["plies"]) != (
            shipped["pentanomial"], shipped["margin"], shipped["plies"]), (hand, shipped)


def test_an_interrupted_gauntlet_stops_its_match():
    # SIGTERM to the gauntlet, or SIGINT to its whole process group as a terminal's Ctrl-C sends
    # it, reaches its `oaq match` once: the run is stored as interrupted with the games played so
    # far, the gauntlet says how to resume it and exits by the signal, and no process of the
    # match is left.
    for sig, group in ((signal.SIGTERM, False), (signal.SIGINT, True)):
        interrupt_gauntlet(sig, group)


def interrupt_gauntlet(sig, group):
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "gauntlet.db")
        proc = subprocess.Popen(gauntlet_argv("--opponents", "alphabeta", "--games", "200",
                                              "--tc", "movetime=50", "--concurrency", "1",
                                              "--db", db, "--tag", "t"),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                cwd=ROOT, start_new_session=True)
        deadline = time.monotonic() + 60
        while not os.path.exists(db) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)  # a few games
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == -sig, (sig, proc.returncode, err)
        name = "gauntlet-t-alphabeta-standard-movetime=50"
        last = err.strip().splitlines()[-1]
        # The referee stopped as it does on one signal (exit 128 + the signal), not at once as on
        # a second one (killed by the signal, the run left "running").
        assert f"`oaq match` stopped (exit {128 + sig})" in last, (sig, err)
        assert f"oaq match --resume {name} --db {db}" in last, err
        time.sleep(0.5)
        left = []
        for pid in os.listdir("/proc"):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if db.encode() in f.read():
                        left.append(pid)
            except OSError:
                continue
        assert not left, left
        stored = subprocess.run([os.path.join(BIN, "oaq"), "results", "tournaments", "--db", db,
                                 "--json"], capture_output=True, text=True)
        run = json.loads(stored.stdout.splitlines()[0])
        assert run["tournament"] == name and run["status"] == "interrupted", (sig, run, err)
        assert run["games"] < 200 and run["planned"] == 200, run


def test_the_gauntlet_refuses_bad_arguments_in_one_line():
    for args, needle in ((["--opponents", "greedy"], "greedy"), (["--games", "3"], "--games 3"),
                         (["--option", "EvalFile"], "--option EvalFile"),
                         (["--book", "/nonexistent/book.txt"], "/nonexistent/book.txt")):
        proc = gauntlet(*args)
        assert proc.returncode == 2, (args, proc.returncode)
        last = proc.stderr.strip().splitlines()[-1]
        assert needle in last, (args, proc.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        foreign = os.path.join(tmp, "foreign.log")
        with open(foreign, "w") as f:
            f.write("1L 1L 2L 2L 4L\tcp 142\tcp 0\t25\tkept\n1L 1L 2L 2R 2L\tcp 53\t+3\n")
        for args, needle in ((["--line-scores", os.path.join(tmp, "none.log")], "none.log"),
                             (["--line-scores", foreign], "foreign.log:2: deep score '+3'"),
                             (["--line-scores", gauntlet_module().__file__], "no line with")):
            proc = gauntlet(*args)
            assert proc.returncode == 2, (args, proc.returncode, proc.stderr)
            lines = proc.stderr.strip().splitlines()
            assert needle in lines[-1] and "--line-scores" in lines[-1], (args, proc.stderr)
            assert not proc.stdout, proc.stdout  # refused before any game


def gauntlet_module():
    sys.path.insert(0, os.path.join(ROOT, "bench", "gauntlet"))
    import gauntlet as module  # noqa: E402 (the script under test, from the tree given)
    return module


def synthetic_game(number, opening, reference_south, result, plies=2):
    return {"game": number, "opening": opening, "result": result, "plies": plies,
            "south": "reference" if reference_south else "other",
            "north": "other" if reference_south else "reference",
            "moves": [{"move": "1L"}, {"move": opening[-2:]}]}


def test_playing_the_book_again_does_not_narrow_the_interval_by_opening():
    g = gauntlet_module()
    # Six openings, each a colour-swapped pair with one result per colour, as deterministic
    # engines play them: the book once, then the same games four times over.
    results = [("south_win", "north_win"), ("south_win", "south_win"), ("draw", "north_win"),
               ("south_win", "draw"), ("draw", "draw"), ("north_win", "north_win")]
    once = []
    for i, (first, second) in enumerate(results):
        opening = f"{i + 1}L {i % 5 + 1}R"
        once += [synthetic_game(2 * i + 1, opening, True, first),
                 synthetic_game(2 * i + 2, opening, False, second)]
    four = [dict(x, game=x["game"] + 12 * k) for k in range(4) for x in once]
    a, b = g.by_opening(once), g.by_opening(four)
    assert a["openings"] == b["openings"] == 6 and a["distinct_games"] == 12, (a, b)
    assert b["distinct_games"] == 12 and b["cells_varying"] == 0, b
    assert (a["score"], a["elo"], a["elo_error"]) == (b["score"], b["elo"], b["elo_error"]), (a, b)
    # the reference's points per opening: 1, 0.5, 0.75, 0.75, 0.5, 0.5 (mean 2/3)
    assert abs(a["score"] - 4 / 6) < 1e-3 and a["elo"] > 0 and a["elo_error"] > 50, a
    # A result that changes between repeats is counted.
    changed = four[:-1] + [dict(four[-1], result="north_win" if four[-1]["result"] != "north_win"
                                else "draw")]
    assert g.by_opening(changed)["cells_varying"] == 1


def test_the_split_by_line_score_counts_each_game_in_its_lines_class():
    g = gauntlet_module()
    scores = {"1L 1R": "cp 0", "2L 2R": "cp -57", "3L 3R": "mate 4"}
    games = [synthetic_game(1, "1L 1R", True, "draw", 10),
             synthetic_game(2, "1L 1R", False, "north_win", 20),
             synthetic_game(3, "2L 2R", True, "north_win", 30),
             synthetic_game(4, "2L 2R", False, "draw", 40),
             synthetic_game(5, "3L 3R", True, "south_win", 50),
             synthetic_game(6, "3L 3R", False, "south_win", 60),
             synthetic_game(7, "4L 4R", True, "south_win", 70)]
    split = g.by_line_score(games, scores)
    assert list(split) == ["drawn", "live", "unscored"], split
    drawn, live, unscored = split["drawn"], split["live"], split["unscored"]
    assert (drawn["lines"], drawn["games"], drawn["wins"], drawn["draws"], drawn["losses"]) == (
        1, 2, 1, 1, 0), drawn
    assert drawn["plies"] == 15 and drawn["score"] == 0.75 and drawn["elo"] is None, drawn
    # -57 and a mate are both alive: 0 + 1/2 + 1 + 0 over four games
    assert (live["lines"], live["games"], live["wins"], live["draws"], live["losses"]) == (
        2, 4, 1, 1, 2), live
    assert live["plies"] == 45 and live["score"] == 0.375 and live["elo"] < 0, live
    assert (unscored["games"], unscored["wins"], unscored["plies"]) == (1, 1, 70), unscored
    assert "unscored" not in g.by_line_score(games[:6], scores)


def test_the_gauntlet_splits_its_games_by_the_book_makers_scores():
    book = [l.strip() for l in open(os.path.join(ROOT, "sample-engines", "openings",
                                                 "deeper-5ply.txt"))
            if l.strip() and not l.startswith("#")]
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "maker.log")
        with open(log, "w") as f:  # as make_deep_book.py writes it, a quick-filtered row too
            f.write(f"{book[0]}\tcp 142\tcp 0\t25\tnorth_win 28-42\tkept\n"
                    f"{book[1]}\tcp 53\tcp -120\t51\tnorth_win 27-43\tkept\n"
                    f"{book[2]}\tcp 1405\n")
        proc = gauntlet("--smoke", "--json", "--opponents", "alphabeta", "--line-scores", log)
        assert proc.returncode == 0, proc.stderr
        r = json.loads(proc.stdout)["results"][0]
        split = r["by_line_score"]
        # The smoke's four games are the book's first two lines, each from both sides.
        assert list(split) == ["drawn", "live"], split
        assert split["drawn"]["lines"] == split["live"]["lines"] == 1, split
        assert split["drawn"]["games"] == split["live"]["games"] == 2, split
        for key in ("wins", "draws", "losses"):
            assert split["drawn"][key] + split["live"][key] == r[key], (key, split, r)
        text = gauntlet("--smoke", "--opponents", "alphabeta", "--line-scores", log)
        assert text.returncode == 0, text.stderr
        assert "| oaq-alphabeta drawn | 1 | 2 |" in text.stdout, text.stdout
        assert "| oaq-alphabeta live | 1 | 2 |" in text.stdout, text.stdout
        plain = json.loads(gauntlet("--smoke", "--json", "--opponents", "alphabeta").stdout)
        assert "by_line_score" not in plain["results"][0], plain


def scored_game(number, reference_south, result, evals, termination="normal",
                opening="1L 2R", start="startpos-string"):
    """A game whose moves carry the engines' scores: evals[i] is ply i + 1's score (cp, or
    ("mate", n)) from the side to move's view; South moves first."""
    moves = []
    for i, e in enumerate(evals):
        kind, value = e if isinstance(e, tuple) else ("cp", e)
        moves.append({"ply": i + 1, "side": "south" if i % 2 == 0 else "north",
                      "move": f"{i % 5 + 1}{'LR'[i % 2]}", "eval": {"kind": kind, "value": value},
                      "pv": [f"{i % 5 + 1}{'LR'[i % 2]}", "5L"]})
    return {"game": number, "opening": opening, "start_position": start, "result": result,
            "termination": termination, "plies": len(evals), "score": {"south": 30, "north": 40},
            "south": "reference" if reference_south else "other",
            "north": "other" if reference_south else "reference", "moves": moves}


def test_late_losses_say_which_engine_saw_each_loss_first():
    g = gauntlet_module()
    games = [
        # The opponent (north) reads +3.5 at ply 2; the reference reads 0 at ply 3 and -4 at
        # ply 5: three plies late, reading 0 at its next move.
        scored_game(1, True, "north_win", [0, 350, 0, 500, -400, 900]),
        # The reference (north) reads -3.5 at ply 2, before the opponent's +4 at ply 3.
        scored_game(2, False, "south_win", [100, -350, 400, -500]),
        # Seen one ply late: the reference's next move reads it.
        scored_game(3, True, "north_win", [0, 300, -300, 600]),
        # Neither reads it: +2 and -2 at most.
        scored_game(4, True, "north_win", [-200, 200, -100, 150]),
        # The opponent (south) sees a mate at once, the reference never: from a position string.
        scored_game(5, False, "south_win", [("mate", 3), 50, ("mate", 2), 20],
                    opening="Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0",
                    start="Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0"),
        # Not counted: a loss by a failure, a win, a draw.
        scored_game(6, True, "north_win", [0, 900, 0], termination="time_forfeit"),
        scored_game(7, True, "south_win", [0, 900, 0, 900]),
        scored_game(8, True, "draw", [0, 900, 0, 900]),
    ]
    late = g.late_losses(games)
    assert (late["losses"], late["opponent_first"], late["reference_first"], late["unseen"]) == (
        5, 3, 1, 1), late
    assert (late["late"], late["late_reading_zero"]) == (2, 1), late
    first, second = late["positions"]
    assert (first["game"], first["ply"], first["late"]) == (1, 3, 3), first
    assert (first["reference_move"], first["reference_score"], first["opponent_score"]) == (
        "3L", 0, 350), first
    assert first["position"] == "position startpos moves 1L 2R 1L 2R", first
    assert first["opponent_line"] == ["2R", "5L"], first
    assert (second["game"], second["ply"], second["late"]) == (5, 2, None), second
    assert second["reference_score"] == 50 and second["opponent_score"] == 100000, second
    assert second["position"] == ("position fen Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0 "
                                  "moves 1L"), second
    # At four citizens game 2's reference reads its loss only after the opponent's +4.
    higher = g.late_losses(games, threshold=400)
    assert (higher["opponent_first"], higher["reference_first"], higher["unseen"]) == (4, 0, 1)


def misreadings(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gauntlet",
                                                        "misreadings.py"), "--bin", BIN, *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_misreadings_searches_the_late_positions_again():
    late = [{"position": "position startpos moves 1L 5R 1L 3R 4L 4L 2R", "ply": 3,
             "reference_score": 0},
            {"position": "position startpos moves 2L 1L 5L 2R 1R 3L", "ply": 1,
             "reference_score": 0}]

    def report(positions):
        return {"results": [{"opponent": "oaq-alphabeta",
                             "late_losses": {"positions": positions}}]}

    with tempfile.TemporaryDirectory() as tmp:
        first, second = os.path.join(tmp, "a.json"), os.path.join(tmp, "b.json")
        with open(first, "w") as f:
            json.dump(report(late), f)
        with open(second, "w") as f:  # the same first position again: searched once
            json.dump(report(late[:1]), f)
        proc = misreadings("--depth", "6", "--json", first, second)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["positions"] == 2 and [r["position"] for r in out["rows"]] == [
            p["position"] for p in late], out
        # Each as a game reaches it: the first after the reference's previous position (two
        # plies before, the table carried over), the second from a fresh game.
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        from book_lines import Engine  # noqa: E402
        misreadings_module = os.path.join(ROOT, "bench", "gauntlet")
        sys.path.insert(0, misreadings_module)
        import misreadings as m  # noqa: E402
        engine = Engine([os.path.join(BIN, "oaq-reference")])
        try:
            engine.send("uginewgame")
            m.search(engine, "position startpos moves 1L 5R 1L 3R 4L", 6)
            carried = m.search(engine, late[0]["position"], 6)
            engine.send("uginewgame")
            fresh = m.search(engine, late[1]["position"], 6)
        finally:
            engine.quit()
        assert [(r["score"], r["nodes"]) for r in out["rows"]] == [carried, fresh], (out,
                                                                                    carried, fresh)
        scores = [carried[0], fresh[0]]
        assert out["reads_loss"] == sum(x <= -300 for x in scores), out
        assert out["reads_zero"] == sum(x == 0 for x in scores), out
        assert out["nodes"] == carried[1] + fresh[1], out
        # An option reaches the engine: without pruning or reductions it searches more nodes.
        full = json.loads(misreadings("--depth", "6", "--json", "--option", "Pruning=false",
                                      "--option", "Reductions=false", first).stdout)
        assert full["nodes"] > out["nodes"] and full["options"] == [
            "Pruning=false", "Reductions=false"], (full, out)
        text = misreadings("--depth", "6", "--list", first)
        assert text.returncode == 0 and "defaults at depth 6: 2 positions" in text.stdout, text
        assert late[1]["position"] in text.stdout, text.stdout
        # Bad input: one line naming it, exit 2.
        with open(os.path.join(tmp, "empty.json"), "w") as f:
            json.dump(report([]), f)
        for args, needle in (([first, "--option", "NoSuch=1"], "NoSuch"),
                             ([os.path.join(ROOT, "README.md")], "README.md: not a gauntlet"),
                             ([os.path.join(tmp, "none.json")], "none.json"),
                             ([os.path.join(tmp, "empty.json")], "no late position"),
                             ([first, "--depth", "0"], "--depth 0")):
            bad = misreadings(*args)
            lines = bad.stderr.strip().splitlines()
            assert bad.returncode == 2 and needle in lines[-1], (args, bad.stderr)
            assert not bad.stdout, bad.stdout


def make_close(rules, out):
    return subprocess.run([sys.executable,
                           os.path.join(ROOT, "sample-engines", "openings", "make_close_book.py"),
                           "--oaq", os.path.join(BIN, "oaq"), "--engine",
                           os.path.join(BIN, "oaq-reference"), "--rules", rules, "--smoke",
                           "--out", out], capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_the_close_book_maker_smoke_under_each_rule_set():
    with tempfile.TemporaryDirectory() as tmp:
        for rules in ("standard", "stop-after-capture", "tg-standard"):
            out = os.path.join(tmp, f"close-{rules}.txt")
            proc = make_close(rules, out)
            assert proc.returncode == 0, proc.stderr
            with open(out) as f:
                text = f.read()
            header = [l for l in text.splitlines() if l.startswith("#")]
            assert header and "make_close_book.py" in header[0] and f"--rules {rules}" in header[0]
            assert any("kept:" in l for l in header), header
            lines = [l.split() for l in text.splitlines() if l and not l.startswith("#")]
            assert lines, (rules, text, proc.stderr)
            # The criterion separates: some of the 8 candidates are kept, some are not.
            rows = [r.split("\t") for r in proc.stderr.splitlines() if "\t" in r]
            assert len(rows) == 8, proc.stderr
            assert [" ".join(l) for l in lines] == [r[0] for r in rows if r[-1] == "kept"]
            assert 1 <= len(lines) < 8, proc.stderr
            for line in lines:
                played = subprocess.run([os.path.join(BIN, "oaq"), "rules", "play", "--json",
                                         "--rules", rules, *line], capture_output=True, text=True)
                assert played.returncode == 0 and not json.loads(played.stdout)["over"], line
            again = os.path.join(tmp, "again.txt")
            assert make_close(rules, again).returncode == 0
            with open(again) as f:
                assert f.read() == text, rules


def test_the_close_book_makers_quick_filter_plays_only_lines_within_its_bound():
    proc = subprocess.run([sys.executable,
                           os.path.join(ROOT, "sample-engines", "openings", "make_close_book.py"),
                           "--oaq", os.path.join(BIN, "oaq"), "--engine",
                           os.path.join(BIN, "oaq-reference"), "--rules", "stop-after-capture",
                           "--plies", "3", "--sample", "8", "--seed", "2", "--quick-depth", "4",
                           "--quick-cp", "800", "--tc", "depth=3", "--max-diff", "200",
                           "--min-plies", "1"], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
    rows = [r.split("\t") for r in proc.stderr.splitlines() if "\t" in r]
    assert len(rows) == 8, proc.stderr
    played = 0
    for row in rows:
        kind, value = row[1].split()
        within = kind == "cp" and abs(int(value)) <= 800
        assert (len(row) >= 4) == within, row  # two game cells exactly when within the bound
        played += within
    assert 0 < played < 8, proc.stderr
    assert "--quick-depth 4 --quick-cp 800" in proc.stdout.splitlines()[0], proc.stdout


def test_the_close_book_makers_walks_take_moves_near_the_most_even():
    args = ["--oaq", os.path.join(BIN, "oaq"), "--engine", os.path.join(BIN, "oaq-reference"),
            "--rules", "standard", "--plies", "3", "--walk", "3", "--walk-depth", "4",
            "--walk-cp", "150", "--seed", "3", "--tc", "depth=2", "--max-diff", "200",
            "--min-plies", "1"]
    maker = os.path.join(ROOT, "sample-engines", "openings", "make_close_book.py")
    proc = subprocess.run([sys.executable, maker, *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    rows = [r.split("\t") for r in proc.stderr.splitlines() if "\t" in r]
    assert len(rows) == 3 and len({r[0] for r in rows}) == 3, proc.stderr
    assert "--walk 3 --walk-depth 4 --walk-cp 150 --seed 3" in proc.stdout.splitlines()[0]
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    from book_lines import Engine, legal_moves  # noqa: E402
    engine = Engine([os.path.join(BIN, "oaq-reference")])
    try:
        for row in rows:
            line = row[0].split()
            for ply in range(len(line)):
                off = {}
                for m in legal_moves(os.path.join(BIN, "oaq"), line[:ply]):
                    kind, value = engine.score(line[:ply] + [m], "depth 4")
                    off[m] = abs(value) if kind == "cp" and value != 0 else float("inf")
                assert off[line[ply]] <= min(off.values()) + 150, (line, ply, off)
    finally:
        engine.quit()
    again = subprocess.run([sys.executable, maker, *args], capture_output=True, text=True,
                           timeout=300, cwd=ROOT)
    assert again.stdout == proc.stdout, (again.stdout, proc.stdout)


def main():
    global BIN, ROOT
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    args = ap.parse_args()
    BIN, ROOT = os.path.abspath(args.bin), os.path.abspath(args.root)
    failed = 0
    for name, fn in sorted(globals().items()):
        if name.startswith("test_") and callable(fn):
            try:
                fn()
                print(f"PASS {name}")
            except Exception:  # noqa: BLE001 (report every test, then fail)
                failed += 1
                print(f"FAIL {name}")
                traceback.print_exc()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
