#!/usr/bin/env python3
"""`oaq merge` through the real binary and real SQLite files, at its edges.

- A session run (`oaq match --session`) merged from its own file holds the same sessions, is
  finished when its file is, and an interrupted one resumes in the merged file (`--resume`) to the
  same games as the run resumed in its own file.
- A run that ended before its planned games (an SPRT verdict, sold-out sessions) stays finished.
- Sources are only read: an oaq file, an older-schema file and an empty file keep their bytes and
  modification times; the empty one is refused naming it, before the target is created.
- Hundreds of sources under a low `ulimit -n`: each is opened in turn.
- A damaged value in a source (a time, packed moves) is refused naming the file and the game, and
  the readers name the game they cannot read.
- Messages: conflicts name both files and the game as NAME#N from 1; a directory or /dev/null says
  what it is; Ctrl-C says nothing was merged and exits 130; with --json an error is {"error": ...}.

Deterministic engines only (greedy, alphabeta at a fixed depth, random with the run's seed).
Standard library only:  python3 tests/integration/merge_test.py --bin build/bin
"""
import argparse
import glob
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

BIN = None
DB_SQL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "db")


def oaq(*args, check=True, shell_prefix=None):
    cmd = [os.path.join(BIN, "oaq"), *args]
    if shell_prefix:
        cmd = ["sh", "-c", shell_prefix + ' && exec "$@"', "sh", *cmd]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"oaq {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc


def engine(name, binary):
    return ["--engine", f"name={name}", f"cmd={os.path.join(BIN, binary)}"]


SESSION_RUN = ["--tc", "depth=3", "--session", "games=8", "--games", "2"]


def sessions(db, name):
    out = oaq("results", "sessions", "--db", db, "--tournament", name, "--json").stdout
    found = [json.loads(line) for line in out.splitlines()]
    for s in found:
        s.pop("game_ids", None)  # ids of the file; the games themselves are compared below
    return found


def games(db, name):
    out = oaq("results", "export", "--db", db, "--tournament", name, "--json").stdout
    keep = ("game", "south", "north", "result", "plies", "start_position", "final_position", "session")
    return [{k: g.get(k) for k in keep} | {"moves": [m["move"] for m in g["moves"]]}
            for g in map(json.loads, out.splitlines())]


def tournament(db, name):
    out = oaq("results", "tournaments", "--db", db, "--json").stdout
    return next(t for t in map(json.loads, out.splitlines()) if t["tournament"] == name)


def status(db, name):
    return tournament(db, name)["status"]


def interrupted_session_run(path):
    """A session run stopped by SIGINT inside its first session; returns the exit status."""
    proc = subprocess.Popen([os.path.join(BIN, "oaq"), "match", "--db", path, "--name", "cut", "--json",
                             *SESSION_RUN, *engine("first", "oaq-greedy"), *engine("second", "oaq-greedy")],
                            stdout=subprocess.PIPE, text=True)
    seen = 0
    for line in proc.stdout:
        if json.loads(line).get("type") == "session_game":
            seen += 1
            if seen == 2:
                proc.send_signal(signal.SIGINT)
                break
    proc.stdout.read()
    return proc.wait(timeout=120)


