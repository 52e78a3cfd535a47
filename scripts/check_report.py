#!/usr/bin/env python3
"""Browser test of `oaq report`: plays two small real tournaments with the sample engines (a round
robin of 54 games and a gauntlet), writes their report pages, and checks them in headless Chromium.

  python3 scripts/check_report.py --bin build/bin [--work DIR] [--browser PATH]

Checks, in order:
  1. the page is one self-contained file: no external src/href/url()/@import, and the embedded
     JSON block never contains "</" (it cannot close its <script> element early);
  2. `--dump-dom` of index.html?game=1&step=3: the script ran (<body data-ok="1">, no
     data-error), game 1 (the public game number) is selected, the ply counter reads "Ply 3 / N",
     and all 12 board pits (counts and mandarin pieces), the stores, debts and side to move match
     the position after ply 3 that `oaq rules play --json` computes from the game's moves read
     from the database with sqlite3; the move table and the ply's line show the engine's depth,
     nodes and time for every ply as stored; the move chips are numbered moves ("1." then "3R"),
     never "1.3R"; the standings, crosstable, termination counts and game list agree with the
     database; the visible text has no stored word (all_losses, time_forfeit, ...) and no ISO
     timestamp; the games table shows its first page of 50 and says "showing 1–50 of 54"; the
     rating-over-games chart and the links section are there;
  3. the settlement: ?game=G&step=P shows the last move's position with citizens still on the
     squares, ?game=G&step=P+1 the settled final position as stored, marked as the settlement;
  4. a live session over --remote-debugging-pipe (Chrome DevTools Protocol): no exception and no
     console error, no network request; the page is no wider than the 1400 px window; Right/Left
     arrow keys step the replay; a mouse click on the second game's row selects it, a click on Last
     shows its final position as stored; typing an engine's name in the search box, choosing a
     result, sorting by plies (both ways) and paging show exactly the games they should; the
     "link to this position" address opens that game at that step; #engine-NAME shows that
     engine's page instead of the rest, and a game link on it opens the game;
  5. the gauntlet's page: its crosstable is the first engine against each opponent, without cells
     for the pairs that never meet;
  6. a table of 3 seats played by `oaq match --rules standard,players=3` (greedy and two random
     engines): its page shows the standings (points, average rank, firsts) and the crosstable of
     finishing above as `oaq results standings/crosstable --json` give them, and ?game=1&step=3
     draws the ring of 18 pits (a triangle, three seat labels with store and balance) equal to the
     position after ply 3 that `oaq rules play` computes, with every ply's engine data as stored;
     stepping to the last position shows the final position as stored (table.png);
  7. screenshots next to each index.html (report.png: the whole page; viewer.png, engine.png,
     gauntlet.png, table.png: the parts); look at them, the work directory is kept.
Exit 0 on success, 1 on a failed check, 77 (skip) only when no Chromium is installed.
"""
import argparse
import base64
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
    """Collects attributes and text of the elements the test looks at, and the visible text."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.by_id = {}
        self.pits = {}
        self.classes = {}
        self.tags = {}
        self.stack = []
        self.visible = []  # text outside <script>, <style> and <code>
        self.hidden_depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = a
        for open_node in self.stack:
            open_node["text"] += " "  # cells and spans read as separate words
        node = {"tag": tag, "attrs": a, "text": "", "children": []}
        if self.stack:
            self.stack[-1]["children"].append(node)
        if "id" in a:
            self.by_id[a["id"]] = node
        if "data-pit" in a:
            self.pits[int(a["data-pit"])] = node
        for cls in (a.get("class") or "").split():
            self.classes.setdefault(cls, []).append(node)
        self.tags.setdefault(tag, []).append(node)
        if tag in ("script", "style", "code"):  # code: rules and position strings, as typed
            self.hidden_depth += 1
        if tag not in ("br", "img", "meta", "link", "input", "circle", "line", "rect", "polyline"):
            self.stack.append(node)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code"):
            self.hidden_depth -= 1
        while self.stack:
            node = self.stack.pop()
            if node["tag"] == tag:
                break

    def handle_data(self, data):
        for node in self.stack:
            node["text"] += data
        if self.hidden_depth == 0:
            self.visible.append(data)


def rows_of(node):
    """The <tr> elements under a node, in order."""
    out = []
    for child in node["children"]:
        if child["tag"] == "tr":
            out.append(child)
        out.extend(rows_of(child))
    return out


def cells_of(row):
    return [c["text"].strip() for c in row["children"] if c["tag"] in ("td", "th")]


def read_database(bin_dir, db_path, name):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    t = con.execute("SELECT id, name, rules, format FROM tournaments WHERE name = ?", (name,)).fetchone()
    games = con.execute(
        "SELECT g.id, g.game_index, g.start_position, g.final_position, g.termination, g.result, g.plies, "
        "s.name AS south, n.name AS north FROM games g JOIN engines s ON s.id = g.south_engine_id "
        "JOIN engines n ON n.id = g.north_engine_id WHERE g.tournament_id = ? ORDER BY g.game_index",
        (t["id"],)).fetchall()
    # A game's moves are one packed value (db/010_packed_moves.sql): read them as oaq exports them.
    exported = subprocess.run([os.path.join(bin_dir, "oaq"), "results", "export", "--json", "--db", db_path,
                               "--tournament", name], capture_output=True, text=True, check=True).stdout
    moves = {}
    for g in map(json.loads, exported.splitlines()):
        moves[g["db_id"]] = [{"move": m["move"], "depth": m.get("depth"), "nodes": m.get("nodes"),
                              "time_used_us": m["time_used_us"],
                              "score_kind": (m.get("eval") or {}).get("kind"),
                              "score_value": (m.get("eval") or {}).get("value")} for m in g["moves"]]
    engines = [r[0] for r in con.execute(
        "SELECT e.name FROM tournament_engines te JOIN engines e ON e.id = te.engine_id "
        "WHERE te.tournament_id = ? ORDER BY te.seat", (t["id"],))]
    con.close()
    return t, games, moves, engines


def move_texts(moves, game_id):
    return [m["move"] for m in moves[game_id]]


def check_board(dom, expected, label):
    pos = parse_position(expected)
    for i, (piece, count) in enumerate(pos["pits"]):
        node = dom.pits.get(i)
        if not check(node is not None, f"{label}: pit {PIT_NAMES[i]} is missing"):
            continue
        a = node["attrs"]
        check(a.get("data-count") == str(count), f"{label}: {PIT_NAMES[i]} shows {a.get('data-count')}, expected {count}")
        check(a.get("data-piece") == ("1" if piece else "0"), f"{label}: {PIT_NAMES[i]} mandarin piece shown wrong")
        check(str(count) in node["text"], f"{label}: {PIT_NAMES[i]} count text missing")
    south, north = dom.by_id.get("player-south"), dom.by_id.get("player-north")
    if check(south and north, f"{label}: player panels missing"):
        for i, panel in enumerate((south, north)):
            c, p = pos["stores"][i].split("+")
            check(f"store {c} + {p}" in panel["text"], f"{label}: store {pos['stores'][i]} not shown: {panel['text']!r}")
            check(f"debt {pos['debts'][i]}" in panel["text"], f"{label}: debt not shown")


def check_side_to_move(dom, expected, label):
    pos = parse_position(expected)
    south, north = dom.by_id.get("player-south"), dom.by_id.get("player-north")
    active = [p for p in (south, north) if "active" in p["attrs"].get("class", "").split()]
    want = south if pos["side"] == "S" else north
    check(active == [want], f"{label}: side to move {pos['side']} not marked")


def dump(browser, profile, url):
    dom = Dom()
    dom.feed(run([browser, *CHROME_FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=5000",
                  "--dump-dom", url], stdin=subprocess.DEVNULL))
    check(dom.body.get("data-ok") == "1", f"{url}: the page's script did not finish (no data-ok on <body>)")
    check("data-error" not in dom.body, f"{url}: script error: {dom.body.get('data-error')}")
    return dom


def check_ply_data(dom, game_moves, step):
    """The move table and the current ply's line show what the database stored for each ply."""
    table = dom.by_id.get("move-table")
    if not check(table is not None, "no move table in the viewer"):
        return
    body_rows = [r for r in rows_of(table) if r["children"] and r["children"][0]["tag"] == "td"]
    check(len(body_rows) == len(game_moves), f"move table has {len(body_rows)} rows, {len(game_moves)} plies stored")
    for i, (row, m) in enumerate(zip(body_rows, game_moves)):
        cells = cells_of(row)  # ply side move eval depth nodes time clock pv
        check(cells[0] == str(i + 1) and cells[2] == m["move"], f"move table row {i + 1}: {cells}")
        check(cells[4] == ("" if m["depth"] is None else str(m["depth"])), f"ply {i + 1}: depth {cells[4]!r} vs {m['depth']}")
        check(cells[5].replace(",", "") == ("" if m["nodes"] is None else str(m["nodes"])), f"ply {i + 1}: nodes {cells[5]!r}")
        check(cells[6] == f"{m['time_used_us'] / 1e6:.3f}", f"ply {i + 1}: time {cells[6]!r} vs {m['time_used_us']} us")
        if m["score_kind"] == "cp":
            check(cells[3] == f"{m['score_value'] / 100:+.2f}", f"ply {i + 1}: eval {cells[3]!r} vs cp {m['score_value']}")
    line = " ".join(dom.by_id.get("ply-data", {"text": ""})["text"].split())
    m = game_moves[step - 1]
    if m["depth"] is not None:
        check(f"depth {m['depth']}" in line, f"the ply line lacks the depth: {line!r}")
    check(f"{m['time_used_us'] / 1e6:.3f} s used" in line, f"the ply line lacks the time used: {line!r}")


