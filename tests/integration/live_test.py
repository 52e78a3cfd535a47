#!/usr/bin/env python3
"""The live page (issue 28) from outside, with real engines, real sockets and a real browser:

  python3 tests/integration/live_test.py --bin build/bin [-k NAME] [--artifacts DIR]

- a tournament with `--live 127.0.0.1:0` prints its address; a client reading /events from the
  start gets, for every game, game_start, then every move in order (ply 1, 2, ...), then game_end,
  with increasing ids, and every game's moves equal the stored game's; a client that reconnects
  with Last-Event-ID gets exactly the events after it; /state is the state; POST gets 405;
- hostile clients (1,000 sockets at once, requests that never finish, malformed requests, a
  viewer that never reads) leave the run undisturbed: it stores the same games as the same run
  played without any viewer;
- headless Chromium loads the page while a run plays: the board of a running game shows the
  position the database holds for that game at that ply, names from the command line are shown as
  text (never HTML), the standings and finished games appear; a screenshot of a tournament and of
  an SPRT match mid-run goes to --artifacts (skipped, saying so, only when no Chromium is
  installed);
- `oaq serve --db FILE --port 0` serves a stored run, and follows a run another process is
  writing;
- a bad --live address is one line and exit 2, before anything is written.
After every test no engine process started by this script is left (an environment marker).
"""
import json
import os
import re
import resource
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import referee_test as base  # noqa: E402  (its oaq(), engine() and leak check)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import check_report  # noqa: E402  (its Chrome DevTools Protocol client)
import json_schema_test  # noqa: E402  (its validator of docs/json-schema.json)

SCHEMA = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                                     "json-schema.json"), encoding="utf-8"))
# Each event's data and the definition of docs/json-schema.json it follows (docs/json.md).
EVENT_DEFS = {"state": "live_page_state", "run": "live_start", "game_start": "live_page_game_start",
              "move": "live_page_move", "info": "live_page_info", "game_end": "live_game", "standings": "live_standings",
              "sprt": "sprt", "run_end": "live_summary"}


def check_schema(events):
    validator = json_schema_test.Validator(SCHEMA)
    for id_, kind, data in events:
        errors = validator.errors(data, {"$ref": f"#/$defs/{EVENT_DEFS[kind]}"})
        assert not errors, f"event {id_} ({kind}) does not follow {EVENT_DEFS[kind]}: {errors[:3]}"

TMP = None
ARTIFACTS = os.environ.get("OAQ_LIVE_ARTIFACTS", "")
HOSTILE_NAME = "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">&amp;"
SLOW = ("oaq-test-engine", "args=--delay 60")
# What an engine says (its `info string`), markup that would run if it reached the page as HTML.
HOSTILE_INFO = '<img src=x onerror="document.body.setAttribute(`data-pwned`,2)">'


def slow(name):
    return base.engine(name, SLOW[0], SLOW[1])


def tournament_args(db, *extra, rounds=1):
    return ["tournament", *slow("slow1"), *slow(HOSTILE_NAME), *base.engine("greedy", "oaq-greedy"),
            "--rounds", str(rounds), "--tc", "movetime=2000", "--seed", "7", "--db", db,
            "--name", "cup", "--concurrency", "2", *extra]


