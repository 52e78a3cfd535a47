#!/usr/bin/env python3
"""The specification's own examples, run for real: what a bot author copies from the page works.

- protocol-spec/README.md, "A complete first bot": the Python bot in that section is taken from
  the page, passes `oaq check-engine`, and plays a match against oaq-random without a single
  failure (no illegal move, no protocol violation, no time loss).
- protocol-spec/README.md, "A first bot for two to four players": the N-seat bot from the page
  plays whole games of 2, 3 and 4 seats over a pipe at every seat, each move checked with
  `oaq rules play`.
- protocol-spec/README.md section 11.5 (a game of three players) and the example of section 6.3:
  every move of their `position` lines is legal, the position the text quotes is the one reached,
  and oaq-greedy given the transcript's `>` lines answers exactly its `<` lines (info lines: same
  count and pv, times aside).
- protocol-spec/rules.md section 7: every perft table (from the start of each preset, deeper, and
  from mid-game positions) is read from the page and checked with `oaq rules perft`; section 8.9's
  repetition ends after exactly the ply the text says.

Usage: spec_examples_test.py --bin build/bin --spec protocol-spec. Exits non-zero on a failure.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def code_block(markdown, heading, language):
    """The first fenced block of `language` after the heading line `heading`."""
    start = markdown.index(heading)
    match = re.compile(r"^```" + language + r"\n(.*?)^```", re.S | re.M).search(markdown, start)
    if not match:
        raise AssertionError(f"no ```{language} block after {heading!r}")
    return match.group(1)


def run(cmd, timeout=600):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def test_first_bot(bin_dir, spec_dir, tmp):
    with open(os.path.join(spec_dir, "README.md"), encoding="utf-8") as f:
        bot = code_block(f.read(), "### A complete first bot", "python")
    path = os.path.join(tmp, "mybot.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(bot)
    oaq = os.path.join(bin_dir, "oaq")
    check = run([oaq, "check-engine", "--", sys.executable, path])
    assert check.returncode == 0, f"check-engine failed:\n{check.stdout}\n{check.stderr}"
    # What is checked is that the page's bot plays whole legal games; the 2 s margin keeps a
    # Python process the loaded machine did not schedule for a moment from forfeiting on time.
    match = run([oaq, "match", "--engine", "name=mybot", f"cmd={sys.executable}", f"args={path}",
                 "--engine", f"cmd={os.path.join(bin_dir, 'oaq-random')}", "--games", "40",
                 "--tc", "movetime=50", "--time-margin", "2000", "--openings", "plies=4", "seed=11",
                 "--concurrency", "2",
                 "--json"])
    assert match.returncode == 0, match.stderr
    games = [json.loads(l) for l in match.stdout.splitlines() if l.startswith("{")]
    games = [g for g in games if g.get("type") == "game"]
    assert len(games) == 40, f"{len(games)} games"
    bad = [g for g in games if g["termination"] not in ("normal", "repetition", "ply_limit")]
    assert not bad, f"the spec's bot failed: {bad[0]}"


STANDARD = ("quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,"
            "chain=yes,quan_non=0,end=mandarins_empty")


def play_over_pipe(oaq, cmd, seats):
    """One whole game of `seats` seats, the bot `cmd` at every seat (one process, stateless
    requests as a referee sends them); every move checked by `oaq rules play`. Returns the plies
    and the last `oaq rules play --json` report."""
    bot = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(text):
        bot.stdin.write(text + "\n")
        bot.stdin.flush()

    def read_until(word):
        while True:
            line = bot.stdout.readline()
            assert line, f"{seats} seats: the bot closed its output waiting for {word}"
            if line.split()[:1] == [word]:
                return line.split()

    try:
        send("ugi")
        read_until("ugiok")
        if seats > 2:
            send(f"setoption name Players value {seats}")
        send("setoption name Rules value " + STANDARD + (f",players={seats}" if seats > 2 else ""))
        send("isready")
        read_until("readyok")
        send("uginewgame")
        send("isready")
        read_until("readyok")
        clocks = " ".join([f"p{k}time 5000" for k in range(1, seats + 1)] +
                          [f"p{k}inc 50" for k in range(1, seats + 1)])
        moves = []
        while True:
            send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            send("isready")
            send("go " + clocks)
            read_until("readyok")
            moves.append(read_until("bestmove")[1])
            out = run([oaq, "rules", "play", "--json", "--rules", f"standard,players={seats}"] +
                      moves)
            assert out.returncode == 0, f"{seats} seats, ply {len(moves)}: {out.stderr.strip()}"
            game = json.loads(out.stdout)
            if game["over"] or len(moves) >= 150 * seats:
                return moves, game
    finally:
        bot.kill()
        bot.wait()


def test_ring_bot(bin_dir, spec_dir, tmp):
    with open(os.path.join(spec_dir, "README.md"), encoding="utf-8") as f:
        bot = code_block(f.read(), "### A first bot for two to four players", "python")
    path = os.path.join(tmp, "ringbot.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(bot)
    for seats in (2, 3, 4):
        moves, game = play_over_pipe(os.path.join(bin_dir, "oaq"), [sys.executable, path], seats)
        assert game["over"], f"{seats} seats: not over after {len(moves)} plies"


def transcript_lines(section):
    """The `>` and `<` lines of every fenced block of a transcript section, annotations cut."""
    lines = []
    for block in re.findall(r"^```\n(.*?)^```", section, re.S | re.M):
        for line in block.splitlines():
            if line[:2] in ("> ", "< "):
                lines.append((line[0], re.sub(r"\s+\[[^]]*\]$", "", line[2:]).rstrip()))
    return lines


def check_positions_legal(oaq, lines, rules):
    for _, line in lines:
        if line.startswith("position startpos moves "):
            out = run([oaq, "rules", "play", "--json", "--rules", rules] + line.split()[3:])
            assert out.returncode == 0, f"{line}: {out.stderr.strip()}"


def test_three_player_transcript(bin_dir, spec_dir, tmp):
    with open(os.path.join(spec_dir, "README.md"), encoding="utf-8") as f:
        text = f.read()
    oaq = os.path.join(bin_dir, "oaq")
    example = transcript_lines(text[text.index("### 6.3 "):text.index("## 7. Timing")])
    assert ("<", "option name Players type spin default 2 min 2 max 4") in example, example
    check_positions_legal(oaq, example, "standard,players=3")

    section = text[text.index("### 11.5 "):text.index("## 12. Writing")]
    lines = transcript_lines(section)
    check_positions_legal(oaq, lines, "standard,players=3")
    quoted = re.search(r"The position before `4R` is `([^`]+)`", section.replace("\n", " "))
    last = [l for d, l in lines if l.startswith("position ")][-1]
    out = run([oaq, "rules", "play", "--json", "--rules", "standard,players=3"] + last.split()[3:])
    assert quoted and json.loads(out.stdout)["final"] == quoted.group(1), out.stdout

    script = "".join(l + "\n" for d, l in lines if d == ">") + "quit\n"
    engine = subprocess.run([os.path.join(bin_dir, "oaq-greedy")], input=script,
                            capture_output=True, text=True, timeout=60)
    got = engine.stdout.splitlines()
    want = [l for d, l in lines if d == "<"]
    strip = lambda ls: [l for l in ls if not l.startswith("info ")]
    assert strip(got) == strip(want), f"oaq-greedy answered {strip(got)}, the page {strip(want)}"
    pvs = lambda ls: [l.split(" pv ")[1] for l in ls if l.startswith("info ")]
    assert pvs(got) == pvs(want), f"info pv: oaq-greedy {pvs(got)}, the page {pvs(want)}"


def perft_rows(markdown):
    """(rules, position, depth, count) for every cell of every perft table in rules.md section 7.

    A table whose first column is `preset` counts from that preset's start position; one whose
    columns are `rules | position` counts from the position string in backticks."""
    section = markdown[markdown.index("## 7. Test vectors"):markdown.index("## 8. Worked examples")]
    rows, header = [], None
    for line in section.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(cells[0]) <= set("-"):
            continue
        depths = [(i, int(h[2:])) for i, h in enumerate(header) if re.fullmatch(r"d=\d+", h)]
        if not depths:
            continue
        if header[0] == "preset":
            rules, position = cells[0], "startpos"
        elif header[:2] == ["rules", "position"]:
            rules, position = cells[0], cells[1].strip("`")
        else:
            raise AssertionError(f"a perft table with the header {header}")
        rows += [(rules, position, d, int(cells[i])) for i, d in depths]
    return rows


def test_perft_vectors(bin_dir, spec_dir, tmp):
    with open(os.path.join(spec_dir, "rules.md"), encoding="utf-8") as f:
        rows = perft_rows(f.read())
    mid_game = [r for r in rows if r[1] != "startpos"]
    assert len(rows) >= 60 and len(mid_game) >= 60, f"only {len(rows)} perft cells read"
    presets = {r[0] for r in mid_game}
    for preset in ["standard", "stop-after-capture", "quan-non", "quan5", "no-empty-gap",
                   "village", "tg-standard"]:
        assert preset in presets, f"no mid-game perft vector under {preset}"
    oaq = os.path.join(bin_dir, "oaq")
    for rules, position, depth, count in rows:
        out = run([oaq, "rules", "perft", "--rules", rules, "--position", position, "--json",
                   str(depth)])
        assert out.returncode == 0, out.stderr
        nodes = json.loads(out.stdout)["nodes"]
        assert nodes == count, f"{rules} {position} d={depth}: the page says {count}, oaq {nodes}"


def test_repetition_example(bin_dir, spec_dir, tmp):
    """rules.md 8.9: the four moves played twice end the game by repetition after ply 8."""
    with open(os.path.join(spec_dir, "rules.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("### 8.9 Repetition"):text.index("### 8.10")]
    start = re.search(r"From `([^`]+)` the moves `([^`]+)`", section)
    final = re.search(r"settles to `([^`]+)`", section)
    assert start and final and "after ply 8" in section, section
    moves = start.group(2).split()
    oaq = os.path.join(bin_dir, "oaq")
    for plies, over in [(7, False), (8, True)]:
        line = (moves * 2)[:plies]
        out = run([oaq, "rules", "play", "--json", "--position", start.group(1)] + line)
        assert out.returncode == 0, out.stderr
        game = json.loads(out.stdout)
        assert game["over"] == over, f"after {plies} plies: over={game['over']}"
        if over:
            assert game["end"] == "repetition" and game["final"] == final.group(1), game


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--spec", required=True)
    args = parser.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory(prefix="oaq-spec-") as tmp:
        for name, test in [("first bot from the page", test_first_bot),
                           ("perft vectors of rules.md", test_perft_vectors),
                           ("repetition example of rules.md", test_repetition_example),
                           ("N-seat bot from the page", test_ring_bot),
                           ("three-player transcripts of the page", test_three_player_transcript)]:
            try:
                test(args.bin, args.spec, tmp)
                print(f"PASS {name}")
            except Exception as e:  # one line per failure, then the next test
                failed += 1
                print(f"FAIL {name}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