def check_words_for_people(dom):
    text = " ".join("".join(dom.visible).split())
    for word in ("all_losses", "all_wins", "no_games", "time_forfeit", "ply_limit", "illegal_move",
                 "protocol_violation", "mandarins_empty", "round_robin", "south_win", "north_win"):
        check(word not in text, f"the page shows the stored word {word!r} to people")
    iso = re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", text)
    check(iso is None, f"the page shows an ISO timestamp: {iso.group(0) if iso else ''}")


def check_move_chips(dom):
    chips = [n for n in dom.classes.get("mv", [])]
    numbers = dom.classes.get("num", [])
    check(chips and numbers, "no numbered move chips")
    for c in chips:
        text = c["text"].strip()
        check(re.fullmatch(r"[1-5][LR]|settlement", text), f"a move chip reads {text!r}")
    for n in numbers:
        check(re.fullmatch(r"\d+(\.|…)", n["text"].strip()), f"a move number reads {n['text']!r}")


def check_tables(dom, t, games, engines):
    for table in ("standings", "cross"):
        nodes = [n for n in dom.classes.get(table, []) if n["tag"] == "table"]
        if check(len(nodes) == 1, f"no {table} table"):
            for e in engines:
                check(e in nodes[0]["text"].split(), f"engine {e} missing from the {table} table")
    listed = dom.by_id.get("game-list")
    if check(listed is not None, "game list missing"):
        rows = [r for r in rows_of(listed) if "data-game" in r["attrs"]]
        check(len(rows) == len(games), f"game list has {len(rows)} rows, {len(games)} games stored")
        check(sum(1 for r in rows if "hidden" not in r["attrs"]) == min(50, len(games)), "the first page is not 50 rows")
        numbers = sorted(int(r["attrs"]["data-game"]) for r in rows)
        check(numbers == [g["game_index"] + 1 for g in games], "game numbers are not the schedule positions from 1")
    shown = " ".join(dom.by_id.get("games-shown", {"text": ""})["text"].split())
    check(shown == f"showing 1–{min(50, len(games))} of {len(games)}", f"games-shown reads {shown!r}")
    terms = dom.by_id.get("terminations")
    for row in rows_of(terms) if terms else []:
        kind = row["attrs"].get("data-kind")
        if kind:
            n = sum(1 for g in games if g["termination"] == kind)
            check(cells_of(row)[1] == str(n), f"termination {kind}: {cells_of(row)} but {n} stored")
    chart = dom.by_id.get("history-chart") or dom.by_id.get("history-none")
    check(chart is not None, "no rating-over-games chart")
    check("?game=N" in dom.by_id.get("links", {"text": ""})["text"], "the page does not document its links")
    for e in engines:
        check(f"engine-{e}" in dom.by_id, f"no page for engine {e}")