def fresh(name):
    path = os.path.join(TMP, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def stored_games(db, name="cup"):
    """game number -> (moves, result, termination) as `oaq results export --json` gives them."""
    out = base.oaq("results", "export", "--json", "--db", db, "--tournament", name, check=0).stdout
    games = {}
    for g in base.json_lines(out):
        games[g["game"]] = ([m["move"] for m in g["moves"]], g["result"], g["termination"], g)
    return games


class LiveRun:
    """oaq tournament/match --live 127.0.0.1:0 --json in the background; its address from stdout."""

    def __init__(self, args):
        self.proc = subprocess.Popen([os.path.join(base.BIN, "oaq"), *args, "--live", "127.0.0.1:0",
                                      "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        first = json.loads(self.proc.stdout.readline())
        assert first["type"] == "live" and first["address"] == "127.0.0.1", first
        self.port = first["port"]
        assert first["url"] == f"http://127.0.0.1:{self.port}/"
        # The run's lines are read as they come: a full pipe would stop the run.
        self.out, self.err = [], []
        self.readers = [threading.Thread(target=lambda f=f, into=into: into.extend(f), daemon=True)
                        for f, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))]
        for t in self.readers:
            t.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:  # a failed test: stop the run (SIGTERM ends its engines)
            self.proc.terminate()
            self.proc.wait(timeout=60)

    def wait(self, timeout=300):
        self.proc.wait(timeout=timeout)
        for t in self.readers:
            t.join(timeout=10)
        out, err = "".join(self.out), "".join(self.err)
        assert self.proc.returncode == 0, (self.proc.returncode, err[-2000:])
        assert f"live page: http://127.0.0.1:{self.port}/" in err, err
        return out, err


class EventReader(threading.Thread):
    """Reads /events (from the start, or after last_id) into a list of (id, type, data)."""

    def __init__(self, port, last_id=None, limit=None):
        super().__init__(daemon=True)
        self.port, self.last_id, self.limit = port, last_id, limit
        self.events = []
        self.head = ""
        self.done = threading.Event()

    def run(self):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=120)
        extra = f"Last-Event-ID: {self.last_id}\r\n" if self.last_id is not None else ""
        s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n{extra}\r\n".encode())
        buf = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                buf += chunk
                if not self.head and b"\r\n\r\n" in buf:
                    head, buf = buf.split(b"\r\n\r\n", 1)
                    self.head = head.decode()
                while self.head and b"\n\n" in buf:
                    block, buf = buf.split(b"\n\n", 1)
                    fields = {}
                    for line in block.decode().split("\n"):
                        if line.startswith(":") or ": " not in line:
                            continue
                        key, value = line.split(": ", 1)
                        fields[key] = fields[key] + "\n" + value if key in fields else value
                    if "event" in fields:
                        self.events.append((int(fields["id"]), fields["event"], json.loads(fields["data"])))
                        if self.limit and len(self.events) >= self.limit:
                            return
                        if fields["event"] == "run_end":
                            return
        finally:
            s.close()
            self.done.set()


