#!/usr/bin/env python3
"""The README's cluster commands as written: Slurm, GNU parallel and Kubernetes shards that merge.

Everything is read from the files users read, so the test breaks when they change:
- README.md, section "Past one machine": the ```sh block of the Slurm example (submit.sh, squeue,
  oaq results standings) and the inline `scripts/parallel/shards.sh ...` command;
- scripts/k8s/oaq-shards.yaml: each pod's shell command, env and completion count, and the merge
  command of its header.

Only the environment is substituted: HOME holds bots/new and bots/old (links to the sample engines
oaq-greedy and oaq-random) and book.txt (a copy of a sample book), SCRATCH and USER are set, oaq is
on PATH, the commands run in a directory whose scripts/ is the checkout's, and the Slurm commands
reach a one-node cluster (scripts/slurm/local_cluster.py). The README's numbers are kept except for
the substitutions listed in SLURM_NUMBERS (the shard count and the rounds: 100 shards of 5,000
rounds would take an hour here); the Kubernetes pods use their manifest's numbers as they are, with
the paths of K8S_PATHS (the image's /opt/oaq/bin and the volume's mount path).

Also issue 1 of "Trust in sharded, merged and resumed runs": shards started without --seed (every
one of the commands above) derive one seed from the name and definition, so they merge, and the
merged history equals the run played on one machine with that seed, game by game.

Each part prints what it ran. A part whose tool is missing (munged/slurmctld/slurmd, GNU parallel,
PyYAML) is skipped with a message; exit 77 (CTest: skipped) when any part was skipped and none
failed.
"""
import argparse
import os
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "slurm"))
SKIP = 77
BOOK = os.path.join(ROOT, "sample-engines", "openings", "balanced-3ply.txt")
# The README's Slurm example with fewer shards and rounds (every other token as written). Each
# must occur exactly once in the block, as a whole word, or the test fails.
SLURM_NUMBERS = [("100", "4"), ("5000", "8")]
# The Kubernetes pods: the image's engine directory becomes build/bin, the volume (its mountPath
# read from the YAML) a temporary directory.
K8S_BIN = "/opt/oaq/bin/"
# Every process the commands start carries it in its environment: none may be left at the end.
MARK = f"oaq-cluster-{os.getpid()}"


def say(text=""):
    print(text, flush=True)


class Check:
    def __init__(self):
        self.failures = []
        self.skipped = []

    def that(self, ok, what):
        say(f"  {'ok  ' if ok else 'FAIL'} {what}")
        if not ok:
            self.failures.append(what)

    def skip(self, why):
        say(f"  SKIP {why}")
        self.skipped.append(why)


def shell(command, env, cwd, timeout=600):
    """Runs one command line as a user would type it (bash, the given environment)."""
    say(f"$ {command}")
    proc = subprocess.run(["bash", "-c", command], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)
    for line in (proc.stdout + proc.stderr).strip().splitlines()[-12:]:
        say("    " + line)
    return proc


# ---- what the README and the manifest say ---------------------------------------------------

def readme_section():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    start = text.index("## Past one machine")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def commands_of(block):
    """The command lines of a sh block: continuations joined, comments and blank lines dropped."""
    lines, current = [], ""
    for raw in block.splitlines():
        line = raw.rstrip()
        if line.endswith("\\"):
            current += line[:-1].strip() + " "
            continue
        line = (current + line.strip()).strip()
        current = ""
        if line.startswith("#") or not line:
            continue
        lines.append(re.sub(r"\s+#.*$", "", line))
    return lines


def slurm_block(section):
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    block = next(b for b in blocks if "scripts/slurm/submit.sh" in b)
    return commands_of(block)


def substituted(command, pairs, check):
    for old, new in pairs:
        hits = len(re.findall(rf"(?<![\w.+]){re.escape(old)}(?![\w.+])", command))
        check.that(hits == 1, f"the README command has {old} once (it becomes {new})")
        command = re.sub(rf"(?<![\w.+]){re.escape(old)}(?![\w.+])", new, command)
    return command


def parallel_command(section):
    return re.search(r"`(scripts/parallel/shards\.sh [^`]*)`", section).group(1)


# ---- the environment ------------------------------------------------------------------------