def check_first_view(browser, profile, url, first, expected, step, t, games, moves, engines):
    dom = dump(browser, profile, f"{url}?game=1&step={step}")
    viewer = dom.by_id.get("viewer", {"attrs": {}, "text": ""})
    check(viewer["attrs"].get("data-game") == "1", "game 1 is not selected")
    check(viewer["attrs"].get("data-ply") == str(step), f"replay at ply {viewer['attrs'].get('data-ply')}, expected {step}")
    counter = dom.by_id.get("ply-counter", {"text": ""})["text"].strip()
    check(counter == f"Ply {step} / {first['plies']}", f"ply counter reads {counter!r}")
    check(dom.by_id.get("position-string", {"text": ""})["text"].strip() == expected, "position string differs")
    check_board(dom, expected, f"ply {step}")
    check_side_to_move(dom, expected, f"ply {step}")
    check(len(dom.classes.get("from", [])) == 1, "not exactly one pit highlighted as the move's origin")
    link = dom.by_id.get("position-link", {"attrs": {}})["attrs"].get("href")
    check(link == f"?game=1&step={step}", f"the position link is {link!r}")
    check_ply_data(dom, moves[first["id"]], step)
    check_move_chips(dom)
    check_tables(dom, t, games, engines)
    check_words_for_people(dom)


