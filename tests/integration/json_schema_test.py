#!/usr/bin/env python3
"""Every command's JSON against docs/json-schema.json, with the real binaries.

  python3 tests/integration/json_schema_test.py --bin build/bin --schema docs/json-schema.json

Plays a small round robin (engines with their own time controls), a match with an SPRT and a
gauntlet into one database, runs every command the schema's x-oaq-outputs lists, and validates what
each prints against the definition named there (a line command: every line matches one of its
definitions; a document command: the whole output is one object). It also checks that the one
layout is really one: a game's live line, `oaq results game NAME#N --json` and its line in `oaq
results export --json` are the same object; the live summary's standings are `oaq results
standings`' rows. The validator below implements the subset of JSON Schema (2020-12) the schema
uses and refuses any other keyword, so the schema cannot lean on something that is not checked.
Standard library only, no network. Exit 0 when everything validates.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

ANNOTATIONS = {"description", "title", "$schema", "$id", "$defs", "x-oaq-outputs"}
KEYWORDS = {"type", "enum", "const", "properties", "required", "additionalProperties", "items",
            "minItems", "maxItems", "minimum", "maximum", "minLength", "pattern", "$ref", "allOf",
            "oneOf"}


class Validator:
    """The JSON Schema subset of docs/json-schema.json: errors as 'path: what' strings."""

    def __init__(self, root):
        self.root = root

    def resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError(f"only local references: {ref}")
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    @staticmethod
    def is_type(value, name):
        if name == "null":
            return value is None
        if name == "boolean":
            return isinstance(value, bool)
        if name == "integer":
            return isinstance(value, int) and not isinstance(value, bool)
        if name == "number":
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        if name == "string":
            return isinstance(value, str)
        if name == "array":
            return isinstance(value, list)
        if name == "object":
            return isinstance(value, dict)
        raise ValueError(f"unknown type {name}")

    def errors(self, value, schema, path="$"):
        unknown = set(schema) - KEYWORDS - ANNOTATIONS
        if unknown:
            raise ValueError(f"schema at {path} uses keywords the validator does not check: {unknown}")
        out = []
        if "$ref" in schema:
            out += self.errors(value, self.resolve(schema["$ref"]), path)
        for sub in schema.get("allOf", []):
            out += self.errors(value, sub, path)
        if "oneOf" in schema:
            matching = [s for s in schema["oneOf"] if not self.errors(value, s, path)]
            if len(matching) != 1:
                out.append(f"{path}: matches {len(matching)} of the oneOf choices: {json.dumps(value)[:120]}")
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(self.is_type(value, n) for n in names):
                return out + [f"{path}: {json.dumps(value)[:80]} is not {names}"]
        if "enum" in schema and value not in schema["enum"]:
            out.append(f"{path}: {value!r} is not one of {schema['enum']}")
        if "const" in schema and value != schema["const"]:
            out.append(f"{path}: {value!r} is not {schema['const']!r}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                out.append(f"{path}: {value} < {schema['minimum']}")
            if "maximum" in schema and value > schema["maximum"]:
                out.append(f"{path}: {value} > {schema['maximum']}")
        if isinstance(value, str):
            if "minLength" in schema and len(value) < schema["minLength"]:
                out.append(f"{path}: {value!r} is shorter than {schema['minLength']}")
            if "pattern" in schema and not re.search(schema["pattern"], value):
                out.append(f"{path}: {value!r} does not match {schema['pattern']}")
        if isinstance(value, list):
            if "minItems" in schema and len(value) < schema["minItems"]:
                out.append(f"{path}: {len(value)} items < {schema['minItems']}")
            if "maxItems" in schema and len(value) > schema["maxItems"]:
                out.append(f"{path}: {len(value)} items > {schema['maxItems']}")
            if "items" in schema:
                for i, item in enumerate(value):
                    out += self.errors(item, schema["items"], f"{path}[{i}]")
        if isinstance(value, dict):
            props = schema.get("properties", {})
            for key in schema.get("required", []):
                if key not in value:
                    out.append(f"{path}: missing {key!r}")
            for key, item in value.items():
                if key in props:
                    out += self.errors(item, props[key], f"{path}.{key}")
                elif schema.get("additionalProperties") is False:
                    out.append(f"{path}: unexpected key {key!r}")
                elif isinstance(schema.get("additionalProperties"), dict):
                    out += self.errors(item, schema["additionalProperties"], f"{path}.{key}")
        return out


def self_test(v):
    """The validator itself finds what it must (a validator that passes everything proves nothing)."""
    game = {"$ref": "#/$defs/rating"}
    good = {"status": "ok", "value": 1.5, "error": 3.0, "group": None, "anchor": False}
    assert not v.errors(good, game), v.errors(good, game)
    for bad in ({**good, "status": "fine"}, {**good, "error": -1}, {**good, "extra": 1},
                {k: x for k, x in good.items() if k != "value"}, {**good, "anchor": 0},
                {**good, "group": 0}):
        assert v.errors(bad, game), f"the validator accepts {bad}"
    assert v.errors({"value": 1, "error": None, "x": 2}, {"$ref": "#/$defs/elo"})
    assert not v.errors(None, {"$ref": "#/$defs/elo"})
    assert v.errors([0, 0, 0, 0], {"$ref": "#/$defs/pentanomial"})
    assert v.errors("2026-01-01 00:00:00", {"$ref": "#/$defs/time"})
    try:
        v.errors(1, {"format": "date"})
        raise AssertionError("an unchecked keyword was accepted")
    except ValueError:
        pass


class Runner:
    def __init__(self, bin_dir, db, schema):
        self.bin = bin_dir
        self.db = db
        self.validator = Validator(schema)
        self.outputs = schema["x-oaq-outputs"]
        self.seen = set()
        self.failures = []

    def oaq(self, *args, status=0):
        proc = subprocess.run([os.path.join(self.bin, "oaq"), *args], capture_output=True, text=True,
                              timeout=300)
        if proc.returncode != status:
            raise AssertionError(f"oaq {' '.join(args)} exited {proc.returncode}: {proc.stderr.strip()}")
        return proc.stdout

    def validate(self, key, *args, status=0):
        """Runs the command (expecting exit `status`) and validates its output as x-oaq-outputs[key]
        says; returns the objects."""
        spec = self.outputs[key]
        self.seen.add(key)
        text = self.oaq(*args, status=status)
        if "document" in spec:
            objects = [json.loads(text)]
            names = [spec["document"]]
        else:
            objects = [json.loads(line) for line in text.splitlines() if line.strip()]
            names = spec["line"]
            if not objects:
                self.failures.append(f"{key}: printed nothing")
        for n, obj in enumerate(objects):
            results = [self.validator.errors(obj, {"$ref": f"#/$defs/{name}"}) for name in names]
            if all(results):
                best = min(results, key=len)
                self.failures.append(f"{key} ({' '.join(args[:3])}...), object {n + 1}: " + "; ".join(best[:4]))
        print(f"{'ok  ' if not self.failures else '... '}{key}: {len(objects)} object(s)")
        return objects


def engine(bin_dir, name, binary, *extra):
    return ["--engine", f"name={name}", f"cmd={os.path.join(bin_dir, binary)}", *extra]


def play(r, b):
    db = ["--db", r.db]
    lines = r.validate("tournament --json", "tournament", *db, "--name", "rr", "--json", "--progress", "3",
                       "--tc", "movetime=10", "--openings", "plies=2", "seed=3",
                       *engine(b, "greedy", "oaq-greedy", "tc=2+0.1", "option.NoSuchOption=1"),
                       *engine(b, "random", "oaq-random"),
                       *engine(b, "alphabeta", "oaq-alphabeta", "option.Depth=2"))
    r.validate("match --json", "match", *db, "--name", "m", "--json", "--games", "6", "--progress", "2",
               "--sprt", "elo0=0", "elo1=50", "--tc", "movetime=10",
               *engine(b, "greedy", "oaq-greedy"), *engine(b, "random2", "oaq-random", "args=--seed 9"))
    # Sessions: a session line after each game; the sessions and a session game read back.
    r.validate("match --json", "match", *db, "--name", "sm", "--json", "--games", "1", "--session", "games=3",
               "--tc", "depth=2", *engine(b, "greedy", "oaq-greedy"), *engine(b, "greedy2", "oaq-greedy"))
    r.oaq("tournament", *db, "--name", "g", "--format", "gauntlet", "--tc", "movetime=10", "--progress", "0",
          *engine(b, "greedy", "oaq-greedy"), *engine(b, "random", "oaq-random"),
          *engine(b, "random2", "oaq-random", "args=--seed 9"))
    return lines


def check_one_layout(r, live):
    """The same game and the same standings, whichever command prints them."""
    game = next(o for o in live if o.get("type") == "game")
    stored = r.oaq("results", "game", "--db", r.db, f"rr#{game['game']}", "--json")
    stored = json.loads(stored)
    live_game = {k: v for k, v in game.items() if k != "type"}
    if live_game != stored:
        diff = {k: (live_game.get(k), stored.get(k)) for k in set(live_game) | set(stored)
                if live_game.get(k) != stored.get(k)}
        r.failures.append(f"the live line and results game differ: {str(diff)[:300]}")
    exported = [json.loads(l) for l in r.oaq("results", "export", "--db", r.db, "--json",
                                             "--tournament", "rr").splitlines()]
    if stored not in exported:
        r.failures.append("results export does not hold results game's object")
    started = [o for o in live if o.get("type") == "game_started"]
    finished = [o for o in live if o.get("type") == "game"]
    if sorted(o["game"] for o in started) != sorted(o["game"] for o in finished):
        r.failures.append("a game_started line per game line, with the same numbers")
    # greedy does not declare NoSuchOption, nor alphabeta Depth: one warning each, whatever the
    # number of games.
    warnings = sorted((o["engine"], o["message"].split('"')[1]) for o in live if o.get("type") == "warning")
    if warnings != [("alphabeta", "Depth"), ("greedy", "NoSuchOption")]:
        r.failures.append(f"one warning per undeclared option and engine, got {warnings}")
    summary = [o for o in live if o.get("type") == "summary"][-1]
    rows = [json.loads(l) for l in r.oaq("results", "standings", "--db", r.db, "--tournament", "rr",
                                         "--json").splitlines()]
    if summary["standings"] != rows:
        r.failures.append(f"the live summary's standings differ from results standings:\n"
                          f"{summary['standings']}\n{rows}")


def check_results(r):
    db = ["--db", r.db]
    r.validate("results tournaments --json", "results", "tournaments", *db, "--json")
    r.validate("results engines --json", "results", "engines", *db, "--json")
    for t in ("rr", "m", "g"):
        r.validate("results standings --json", "results", "standings", *db, "--tournament", t, "--json")
        r.validate("results crosstable --json", "results", "crosstable", *db, "--tournament", t, "--json")
    r.validate("results standings --json", "results", "standings", *db, "--json")  # pooled: every game
    r.validate("results h2h --json", "results", "h2h", *db, "greedy", "random", "--json")
    r.validate("results h2h --json", "results", "h2h", *db, "random", "random2", "--json")  # never met
    r.validate("results games --json", "results", "games", *db, "--json", "--limit", "0")
    r.validate("results game --json", "results", "game", *db, "rr#1", "--json")
    r.validate("results game --json", "results", "game", *db, "--tournament", "m", "2", "--json")
    r.validate("results export --json", "results", "export", *db, "--json")
    r.validate("results sessions --json", "results", "sessions", *db, "--json")
    r.validate("results game --json", "results", "game", *db, "sm#2", "--json")  # with its session
    r.validate("ratings --json", "ratings", *db, "--tournament", "rr", "--json", "--pairs")
    r.validate("ratings --json", "ratings", *db, "--json", "--anchor", "random", "--no-save")
    r.validate("ratings --json", "ratings", *db, "--tournament", "g", "--json", "--no-save")  # unrated
    r.validate("ratings --json", "ratings", *db, "--tournament", "sm", "--by", "session", "--json", "--no-save")


def check_shards(r, b, tmp):
    """A shard's own file and a merged one: the tournament object with its shards, the merge object."""
    shards = []
    for k in range(2):
        shards.append(os.path.join(tmp, f"shard-{k}.db"))
        r.oaq("tournament", "--db", shards[-1], "--name", "sh", "--shard", f"{k}/2", "--progress", "0",
              "--tc", "depth=1", "--seed", "4", *engine(b, "greedy", "oaq-greedy"),
              *engine(b, "random", "oaq-random"))
    # A shard's live lines: the start line with its shard, the run's games and seed; each
    # game_started line with its place in the shard.
    lines = r.validate("tournament --json", "tournament", "--db", os.path.join(tmp, "shard-live.db"),
                       "--name", "sh", "--shard", "1/2", "--rounds", "2", "--progress", "0", "--json",
                       "--tc", "depth=1", *engine(b, "greedy", "oaq-greedy"),
                       *engine(b, "random", "oaq-random"))
    start = next(o for o in lines if o["type"] == "start")
    places = sorted(o["shard_game"] for o in lines if o["type"] == "game_started")
    if not (start.get("shard") == "1/2" and start.get("run_games") == 4 and start["games"] == 2
            and places == [1, 2]):
        r.failures.append(f"a shard's live lines: start {start}, places {places}")
    r.validate("results tournaments --json", "results", "tournaments", "--db", shards[0], "--json")
    merged = os.path.join(tmp, "merged.db")
    r.validate("merge --json", "merge", "--into", merged, *shards, "--json")
    r.validate("merge --json, refused", "merge", "--into", merged, os.path.join(tmp, "missing.db"), "--json",
               status=2)
    r.validate("results tournaments --json", "results", "tournaments", "--db", merged, "--json")