def test_sessions(tmp):
    # Sold out after one game: finished with fewer games than planned.
    short = os.path.join(tmp, "short.db")
    oaq("match", "--db", short, "--name", "short", *SESSION_RUN, *engine("first", "oaq-alphabeta"),
        *engine("second", "oaq-greedy"))
    merged = os.path.join(tmp, "sessions-all.db")
    oaq("merge", "--into", merged, short)
    assert sessions(merged, "short") == sessions(short, "short") and sessions(short, "short"), \
        (sessions(merged, "short"), sessions(short, "short"))
    assert all(s["end"] == "sold_out" for s in sessions(merged, "short"))
    assert games(merged, "short") == games(short, "short")
    assert status(short, "short") == "finished" and status(merged, "short") == "finished", \
        status(merged, "short")
    print("  sold-out sessions merged: the same sessions and games, finished")

    cut = os.path.join(tmp, "cut.db")
    code = interrupted_session_run(cut)
    assert code in (130, 0), code
    merged = os.path.join(tmp, "cut-all.db")  # "first" is another engine than in short.db
    own = os.path.join(tmp, "cut-own.db")
    shutil.copy(cut, own)
    oaq("merge", "--into", merged, cut)
    assert sessions(merged, "cut") == sessions(cut, "cut")
    assert games(merged, "cut") == games(cut, "cut")
    assert status(merged, "cut") == status(cut, "cut")
    if code == 0:
        print("  (the run finished before the signal arrived: nothing to resume)")
        return
    oaq("match", "--db", own, "--resume", "cut")
    proc = oaq("match", "--db", merged, "--resume", "cut", check=False)
    assert proc.returncode == 0, proc.stderr
    assert sessions(merged, "cut") == sessions(own, "cut")
    assert games(merged, "cut") == games(own, "cut")
    assert status(merged, "cut") == "finished"
    shards = tournament(merged, "cut")["shards"]
    assert shards == {"count": 1, "held": [0], "done": 1}, shards  # resumed to its end here
    # Merged again (the stopped copy): nothing added, still finished.
    again = oaq("merge", "--into", merged, cut).stdout
    assert "cut: 0 games added" in again and status(merged, "cut") == "finished", again
    print("  interrupted session run merged, resumed in the merged file: the same games and "
          "sessions as resumed in its own file, finished")


def test_sprt_finished(tmp):
    path = os.path.join(tmp, "sprt.db")
    oaq("match", "--db", path, "--name", "sp", "--games", "400", "--sprt", "elo0=0", "elo1=200",
        "--tc", "depth=2", "--seed", "3", "--progress", "0", *engine("ab", "oaq-alphabeta"),
        *engine("rnd", "oaq-random"))
    merged = os.path.join(tmp, "sprt-all.db")
    out = json.loads(oaq("merge", "--into", merged, path, "--json").stdout)
    (run,) = out["runs"]
    assert run["games"] < run["planned"] and run["status"] == "finished", run
    assert status(merged, "sp") == "finished"
    print(f"  SPRT match stopped at its verdict after {run['games']} of {run['planned']} games: "
          "finished when merged")


def older_schema_file(path):
    """An oaq file of schema 9 (before packed moves) with one game and its moves."""
    db = sqlite3.connect(path)
    for n in range(1, 10):
        (script,) = glob.glob(os.path.join(DB_SQL, f"{n:03d}_*.sql"))
        with open(script, encoding="utf-8") as f:
            db.executescript(f.read())
    db.executescript(
        "PRAGMA user_version = 9; PRAGMA application_id = 1329680640;"
        "INSERT INTO engines (id, name, first_seen) VALUES (1, 'a', '2026-01-01T00:00:00Z'),"
        " (2, 'b', '2026-01-01T00:00:00Z');"
        "INSERT INTO tournaments (id, name, format, rules, time_control, seed, started_at)"
        " VALUES (1, 'old', 'match', 'classic', '10+0', 7, '2026-01-01T00:00:00Z');"
        "INSERT INTO games (id, tournament_id, game_index, pair_index, round, start_position,"
        " south_engine_id, north_engine_id, result, score_south, score_north, termination, plies,"
        " final_position, started_at, ended_at) VALUES (1, 1, 0, 0, 0, 's', 1, 2, 'south_win', 40,"
        " 30, 'normal', 2, 'f', '2026-01-01T00:00:00Z', '2026-01-01T00:00:01.500Z');"
        "INSERT INTO moves (game_id, ply, move, time_used_us, time_left_us, pv) VALUES"
        " (1, 1, '3R', 5, 9, ''), (1, 2, '4L', 6, 8, '');")
    db.close()


def snapshot(paths):
    out = {}
    for p in paths:
        with open(p, "rb") as f:
            out[p] = (f.read(), os.stat(p).st_mtime_ns)
    return out