def check_settlement(browser, profile, url, games, page_data):
    """A game whose last move leaves citizens on the squares has the settlement as its next step."""
    settled = {g["game"] for g in page_data["games"] if g["settlement"]}
    game = next((g for g in games if g["game_index"] + 1 in settled), None)
    if not check(game is not None and game["termination"] == "normal", "no game with a settlement step"):
        return
    number, plies = game["game_index"] + 1, game["plies"]
    settled = dump(browser, profile, f"{url}?game={number}&step={plies + 1}")
    viewer = settled.by_id["viewer"]["attrs"]
    final = parse_position(game["final_position"])
    check(viewer.get("data-settlement") == "1", f"game {number}: step {plies + 1} is not the settlement")
    check(viewer.get("data-position") == game["final_position"], f"game {number}: the settlement shows {viewer.get('data-position')}")
    counter = settled.by_id["ply-counter"]["text"].strip()
    check(counter == f"Settlement (after ply {plies})", f"settlement counter reads {counter!r}")
    check_board(settled, game["final_position"], f"game {number} settled")
    before = dump(browser, profile, f"{url}?game={number}&step={plies}")
    pos = parse_position(before.by_id["viewer"]["attrs"].get("data-position"))
    check(before.by_id["viewer"]["attrs"].get("data-settlement") == "0", "the last move is marked as the settlement")
    on_squares = [sum(c for _, c in pos["pits"][1:6]), sum(c for _, c in pos["pits"][7:12])]
    check(sum(on_squares) > 0, f"game {number}: no citizens left to settle after the last move")
    for side in (0, 1):
        kept = int(pos["stores"][side].split("+")[0]) + on_squares[side]
        check(kept == int(final["stores"][side].split("+")[0]),
              f"game {number}: side {side} keeps {kept} citizens by the settlement, stored {final['stores'][side]}")
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

    def screenshot(self, path, selector=None):
        """A PNG of the element `selector` (scrolled into view), or of the whole page."""
        if selector:
            box = self.eval(f"(function(){{var e=document.querySelector({json.dumps(selector)});"
                            "e.scrollIntoView({block:'start'});var r=e.getBoundingClientRect();"
                            "return [r.left+window.scrollX,r.top+window.scrollY,r.width,r.height];})()")
        else:
            box = self.eval("[0,0,document.documentElement.scrollWidth,document.documentElement.scrollHeight]")
        clip = {"x": box[0], "y": box[1], "width": max(box[2], 1), "height": max(box[3], 1), "scale": 1}
        shot = self.send("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": True})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:  # noqa: BLE001 - the browser may already be gone
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()




def visible_rows(cdp):
    return cdp.eval("Array.prototype.map.call(document.querySelectorAll('#game-list tbody tr:not([hidden])'),"
                    "function(r){return {game:r.getAttribute('data-game'),south:r.getAttribute('data-south'),"
                    "north:r.getAttribute('data-north'),result:r.getAttribute('data-result'),"
                    "plies:Number(r.getAttribute('data-plies'))};})")


def set_filter(cdp, selector, value):
    cdp.eval(f"(function(){{var e=document.querySelector({json.dumps(selector)});e.value={json.dumps(value)};"
             "e.dispatchEvent(new Event('input',{bubbles:true}));})()")