def environment(b, tmp):
    """HOME with bots/new, bots/old and book.txt; SCRATCH; USER; oaq on PATH."""
    home = os.path.join(tmp, "home")
    os.makedirs(os.path.join(home, "bots"))
    os.symlink(os.path.join(b, "oaq-greedy"), os.path.join(home, "bots", "new"))
    os.symlink(os.path.join(b, "oaq-random"), os.path.join(home, "bots", "old"))
    shutil.copy(BOOK, os.path.join(home, "book.txt"))
    scratch = os.path.join(tmp, "scratch")
    os.makedirs(scratch)
    env = dict(os.environ)
    env.update(HOME=home, SCRATCH=scratch, PATH=b + os.pathsep + env.get("PATH", ""),
               OAQ_TEST_MARK=MARK)
    import pwd
    env["USER"] = pwd.getpwuid(os.getuid()).pw_name
    return env


def checkout(tmp, name):
    """A directory to run the commands from, whose scripts/ is this checkout's."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    os.symlink(os.path.join(ROOT, "scripts"), os.path.join(d, "scripts"))
    return d


# ---- reading the results --------------------------------------------------------------------

def games(db, name="cup"):
    """game_index -> everything that says which game was played and how it went."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT g.game_index, g.pair_index, g.round, s.name, n.name, g.opening, g.start_position,"
        " g.result, g.score_south, g.score_north, g.termination, g.plies, g.final_position"
        " FROM games g JOIN tournaments t ON t.id = g.tournament_id"
        " JOIN engines s ON s.id = g.south_engine_id JOIN engines n ON n.id = g.north_engine_id"
        " WHERE t.name = ?", (name,)).fetchall()
    con.close()
    return {r[0]: r[1:] for r in rows}


def stored_seed(db, name="cup"):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    row = con.execute("SELECT seed, fingerprint FROM tournaments WHERE name = ?", (name,)).fetchone()
    con.close()
    return row


def one_machine(b, tmp, args, seed, tag):
    """The run played whole on one machine with `seed` (the shards' derived one)."""
    db = os.path.join(tmp, f"one-machine-{tag}.db")
    proc = subprocess.run([os.path.join(b, "oaq"), "tournament", "--name", "cup", "--db", db,
                           "--seed", str(seed), "--progress", "0", *args],
                          capture_output=True, text=True, timeout=600)
    return db if proc.returncode == 0 else None


def check_merged(b, merged, tmp, args, shards, check, what):
    """The merged file holds the whole run, equal game by game to the one-machine run."""
    row = stored_seed(merged) if os.path.exists(merged) else None
    if not row:
        check.that(False, f"{what}: the merged file {merged} holds the run")
        return {}
    seed, fp = row
    reference = one_machine(b, tmp, args, seed, what.split()[0].lower())
    check.that(reference is not None, f"{what}: the one-machine run with the derived seed {seed} played")
    got = games(merged)
    ref = games(reference) if reference else {}
    check.that(len(got) > 0 and sorted(got) == sorted(ref),
               f"{what}: every game of the run merged once ({len(got)} of {len(ref)})")
    check.that(got == ref, f"{what}: the merged games equal the one-machine run's, game by game")
    check.that(reference is not None and stored_seed(reference)[1] == fp,
               f"{what}: the same fingerprint as the one-machine run with that seed")
    proc = subprocess.run([os.path.join(b, "oaq"), "results", "tournaments", "--db", merged],
                          capture_output=True, text=True)
    check.that(f"{shards}/{shards} done" in proc.stdout and "finished" in proc.stdout,
               f"{what}: results tournaments says finished, {shards}/{shards} shards done")
    return got


def standings_ok(text, games_total):
    """Both engines in a standings table of the whole run."""
    return (f"({games_total} games)" in text and re.search(r"^\s*1\s+(new|old)\s", text, re.M)
            and re.search(r"^\s*2\s+(new|old)\s", text, re.M))


# ---- 1. shards without --seed merge -----------------------------------------------------------