def http(port, raw, timeout=10):
    """Sends raw bytes, returns everything the server answers until it closes."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(raw)
    out = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except (socket.timeout, ConnectionResetError):
        pass  # a server that answers and closes before reading everything resets
    s.close()
    return out.decode(errors="replace")


def check_events_against_store(events, games):
    ids = [e[0] for e in events]
    assert ids == sorted(ids) and len(set(ids)) == len(ids), "ids not increasing"
    seen = {}
    for _, kind, data in events:
        if kind == "state":
            for g in data["running"] + data["finished"]:
                if g["start"]:
                    seen[g["start"]["game"]] = {"start": True, "moves": [m["move"] for m in g["moves"]],
                                                "end": g["end"] is not None}
        elif kind == "game_start":
            assert data["game"] not in seen or not seen[data["game"]]["moves"], data
            seen[data["game"]] = {"start": True, "moves": [], "end": False}
            assert [s["seat"] for s in data["seats"]] == [1, 2]
            assert len(data["clocks_us"]) == 2
        elif kind == "move":
            g = seen[data["game"]]
            assert not g["end"], f"a move after game {data['game']} ended"
            assert data["ply"] == len(g["moves"]) + 1, (data["game"], data["ply"], len(g["moves"]))
            assert len(data["clocks_us"]) == 2 and data["seat"] in (1, 2)
            g["moves"].append(data["move"])
        elif kind == "game_end":
            g = seen[data["game"]]
            assert g["start"] and not g["end"]
            g["end"] = True
            assert data["plies"] == len(g["moves"]), (data["game"], data["plies"], len(g["moves"]))
    assert set(seen) == set(games), (sorted(seen), sorted(games))
    for number, (moves, result, termination, _) in games.items():
        assert seen[number]["end"], number
        assert seen[number]["moves"] == moves, f"game {number}: events {seen[number]['moves']} != stored {moves}"


def test_events_of_a_live_tournament_equal_the_stored_games():
    db = fresh("events.db")
    with LiveRun(tournament_args(db)) as run:
        reader = EventReader(run.port)
        reader.start()
        # A second viewer reads a few events, leaves, and comes back with its Last-Event-ID.
        first = EventReader(run.port, limit=5)
        first.start()
        first.join(60)
        assert len(first.events) == 5 and first.events[0][1] == "state", first.events[:2]
        last = first.events[-1][0]
        time.sleep(0.3)
        resumed = EventReader(run.port, last_id=last, limit=3)
        resumed.start()
        resumed.join(60)
        assert resumed.events and resumed.events[0][0] == last + 1, (last, resumed.events[:1])
        assert all(e[1] != "state" for e in resumed.events)
        state = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{run.port}/state", timeout=10).read())
        assert state["type"] == "state" and state["run"]["tournament"] == "cup", state["run"]
        assert state["run"]["kind"] == "tournament"
        post = http(run.port, b"POST /events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        assert post.startswith("HTTP/1.1 405 "), post[:80]
        run.wait()
        reader.join(60)
        assert reader.events and reader.events[0][1] == "state", reader.events[:1]
        assert reader.events[-1][1] == "run_end", reader.events[-1][:2]
        games = stored_games(db)
        assert len(games) == 6, len(games)
        check_events_against_store(reader.events, games)
        check_schema(reader.events + first.events + resumed.events)
        standings = [e for e in reader.events if e[1] == "standings"]
        assert standings and standings[-1][2]["games_done"] == 6
        print(f"  {len(reader.events)} events, {sum(1 for e in reader.events if e[1] == 'move')} moves")


def raise_descriptor_limit(want):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def test_hostile_clients_leave_the_run_undisturbed():
    reference = fresh("quiet.db")
    base.oaq(*tournament_args(reference), check=0)
    db = fresh("hostile.db")
    with LiveRun(tournament_args(db)) as run:
        limit = raise_descriptor_limit(1200)
        count = min(1000, limit - 100)
        sockets = []
        for i in range(count):
            try:
                s = socket.create_connection(("127.0.0.1", run.port), timeout=5)
            except OSError:
                break
            kind = i % 4
            try:
                if kind == 1:
                    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finishes
                elif kind == 2:
                    s.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
                elif kind == 3:
                    s.sendall(b"DELETE /state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            except OSError:
                pass
            sockets.append(s)
        # A viewer that never reads, with a tiny receive buffer.
        stuck = socket.socket()
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        stuck.connect(("127.0.0.1", run.port))
        stuck.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        # Within all that, one well-formed request still gets its answer (after the idle ones time out
        # at the latest), and malformed ones get 400 and 405.
        bad = http(run.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X: " + b"y" * 20000 + b"\r\n\r\n", timeout=30)
        assert bad == "" or bad.startswith("HTTP/1.1 400 "), bad[:80]
        out, err = run.wait()
        print(f"  {len(sockets)} sockets opened, descriptor limit {limit}")
        for s in sockets:
            s.close()
        stuck.close()
        quiet, loud = stored_games(reference), stored_games(db)
        assert len(quiet) == len(loud) == 6
        for n in quiet:
            assert quiet[n][:3] == loud[n][:3], f"game {n} differs with viewers: {quiet[n][:3]} vs {loud[n][:3]}"


# ---- the browser ------------------------------------------------------------------------------

CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars"]


def find_browser():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Dom(HTMLParser):
    """The running games' cards (data-game, data-ply, data-position and pit counts) and texts."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.cards = []
        self.card = None
        self.text = []
        self.tags = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "body":
            self.body = a
        if "live-game" in (a.get("class") or "").split():
            self.card = {"game": int(a["data-game"]), "ply": int(a["data-ply"]),
                         "position": a["data-position"], "pits": {}}
            self.cards.append(self.card)
        if self.card is not None and "data-pit" in a and "data-count" in a:
            self.card["pits"][int(a["data-pit"])] = (int(a["data-count"]), a.get("data-piece") == "1")

    def handle_data(self, data):
        self.text.append(data)