def check_table_controls(cdp, games):
    shown = lambda: cdp.eval("document.getElementById('games-shown').textContent")  # noqa: E731
    cdp.eval("document.getElementById('game-search').focus()")
    cdp.send("Input.insertText", {"text": "greedy"})
    rows = visible_rows(cdp)
    want = [g for g in games if "greedy" in (g["south"], g["north"])]
    check(len(rows) == min(50, len(want)) and all("greedy" in (r["south"], r["north"]) for r in rows),
          f"live: searching 'greedy' shows {len(rows)} rows, {len(want)} games match")
    check(shown() == f"showing 1–{len(rows)} of {len(want)} matching ({len(games)} games)", f"live: {shown()!r}")
    set_filter(cdp, "#game-search", "")
    set_filter(cdp, "#filter-result", "south_win")
    rows = visible_rows(cdp)
    want = [g for g in games if g["result"] == "south_win"]
    check(len(rows) == min(50, len(want)) and all(r["result"] == "south_win" for r in rows),
          f"live: the South-won filter shows {len(rows)} rows, {len(want)} games")
    set_filter(cdp, "#filter-result", "")
    cdp.click("#game-list th[data-sort=plies]")
    plies = [r["plies"] for r in visible_rows(cdp)]
    check(plies == sorted(plies) and plies[0] == min(g["plies"] for g in games), f"live: not sorted by plies: {plies[:8]}")
    cdp.click("#game-list th[data-sort=plies]")
    plies = [r["plies"] for r in visible_rows(cdp)]
    check(plies == sorted(plies, reverse=True) and plies[0] == max(g["plies"] for g in games),
          f"live: not sorted by plies, descending: {plies[:8]}")
    cdp.click("#game-list th[data-sort=game]")
    check(shown() == f"showing 1–50 of {len(games)}", f"live: {shown()!r}")
    cdp.click("#page-next")
    rows = visible_rows(cdp)
    check(shown() == f"showing 51–{len(games)} of {len(games)}" and len(rows) == len(games) - 50,
          f"live: page 2 reads {shown()!r} with {len(rows)} rows")
    check([r["game"] for r in rows] == [str(n) for n in range(51, len(games) + 1)], "live: page 2 is not games 51 on")
    cdp.click("#page-prev")


def check_engine_page(cdp, url, engines):
    name = engines[-1]
    cdp.send("Page.navigate", {"url": f"{url}#engine-{name}"})
    time.sleep(0.3)
    height = lambda sel: cdp.eval(f"document.querySelector({json.dumps(sel)}).offsetHeight")  # noqa: E731
    check(cdp.eval("document.body.classList.contains('engine-view')"), "live: #engine-NAME is not an engine page view")
    check(height(f"#engine-{name}") > 0 and height("#standings") == 0,
          "live: the engine page does not replace the rest of the page")
    link = cdp.eval(f"document.querySelector('#engine-{name} a[data-game-link]').getAttribute('data-game-link')")
    cdp.click(f"#engine-{name} a[data-game-link]")
    time.sleep(0.2)
    check(cdp.eval("document.getElementById('viewer').getAttribute('data-game')") == link,
          f"live: the engine page's link to game {link} did not open it")
    check(not cdp.eval("document.body.classList.contains('engine-view')"), "live: the game link did not leave the engine page")


def check_events(cdp):
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


def open_page(cdp, url):
    cdp.send("Page.navigate", {"url": url})
    cdp.wait_event("Page.loadEventFired")
    check(cdp.eval("document.body.getAttribute('data-ok')") == "1", f"live: the script did not finish on {url}")