def seedless_shards(b, tmp, check):
    say("== two shards without --seed (oaq tournament --shard 0/2 and 1/2), merged")
    oaq = os.path.join(b, "oaq")
    d = os.path.join(tmp, "seedless")
    os.makedirs(d)
    # Generated openings draw from the run's seed: shards with seeds of their own play other ones.
    args = ["--engine", "name=new", f"cmd={b}/oaq-greedy", "--engine", "name=old", f"cmd={b}/oaq-random",
            "--rounds", "6", "--tc", "depth=1", "--openings", "plies=4"]
    firsts = []
    for k in range(2):
        proc = subprocess.run([oaq, "tournament", "--name", "cup", "--db", os.path.join(d, f"cup-shard-{k}.db"),
                               "--shard", f"{k}/2", "--progress", "0", *args], capture_output=True, text=True,
                              timeout=300)
        firsts.append(proc.stdout.splitlines()[0] if proc.stdout else proc.stderr.strip())
        say(f"  shard {k}/2: exit {proc.returncode}: {firsts[-1]}")
        check.that(proc.returncode == 0, f"shard {k}/2 played")
        # The run's game number, then the game's place among the shard's 6 (pairs k, k+2, k+4).
        started = re.findall(r"^Started game cup#(\d+), (\d+) of (\d+) in shard (\d+/\d+) \(", proc.stdout, re.M)
        expected = [(str(2 * p + g + 1), str(2 * (p // 2) + g + 1), "6", f"{k}/2")
                    for p in range(k, 6, 2) for g in range(2)]
        say(f"    {proc.stdout.splitlines()[1] if len(proc.stdout.splitlines()) > 1 else ''}")
        check.that(started == expected, f"shard {k}/2 numbers its games as the run's and counts its own")
    check.that(firsts[0].split("seed ")[-1] == firsts[1].split("seed ")[-1] and "seed " in firsts[0],
               "both shards print the same derived seed on their first line")
    merged = os.path.join(d, "cup.db")
    proc = subprocess.run([oaq, "merge", "--into", merged, *[os.path.join(d, f"cup-shard-{k}.db") for k in range(2)]],
                          capture_output=True, text=True)
    say(f"$ oaq merge --into cup.db cup-shard-0.db cup-shard-1.db\n    exit {proc.returncode}: "
        + (proc.stdout.strip().splitlines() or [""])[-1] + proc.stderr.strip())
    check.that(proc.returncode == 0, "the shards merge (one definition, one fingerprint)")
    check_merged(b, merged, d, args, 2, check, "Seedless shards")
    proc = subprocess.run([oaq, "tournament", "--db", os.path.join(d, "x.db"), "--shard", "0/2", *args],
                          capture_output=True, text=True)
    check.that(proc.returncode == 2 and "--name" in proc.stderr,
               "a shard without --name is refused: " + proc.stderr.strip())


# ---- 2. the README's Slurm block --------------------------------------------------------------

def wait_for_jobs(cluster, jobs, timeout=600):
    deadline = time.time() + timeout
    while time.time() < deadline:
        out = cluster.run(["squeue", "-h", "-j", ",".join(jobs), "-o", "%i %T"]).stdout.strip()
        if not out:
            return True
        time.sleep(1)
    return False


def slurm_commands(b, tmp, env, check):
    say("== the README's Slurm block, as written, on a one-node cluster")
    missing = [t for t in ("munged", "slurmctld", "slurmd", "sbatch") if not shutil.which(t)]
    if missing:
        check.skip(f"Slurm: {', '.join(missing)} not installed (Debian packages munge and slurm-wlm)")
        return None
    section = readme_section()
    commands = [substituted(c, SLURM_NUMBERS, check) if "submit.sh" in c else c
                for c in slurm_block(section)]
    check.that(len(commands) == 3 and commands[0].startswith("scripts/slurm/submit.sh")
               and commands[1].startswith("squeue") and commands[2].startswith("oaq results standings"),
               "the block is submit.sh, squeue and oaq results standings")
    from local_cluster import LocalCluster
    cwd = checkout(tmp, "slurm-checkout")
    with LocalCluster(os.path.join(tmp, "cluster")) as cluster:
        env = dict(env, SLURM_CONF=cluster.conf)
        proc = shell(commands[0], env, cwd)
        check.that(proc.returncode == 0, "submit.sh submitted the array and the merge")
        jobs = re.findall(r"job (\d+)", proc.stdout)
        check.that(len(jobs) == 2, f"submit.sh printed both job ids {jobs}")
        check.that(wait_for_jobs(cluster, jobs), "the jobs left the queue")
        proc = shell(commands[1], env, cwd)
        check.that(proc.returncode == 0, "squeue -u $USER runs (the queue is empty now)")
        stepped_array(b, tmp, env, commands[0], check)
    outs = sorted(f for f in os.listdir(cwd) if f.startswith("oaq-shard-"))
    check.that(len(outs) == 4, f"one output file per shard task: {outs}")
    seeds = set()
    for f in outs:
        text = open(os.path.join(cwd, f)).read()
        seeds.update(re.findall(r"^cup: shard \d+/4: .*seed (\d+)$", text, re.M))
    check.that(len(seeds) == 1, f"every shard printed the same derived seed {sorted(seeds)}")
    merge_out = [f for f in os.listdir(cwd) if f.startswith("oaq-merge-")]
    merge_text = open(os.path.join(cwd, merge_out[0])).read() if merge_out else ""
    say("  --- " + (merge_out[0] if merge_out else "(no merge output)") + " ---")
    for line in merge_text.strip().splitlines():
        say("    " + line)
    check.that("finished" in merge_text, "the merge job merged the four shards")
    proc = shell(commands[2], env, cwd)
    check.that(proc.returncode == 0 and standings_ok(proc.stdout, 16),
               "oaq results standings reads the merged run: 16 games, new and old")
    args = shlex.split(commands[0].split(" -- ", 1)[1].replace("$HOME", env["HOME"]))
    return check_merged(b, os.path.join(env["SCRATCH"], "cup", "cup.db"), tmp, args, 4, check,
                        "Slurm merge")


def stepped_array(b, tmp, env, submit, check):
    """A stepped array (tasks 0, 2, 4) would skip shards: every task refuses before it plays."""
    out = os.path.join(tmp, "stepped")
    os.makedirs(out)
    script = os.path.join(ROOT, "scripts", "slurm", "oaq-shards.sbatch")
    args = shlex.split(submit.split(" -- ", 1)[1].replace("$HOME", env["HOME"]))
    cmd = ["sbatch", "--wait", "--parsable", "--array=0-4:2", f"--chdir={out}", script, "cup",
           os.path.join(out, "cup"), "--", *args]
    say("$ sbatch --wait --array=0-4:2 scripts/slurm/oaq-shards.sbatch cup DIR -- ARGS")
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    check.that(proc.returncode != 0, f"the stepped array failed (sbatch --wait exit {proc.returncode})")
    texts = [open(os.path.join(out, f)).read() for f in sorted(os.listdir(out)) if f.endswith(".out")]
    for text in texts[:1]:
        say("    " + text.strip().splitlines()[-1])
    check.that(len(texts) == 3 and all("SLURM_ARRAY_TASK_STEP is 2" in t for t in texts),
               "each of its 3 tasks says the step is 2 and skips shards")
    shard_dir = os.path.join(out, "cup")
    check.that(not os.path.isdir(shard_dir) or not os.listdir(shard_dir), "no shard file was written")


# ---- 3. the README's GNU parallel line --------------------------------------------------------

def parallel_commands(b, tmp, env, check):
    say("== the README's GNU parallel line, with the Slurm block's ARGS")
    if not shutil.which("parallel"):
        check.skip("GNU parallel not installed (Debian package parallel)")
        return None
    section = readme_section()
    command = parallel_command(section)
    submit = substituted(slurm_block(section)[0], SLURM_NUMBERS, Check())
    args = submit.split(" -- ", 1)[1]
    check.that(command.endswith(" -- ARGS"), f"the line ends in -- ARGS: {command}")
    cwd = checkout(tmp, "parallel-checkout")
    proc = shell(command.replace(" -- ARGS", " -- " + args), env, cwd)
    check.that(proc.returncode == 0, "shards.sh played every shard and merged them")
    shards = int(command.split()[1])
    expanded = shlex.split(args.replace("$HOME", env["HOME"]))
    return check_merged(b, os.path.join(cwd, command.split()[3], "cup.db"), tmp, expanded, shards,
                        check, "Parallel merge")


# ---- 4. the Kubernetes manifest, pod by pod ---------------------------------------------------

def k8s_pods(b, tmp, env, check):
    say("== the Kubernetes manifest: each pod's command with JOB_COMPLETION_INDEX 0..N-1, merged")
    try:
        import yaml
    except ImportError:
        check.skip("PyYAML not installed (Debian package python3-yaml)")
        return
    path = os.path.join(ROOT, "scripts", "k8s", "oaq-shards.yaml")
    text = open(path).read()
    job = yaml.safe_load(text)
    spec = job["spec"]
    check.that(job["kind"] == "Job" and spec["completionMode"] == "Indexed", "an Indexed Job")
    container = spec["template"]["spec"]["containers"][0]
    pod_env = {e["name"]: str(e["value"]) for e in container.get("env", [])}
    completions = spec["completions"]
    check.that(pod_env.get("OAQ_SHARD_COUNT") == str(completions),
               f"OAQ_SHARD_COUNT {pod_env.get('OAQ_SHARD_COUNT')} = completions {completions}")
    mount = container["volumeMounts"][0]["mountPath"]
    data = os.path.join(tmp, "k8s-data")
    os.makedirs(data)
    script = container["args"][0]
    for old, new in ((K8S_BIN, b + "/"), (mount + "/", data + "/")):
        check.that(old in script, f"the pod's command uses {old}")
        script = script.replace(old, new)
    command = container["command"]
    pods = []
    for index in range(completions):
        penv = dict(env, **pod_env, JOB_COMPLETION_INDEX=str(index))
        pods.append(subprocess.Popen([*command, script], env=penv, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True))
    for index, pod in enumerate(pods):
        out, _ = pod.communicate(timeout=600)
        lines = out.strip().splitlines()
        say(f"  pod {index}: exit {pod.returncode}: {lines[0] if lines else ''} ... {lines[-1] if lines else ''}")
        check.that(pod.returncode == 0, f"pod {index} played its shard")
    # The manifest's header says how to merge: run it with the volume's path.
    merge = next(l for l in text.splitlines() if l.startswith("#") and "oaq merge" in l)
    merge = merge[merge.index("oaq merge"):].replace(mount + "/", data + "/")
    proc = shell(merge, env, tmp)
    check.that(proc.returncode == 0, "the header's oaq merge merges the pods' files")
    # The manifest's own oaq tournament arguments, for the one-machine run.
    args_text = script[script.index("--shard k8s", script.index("--name")) + len("--shard k8s"):]
    args = shlex.split(args_text.replace("\\\n", " "))
    check_merged(b, os.path.join(data, "cup.db"), tmp, args, completions, check, "Kubernetes merge")
    # A pod retried after a failure resumes its shard (here: one that had finished: nothing to do).
    penv = dict(env, **pod_env, JOB_COMPLETION_INDEX="1")
    proc = subprocess.run([*command, script], env=penv, capture_output=True, text=True, timeout=300)
    say(f"  pod 1 again: exit {proc.returncode}: {(proc.stdout + proc.stderr).strip()}")
    check.that(proc.returncode == 0, "a pod run again after its shard finished exits 0")


def marked():
    """Live processes started by this test (the marker in their environment)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if f"OAQ_TEST_MARK={MARK}".encode() in f.read():
                    with open(f"/proc/{pid}/stat") as s:
                        if s.read().rsplit(")", 1)[1].split()[0] != "Z":
                            found.append(int(pid))
        except OSError:
            continue
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    b = os.path.abspath(args.bin)
    check = Check()
    with tempfile.TemporaryDirectory(prefix="oaq-cluster-") as tmp:
        os.chmod(tmp, 0o755)
        env = environment(b, tmp)
        seedless_shards(b, tmp, check)
        slurm = slurm_commands(b, tmp, env, check)
        parallel = parallel_commands(b, tmp, env, check)
        if slurm and parallel:
            check.that(slurm == parallel, "4 Slurm shards and 8 GNU parallel shards played the same games")
        k8s_pods(b, tmp, env, check)
        left = marked()
        check.that(not left, f"no process of the test left behind {left}")
    say(f"{len(check.failures)} failure(s), {len(check.skipped)} part(s) skipped")
    if check.failures:
        return 1
    return SKIP if check.skipped else 0


if __name__ == "__main__":
    sys.exit(main())