def play_cup(path, shard=None, seed="4", rounds="1", name="cup"):
    extra = ["--shard", shard] if shard else []
    oaq("tournament", "--db", path, "--name", name, "--progress", "0", "--tc", "depth=1", "--seed", seed,
        "--rounds", rounds, *extra, *engine("greedy", "oaq-greedy"), *engine("random", "oaq-random"))


def test_sources_only_read(tmp):
    shard = os.path.join(tmp, "cup-0.db")
    play_cup(shard, "0/2")
    old = os.path.join(tmp, "old.db")
    older_schema_file(old)
    empty = os.path.join(tmp, "empty.db")
    open(empty, "w").close()
    before = snapshot([shard, old, empty])
    target = os.path.join(tmp, "read-all.db")
    proc = oaq("merge", "--into", target, shard, empty, check=False)
    assert proc.returncode == 2 and proc.stderr.strip() == f"oaq: {empty}: not an oaq database (an empty file)", \
        (proc.returncode, proc.stderr)
    assert not os.path.exists(target), "the target is not created when a source is refused"
    proc = oaq("merge", "--into", target, shard, old)
    assert "old: 1 games added" in proc.stdout, proc.stdout
    assert snapshot([shard, old, empty]) == before, "a source changed"
    # Reading a source leaves no -wal or -shm file beside it.
    assert [p + s for p in (shard, old) for s in ("-wal", "-shm") if os.path.exists(p + s)] == []
    assert sqlite3.connect(f"file:{old}?mode=ro", uri=True).execute("PRAGMA user_version").fetchone() == (9,)
    moves = json.loads(oaq("results", "game", "--db", target, "old#1", "--json").stdout)["moves"]
    assert [m["move"] for m in moves] == ["3R", "4L"], moves
    print("  an oaq file, a schema-9 file (read through a copy in memory) and an empty file: bytes and "
          "mtimes unchanged; the empty one refused by name")


def test_many_sources_low_ulimit(tmp):
    base = os.path.join(tmp, "fd-base.db")
    play_cup(base)
    files = []
    for i in range(120):
        files.append(os.path.join(tmp, f"fd-{i:03d}.db"))
        shutil.copy(base, files[-1])
    target = os.path.join(tmp, "fd-all.db")
    proc = oaq("merge", "--into", target, *files, shell_prefix="ulimit -n 48", check=False)
    assert proc.returncode == 0, proc.stderr
    assert f"merged into {target}: " in proc.stdout, proc.stdout
    print("  120 sources merged under ulimit -n 48 (one source open at a time)")


def test_damaged_values(tmp):
    good = os.path.join(tmp, "dmg.db")
    play_cup(good, "0/2", rounds="3")  # games cup#1, #2, #5, #6
    cases = (("UPDATE games SET started_at = 'yesterday' WHERE game_index = 4", "cup#5",
              "its start time \"yesterday\" is not an ISO-8601 UTC time", ["games", "export"]),
             ("UPDATE game_moves SET moves = substr(moves, 1, 3)"
              " WHERE game_id = (SELECT id FROM games WHERE game_index = 1)", "cup#2",
              "stored moves are damaged (packed moves:", ["export"]))
    for n, (sql, cup, words, readers) in enumerate(cases):
        bad = os.path.join(tmp, f"dmg-{n}.db")
        shutil.copy(good, bad)
        with sqlite3.connect(bad) as db:
            db.execute(sql)
        db.close()
        target = os.path.join(tmp, f"dmg-all-{n}.db")
        proc = oaq("merge", "--into", target, bad, check=False)
        line = proc.stderr.strip()
        assert proc.returncode == 2 and line.startswith(f"oaq: {bad}: damaged data: {cup}: {words}"), line
        assert "\n" not in line, line
        assert sqlite3.connect(target).execute("SELECT count(*) FROM games").fetchone() == (0,), \
            "nothing merged"
        # The readers of a damaged file name the game they cannot read.
        for args in [["results", r] for r in readers] + [["results", "game", cup]]:
            proc = oaq(*args, "--db", bad, check=False)
            assert proc.returncode == 2 and proc.stderr.strip().startswith(
                f"oaq: {bad}: damaged data: {cup}: {words}"), (args, proc.stderr)
    print("  a damaged time or packed moves: the merge refuses naming file and game, nothing merged; "
          "results games/export/game name the game")