def live_session(browser, profile, url, games, moves, bin_dir, rules, shots):
    cdp = Cdp(browser, profile)
    try:
        target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        cdp.session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            cdp.send(domain + ".enable")
        open_page(cdp, url)
        width = cdp.eval("[document.documentElement.scrollWidth, window.innerWidth]")
        check(width[0] <= width[1], f"live: the page is {width[0]} px wide in a {width[1]} px window")
        fits = cdp.eval("(function(){var l=document.querySelector('.games-wrap .list');return l.scrollWidth<=l.clientWidth;})()")
        check(fits, "live: the games table is cut (wider than its column)")
        ply = lambda: cdp.eval("document.getElementById('viewer').getAttribute('data-ply')")  # noqa: E731
        check(ply() == "0", "live: replay does not start at ply 0")
        cdp.key("ArrowRight", 39)
        cdp.key("ArrowRight", 39)
        check(ply() == "2", f"live: two Right arrows give ply {ply()}")
        cdp.key("ArrowLeft", 37)
        check(ply() == "1", f"live: Left arrow gives ply {ply()}")
        second = games[1]
        cdp.click("#game-list tbody tr:nth-child(2)")
        number = cdp.eval("document.getElementById('viewer').getAttribute('data-game')")
        check(number == str(second["game_index"] + 1), f"live: clicking the second row selected game {number}")
        cdp.click("#last")
        check(ply() == str(second["plies"]), f"live: Last gives ply {ply()}, expected {second['plies']}")
        shown = cdp.eval("document.getElementById('viewer').getAttribute('data-position')")
        replay = json.loads(run([f"{bin_dir}/oaq", "rules", "play", "--rules", rules, "--position",
                                 second["start_position"], "--max-plies", "0", "--json",
                                 *move_texts(moves, second["id"])]))
        check(shown == replay["final"] == second["final_position"],
              f"live: final position {shown!r} differs from the replay {replay['final']!r}")
        check(cdp.eval("document.getElementById('next').disabled") is True, "live: Next is enabled at the end")
        cdp.click("#first")
        check(ply() == "0", "live: First does not go back to ply 0")
        cdp.key("ArrowRight", 39)
        cdp.key("ArrowRight", 39)
        href = cdp.eval("document.getElementById('position-link').href")
        cdp.screenshot(shots["viewer"], "#viewer")
        open_page(cdp, href)
        got = cdp.eval("[document.getElementById('viewer').getAttribute('data-game'),"
                       "document.getElementById('viewer').getAttribute('data-step')]")
        check(got == [number, "2"], f"live: the position link {href} opened game {got[0]} at step {got[1]}")
        check_table_controls(cdp, games)
        cdp.screenshot(shots["page"])
        check_engine_page(cdp, url, [g for g in sorted({g["south"] for g in games})])
        cdp.send("Page.navigate", {"url": f"{url}#engine-greedy"})
        time.sleep(0.3)
        cdp.screenshot(shots["engine"], "#engine-greedy")
        check_events(cdp)
    finally:
        cdp.close()


def check_gauntlet(browser, profile, bin_dir, db, out, shot):
    run([f"{bin_dir}/oaq", "report", "--out", out, "--db", db, "--tournament", "report-gauntlet"])
    t, games, moves, engines = read_database(bin_dir, db, "report-gauntlet")
    url = "file://" + os.path.join(out, "index.html")
    dom = dump(browser, profile, url)
    tables = [n for n in dom.classes.get("gauntlet", []) if n["tag"] == "table"]
    if check(len(tables) == 1, "the gauntlet's crosstable is not the first engine against each opponent"):
        rows = [r for r in rows_of(tables[0]) if r["children"] and r["children"][0]["tag"] == "td"]
        check(sorted(cells_of(r)[0] for r in rows) == sorted(engines[1:]), f"gauntlet rows: {[cells_of(r) for r in rows]}")
        check("self" not in dom.classes and "none" not in dom.classes, "the gauntlet shows cells for pairs that never meet")
    cdp = Cdp(browser, profile + "-live")
    try:
        target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        cdp.session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        cdp.send("Page.enable")
        cdp.send("Runtime.enable")
        open_page(cdp, url)
        cdp.screenshot(shot, "#crosstable")
    finally:
        cdp.close()


def play_table(bin_dir, db):
    engines = ["--engine", "name=greedy", f"cmd={bin_dir}/oaq-greedy",
               "--engine", "name=random", f"cmd={bin_dir}/oaq-random", "args=--seed 1",
               "--engine", "name=<i>random2</i>", f"cmd={bin_dir}/oaq-random", "args=--seed 2"]
    run([f"{bin_dir}/oaq", "match", "--rules", "standard,players=3", "--db", db, "--name", "report-table",
         "--tc", "movetime=10", "--games", "6", "--concurrency", "2", *engines])


