#!/usr/bin/env python3
"""Browser test of `oaq report`: plays a small real tournament with the sample engines, writes the
report page, and checks it in headless Chromium.

  python3 scripts/check_report.py --bin build/bin [--work DIR] [--browser PATH]

Checks, in order:
  1. the page is one self-contained file: no external src/href/url()/@import, and the embedded
     JSON block never contains "</" (it cannot close its <script> element early);
  2. `--dump-dom` of index.html?step=3: the script ran (<body data-ok="1">, no data-error), the
     first game is selected, the ply counter reads "Ply 3 / N", and all 12 board pits (counts and
     mandarin pieces), the stores, debts and side to move match the position after ply 3 that
     `oaq rules play --json` computes from the game's moves read from the database with sqlite3;
     the standings, crosstable, termination counts and game list agree with the database;
  3. a live session over --remote-debugging-pipe (Chrome DevTools Protocol): no exception and no
     console error, no network request; Right/Left arrow keys step the replay; a mouse click on
     the second game's row selects it, a click on Last shows its final position as stored;
  4. `--screenshot` writes report.png next to index.html (look at it; the work directory is kept).
Exit 0 on success, 1 on a failed check, 77 (skip) only when no Chromium is installed.
"""
import argparse
import html.parser
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars"]
PIT_NAMES = ["QW", "S1", "S2", "S3", "S4", "S5", "QE", "N1", "N2", "N3", "N4", "N5"]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)
    return condition


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240, **kw)
    if proc.returncode != 0:
        sys.exit(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}")
    return proc.stdout


def find_browser(explicit):
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def parse_position(text):
    pits, side, south, north, sdebt, ndebt = text.split(" ")
    cells = [(c.startswith("Q"), int(c.lstrip("Q"))) for c in pits.split(",")]
    return {"pits": cells, "side": side, "stores": [south, north], "debts": [int(sdebt), int(ndebt)]}