def dump(browser, url, profile):
    out = subprocess.run([browser, *CHROME_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL).stdout
    d = Dom()
    d.feed(out)
    d.html = out
    return d


def screenshot(browser, url, profile, path):
    subprocess.run([browser, *CHROME_FLAGS, f"--user-data-dir={profile}", "--window-size=1400,1500",
                    f"--screenshot={path}", url], capture_output=True, timeout=60,
                   stdin=subprocess.DEVNULL)
    return os.path.exists(path) and os.path.getsize(path) > 0


def position_after(start, moves):
    """The position string after `moves` from `start`, as the rules library computes it."""
    out = base.oaq("rules", "play", "--position", start, "--max-plies", "0", "--json", *moves, check=0).stdout
    result = json.loads(out)
    return result["positions"][-1] if result["positions"] else start


def parse_pits(position):
    cells = position.split(" ")[0].split(",")
    return {i: (int(c[1:] if c.startswith("Q") else c), c.startswith("Q")) for i, c in enumerate(cells)}


def artifacts_dir():
    path = ARTIFACTS or os.path.join(TMP, "artifacts")
    os.makedirs(path, exist_ok=True)
    return path


def open_live_page(browser, url, profile):
    cdp = check_report.Cdp(browser, profile)
    target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    cdp.session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime"):
        cdp.send(domain + ".enable")
    cdp.send("Emulation.setDeviceMetricsOverride", {"width": 1400, "height": 1000, "deviceScaleFactor": 1,
                                                    "mobile": False})
    cdp.send("Page.navigate", {"url": url})
    cdp.wait_event("Page.loadEventFired")
    return cdp


def wait_for(cdp, expression, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        error = cdp.eval("document.body.getAttribute('data-error')")
        assert not error, "page error: " + error
        value = cdp.eval(expression)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("the page never showed: " + expression)


CARDS = ("Array.prototype.map.call(document.querySelectorAll('.live-game'),function(c){return {"
         "game:Number(c.getAttribute('data-game')),ply:Number(c.getAttribute('data-ply')),"
         "position:c.getAttribute('data-position'),pits:Array.prototype.map.call("
         "c.querySelectorAll('.pit'),function(p){return [Number(p.getAttribute('data-pit')),"
         "Number(p.getAttribute('data-count')),p.getAttribute('data-piece')==='1'];})};})")


def test_the_page_in_chromium_shows_running_games_as_stored():
    browser = find_browser()
    if not browser:
        print("  SKIP: no Chromium installed (scripts/setup.sh installs it): the page was not "
              "checked in a browser")
        return
    db = fresh("browser.db")
    args = ["tournament", *base.engine("ab", "oaq-alphabeta"), *base.engine(HOSTILE_NAME, "oaq-alphabeta"),
            *base.engine("talker", "oaq-test-engine", f"args=--delay 250 --info-string '{HOSTILE_INFO}'"),
            "--rounds", "3", "--tc", "5+0.1", "--seed", "5", "--db", db, "--name", "cup", "--concurrency", "2"]
    with LiveRun(args) as run:
        url = f"http://127.0.0.1:{run.port}/"
        cdp = open_live_page(browser, url, os.path.join(TMP, "profile2"))
        try:
            # Snapshots of the running boards while the games play.
            # --dump-dom: what another browser shows once it has loaded the page mid-run.
            d = dump(browser, url, os.path.join(TMP, "profile"))
            assert d.body.get("data-ok") == "1" and not d.body.get("data-error"), d.body
            assert "Standings" in d.html and 'id="running"' in d.html
            cards, thinks = [], set()
            deadline = time.monotonic() + 60
            while (len(cards) < 6 or HOSTILE_INFO not in " ".join(thinks)) and \
                    time.monotonic() < deadline and run.proc.poll() is None:
                cards += [c for c in cdp.eval(CARDS) if c["ply"] > 0 and c not in cards]
                thinks.update(cdp.eval("Array.prototype.map.call(document.querySelectorAll('.seat .think'),"
                                       "function(e){return e.textContent;})"))
                time.sleep(0.2)
            shot = os.path.join(artifacts_dir(), "live-tournament.png")
            wait_for(cdp, "document.querySelectorAll('#finished tbody tr').length>0")
            cdp.screenshot(shot)
            # A click on a finished game replays it.
            cdp.click("#finished tbody tr")
            wait_for(cdp, "document.getElementById('replay').getAttribute('data-step')==='0'")
            cdp.click("#replay .controls button:nth-child(3)")
            assert cdp.eval("document.getElementById('replay').getAttribute('data-step')") == "1"
            names = cdp.eval("Array.prototype.map.call(document.querySelectorAll('.seat .engine,"
                             "#standings-table td.name'),function(e){return e.textContent;})")
            pwned = cdp.eval("document.body.getAttribute('data-pwned')")
            images = cdp.eval("document.querySelectorAll('img').length")
        finally:
            cdp.close()
        run.wait()
    assert cards, "no running game with a move was shown"
    games = stored_games(db)
    for c in cards:
        moves, _, _, g = games[c["game"]]
        want = position_after(g["start_position"], moves[:c["ply"]])
        assert c["position"] == want, (c["game"], c["ply"], c["position"], want)
        shown = {pit: (count, piece) for pit, count, piece in c["pits"]}
        assert shown == parse_pits(want), (shown, want)
    # The engine name from the command line and the engine's info string are text on the page,
    # never markup.
    assert HOSTILE_NAME in names, names
    assert any(HOSTILE_INFO in t for t in thinks), sorted(thinks)[:5]
    assert pwned is None and images == 0, (pwned, images)
    print(f"  checked {len(cards)} running boards against the database; screenshot {shot}")


def ring_position_after(start, moves, rules="standard,players=3"):
    """position_after for a table of 3 or 4 seats (the rules string says how many)."""
    out = base.oaq("rules", "play", "--rules", rules, "--position", start, "--max-plies", "0", "--json",
                   *moves, check=0).stdout
    result = json.loads(out)
    return result["positions"][-1] if result["positions"] else start


RING = ("Array.prototype.map.call(document.querySelectorAll('.live-game'),function(c){var b=c.querySelector("
        "'.board');return {game:Number(c.getAttribute('data-game')),ring:b.classList.contains('ring3'),"
        "labels:Array.prototype.map.call(b.querySelectorAll('.ring-seat'),function(l){return l.textContent;}),"
        "seats:c.querySelectorAll('.seat').length};})")


# Each event of a table's run and the definition of docs/json-schema.json it follows.
TABLE_EVENT_DEFS = {"run": "live_table_start", "game_start": "live_page_game_start", "move": "live_page_move",
                    "info": "live_page_info", "game_end": "live_table_game", "standings": "live_table_standings",
                    "run_end": "live_table_summary"}


def check_table_events(events, games):
    """A table's events from the start of its run: each follows its schema; every game has 3 seats
    and clocks, its moves in order (ply 1, 2, ..) equal to the stored game's, then its end."""
    validator = json_schema_test.Validator(SCHEMA)
    seen = {}
    for id_, kind, data in events:
        if kind == "state":  # a stream opened mid-run starts with what has been played so far
            errors = validator.errors(data, {"$ref": "#/$defs/live_page_state"})
            assert not errors, f"the state does not follow live_page_state: {errors[:3]}"
            for g in data["running"] + data["finished"]:
                if g["start"]:
                    seen[g["start"]["game"]] = {"moves": [m["move"] for m in g["moves"]], "end": g["end"] is not None}
            continue
        errors = validator.errors(data, {"$ref": f"#/$defs/{TABLE_EVENT_DEFS[kind]}"})
        assert not errors, f"event {id_} ({kind}) does not follow {TABLE_EVENT_DEFS[kind]}: {errors[:3]}"
        if kind == "game_start":
            assert [s["seat"] for s in data["seats"]] == [1, 2, 3] and len(data["clocks_us"]) == 3, data
            seen[data["game"]] = {"moves": [], "end": False}
        elif kind == "move":
            g = seen[data["game"]]
            assert not g["end"] and data["ply"] == len(g["moves"]) + 1, data
            assert len(data["clocks_us"]) == 3 and data["seat"] in (1, 2, 3)
            g["moves"].append(data["move"])
        elif kind == "game_end":
            g = seen[data["game"]]
            g["end"] = True
            assert data["plies"] == len(g["moves"]) and len(data["seats"]) == 3, data
    assert sorted(seen) == sorted(games), (sorted(seen), sorted(games))
    for number, (moves, _, _, _) in games.items():
        assert seen[number]["end"] and seen[number]["moves"] == moves, number
    assert events[-1][1] == "run_end", events[-1]


def test_the_page_of_a_table_draws_the_ring_as_stored():
    # oaq match at a table of 3 with --live: the page draws each running game on the triangle of
    # 18 pits, and the board at each ply it showed is the position the database holds there.
    browser = find_browser()
    if not browser:
        print("  SKIP: no Chromium installed (scripts/setup.sh installs it): the page was not "
              "checked in a browser")
        return
    db = fresh("table.db")
    table = base.engine("table", "oaq-test-engine", f"args=--players 3 --delay 150 --info-string '{HOSTILE_INFO}'")
    args = ["match", "--rules", "standard,players=3", *table, *base.engine(HOSTILE_NAME, "oaq-greedy"),
            *base.engine("mcts", "oaq-mcts"), "--tc", "30+0.2", "--games", "6", "--db", db, "--name", "ring",
            "--concurrency", "2"]
    with LiveRun(args) as run:
        url = f"http://127.0.0.1:{run.port}/"
        reader = EventReader(run.port)
        reader.start()
        cdp = open_live_page(browser, url, os.path.join(TMP, "profile-table"))
        try:
            cards, rings = [], []
            deadline = time.monotonic() + 90
            while len(cards) < 8 and time.monotonic() < deadline and run.proc.poll() is None:
                cards += [c for c in cdp.eval(CARDS) if c["ply"] > 0 and c not in cards]
                rings += cdp.eval(RING)
                time.sleep(0.2)
            shot = os.path.join(artifacts_dir(), "live-table.png")
            wait_for(cdp, "document.querySelectorAll('#finished tbody tr').length>0")
            cdp.screenshot(shot)
            cdp.click("#finished tbody tr")
            wait_for(cdp, "document.getElementById('replay').getAttribute('data-step')==='0'")
            cdp.click("#replay .controls button:nth-child(3)")
            assert cdp.eval("document.getElementById('replay').getAttribute('data-step')") == "1"
            assert cdp.eval("document.querySelectorAll('#replay .board.ring3 .pit').length") == 18
            names = cdp.eval("Array.prototype.map.call(document.querySelectorAll('.seat .engine'),"
                             "function(e){return e.textContent;})")
            standings = cdp.eval("document.querySelectorAll('#standings-table tbody tr').length")
            pwned = cdp.eval("document.body.getAttribute('data-pwned')")
            images = cdp.eval("document.querySelectorAll('img').length")
        finally:
            cdp.close()
        run.wait()
        reader.join(timeout=60)
    assert cards, "no running game with a move was shown"
    check_table_events(reader.events, stored_games(db, "ring"))
    assert rings and all(r["ring"] and len(r["labels"]) == 3 and r["seats"] == 3 for r in rings), rings[:3]
    assert standings == 3, standings
    games = stored_games(db, "ring")
    for c in cards:
        moves, _, _, g = games[c["game"]]
        want = ring_position_after(g["start_position"], moves[:c["ply"]])
        assert c["position"] == want, (c["game"], c["ply"], c["position"], want)
        shown = {pit: (count, piece) for pit, count, piece in c["pits"]}
        assert shown == parse_pits(want) and len(shown) == 18, (shown, want)
    assert HOSTILE_NAME in names, names
    assert pwned is None and images == 0, (pwned, images)
    # oaq serve shows the stored table: every game with its 3 seats, its moves as stored and each
    # move's position the rules library's.
    server = Serve(db)
    try:
        state = server.state()
        finished = {g["end"]["game"]: [m["move"] for m in g["moves"]] for g in state["finished"]}
        assert finished == {n: g[0] for n, g in games.items()}, finished
        for g in state["finished"]:
            assert [s["engine"] for s in g["start"]["seats"]] == [s["engine"] for s in g["end"]["seats"]], g["start"]
            moves = [m["move"] for m in g["moves"]]
            if moves:
                half = (len(moves) + 1) // 2
                want = ring_position_after(g["start"]["start_position"], moves[:half])
                assert g["moves"][half - 1]["position"] == want, (g["end"]["game"], half)
    finally:
        server.stop()
    print(f"  checked {len(cards)} running ring boards against the database, oaq serve of the table; "
          f"screenshot {shot}")


def test_the_page_of_an_sprt_match_draws_the_llr():
    browser = find_browser()
    if not browser:
        print("  SKIP: no Chromium installed: the SPRT chart was not checked in a browser")
        return
    db = fresh("sprt.db")
    args = ["match", *base.engine("ab1", "oaq-alphabeta"), *base.engine("ab2", "oaq-alphabeta"), "--tc",
            "3+0.05", "--sprt", "elo0=0", "elo1=50", "--games", "40", "--concurrency", "2", "--db", db,
            "--name", "duel", "--openings", "plies=2", "--seed", "3"]
    with LiveRun(args) as run:
        cdp = open_live_page(browser, f"http://127.0.0.1:{run.port}/", os.path.join(TMP, "profile3"))
        try:
            llr = wait_for(cdp, "document.getElementById('sprt-chart').getAttribute('data-llr')")
            wait_for(cdp, "document.querySelectorAll('.live-game[data-ply]').length>0 && "
                          "Number(document.querySelector('.live-game').getAttribute('data-ply'))>=4")
            hidden = cdp.eval("document.getElementById('sprt').hidden")
            path = cdp.eval("document.querySelector('#sprt-chart path.line').getAttribute('d')")
            shot = os.path.join(artifacts_dir(), "live-match-sprt.png")
            cdp.screenshot(shot)
        finally:
            cdp.close()
        # The run is stopped here (SIGTERM): the chart was the point.
    assert not hidden and path.startswith("M"), (hidden, path)
    print(f"  LLR {float(llr):.3f} drawn; screenshot {shot}")


# ---- oaq serve ------------------------------------------------------------------------------


class Serve:
    def __init__(self, db, *extra):
        self.proc = subprocess.Popen([os.path.join(base.BIN, "oaq"), "serve", "--db", db, "--port", "0",
                                      "--json", "--poll", "0.2", *extra], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        assert line, self.proc.stderr.read()
        self.port = json.loads(line)["port"]

    def state(self):
        return json.loads(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/state", timeout=10).read())

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)
        assert self.proc.returncode == 0, self.proc.stderr.read()


def test_serve_shows_a_stored_run_and_follows_one_being_written():
    db = fresh("served.db")
    base.oaq(*tournament_args(db), check=0)
    games = stored_games(db)
    server = Serve(db)
    try:
        state = server.state()
        assert state["run"]["tournament"] == "cup" and state["run"]["kind"] == "stored"
        finished = {g["end"]["game"]: [m["move"] for m in g["moves"]] for g in state["finished"]}
        assert finished == {n: g[0] for n, g in games.items()}
        assert state["standings"]["standings"][0]["rank"] == 1
        assert state["run_end"]["finished"] is True
        errors = json_schema_test.Validator(SCHEMA).errors(state, {"$ref": "#/$defs/live_page_state"})
        assert not errors, errors[:3]
        page = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/", timeout=10).read().decode()
        assert "OaqBoard" in page and "EventSource" in page
        # Every move's position is the rules library's replay of the stored moves.
        g = state["finished"][0]
        moves = [m["move"] for m in g["moves"]]
        half = len(moves) // 2
        assert g["moves"][half - 1]["position"] == position_after(g["start"]["start_position"], moves[:half])
    finally:
        server.stop()
    # Following: serve a file another process is writing.
    db2 = fresh("followed.db")
    writer = subprocess.Popen([os.path.join(base.BIN, "oaq"), *tournament_args(db2, rounds=2)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not os.path.exists(db2) and time.monotonic() < deadline:
        time.sleep(0.05)
    server = Serve(db2, "--tournament", "cup") if False else Serve(db2)
    try:
        counts = set()
        while writer.poll() is None and time.monotonic() < deadline + 120:
            counts.add(len(server.state()["finished"]))
            time.sleep(0.2)
        assert writer.returncode == 0, writer.stderr.read()
        end = time.monotonic() + 10
        while len(server.state()["finished"]) < 12 and time.monotonic() < end:
            time.sleep(0.2)
        assert len(server.state()["finished"]) == 12
        assert len(counts) >= 2, f"the page never saw the run grow: {sorted(counts)}"
        print(f"  followed the run through {sorted(counts)} finished games")
    finally:
        server.stop()


def test_a_bad_live_address_is_one_line_before_anything_is_written():
    db = fresh("bad.db")
    for bad, words in (("99999", "0 to 65535"), ("example.org:80", "not an IP address"), ("x:y", "not an IP")):
        proc = base.oaq(*tournament_args(db), "--live", bad)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2 and len(lines) == 1 and words in lines[0] and "--live" in lines[0], proc.stderr
        assert not os.path.exists(db)
    proc = base.oaq("serve", "--db", db, "--port", "0")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "serve" in base.oaq("serve", "--help", check=0).stdout
    assert "--live" in base.oaq("tournament", "--help", check=0).stdout
    assert "--live" in base.oaq("match", "--help", check=0).stdout


def main():
    global ARTIFACTS
    if "--artifacts" in sys.argv:
        i = sys.argv.index("--artifacts")
        ARTIFACTS = os.path.abspath(sys.argv[i + 1])
        del sys.argv[i:i + 2]
    return base.run_test_functions(globals())


if __name__ == "__main__":
    sys.exit(main())