def table_moves(bin_dir, db, name):
    """game number -> (the game of `oaq results export --json`, its moves as check_ply_data reads them)."""
    out = run([f"{bin_dir}/oaq", "results", "export", "--json", "--db", db, "--tournament", name])
    games = {}
    for line in out.splitlines():
        g = json.loads(line)
        moves = [{"move": m["move"], "depth": m.get("depth"), "nodes": m.get("nodes"),
                  "time_used_us": m["time_used_us"],
                  "score_kind": (m.get("eval") or {}).get("kind"), "score_value": (m.get("eval") or {}).get("value")}
                 for m in g["moves"]]
        games[g["game"]] = (g, moves)
    return games


def check_table(browser, profile, bin_dir, db, out, shot):
    play_table(bin_dir, db)
    run([f"{bin_dir}/oaq", "report", "--out", out, "--db", db, "--tournament", "report-table"])
    games = table_moves(bin_dir, db, "report-table")
    check(len(games) == 6, f"{len(games)} table games stored, expected 6")
    g, moves = games[1]
    step = min(3, len(moves))
    rules = g["rules"]
    played = json.loads(run([f"{bin_dir}/oaq", "rules", "play", "--rules", rules, "--position", g["start_position"],
                             "--max-plies", "0", "--json", *[m["move"] for m in moves[:step]]]))
    expected = played["positions"][step - 1] if step else g["start_position"]
    url = "file://" + os.path.join(out, "index.html")
    dom = dump(browser, profile, f"{url}?game=1&step={step}")
    viewer = dom.by_id.get("viewer", {"attrs": {}})
    check(viewer["attrs"].get("data-position") == expected,
          f"table: the viewer shows {viewer['attrs'].get('data-position')!r} after ply {step}, expected {expected!r}")
    board = dom.by_id.get("board")
    check(board is not None and "ring3" in board["attrs"].get("class", "").split(), "table: the board is not a triangle")
    cells = expected.split(" ")[0].split(",")
    check(len(dom.pits) == 18, f"table: the ring has {len(dom.pits)} pits, expected 18")
    for i, c in enumerate(cells):
        node = dom.pits.get(i)
        if check(node is not None, f"table: pit {i} missing"):
            check(node["attrs"].get("data-count") == c.lstrip("Q"), f"table: pit {i} shows {node['attrs'].get('data-count')}, expected {c}")
            check(node["attrs"].get("data-piece") == ("1" if c.startswith("Q") else "0"), f"table: pit {i} mandarin shown wrong")
    labels = dom.classes.get("ring-seat", [])
    fields = expected.split(" ")
    check(len(labels) == 3, f"table: {len(labels)} seat labels, expected 3")
    for s, label in enumerate(labels[:3]):
        citizens, pieces = fields[2 + s].split("+")
        text = " ".join(label["text"].split())
        check(f"store {citizens}" in text and f"balance {int(fields[5 + s]):+d}".replace("+0", "0") in text,
              f"table: seat {s + 1}'s label {text!r} does not show {fields[2 + s]} and balance {fields[5 + s]}")
        check(g["seats"][s]["engine"] in text, f"table: seat {s + 1}'s label {text!r} lacks its engine")
    check_ply_data(dom, moves, step)
    standings = json.loads("[" + ",".join(run([f"{bin_dir}/oaq", "results", "standings", "--json", "--db", db,
                                                "--tournament", "report-table"]).split("\n")[:-1]) + "]")
    table = dom.by_id.get("standings-table")
    if check(table is not None, "table: no standings table"):
        rows = [cells_of(r) for r in rows_of(table) if r["children"] and r["children"][0]["tag"] == "td"]
        want = [[str(r["rank"]), r["engine"], str(r["games"]), f"{r['points']:.2f}".rstrip("0").rstrip("."), f"{r['average_rank']:.2f}",
                 str(r["firsts"])] for r in standings]
        check([[c[0], c[1], c[2], c[3], c[5], c[6]] for c in rows] == want, f"table: standings {rows} != {want}")
    crosses = [n for n in dom.classes.get("cross", []) if n["tag"] == "table"]
    check(len(crosses) == 1 and len(rows_of(crosses[0])) == 4, "table: no crosstable of 3 engines")
    last = dump(browser, profile, f"{url}?game=1&step=999")
    check(last.by_id.get("viewer", {"attrs": {}})["attrs"].get("data-position") == g["final_position"],
          "table: the last step is not the final position as stored")
    check(not any("<i>" in n["tag"] for n in dom.tags.get("i", [])) and "i" not in dom.tags,
          "table: an engine name became markup")
    cdp = Cdp(browser, profile + "-live")
    try:
        target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        cdp.session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        cdp.send("Page.enable")
        cdp.send("Runtime.enable")
        open_page(cdp, f"{url}?game=1&step={step}")
        cdp.screenshot(shot, "#games")
    finally:
        cdp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="directory with oaq, oaq-random, oaq-greedy")
    ap.add_argument("--browser", help="Chromium executable (default: chromium on PATH)")
    ap.add_argument("--work", help="directory for the database, the pages and the screenshots "
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
    profiles = tempfile.mkdtemp(prefix="oaq-chrome-")
    try:
        return check_all(browser, bin_dir, work, profiles)
    finally:
        shutil.rmtree(profiles, ignore_errors=True)


def play_tournaments(bin_dir, db):
    random = ["--engine", "name=random", f"cmd={bin_dir}/oaq-random", "args=--seed 1"]
    random2 = ["--engine", "name=random2", f"cmd={bin_dir}/oaq-random", "args=--seed 2"]
    greedy = ["--engine", "name=greedy", f"cmd={bin_dir}/oaq-greedy"]
    # 3 engines x 2 colours x 9 rounds = 54 games: more than the games table's page of 50.
    run([f"{bin_dir}/oaq", "tournament", "--db", db, "--name", "report-check", "--tc", "movetime=10",
         "--concurrency", "2", "--progress", "0", "--seed", "7", "--rounds", "9", *random, *random2, *greedy])
    run([f"{bin_dir}/oaq", "tournament", "--db", db, "--name", "report-gauntlet", "--format", "gauntlet",
         "--tc", "movetime=10", "--progress", "0", "--seed", "7", *greedy, *random, *random2])


def check_all(browser, bin_dir, work, profiles):
    def profile():
        return tempfile.mkdtemp(dir=profiles)

    db = os.path.join(work, "report.db")
    out = os.path.join(work, "out")
    play_tournaments(bin_dir, db)
    print(run([f"{bin_dir}/oaq", "report", "--out", out, "--db", db, "--tournament", "report-check"]).strip())
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

    # 2. the stepped replay in the dumped DOM against the rules library, and the static parts
    t, games, moves, engines = read_database(bin_dir, db, "report-check")
    check(len(games) == 54, f"{len(games)} games stored, expected 54")
    first = games[0]
    step = min(3, first["plies"])
    replay = json.loads(run([f"{bin_dir}/oaq", "rules", "play", "--rules", t["rules"], "--position",
                             first["start_position"], "--max-plies", "0", "--json",
                             *move_texts(moves, first["id"])[:step]]))
    expected = replay["positions"][step - 1] if step else first["start_position"]
    url = "file://" + page
    check_first_view(browser, profile(), url, first, expected, step, t, games, moves, engines)

    # 3. the settlement as a step of its own
    check_settlement(browser, profile(), url, games, json.loads(m.group(1)))

    # 4. keys, clicks, the table's controls, links and engine pages in a live session
    shots = {"page": os.path.join(out, "report.png"), "viewer": os.path.join(out, "viewer.png"),
             "engine": os.path.join(out, "engine.png")}
    live_session(browser, profile(), url, games, moves, bin_dir, t["rules"], shots)

    # 5. the gauntlet
    gauntlet_out = os.path.join(work, "gauntlet")
    shots["gauntlet"] = os.path.join(gauntlet_out, "gauntlet.png")
    check_gauntlet(browser, profile(), bin_dir, db, gauntlet_out, shots["gauntlet"])

    # 6. a table of 3 seats
    table_out = os.path.join(work, "table")
    shots["table"] = os.path.join(table_out, "table.png")
    check_table(browser, profile(), bin_dir, db, table_out, shots["table"])

    # 7. the screenshots to look at
    for name, shot in shots.items():
        with open(shot, "rb") as f:
            check(f.read(8) == b"\x89PNG\r\n\x1a\n", f"the {name} screenshot is not a PNG")
        print(f"screenshot ({name}): {shot}")
    if failures:
        print(f"{len(failures)} check(s) failed; the page is {page}")
        return 1
    print(f"report page OK: {len(games)} games, replay checked at ply {step}, settlement, ply data, "
          "table controls, links, engine pages and the gauntlet checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