class Dom(html.parser.HTMLParser):
    """Collects attributes and text of the elements the test looks at."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.by_id = {}
        self.pits = {}
        self.classes = {}
        self.stack = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = a
        for open_node in self.stack:
            open_node["text"] += " "  # cells and spans read as separate words
        node = {"tag": tag, "attrs": a, "text": ""}
        if "id" in a:
            self.by_id[a["id"]] = node
        if "data-pit" in a:
            self.pits[int(a["data-pit"])] = node
        for cls in (a.get("class") or "").split():
            self.classes.setdefault(cls, []).append(node)
        if tag not in ("br", "img", "meta", "link", "input", "circle", "line", "rect"):
            self.stack.append(node)

    def handle_endtag(self, tag):
        while self.stack:
            node = self.stack.pop()
            if node["tag"] == tag:
                break

    def handle_data(self, data):
        for node in self.stack:
            node["text"] += data


def read_database(db_path):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    t = con.execute("SELECT id, name, rules FROM tournaments ORDER BY id DESC LIMIT 1").fetchone()
    games = con.execute(
        "SELECT g.id, g.game_index, g.start_position, g.final_position, g.termination, g.plies, "
        "s.name AS south, n.name AS north FROM games g JOIN engines s ON s.id = g.south_engine_id "
        "JOIN engines n ON n.id = g.north_engine_id WHERE g.tournament_id = ? ORDER BY g.game_index",
        (t["id"],)).fetchall()
    moves = {g["id"]: [r[0] for r in con.execute("SELECT move FROM moves WHERE game_id = ? ORDER BY ply",
                                                 (g["id"],))] for g in games}
    engines = [r[0] for r in con.execute(
        "SELECT e.name FROM tournament_engines te JOIN engines e ON e.id = te.engine_id "
        "WHERE te.tournament_id = ? ORDER BY te.seat", (t["id"],))]
    con.close()
    return t, games, moves, engines


def check_board(dom, expected, label):
    pos = parse_position(expected)
    for i, (piece, count) in enumerate(pos["pits"]):
        node = dom.pits.get(i)
        if not check(node is not None, f"{label}: pit {PIT_NAMES[i]} is missing"):
            continue
        a = node["attrs"]
        check(a.get("data-count") == str(count), f"{label}: {PIT_NAMES[i]} shows {a.get('data-count')}, expected {count}")
        check(a.get("data-piece") == ("1" if piece else "0"), f"{label}: {PIT_NAMES[i]} mandarin piece shown wrong")
        dots = node["text"]
        check(str(count) in dots, f"{label}: {PIT_NAMES[i]} count text missing")
    south, north = dom.by_id.get("player-south"), dom.by_id.get("player-north")
    if check(south and north, f"{label}: player panels missing"):
        for i, panel in enumerate((south, north)):
            c, p = pos["stores"][i].split("+")
            check(f"store {c} + {p}" in panel["text"], f"{label}: store {pos['stores'][i]} not shown: {panel['text']!r}")
            check(f"debt {pos['debts'][i]}" in panel["text"], f"{label}: debt not shown")
        active = [p for p in (south, north) if "active" in p["attrs"].get("class", "").split()]
        want = south if pos["side"] == "S" else north
        check(active == [want], f"{label}: side to move {pos['side']} not marked")


def check_dom(dom, step, game, expected, t, games, engines):
    check(dom.body.get("data-ok") == "1", "the page's script did not finish (no data-ok on <body>)")
    check("data-error" not in dom.body, f"script error: {dom.body.get('data-error')}")
    viewer = dom.by_id.get("viewer", {"attrs": {}, "text": ""})
    check(viewer["attrs"].get("data-game-id") == str(game["id"]), "the first game is not selected")
    check(viewer["attrs"].get("data-ply") == str(step), f"replay at ply {viewer['attrs'].get('data-ply')}, expected {step}")
    counter = dom.by_id.get("ply-counter", {"text": ""})["text"].strip()
    check(counter == f"Ply {step} / {game['plies']}", f"ply counter reads {counter!r}")
    check(dom.by_id.get("position-string", {"text": ""})["text"].strip() == expected, "position string differs")
    check_board(dom, expected, f"ply {step}")
    froms = dom.classes.get("from", [])
    check(len(froms) == 1, f"{len(froms)} pits highlighted as the move's origin, expected 1")
    # The static tables agree with the database.
    for table in ("standings", "cross"):
        nodes = [n for n in dom.classes.get(table, []) if n["tag"] == "table"]
        if check(len(nodes) == 1, f"no {table} table"):
            names = [n["text"].strip() for n in dom.classes.get("name", []) if n["text"].strip() in engines]
            for e in engines:
                check(e in nodes[0]["text"].split(), f"engine {e} missing from the {table} table")
            check(len(names) >= 2 * len(engines), "engine names missing from the tables")
    listed = dom.by_id.get("game-list")
    check(listed is not None and listed["text"].count("–") >= len(games), "game list missing")
    term_text = " ".join(dom.by_id.get("terminations", {"text": ""})["text"].split())
    for kind in ("normal", "repetition", "ply_limit", "time_forfeit", "illegal_move", "crash"):
        n = sum(1 for g in games if g["termination"] == kind)
        check(f" {kind} {n} " in term_text, f"termination count {kind}={n} not shown: {term_text[:160]!r}")


class Cdp:
    """Chrome DevTools Protocol over --remote-debugging-pipe (fd 3: commands in, fd 4: replies out)."""

    def __init__(self, browser, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def setup():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen([browser, *CHROME_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe",
                                      "--window-size=1400,1000"], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     preexec_fn=setup, pass_fds=(3, 4))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise RuntimeError(f"{method}: no reply")

    def read(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise RuntimeError("browser did not answer")
            chunk = os.read(self.from_chrome, 65536)
            if not chunk:
                raise RuntimeError("browser closed the pipe")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(line)

    def wait_event(self, method, timeout=30):
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        deadline = time.time() + timeout
        while time.time() < deadline:
            e = self.read(deadline)
            if e.get("method") == method:
                return e
            self.events.append(e)
        raise RuntimeError(f"no {method} event")

    def eval(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return r.get("result", {}).get("value")

    def key(self, key, code):
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code})

    def click(self, selector):
        box = self.eval(f"(function(){{var e=document.querySelector({json.dumps(selector)});e.scrollIntoView({{block:'center'}});"
                        "var r=e.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()")
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:  # noqa: BLE001 - the browser may already be gone
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def live_session(browser, profile, url, games, moves, bin_dir, rules):
    cdp = Cdp(browser, profile)
    try:
        target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        cdp.session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            cdp.send(domain + ".enable")
        cdp.send("Page.navigate", {"url": url})
        cdp.wait_event("Page.loadEventFired")
        check(cdp.eval("document.body.getAttribute('data-ok')") == "1", "live: the page's script did not finish")
        ply = lambda: cdp.eval("document.getElementById('viewer').getAttribute('data-ply')")  # noqa: E731
        check(ply() == "0", "live: replay does not start at ply 0")
        cdp.key("ArrowRight", 39)
        cdp.key("ArrowRight", 39)
        check(ply() == "2", f"live: two Right arrows give ply {ply()}")
        cdp.key("ArrowLeft", 37)
        check(ply() == "1", f"live: Left arrow gives ply {ply()}")
        second = games[1]
        cdp.click("#game-list tbody tr:nth-child(2)")
        gid = cdp.eval("document.getElementById('viewer').getAttribute('data-game-id')")
        check(gid == str(second["id"]), f"live: clicking the second row selected game {gid}")
        cdp.click("#last")
        check(ply() == str(second["plies"]), f"live: Last gives ply {ply()}, expected {second['plies']}")
        shown = cdp.eval("document.getElementById('viewer').getAttribute('data-position')")
        replay = json.loads(run([f"{bin_dir}/oaq", "rules", "play", "--rules", rules, "--position",
                                 second["start_position"], "--max-plies", "0", "--json", *moves[second["id"]]]))
        check(shown == replay["final"], f"live: final position {shown!r} differs from the replay {replay['final']!r}")
        check(cdp.eval("document.getElementById('next').disabled") is True, "live: Next is enabled at the end")
        cdp.click("#first")
        check(ply() == "0", "live: First does not go back to ply 0")
        for e in cdp.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                check(False, f"live: exception {p.get('exceptionDetails', {}).get('text')}")
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                check(False, f"live: console error {p.get('args')}")
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                check(False, f"live: log error {p['entry'].get('text')}")
            elif m == "Network.requestWillBeSent":
                req = p.get("request", {}).get("url", "")
                check(req.startswith(("file:", "data:", "about:")), f"live: network request {req}")
    finally:
        cdp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="directory with oaq, oaq-random, oaq-greedy")
    ap.add_argument("--browser", help="Chromium executable (default: chromium on PATH)")
    ap.add_argument("--work", help="directory for the database, the page and the screenshot "
                    "(default: report-check next to the bin directory; emptied first, kept after)")
    args = ap.parse_args()
    browser = find_browser(args.browser)
    if not browser:
        print("SKIP: no chromium on PATH (apt-get install chromium)")
        return 77
    bin_dir = os.path.abspath(args.bin)
    work = os.path.abspath(args.work or os.path.join(os.path.dirname(bin_dir), "report-check"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    db = os.path.join(work, "report.db")
    out = os.path.join(work, "out")
    profiles = tempfile.mkdtemp(prefix="oaq-chrome-")
    try:
        return check_all(browser, bin_dir, db, out, profiles)
    finally:
        shutil.rmtree(profiles, ignore_errors=True)


def check_all(browser, bin_dir, db, out, profiles):
    def profile():
        return tempfile.mkdtemp(dir=profiles)

    run([f"{bin_dir}/oaq", "tournament", "--db", db, "--name", "report-check", "--tc", "movetime=10",
         "--concurrency", "2", "--progress", "0", "--seed", "7",
         "--engine", "name=random", f"cmd={bin_dir}/oaq-random", "args=--seed 1",
         "--engine", "name=random2", f"cmd={bin_dir}/oaq-random", "args=--seed 2",
         "--engine", "name=greedy", f"cmd={bin_dir}/oaq-greedy"])
    print(run([f"{bin_dir}/oaq", "report", "--out", out, "--db", db]).strip())
    page = os.path.join(out, "index.html")
    text = open(page, encoding="utf-8").read()

    # 1. self-contained
    check(not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", text, re.I), "the page links an external resource")
    check(not re.search(r"url\(\s*['\"]?(https?:)?//|@import", text, re.I), "the stylesheet loads an external resource")
    check("<link" not in text and "<script src" not in text, "the page loads a separate file")
    m = re.search(r'<script type="application/json" id="oaq-data">(.*?)</script>', text, re.S)
    if check(m is not None, "no embedded JSON block"):
        check("</" not in m.group(1), "the JSON block contains '</'")
        json.loads(m.group(1))

    # 2. the stepped replay in the dumped DOM against the rules library
    t, games, moves, engines = read_database(db)
    check(len(games) == 6, f"{len(games)} games stored, expected 6")
    first = games[0]
    step = min(3, first["plies"])
    replay = json.loads(run([f"{bin_dir}/oaq", "rules", "play", "--rules", t["rules"], "--position",
                             first["start_position"], "--max-plies", "0", "--json", *moves[first["id"]][:step]]))
    expected = replay["positions"][step - 1] if step else first["start_position"]
    url = "file://" + page
    dump = run([browser, *CHROME_FLAGS, f"--user-data-dir={profile()}",
                "--virtual-time-budget=5000", "--dump-dom", f"{url}?step={step}"], stdin=subprocess.DEVNULL)
    dom = Dom()
    dom.feed(dump)
    check_dom(dom, step, first, expected, t, games, engines)

    # 3. keys, clicks, console and network in a live session
    live_session(browser, profile(), url, games, moves, bin_dir, t["rules"])

    # 4. a screenshot to look at
    shot = os.path.join(out, "report.png")
    run([browser, *CHROME_FLAGS, f"--user-data-dir={profile()}",
         "--window-size=1400,1800", "--virtual-time-budget=5000", f"--screenshot={shot}", f"{url}?step={step}"],
        stdin=subprocess.DEVNULL)
    with open(shot, "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG")
    print(f"screenshot: {shot}")
    if failures:
        print(f"{len(failures)} check(s) failed; the page is {page}")
        return 1
    print(f"report page OK: {len(games)} games, replay checked at ply {step}, keys and clicks work")
    return 0


if __name__ == "__main__":
    sys.exit(main())