def check_tools(r, b):
    r.validate("check-engine --json", "check-engine", "--json", "--", os.path.join(b, "oaq-random"))
    r.validate("rules perft --json", "rules", "perft", "--json", "3")
    r.validate("rules play --json", "rules", "play", "--json", "1L", "2L")
    r.validate("rules show --json", "rules", "show", "--json", "startpos")
    for players in ("3", "4"):  # the game of three and four players (rules.md section 10)
        ring = "standard,players=" + players
        r.validate("rules perft --json", "rules", "perft", "--rules", ring, "--json", "3")
        r.validate("rules play --json", "rules", "play", "--rules", ring, "--json", "1L", "5R")
        r.validate("rules show --json", "rules", "show", "--rules", ring, "--json", "startpos")
    r.validate("rules play --json", "rules", "play", "--rules", "standard,players=3", "--json",
               "--position", "0,0,0,1,0,0,Q3,0,0,1,1,1,0,1,0,0,0,0 1 0+1 0+0 0+1 0 0 0", "3R")
    r.validate("rules presets --json", "rules", "presets", "--json")
    books = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "sample-engines",
                         "openings")
    r.validate("rules book --json", "rules", "book", "--json", os.path.join(books, "deep-4ply.txt"),
               os.path.join(books, "agreed-4ply.txt"))
    # A whole game for the session, played by the Python bot's own copy of the rules.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                    "sample-engines", "python"))
    import oaq_random as bot
    rules = bot.parse_rules("standard")
    position, moves = bot.start_position(rules), []
    while not position.over:
        move = bot.legal_moves(position, rules)[0]
        moves.append(move)
        position = bot.play(position, move, rules)
    r.validate("rules session --json", "rules", "session", "--json", "--game", " ".join(moves))


