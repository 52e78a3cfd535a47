#!/usr/bin/env python3
"""What the engine layer guarantees at the edges, with the real oaq binary and real processes.

Issue 11: nothing an engine started survives an oaq command, however the command ends (kill -9,
SIGINT, SIGTERM, in every state of a session: handshake, ready, search, between games); no zombie
accumulates during a run with restart=on; a child an engine moved into its own session (setsid)
is killed; a second bestmove is never played. Issue 13: `oaq check-engine` fails what a match
punishes (a slow bot, a North bot reading South's squares), names an unflushed output, caps its
logs. The app's own signal handling is not what is tested: whatever it does, once the oaq process
has ended, no process carrying this script's environment marker may be alive.

Each test is a function named test_*; one line per test and a closing "N passed, M failed" line;
exits non-zero when any test failed. Standard library only.
Usage: engine_edges_test.py --bin build/bin [-k NAME]
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback

BIN = None
TMP = None
# Every engine this script starts carries the marker: the leak check finds only ours.
MARK = f"oaq-edges-{os.getpid()}"


def marked(state_ok=lambda s: s != "Z"):
    """pids of live processes carrying the marker."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if f"OAQ_TEST_MARK={MARK}".encode() not in f.read():
                    continue
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            if state_ok(state):
                found.append(int(pid))
        except OSError:
            continue
    return found


def test_engines():
    """Marked processes running oaq-test-engine: the engine and whatever it forked."""
    binary = os.path.realpath(os.path.join(BIN, "oaq-test-engine"))
    n = 0
    for pid in marked():
        try:
            n += os.path.realpath(f"/proc/{pid}/exe") == binary
        except OSError:
            continue
    return n


def describe(pids):
    out = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                out.append(f"{pid} {f.read().replace(bytes(1), b' ').decode()}")
        except OSError:
            pass
    return out


def assert_nothing_left(what, within=5.0):
    """Marked processes may take a moment to die (the guardian sweeps after the referee ends)."""
    until = time.monotonic() + within
    while marked() and time.monotonic() < until:
        time.sleep(0.05)
    left = marked()
    assert not left, f"{what}: left behind: {describe(left)}"


def wait_for(predicate, within, what):
    until = time.monotonic() + within
    while time.monotonic() < until:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def engine(name, binary, *extra):
    return ["--engine", f"name={name}", f"cmd={os.path.join(BIN, binary)}",
            f"env.OAQ_TEST_MARK={MARK}", *extra]


