#!/usr/bin/env python3
"""Integration tests of issue 11, "results you can trust at the edges": the real oaq binary tried
the way a hostile engine, an impatient user and a broken machine would.

Signals at every state of a run (handshake, ready, search, between games) abort and replay, never
blame an engine; a resumed run plays game by game what the uninterrupted run plays; numbers at
their limits, bad paths and failed checks are refused before anything is written; a fatal error
leaves the run interrupted with a resume command a shell reads back; all JSON is valid UTF-8;
concurrent processes wait for locks and a second process on one run is refused up front. After
every test no engine process started by this script is left (an environment marker, as in
referee_test.py). Standard library only; run as referee_test.py: --bin DIR [-k NAME].
"""
import json
import os
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import referee_test as base  # noqa: E402  (its oaq(), engine(), json_lines() and leak check)

TMP = None
engine = base.engine
json_lines = base.json_lines


def oaq(*args, **kwargs):
    return base.oaq(*args, **kwargs)


def oaq_path():
    return os.path.join(base.BIN, "oaq")


def misbehaving_engine():
    return os.path.join(base.BIN, "oaq-test-engine")


def no_engine_left():
    time.sleep(0.1)  # a killed group is reaped by the referee as it goes
    left = base.test_engine_processes()
    assert not left, f"left behind: {left}"