def check_live(r, b):
    """--live adds the live_server line; oaq serve prints it, and its /state is live_page_state."""
    r.validate("match --json", "match", "--db", r.db, "--name", "lm", "--json", "--games", "2", "--tc",
               "movetime=10", "--live", "127.0.0.1:0", *engine(b, "greedy", "oaq-greedy"),
               *engine(b, "random", "oaq-random"))
    proc = subprocess.Popen([os.path.join(b, "oaq"), "serve", "--db", r.db, "--tournament", "lm", "--port", "0",
                             "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = json.loads(proc.stdout.readline())
        r.seen.add("serve --json")
        errors = r.validator.errors(line, {"$ref": "#/$defs/live_server"})
        state = json.loads(urllib.request.urlopen(line["url"] + "state", timeout=10).read())
        errors += r.validator.errors(state, {"$ref": "#/$defs/live_page_state"})
        if not state["finished"]:
            errors.append("serve: /state holds no finished game")
        for e in errors[:4]:
            r.failures.append("serve --json / GET /state: " + e)
        print(f"{'ok  ' if not errors else '... '}serve --json and its /state")
    finally:
        proc.terminate()
        proc.wait(10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--schema", required=True)
    args = ap.parse_args()
    schema = json.load(open(args.schema, encoding="utf-8"))
    b = os.path.abspath(args.bin)
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(b, os.path.join(tmp, "schema.db"), schema)
        self_test(r.validator)
        live = play(r, b)
        check_one_layout(r, live)
        check_results(r)
        check_shards(r, b, tmp)
        check_tools(r, b)
        check_live(r, b)
    missing = set(r.outputs) - r.seen
    if missing:
        r.failures.append(f"x-oaq-outputs lists commands the test did not run: {sorted(missing)}")
    for f in r.failures:
        print("FAIL:", f)
    print(f"{len(r.seen)} commands validated, {len(r.failures)} failure(s)")
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