def test_messages(tmp):
    a = os.path.join(tmp, "msg-a.db")
    play_cup(a, "0/2")
    edited = os.path.join(tmp, "msg-a-edited.db")
    shutil.copy(a, edited)
    with sqlite3.connect(edited) as db:
        db.execute("UPDATE games SET final_position = 'elsewhere' WHERE game_index = 0")
    db.close()
    target = os.path.join(tmp, "msg-all.db")
    proc = oaq("merge", "--into", target, a, edited, check=False)
    assert proc.returncode == 2 and proc.stderr.strip() == (
        f"oaq: merge refused, nothing merged: cup#1 differs between {edited} and {a}: two different "
        "games for one game number"), proc.stderr
    oaq("merge", "--into", target, a)
    proc = oaq("merge", "--into", target, edited, check=False)
    assert f"cup#1 differs between {edited} and {a} (merged into {target} before)" in proc.stderr, proc.stderr

    adir = os.path.join(tmp, "a-directory")
    os.mkdir(adir)
    for src, words in ((adir, "is a directory, not an oaq database"), ("/dev/null", "is not a regular file"),
                       (os.path.join(tmp, "missing.db"), "no such file")):
        proc = oaq("merge", "--into", os.path.join(tmp, "never.db"), src, check=False)
        assert proc.returncode == 2 and proc.stderr.strip() == f"oaq: merge: {src}: {words}", (src, proc.stderr)
        proc = oaq("merge", "--into", os.path.join(tmp, "never.db"), src, "--json", check=False)
        assert proc.returncode == 2 and json.loads(proc.stdout) == {"error": f"merge: {src}: {words}"}, \
            (src, proc.stdout)
        assert proc.stderr == "", proc.stderr
    assert not os.path.exists(os.path.join(tmp, "never.db"))
    print("  conflicts name both files and cup#1; a directory, /dev/null, a missing file say what they "
          "are; --json errors are {\"error\": ...}")


def fd_paths(pid):
    out = set()
    for fd in glob.glob(f"/proc/{pid}/fd/*"):
        try:
            out.add(os.readlink(fd))
        except OSError:
            pass
    return out


def test_ctrl_c(tmp):
    """Ctrl-C while the merge waits for the target's write lock: nothing merged, exit 130."""
    src = os.path.join(tmp, "int-src.db")
    play_cup(src)
    target = os.path.join(tmp, "int-all.db")
    other = os.path.join(tmp, "int-other.db")
    play_cup(other, name="other")
    shutil.copy(other, target)  # an oaq file with a run of its own, in WAL mode
    (other_games,) = sqlite3.connect(target).execute("SELECT count(*) FROM games").fetchone()
    holder = sqlite3.connect(target, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # the write lock: the merge waits at its BEGIN
    proc = subprocess.Popen([os.path.join(BIN, "oaq"), "merge", "--into", target, src],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # The handler is installed before the target is opened: once the target is open, a signal
    # is a stop request, not the end of the process.
    for _ in range(600):
        if os.path.realpath(target) in fd_paths(proc.pid) or proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    time.sleep(0.2)
    holder.execute("ROLLBACK")
    holder.close()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, (proc.returncode, err)
    assert "merge interrupted, nothing merged" in err and target in err, err
    (count,) = sqlite3.connect(target).execute("SELECT count(*) FROM games").fetchone()
    assert count == other_games, (count, other_games)
    print("  Ctrl-C: 'merge interrupted, nothing merged', exit 130, the target as it was")


def main():
    global BIN
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    BIN = os.path.abspath(parser.parse_args().bin)
    with tempfile.TemporaryDirectory() as tmp:
        test_sources_only_read(tmp)
        test_messages(tmp)
        test_damaged_values(tmp)
        test_many_sources_low_ulimit(tmp)
        test_ctrl_c(tmp)
        test_sprt_finished(tmp)
        test_sessions(tmp)
    print("merge_test: all passed")


if __name__ == "__main__":
    sys.exit(main())