def oaq(*args, timeout=120):
    env = dict(os.environ, OAQ_TEST_MARK=MARK)
    return subprocess.run([os.path.join(BIN, "oaq"), *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


def start_oaq(*args, mark_referee=False):
    """oaq in the background. With mark_referee the marker is in its own environment, so it
    reaches every engine it starts (check-engine has no env option); else only engines given
    env.OAQ_TEST_MARK carry it."""
    env = dict(os.environ, OAQ_TEST_MARK=MARK) if mark_referee else dict(os.environ)
    return subprocess.Popen([os.path.join(BIN, "oaq"), *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def children_of(pid, state):
    n = 0
    for p in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] == state:
                n += 1
        except OSError:
            continue
    return n


# ---- issue 11: nothing outlives the referee ----------------------------------------------------

# How to bring a session to each state, with an engine that ignores quit and end of input and
# has a child that left its process group: the worst case for every kill path.
STUBBORN = "--ignore-quit --setsid-child"
STATES = {
    "handshake": f"{STUBBORN} --slow-start 30000",
    "ready": f"{STUBBORN} --no-readyok",
    "search": f"{STUBBORN} --hang-after-go",
}


def match_in_state(flags):
    return start_oaq("match", *engine("good", "oaq-greedy"),
                     *engine("bad", "oaq-test-engine", f"args={flags}"),
                     "--games", "4", "--tc", "60+0", "--json")


def test_a_referee_ended_by_any_signal_in_any_state_leaves_no_engine():
    for state, flags in STATES.items():
        for sig in (signal.SIGKILL, signal.SIGINT, signal.SIGTERM):
            proc = match_in_state(flags)
            try:
                # Both the engine and its escaped child are up; then the state settles.
                wait_for(lambda: test_engines() >= 2, 60, f"{state}: engine started")
                time.sleep(0.5)
                proc.send_signal(sig)
                proc.communicate(timeout=30)
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            assert_nothing_left(f"{state}, {signal.Signals(sig).name}")


def test_a_referee_killed_between_games_leaves_no_engine():
    for sig in (signal.SIGKILL, signal.SIGINT):
        proc = start_oaq("match", *engine("good", "oaq-greedy"),
                         *engine("bad", "oaq-test-engine", f"args={STUBBORN}", "restart=on"),
                         "--games", "40", "--tc", "movetime=5", "--json")
        seen = 0
        for line in proc.stdout:
            if line.startswith(b'{"type":"game"'):
                seen += 1
                if seen == 3:
                    proc.send_signal(sig)
                    break
        proc.communicate(timeout=30)
        assert_nothing_left(f"between games, {signal.Signals(sig).name}")


def test_check_engine_and_play_interrupted_leave_no_engine():
    for args in (["check-engine", "--", os.path.join(BIN, "oaq-test-engine"), "--hang-after-go",
                  "--ignore-quit", "--setsid-child"],
                 ["play", "--engine", f"cmd={os.path.join(BIN, 'oaq-test-engine')}",
                  f"args={STUBBORN}", "--as", "north"]):
        for sig in (signal.SIGINT, signal.SIGKILL):
            proc = start_oaq(*args, mark_referee=True)
            wait_for(lambda: test_engines() >= 2, 60, f"{args[0]}: engine started")
            time.sleep(0.3)
            proc.send_signal(sig)
            proc.communicate(timeout=30)
            assert_nothing_left(f"{args[0]}, {signal.Signals(sig).name}")


def test_no_zombie_accumulates_with_restart_on_and_escaped_children_are_killed():
    # Issue 11: 16 zombies after 16 games with restart=on. The test engine leaves an unreaped
    # child and a child in its own session behind every process.
    proc = start_oaq("match", *engine("good", "oaq-greedy"),
                     *engine("leaky", "oaq-test-engine", "args=--orphan-child --setsid-child",
                             "restart=on"),
                     "--games", "16", "--tc", "movetime=5", "--json")
    most_zombies = most_marked = 0
    while proc.poll() is None:
        most_zombies = max(most_zombies, children_of(proc.pid, "Z"))
        most_marked = max(most_marked, len(marked()))
        time.sleep(0.01)
    out, err = proc.communicate()
    games = [json.loads(l) for l in out.decode().splitlines() if l.startswith('{"type":"game"')]
    assert len(games) == 16, err.decode()[-2000:]
    # One engine and its two children live at a time; a scan of /proc that spans a restart may
    # see the old children and the new engine (never 16 of anything).
    assert most_zombies <= 2, f"{most_zombies} zombies at once"
    assert most_marked <= 4, f"{most_marked} engine processes at once"
    assert_nothing_left("after the match")


def test_a_double_bestmove_engine_plays_its_own_moves():
    proc = oaq("match", *engine("good", "oaq-greedy"),
               *engine("double", "oaq-test-engine", "args=--double-bestmove"),
               "--games", "4", "--tc", "movetime=20", "--json")
    assert proc.returncode == 0, proc.stderr
    games = [json.loads(l) for l in proc.stdout.splitlines() if l.startswith('{"type":"game"')]
    assert len(games) == 4
    bad = [g for g in games if g["termination"] not in ("normal", "repetition", "ply_limit")]
    assert not bad, bad[0]
    assert_nothing_left("double bestmove")


# ---- issue 13: the checker is as strict as a match ---------------------------------------------


def check(*engine_args, extra=()):
    proc = oaq("check-engine", "--json", *extra, "--", os.path.join(BIN, "oaq-test-engine"),
               *engine_args)
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return proc.returncode, report, {s["name"]: s for s in report["steps"]}


def test_check_engine_fails_what_a_match_punishes_and_warns_about_the_rest():
    code, report, steps = check()
    assert code == 0 and report["time_margin_ms"] == 50, report
    code, report, steps = check("--delay", "300")
    assert code == 1
    assert steps["go movetime 200"]["verdict"] == "fail"
    assert "limit of 250 ms (movetime 200 + margin 50)" in steps["go movetime 200"]["reason"]
    code, report, steps = check("--north-reads-south")
    assert code == 1
    failed = [n for n, s in steps.items() if s["verdict"] == "fail"]
    assert failed and all("North to move" in n for n in failed), failed
    code, report, steps = check("--double-bestmove")
    assert code == 0
    # Said once with the count, not once a search (it was 28 identical warnings), and the
    # ignored lines one note.
    warned = [s for s in steps.values() if s["verdict"] == "warn"]
    assert [s["name"] for s in warned] == ["a second bestmove for one go"], warned
    assert warned[0]["reason"].startswith("a second bestmove after 28 of 28 searches (the first: "
                                          "South to move, from the start)"), warned[0]
    assert report["warnings"] == ["ignored 28 lines (the first: \"bestmove 1R\"): not expected "
                                  "while waiting for readyok"], report["warnings"]
    code, report, steps = check("--no-flush", extra=("--handshake-timeout", "300"))
    assert code == 1
    assert "is the engine's output flushed" in report["steps"][0]["reason"], report["steps"][0]
    assert_nothing_left("check-engine")


def test_check_engine_prints_engine_bytes_that_are_not_utf8_escaped():
    proc = subprocess.run([os.path.join(BIN, "oaq"), "check-engine", "--",
                           os.path.join(BIN, "oaq-test-engine"), "--invalid-utf8",
                           "--bad-move-token"], capture_output=True, timeout=120,
                          env=dict(os.environ, OAQ_TEST_MARK=MARK))
    assert proc.returncode == 1, proc.stderr
    text = proc.stdout.decode("utf-8")  # strict: it printed the engine's bytes raw
    assert 'PASS  id name  (oaq-test-engine \\xFF\\xFE)' in text, text[:500]
    assert 'bestmove 6L\\xFF\\xFE: "6L\\xFF\\xFE" is not a move' in text, text[:1000]
    assert_nothing_left("check-engine, not UTF-8")


def test_check_engine_reports_a_hang_after_isready_on_its_own_step():
    proc = oaq("check-engine", "--ready-timeout", "300", "--", os.path.join(BIN, "oaq-test-engine"),
               "--no-readyok")
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    # It was "FAIL  handshake (...)  (stall: no readyok ...)" with a note on --handshake-timeout.
    assert lines[1].startswith("PASS  handshake (ugi -> id, option, ugiok)"), lines
    assert "FAIL  isready -> readyok  (stall: no readyok within 300 ms)" in lines, lines
    assert "FAIL  remaining steps  (skipped: no readyok)" in lines, lines
    assert "note: --ready-timeout MS sets how long isready -> readyok may take (now 300 ms)" in \
        lines, lines
    assert not any("--handshake-timeout" in l for l in lines), lines
    assert_nothing_left("check-engine, no readyok")


def test_check_engine_waits_for_depth_and_nodes_as_long_as_a_match():
    def stall_default(command):
        text = oaq(command, "--help").stdout
        return text.split("--stall-timeout arg (=", 1)[1].split(")", 1)[0]
    # It was 10000 against a match's 60000 (game/defaults.hpp), under "as strict as a match".
    assert stall_default("check-engine") == stall_default("match") == "60000"


def test_check_engine_logs_are_capped_with_a_marker():
    stderr_log = os.path.join(TMP, "flood.err")
    protocol_log = os.path.join(TMP, "flood.log")
    code, _, _ = check("--stderr-flood", "3000000", "--info-flood", "3000",
                       extra=("--stderr", stderr_log, "--log", protocol_log,
                              "--log-limit", "100000"))
    for path, name in ((stderr_log, "stderr"), (protocol_log, "protocol")):
        with open(path, "rb") as f:
            text = f.read()
        assert 100000 <= len(text) < 100300, (path, len(text))
        assert text.endswith(f"[oaq] {name} log cut here: this engine's limit of 100000 bytes is "
                             f"reached, the rest is discarded\n".encode()), text[-200:]


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
            if not name.startswith("test_") or not callable(fn) or name == "test_engines":
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