def fresh_db(name):
    path = os.path.join(TMP, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def query(db, sql, *params):
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def games_of(db, name):
    return query(db, "SELECT g.game_index, g.termination, g.detail FROM games g JOIN tournaments t"
                     " ON t.id = g.tournament_id WHERE t.name = ? ORDER BY g.game_index", name)


def status_of(db, name):
    rows = query(db, "SELECT status FROM tournaments WHERE name = ?", name)
    return rows[0][0] if rows else None


def start(args, **kwargs):
    return subprocess.Popen([oaq_path(), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kwargs)


def wait_for_line(proc, prefix, timeout=60):
    """Reads proc's stdout until a line starts with prefix; returns the lines read."""
    lines = []
    deadline = time.monotonic() + timeout
    for line in proc.stdout:
        lines.append(line)
        if line.startswith(prefix) or time.monotonic() > deadline:
            break
    return lines


# ---- item 2: a signal at every state of a run is never an engine's fault

STATES = [
    # state, the slow engine's flags, the time control, when to send the signal (s after the start)
    ("handshake", "--slow-start 3000", "movetime=10", 0.5),
    ("ready", "--no-readyok", "movetime=10", 0.5),
    ("search", "--delay 3000", "movetime=5000", 0.8),
]


def signal_run(db, name, flags, tc, sig, after):
    args = ["tournament", *engine("slow", "oaq-test-engine", "args=" + flags),
            *engine("quick", "oaq-test-engine"), "--tc", tc, "--db", db, "--name", name, "--json"]
    proc = start(args)
    began = wait_for_line(proc, '{"type":"start"')  # the first game starts now
    time.sleep(after)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, json_lines("".join(began) + out), err


def test_a_signal_during_handshake_ready_or_search_aborts_the_game_and_blames_no_engine():
    for state, flags, tc, after in STATES:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            db = fresh_db(f"signal-{state}-{sig.name}.db")
            name = f"{state}-{sig.name}"
            code, events, err = signal_run(db, name, flags, tc, sig, after)
            where = f"{state}, {sig.name}"
            assert code == 128 + sig, f"{where}: exit {code} {err}"
            games = [e for e in events if e["type"] == "game"]
            assert games and all(g["termination"] == "aborted" for g in games), f"{where}: {games}"
            assert all(g["result"] == "ongoing" for g in games), where
            summary = events[-1]
            assert summary["type"] == "summary" and not summary["finished"], f"{where}: {summary}"
            assert f"--resume {name} --db" in summary["resume"], summary
            assert games_of(db, name) == [], f"{where}: {games_of(db, name)}"
            assert status_of(db, name) == "interrupted", where
            assert query(db, "SELECT count(*) FROM run_locks") == [(0,)], where
            no_engine_left()


def test_the_game_a_signal_aborted_is_played_again_on_resume():
    for state, flags, tc, after in STATES[:1]:
        db = fresh_db(f"replay-{state}.db")
        name = f"replay-{state}"
        code, _, _ = signal_run(db, name, flags, tc, signal.SIGINT, after)
        assert code == 130
        proc = oaq("tournament", "--resume", name, "--db", db, "--json", timeout=120, check=0)
        start_event = json_lines(proc.stdout)[0]
        assert start_event["already_done"] == 0, start_event
        stored = games_of(db, name)
        assert [g[0] for g in stored] == [0, 1], stored
        assert all(g[1] not in ("crash", "stall", "aborted") for g in stored), stored
        assert status_of(db, name) == "finished"
        no_engine_left()


def test_a_signal_between_games_leaves_only_whole_games_and_resume_completes():
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        db = fresh_db(f"between-{sig.name}.db")
        name = f"between-{sig.name}"
        proc = start(["tournament", *engine("a", "oaq-test-engine"), *engine("b", "oaq-test-engine"),
                      *engine("c", "oaq-random"), "--rounds", "20", "--tc", "movetime=5",
                      "--concurrency", "2", "--db", db, "--name", name, "--json"])
        wait_for_line(proc, '{"type":"game"')
        proc.send_signal(sig)
        proc.communicate(timeout=60)
        assert proc.returncode == 128 + sig, proc.returncode
        stored = games_of(db, name)
        assert all(g[1] in ("normal", "repetition", "ply_limit") for g in stored), stored
        assert status_of(db, name) == "interrupted"
        oaq("tournament", "--resume", name, "--db", db, timeout=300, check=0)
        assert [g[0] for g in games_of(db, name)] == list(range(120))
        no_engine_left()


def test_check_engine_and_play_leave_no_engine_behind_on_a_signal():
    env = dict(os.environ, OAQ_TEST_MARK=base.MARK)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        proc = subprocess.Popen([oaq_path(), "check-engine", "--", misbehaving_engine(),
                                 "--slow-start", "5000", "--ignore-quit"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(0.5)
        proc.send_signal(sig)
        proc.communicate(timeout=30)
        assert proc.returncode == -sig, f"check-engine {sig.name}: {proc.returncode}"
        no_engine_left()
        proc = subprocess.Popen([oaq_path(), "play", *engine("bot", "oaq-test-engine",
                                                             "args=--ignore-quit"), "--as", "south"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        time.sleep(0.5)  # the engine has started; the person is asked for a move
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=30)
        # play says the game was interrupted (aborted, never a loss), then exits 128+N.
        assert proc.returncode == 128 + sig, f"play {sig.name}: {proc.returncode}"
        assert b"Game interrupted by " in out, out[-300:]
        no_engine_left()


def test_play_at_the_end_of_its_input_aborts_without_a_winner():
    proc = subprocess.run([oaq_path(), "play", *engine("bot", "oaq-test-engine")], input="",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr  # an unfinished game is not a success
    assert "aborted" in proc.stdout and "no result" in proc.stdout, proc.stdout
    assert "win" not in proc.stdout.split("aborted")[-1], proc.stdout
    # `quit` is a resignation (issue 13): a loss of the person, never an abort.
    proc = subprocess.run([oaq_path(), "play", *engine("bot", "oaq-test-engine"), "--as", "north"],
                          input="quit\n", capture_output=True, text=True, timeout=60)
    assert "no result" not in proc.stdout and \
        "Game over: the engine wins (you resigned)" in proc.stdout, proc.stdout
    no_engine_left()


# ---- item 3: a resumed run is the uninterrupted run, game by game


def run_games(db, name):
    return query(db, "SELECT g.game_index, g.pair_index, g.round, s.name, n.name, g.opening,"
                     " g.start_position FROM games g JOIN tournaments t ON t.id = g.tournament_id"
                     " JOIN engines s ON s.id = g.south_engine_id"
                     " JOIN engines n ON n.id = g.north_engine_id"
                     " WHERE t.name = ? ORDER BY g.game_index", name)


def test_an_interrupted_and_resumed_run_plays_every_game_as_the_uninterrupted_one():
    def run_args(db, name, *extra):
        return ["tournament", *engine("a", "oaq-random"), *engine("b", "oaq-greedy"),
                *engine("c", "oaq-test-engine"), "--rounds", "4", "--openings", "plies=4",
                "--tc", "movetime=5", "--concurrency", "2", "--db", db, "--name", name, "--json",
                *extra]

    whole_db = fresh_db("whole.db")
    oaq(*run_args(whole_db, "whole"), timeout=300, check=0)  # no seed=: a drawn one, stored
    seed = query(whole_db, "SELECT seed FROM tournaments")[0][0] % 2**64
    whole = run_games(whole_db, "whole")
    assert len(whole) == 24 and len({g[5] for g in whole}) > 1, whole

    for stop in (signal.SIGINT, signal.SIGKILL):
        cut_db = fresh_db(f"cut-{stop.name}.db")
        proc = start(run_args(cut_db, "cut", "--seed", str(seed)))
        seen = 0
        for line in proc.stdout:
            seen += line.startswith('{"type":"game"')
            if seen == 5:
                proc.send_signal(stop)
                break
        proc.communicate(timeout=60)
        assert len(run_games(cut_db, "cut")) < 24
        oaq("tournament", "--resume", "cut", "--db", cut_db, "--concurrency", "3", timeout=300,
            check=0)
        cut = run_games(cut_db, "cut")
        assert cut == whole, (stop.name, [(a, b) for a, b in zip(whole, cut) if a != b][:3])
        fingerprints = {query(d, "SELECT fingerprint FROM tournaments")[0][0]
                        for d in (whole_db, cut_db)}
        assert len(fingerprints) == 1
    no_engine_left()


# ---- item 5: numbers at their limits


def test_the_longest_movetime_is_not_an_instant_forfeit_and_longer_ones_are_refused():
    proc = oaq("match", *engine("a", "oaq-test-engine"), *engine("b", "oaq-test-engine"),
               "--tc", "movetime=86400000", "--games", "2", "--json", check=0)
    games = [e for e in json_lines(proc.stdout) if e["type"] == "game"]
    assert games and all(g["termination"] != "time_forfeit" for g in games), games
    for args, needle in (
            (["--tc", "movetime=9223372036854"], "1..86400000 ms"),
            (["--sprt", "elo1=inf"], "-1000..1000"),
            (["--concurrency", "1e9"], "1..256")):
        proc = oaq("match", *engine("a", "oaq-test-engine"), *engine("b", "oaq-test-engine"), *args)
        assert proc.returncode == 2 and needle in proc.stderr, (args, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    proc = oaq("ratings", "--anchor-rating", "nan", "--db", fresh_db("none.db"))
    assert proc.returncode == 2 and "--anchor-rating" in proc.stderr, proc.stderr
    proc = oaq("check-engine", "--handshake-timeout", "-5", "--", misbehaving_engine())
    assert proc.returncode == 2 and "--handshake-timeout" in proc.stderr, proc.stderr
    no_engine_left()


# ---- items 6 and 7: paths and checks are refused before anything is written


def two_engines():
    return [*engine("a", "oaq-test-engine"), *engine("b", "oaq-test-engine")]


def file_bytes(path):
    """The bytes of a database with its WAL (a refusal must not add to either), or None."""
    if not os.path.exists(path):
        return None
    parts = []
    for suffix in ("", "-wal"):
        if os.path.exists(path + suffix):
            with open(path + suffix, "rb") as f:
                parts.append(f.read())
    return parts


def refused_before_writing(db, name, *args):
    before = file_bytes(db)
    proc = oaq("tournament", *two_engines(), "--tc", "movetime=5", "--db", db, "--name", name,
               *args)
    assert proc.returncode == 2, (args, proc.returncode, proc.stdout)
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    # A new file is not left behind holding only the schema; a file that was there is as it was.
    assert file_bytes(db) == before, (args, proc.stderr)
    for suffix in ("-wal", "-shm", "-journal"):
        assert before is not None or not os.path.exists(db + suffix), (args, suffix)
    return proc.stderr


def test_bad_paths_and_failed_checks_are_refused_before_the_run_is_written():
    db = fresh_db("checks.db")
    a_file = os.path.join(TMP, "not-a-dir")
    with open(a_file, "w") as f:
        f.write("x")
    assert "--log" in refused_before_writing(db, "n", "--log", a_file)
    assert "--log" in refused_before_writing(db, "n", "--log", os.path.join(a_file, "sub"))
    assert "cannot open" in refused_before_writing(db, "n", "--openings", "file=/nonexistent/book")
    assert "ply limit" in refused_before_writing(db, "n", "--openings", "plies=4", "--max-plies", "4")
    book = os.path.join(TMP, "long-book.txt")
    with open(book, "w") as f:
        f.write("1R 3L 4R 4R\n")
    assert "ply limit" in refused_before_writing(db, "n", "--openings", f"file={book}",
                                                 "--max-plies", "4")
    # The name is not burned: the same run starts when the problem is gone.
    oaq("tournament", *two_engines(), "--tc", "movetime=5", "--db", db, "--name", "n", check=0)
    # A run of tables (3 seats) refused after its store opened, and --seeding ratings on a file
    # with no ratings: neither leaves a new file behind.
    table = fresh_db("table-checks.db")
    proc = oaq("tournament", *two_engines(), *engine("c", "oaq-test-engine"), "--rules",
               "standard,players=3", "--tc", "movetime=5", "--log", a_file, "--db", table)
    assert proc.returncode == 2 and "--log" in proc.stderr, proc.stderr
    assert not os.path.exists(table), "a refused run of tables leaves no file"
    seeded = fresh_db("seeded.db")
    assert "no saved ratings" in refused_before_writing(seeded, "s", "--seeding", "ratings",
                                                        "--format", "knockout")
    # --resume in a file that does not exist: a mistyped path, refused without creating it.
    missing = fresh_db("missing.db")
    proc = oaq("tournament", "--resume", "n", "--db", missing)
    assert proc.returncode == 2 and proc.stderr == f"oaq: --resume: {missing}: no such database file\n", \
        proc.stderr
    assert not os.path.exists(missing)
    # Refused against a file holding a run, the file stays byte for byte; so does the run.
    assert "cannot open" in refused_before_writing(db, "m", "--openings", "file=/nonexistent/book")
    assert status_of(db, "n") == "finished"
    proc = oaq("tournament", *two_engines(), "--db", "")
    assert proc.returncode == 2 and "--db" in proc.stderr, proc.stderr
    no_engine_left()


def test_three_or_four_players_are_refused_where_engines_play_and_in_sessions():
    # The rules library plays players=3|4 (oaq rules perft|play|show) and oaq match and
    # check-engine play a table (table_test.py), tournaments play tables of K >= N engines
    # (table_tournament_test.py); sessions do not yet: one line, exit 2, nothing written, no
    # engine started.
    db = fresh_db("players.db")
    message = refused_before_writing(db, "ring", "--rules", "standard,players=3")
    assert "a tournament of players=3 needs at least 3 engines, got 2" in message, message
    for args in (["rules", "session", "--rules", "standard,players=3", "--game", "1L"],):
        proc = oaq(*args)
        assert proc.returncode == 2, (args, proc.returncode, proc.stdout)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "players=" in proc.stderr and "2 players only" in proc.stderr, proc.stderr
    proc = oaq("rules", "play", "--rules", "standard,players=3", "1L")
    assert proc.returncode == 0 and "seat 3" in proc.stdout, proc.stderr
    no_engine_left()


def test_engine_names_become_safe_file_names_in_the_log_directory():
    db = fresh_db("names.db")
    logs = os.path.join(TMP, "logs", "inner")
    proc = oaq("match", *engine("../escape", "oaq-test-engine"), *engine("a/b", "oaq-test-engine"),
               "--tc", "movetime=5", "--games", "2", "--db", db, "--log", logs, check=0)
    assert "2 games" in proc.stdout, proc.stdout
    assert not os.path.exists(os.path.join(TMP, "logs", "escape-0.stderr.log"))
    files = sorted(os.listdir(logs))
    assert all("/" not in f and not f.startswith(".") for f in files), files
    assert any(f.startswith("_._escape-") for f in files) and any(f.startswith("a_b-") for f in files)
    no_engine_left()


def copy_of_test_engine(name):
    path = os.path.join(TMP, name)
    shutil.copy(misbehaving_engine(), path)
    os.chmod(path, 0o755)
    return path


def test_a_moved_engine_is_refused_on_resume_and_the_run_stays_resumable():
    db = fresh_db("moved.db")
    bot = copy_of_test_engine("moved-bot")
    proc = start(["tournament", "--engine", "name=bot", f"cmd={bot}", f"env.OAQ_TEST_MARK={base.MARK}",
                  "args=--slow-start 2000", *engine("b", "oaq-test-engine"), "--tc", "movetime=5",
                  "--db", db, "--name", "moved", "--json"])
    wait_for_line(proc, '{"type":"start"')
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)
    os.chmod(bot, 0o644)
    proc = oaq("tournament", "--resume", "moved", "--db", db)
    assert proc.returncode == 2 and "not an executable file" in proc.stderr, proc.stderr
    assert status_of(db, "moved") == "interrupted"
    assert query(db, "SELECT count(*) FROM run_locks") == [(0,)]
    os.chmod(bot, 0o755)
    oaq("tournament", "--resume", "moved", "--db", db, timeout=120, check=0)
    assert status_of(db, "moved") == "finished"
    no_engine_left()


def test_a_fatal_error_during_a_run_leaves_it_interrupted_with_a_quoted_resume_command():
    folder = os.path.join(TMP, "my results")
    os.makedirs(folder, exist_ok=True)
    db = os.path.join(folder, "fatal run.db")
    bot = copy_of_test_engine("fatal-bot")
    proc = start(["tournament", "--engine", "name=bot", f"cmd={bot}", "restart=on",
                  f"env.OAQ_TEST_MARK={base.MARK}", *engine("b", "oaq-test-engine"),
                  "--rounds", "50", "--tc", "movetime=5", "--db", db, "--name", "spring cup"])
    wait_for_line(proc, "[")
    os.chmod(bot, 0o644)  # the next game cannot start its engine
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, (proc.returncode, err)
    assert len(err.strip().splitlines()) == 1 and "fatal-bot" in err, err
    assert "Stopped by an error" in out, out
    command = re.search(r"Continue with: (.*)", out).group(1)
    assert command == f"oaq tournament --resume 'spring cup' --db '{db}'", command
    assert status_of(db, "spring cup") == "interrupted"
    os.chmod(bot, 0o755)
    resumed = subprocess.run(["sh", "-c", command.replace("oaq ", f"'{oaq_path()}' ", 1)],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert [g[0] for g in games_of(db, "spring cup")] == list(range(100))
    no_engine_left()


# ---- item 8: all JSON is valid UTF-8, whatever bytes an engine sends


def strict_json_lines(data, what):
    text = data.decode("utf-8")  # strict: raises on any byte that is not UTF-8
    objects = [json.loads(line) for line in text.splitlines() if line.strip().startswith("{")]
    assert objects, what
    return objects


def run_bytes(*args):
    proc = subprocess.run([oaq_path(), *args], capture_output=True, timeout=120)
    assert proc.returncode in (0, 1), (args, proc.returncode, proc.stderr)
    return proc.stdout


def test_engine_output_that_is_not_utf8_gives_valid_json_everywhere():
    db = fresh_db("utf8.db")
    bad_name = "bad\udcff"  # surrogateescape: the byte 0xff on the command line
    args = ["match", "--engine", f"name={bad_name}", f"cmd={misbehaving_engine()}",
            "args=--invalid-utf8 --bad-move-token", f"env.OAQ_TEST_MARK={base.MARK}",
            "--engine", "name=good", f"cmd={misbehaving_engine()}", "args=--invalid-utf8",
            f"env.OAQ_TEST_MARK={base.MARK}", "--games", "2", "--tc", "movetime=5", "--db", db,
            "--name", "utf8", "--json"]
    proc = subprocess.run([oaq_path(), *[a.encode("utf-8", "surrogateescape") for a in args]],
                          capture_output=True, timeout=120)
    events = strict_json_lines(proc.stdout, "match --json")
    games = [e for e in events if e["type"] == "game"]
    assert any("\ufffd" in g["detail"] for g in games), games
    for sub in (["tournaments"], ["engines"], ["standings"], ["crosstable"], ["games"],
                ["game", "1"], ["h2h", "good", "bad\udcff"]):
        sub = [s.encode("utf-8", "surrogateescape") for s in sub]
        strict_json_lines(run_bytes("results", *sub, "--db", db, "--json"), sub)
    exported = strict_json_lines(run_bytes("results", "export", "--db", db, "--json"),
                                 "export")
    assert any("\ufffd" in w for g in exported for m in g["moves"] for w in m["pv"]), exported
    strict_json_lines(run_bytes("ratings", "--db", db, "--json", "--no-save"), "ratings")
    strict_json_lines(run_bytes("check-engine", "--json", "--", misbehaving_engine(),
                                "--invalid-utf8", "--bad-move-token"), "check-engine")
    out = os.path.join(TMP, "utf8-report")
    run_bytes("report", "--db", db, "--out", out)
    html = open(os.path.join(out, "index.html"), "rb").read().decode("utf-8", "surrogateescape")
    data = re.search(r'<script type="application/json" id="oaq-data">(.*?)</script>', html, re.S)
    data.group(1).encode("utf-8")  # strict: no byte of the embedded JSON is outside UTF-8
    report = json.loads(data.group(1))
    assert report["games"], report
    no_engine_left()


# ---- items 9 and 10: contention, descriptors, read-only files


def test_six_runs_creating_one_new_database_at_once_all_succeed():
    for attempt in range(3):
        db = fresh_db(f"six-{attempt}.db")
        procs = [start(["match", *two_engines(), "--games", "2", "--tc", "movetime=5", "--db", db,
                        "--name", f"m{i}"]) for i in range(6)]
        results = [(p.wait(timeout=120), p.communicate()[1]) for p in procs]
        assert all(code == 0 for code, _ in results), results
        assert query(db, "SELECT count(*) FROM games") == [(12,)]
    no_engine_left()


def test_a_reader_holding_a_lock_for_six_seconds_does_not_stop_a_tournament():
    db = fresh_db("held.db")
    oaq("match", *two_engines(), "--games", "2", "--tc", "movetime=5", "--db", db, "--name", "first",
        check=0)
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    proc = start(["tournament", *two_engines(), "--tc", "movetime=5", "--rounds", "3", "--db", db,
                  "--name", "waits"])
    time.sleep(6)
    con.execute("COMMIT")
    con.close()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert status_of(db, "waits") == "finished"
    no_engine_left()


def test_a_second_process_on_one_run_is_refused_naming_the_first():
    db = fresh_db("twice.db")
    proc = start(["tournament", *engine("slow", "oaq-test-engine", "args=--delay 30"),
                  *engine("b", "oaq-test-engine"), "--rounds", "2", "--tc", "movetime=1000",
                  "--db", db, "--name", "twice", "--json"])
    wait_for_line(proc, '{"type":"start"')
    for args in (["--resume", "twice"], ["--resume", "twice", "--concurrency", "2"]):
        second = oaq("tournament", *args, "--db", db)
        assert second.returncode == 2, second.stdout
        line = second.stderr.strip()
        assert f"pid {proc.pid}" in line and "host" in line and "since" in line, line
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    # kill -9 leaves the lock row behind; the next process sees its holder is gone.
    proc = start(["tournament", "--resume", "twice", "--db", db, "--json"])
    wait_for_line(proc, '{"type":"game"')
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    assert query(db, "SELECT pid FROM run_locks") == [(proc.pid,)]
    oaq("tournament", "--resume", "twice", "--db", db, timeout=300, check=0)
    assert status_of(db, "twice") == "finished"
    assert query(db, "SELECT count(*) FROM run_locks") == [(0,)]
    no_engine_left()


def test_a_descriptor_limit_too_low_for_the_concurrency_is_refused_up_front():
    db = fresh_db("fds.db")

    def low_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    # Nothing the run would write is created: no database, no --pgnout file, no --log folder;
    # the same for a run of tables (3 seats).
    pgn = os.path.join(TMP, "fds.pgn")
    logs = os.path.join(TMP, "fds-logs")
    table = fresh_db("fds-table.db")
    for args, path in (([*two_engines(), "--db", db, "--name", "fds", "--pgnout", pgn], db),
                       ([*two_engines(), *engine("c", "oaq-test-engine"), "--rules",
                         "standard,players=3", "--db", table], table)):
        proc = subprocess.run([oaq_path(), "tournament", *args, "--concurrency", "64",
                               "--log", logs], capture_output=True, text=True, timeout=60,
                              preexec_fn=low_limit)
        assert proc.returncode == 2, proc
        assert "--concurrency 64" in proc.stderr and "ulimit -n" in proc.stderr, proc.stderr
        assert not os.path.exists(path), "refused before the run was stored: no file left"
        assert not os.path.exists(pgn) and not os.path.exists(logs), proc.stderr
    no_engine_left()


def test_reading_a_finished_database_leaves_no_side_files():
    # SQLite's -wal and -shm files are removed by the last connection that closes a WAL
    # database, unless it was opened read-only: readers open for writing and never write.
    db = fresh_db("side.db")
    oaq("match", *two_engines(), "--games", "2", "--tc", "movetime=5", "--db", db, "--name", "side",
        check=0)
    before = file_bytes(db)
    for args in (["results", "standings", "--json"], ["results", "games", "--json"],
                 ["ratings", "--no-save"], ["report", "--out", os.path.join(TMP, "side.html")]):
        oaq(*args, "--db", db, check=0)
        leftover = [s for s in ("-wal", "-shm", "-journal") if os.path.exists(db + s)]
        assert leftover == [], (args, leftover)
    assert file_bytes(db) == before


def test_results_read_a_database_in_a_directory_they_cannot_write():
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        print("  (skipped: needs root and setpriv to read as another user)")
        return
    folder = os.path.join(TMP, "read-only")
    os.makedirs(folder)
    db = os.path.join(folder, "ro.db")
    oaq("match", *two_engines(), "--games", "2", "--tc", "movetime=5", "--db", db, "--name", "ro",
        check=0)
    assert not os.path.exists(db + "-wal")
    os.chmod(db, 0o444)
    os.chmod(folder, 0o555)
    os.chmod(TMP, 0o755)
    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", oaq_path()]
    for args in (["results", "standings", "--tournament", "ro", "--json"],
                 ["results", "games", "--json"], ["ratings", "--tournament", "ro", "--no-save"],
                 ["report", "--tournament", "ro", "--out", "/dev/null/x", "--list"]):
        proc = subprocess.run([*nobody, *args, "--db", db], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, (args, proc.stderr)
    proc = subprocess.run([*nobody, "ratings", "--tournament", "ro", "--save", "--db", db],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    os.chmod(folder, 0o755)


def test_messages_name_what_a_person_typed():
    proc = oaq("rules", "show", "Q0,5 S")
    assert proc.returncode == 2 and proc.stderr.count("position:") == 1, proc.stderr
    proc = oaq("results", "game", "--db", fresh_db("none.db"))
    assert proc.returncode == 2 and "NAME#N" in proc.stderr, proc.stderr
    proc = oaq("rules", "perft")
    assert proc.returncode == 2 and "--depth" not in proc.stderr, proc.stderr


def main():
    return base.run_test_functions(globals())

if __name__ == "__main__":
    sys.exit(main())
