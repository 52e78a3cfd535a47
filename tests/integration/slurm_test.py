#!/usr/bin/env python3
"""Issue 14 on a real scheduler: a one-node Slurm cluster plays a tournament in shards, oaq merges them.

Starts munged, slurmctld and slurmd in a temporary directory (scripts/slurm/local_cluster.py),
submits a 4-shard array of a tournament of the sample engines (scripts/slurm/oaq-shards.sbatch)
with `sbatch --wait`, then the merge job (oaq-merge.sbatch) with --dependency=afterok on the array,
and checks game by game that the merged history equals the same run played on one machine: the
same pairings and openings, every game index once, colour-swapped pairs intact, the host of every
game; then that ratings, results and the report read it. Also: a shard killed with SIGKILL and
resumed (and merged again: only the new games are added), a conflicting file refused with
nothing merged, and merge idempotence. Prints a transcript. Exits 77 (CTest: skipped) with a
message when the Slurm or munge daemons are not installed.
"""
import argparse
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "slurm"))
SKIP = 77
SHARDS = 4


def say(text=""):
    print(text, flush=True)


class Check:
    def __init__(self):
        self.failures = []

    def that(self, ok, what):
        say(f"  {'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            self.failures.append(what)


def run(args, **kwargs):
    proc = subprocess.run(args, capture_output=True, text=True, timeout=600, **kwargs)
    return proc


def tournament_args(b):
    def engine(name, binary, *extra):
        return ["--engine", f"name={name}", f"cmd={os.path.join(b, binary)}", *extra]

    return [*engine("random", "oaq-random"), *engine("greedy", "oaq-greedy"),
            *engine("random7", "oaq-random", "args=--seed 7"),
            "--rounds", "3", "--tc", "movetime=5", "--openings", "plies=2", "seed=5", "--seed", "11",
            "--progress", "3"]


def games(db, name="cup"):
    """game_index -> (pair, round, south, north, opening, start, result, host) of run `name`."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT g.game_index, g.pair_index, g.round, s.name, n.name, g.opening, g.start_position,"
        " g.result, g.host FROM games g JOIN tournaments t ON t.id = g.tournament_id"
        " JOIN engines s ON s.id = g.south_engine_id JOIN engines n ON n.id = g.north_engine_id"
        " WHERE t.name = ?", (name,)).fetchall()
    con.close()
    return {r[0]: r[1:] for r in rows}


def count(db):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    n = con.execute("SELECT count(*) FROM games").fetchone()[0]
    # Games and the bytes of their packed moves (db/010_packed_moves.sql).
    moves = con.execute("SELECT count(*), total(length(moves)) FROM game_moves").fetchone()
    con.close()
    return n, moves


def play_on_slurm(cluster, b, out, check):
    env = cluster.env()
    env["OAQ"] = os.path.join(b, "oaq")
    scripts = os.path.join(ROOT, "scripts", "slurm")
    cmd = ["sbatch", "--wait", "--parsable", f"--array=0-{SHARDS - 1}", f"--chdir={out}",
           os.path.join(scripts, "oaq-shards.sbatch"), "cup", out, "--", *tournament_args(b)]
    say("$ " + " ".join(cmd[:6]) + " oaq-shards.sbatch cup OUT -- " + " ".join(tournament_args("BIN")[:4]) + " ...")
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    job = proc.stdout.strip().split(";")[0]
    say(f"  sbatch exit {proc.returncode}, array job {job} {proc.stderr.strip()}")
    check.that(proc.returncode == 0, "the 4-shard array ran to the end (sbatch --wait exit 0)")
    for k in range(SHARDS):
        path = os.path.join(out, f"oaq-shard-{job}_{k}.out")
        text = open(path).read() if os.path.exists(path) else "(no output file)"
        lines = text.strip().splitlines()
        say(f"  --- {os.path.basename(path)} ({len(lines)} lines) ---")
        for line in lines[:2] + (["  ..."] if len(lines) > 4 else []) + lines[-2:]:
            say("    " + line)
    merge = ["sbatch", "--wait", "--parsable", f"--dependency=afterok:{job}", f"--chdir={out}",
             os.path.join(scripts, "oaq-merge.sbatch"), "cup", out]
    say(f"$ sbatch --wait --dependency=afterok:{job} oaq-merge.sbatch cup OUT")
    proc = subprocess.run(merge, env=env, capture_output=True, text=True, timeout=600)
    mjob = proc.stdout.strip().split(";")[0]
    check.that(proc.returncode == 0, "the dependent merge job ran (afterok) and succeeded")
    path = os.path.join(out, f"oaq-merge-{mjob}.out")
    say(f"  --- {os.path.basename(path)} ---")
    for line in (open(path).read() if os.path.exists(path) else "(no output)").strip().splitlines():
        say("    " + line)
    return os.path.join(out, "cup.db")


def check_history(merged, reference, shard_files, check):
    ref, got = games(reference), games(merged)
    say(f"  one machine: {len(ref)} games; merged: {len(got)} games")
    check.that(sorted(got) == list(range(len(ref))), "every game index of the run is present once")
    same = all(got[i][:6] == ref[i][:6] for i in ref if i in got)
    check.that(same, "same pairings (pair, round, south, north) and openings, game by game")
    results = sum(1 for i in ref if i in got and got[i][6] == ref[i][6])
    say(f"  (results equal in {results} of {len(ref)} games; engines at a time control need not agree)")
    pairs_ok = all(i + 1 not in got or (got[i][0] == got[i + 1][0] and got[i][2] == got[i + 1][3]
                                        and got[i][3] == got[i + 1][2] and got[i][4] == got[i + 1][4])
                   for i in got if i % 2 == 0)
    check.that(pairs_ok, "colour-swapped pairs intact (same pair, opening; sides swapped)")
    owner_ok = True
    for k, path in enumerate(shard_files):
        for i, g in games(path).items():
            owner_ok &= g[0] % SHARDS == k and (i + 1 in games(path) or i % 2 == 1 or i + 1 not in ref)
    check.that(owner_ok, "each shard file holds only its own whole pairs")
    check.that(all(g[7] for g in got.values()), "every game records the host that played it")


def check_readers(b, merged, out, check):
    oaq = os.path.join(b, "oaq")
    proc = run([oaq, "results", "tournaments", "--db", merged])
    say("$ oaq results tournaments --db cup.db\n" + "\n".join("    " + l for l in proc.stdout.splitlines()))
    check.that(proc.returncode == 0 and "4/4 done" in proc.stdout and "finished" in proc.stdout,
               "results tournaments: finished, 4/4 shards done")
    proc = run([oaq, "ratings", "--db", merged, "--tournament", "cup"])
    say("$ oaq ratings --db cup.db --tournament cup\n" + "\n".join("    " + l for l in proc.stdout.splitlines()[:6]))
    check.that(proc.returncode == 0 and "greedy" in proc.stdout, "ratings read the merged run")
    proc = run([oaq, "results", "standings", "--db", merged, "--tournament", "cup"])
    check.that(proc.returncode == 0 and "random7" in proc.stdout, "results standings read it")
    proc = run([oaq, "results", "game", "--db", merged, "cup#1"])
    check.that(proc.returncode == 0, "results game cup#1 reads a merged game with its moves")
    report = os.path.join(out, "report")
    proc = run([oaq, "report", "--db", merged, "--out", report])
    check.that(proc.returncode == 0 and os.path.exists(os.path.join(report, "index.html")),
               "the report is written from the merged file")


def check_idempotent(b, merged, shard_files, check):
    before = count(merged)
    proc = run([os.path.join(b, "oaq"), "merge", "--into", merged, *shard_files])
    say("$ oaq merge --into cup.db cup-shard-*.db   (again)\n    " + proc.stdout.strip().splitlines()[-1])
    check.that(proc.returncode == 0 and count(merged) == before and " 0 games added" in proc.stdout,
               "merging the same shards again adds nothing")


def check_conflict(b, merged, shard_files, tmp, check):
    bad = os.path.join(tmp, "cup-shard-2-edited.db")
    shutil.copy(shard_files[2], bad)
    con = sqlite3.connect(bad)
    index = con.execute("SELECT min(game_index) FROM games").fetchone()[0]
    con.execute("UPDATE games SET final_position = final_position || ' x' WHERE game_index = ?", (index,))
    con.commit()
    con.close()
    before = count(merged)
    proc = run([os.path.join(b, "oaq"), "merge", "--into", merged, bad])
    say("$ oaq merge --into cup.db cup-shard-2-edited.db\n    " + proc.stderr.strip())
    check.that(proc.returncode == 2 and f"cup#{index + 1} " in proc.stderr and "edited.db" in proc.stderr
               and "cup-shard-2.db" in proc.stderr, "a conflicting game is refused naming both files and the game")
    check.that(count(merged) == before, "nothing of the refused file was merged")


def slow_args(b):
    """A run whose games take a while (the test engine thinks 15 ms a move), to kill one mid-way."""
    slow = []
    for name in ("a", "b", "c"):
        slow += ["--engine", f"name={name}", f"cmd={os.path.join(b, 'oaq-test-engine')}", "args=--delay 15"]
    return [*slow, "--max-plies", "40", "--openings", "plies=2", "seed=3", "--seed", "3", "--progress", "0",
            "--tc", "movetime=100"]


def check_kill_and_resume(b, tmp, check):
    """Shard 1 killed with SIGKILL part way, resumed; a copy merged before and after adds only the rest."""
    oaq = os.path.join(b, "oaq")
    db = os.path.join(tmp, "kill", "slow-shard-1.db")
    os.makedirs(os.path.dirname(db))
    reference = os.path.join(tmp, "kill", "slow-one-machine.db")
    whole = run([oaq, "tournament", "--name", "slow", "--db", reference, *slow_args(b)])
    check.that(whole.returncode == 0, "the slow run played whole on one machine")
    args = slow_args(b)
    proc = subprocess.Popen([oaq, "tournament", "--name", "slow", "--db", db, "--shard", f"1/{SHARDS}", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    stored = 0
    while time.time() < deadline and proc.poll() is None:
        if os.path.exists(db):
            try:
                stored = count(db)[0]
            except sqlite3.Error:
                stored = 0
            if stored >= 1:
                break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    partial = count(db)[0]
    say(f"  shard 1/{SHARDS} killed (SIGKILL) with {partial} games stored")
    idem = os.path.join(tmp, "kill", "all.db")
    first = run([oaq, "merge", "--into", idem, db])
    resume = run([oaq, "tournament", "--resume", "slow", "--db", db, "--progress", "0"])
    say(f"$ oaq tournament --resume slow --db slow-shard-1.db\n    exit {resume.returncode}: "
        + (resume.stdout.strip().splitlines() or [""])[-1] + resume.stderr.strip())
    check.that(resume.returncode == 0, "the killed shard resumes (the dead process's lock taken over)")
    check.that(0 < partial < 2, "the kill came between the shard's two games")
    got = games(db, "slow")
    ref = {i: g for i, g in games(reference, "slow").items() if g[0] % SHARDS == 1}
    check.that(sorted(got) == sorted(ref) and all(got[i][:6] == ref[i][:6] for i in ref),
               "the resumed shard holds exactly its games, pairings and openings as on one machine")
    second = run([oaq, "merge", "--into", idem, db, "--json"])
    say(f"$ oaq merge --into all.db slow-shard-1.db --json   (before: {first.stdout.strip().splitlines()[0]})\n    "
        + second.stdout.strip())
    check.that(first.returncode == 0 and second.returncode == 0 and f'"present":{partial}' in second.stdout
               and f'"added":{len(ref) - partial}' in second.stdout,
               "a newer copy of a shard merges only its new games")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    missing = [t for t in ("munged", "slurmctld", "slurmd", "sbatch") if not shutil.which(t)]
    if missing:
        print(f"SKIP: {', '.join(missing)} not installed (Debian packages munge and slurm-wlm)")
        return SKIP
    from local_cluster import LocalCluster
    b = os.path.abspath(args.bin)
    check = Check()
    with tempfile.TemporaryDirectory(prefix="oaq-slurm-") as tmp:
        os.chmod(tmp, 0o755)
        out = os.path.join(tmp, "out")
        os.makedirs(out)
        reference = os.path.join(tmp, "one-machine.db")
        say("== the run on one machine")
        proc = run([os.path.join(b, "oaq"), "tournament", "--name", "cup", "--db", reference,
                    *tournament_args(b)])
        say("    " + proc.stdout.strip().splitlines()[-1])
        check.that(proc.returncode == 0, "the reference run finished")
        say("== a one-node Slurm cluster")
        with LocalCluster(os.path.join(tmp, "cluster")) as cluster:
            say("  " + cluster.run(["sinfo"]).stdout.strip().replace("\n", "\n  "))
            merged = play_on_slurm(cluster, b, out, check)
        shard_files = [os.path.join(out, f"cup-shard-{k}.db") for k in range(SHARDS)]
        say("== checks")
        if os.path.exists(merged):
            check_history(merged, reference, shard_files, check)
            check_readers(b, merged, tmp, check)
            check_idempotent(b, merged, shard_files, check)
            check_conflict(b, merged, shard_files, tmp, check)
        say("== a shard killed and resumed")
        check_kill_and_resume(b, tmp, check)
    say(f"{len(check.failures)} failure(s)")
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
