-- 001_initial: the tables and indexes of an oaq results database.
-- Applied by the oaq binary (the text is compiled in), inside one transaction, which then sets
-- PRAGMA user_version = 1. Never edit a released migration: add db/NNN_<what>.sql instead.
-- Conventions (db/README.md): times are ISO-8601 UTC text with milliseconds
-- ("2026-11-30T00:21:55.123Z"); durations are integer microseconds (*_us); JSON columns hold valid
-- JSON text (checked); words such as result and termination are lower_snake_case.

CREATE TABLE engines (
    id               INTEGER PRIMARY KEY,
    name             TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
    command          TEXT NOT NULL DEFAULT '',
    args             TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(args)),
    options          TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    binary_sha256    TEXT NOT NULL DEFAULT '',
    id_name          TEXT NOT NULL DEFAULT '',
    id_author        TEXT NOT NULL DEFAULT '',
    declared_options TEXT NOT NULL DEFAULT '',
    first_seen       TEXT NOT NULL
);

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
    format       TEXT NOT NULL,
    rules        TEXT NOT NULL,
    time_control TEXT NOT NULL,
    settings     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    seed         INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'running'
                 CHECK (status IN ('running', 'finished', 'interrupted')),
    outcome      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(outcome)),
    started_at   TEXT NOT NULL,
    finished_at  TEXT
);

CREATE TABLE tournament_engines (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    engine_id     INTEGER NOT NULL REFERENCES engines (id),
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    PRIMARY KEY (tournament_id, engine_id),
    UNIQUE (tournament_id, seat)
) WITHOUT ROWID;

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game_index      INTEGER NOT NULL CHECK (game_index >= 0),
    pair_index      INTEGER NOT NULL CHECK (pair_index >= 0),
    round           INTEGER NOT NULL CHECK (round >= 0),
    opening         TEXT NOT NULL DEFAULT '',
    start_position  TEXT NOT NULL,
    time_control    TEXT NOT NULL DEFAULT '',
    south_engine_id INTEGER NOT NULL REFERENCES engines (id),
    north_engine_id INTEGER NOT NULL REFERENCES engines (id),
    result          TEXT NOT NULL CHECK (result IN ('south_win', 'north_win', 'draw')),
    score_south     INTEGER NOT NULL,
    score_north     INTEGER NOT NULL,
    termination     TEXT NOT NULL CHECK (termination IN ('normal', 'repetition', 'ply_limit',
                        'time_forfeit', 'illegal_move', 'protocol_violation', 'crash', 'stall',
                        'aborted')),
    detail          TEXT NOT NULL DEFAULT '',
    plies           INTEGER NOT NULL CHECK (plies >= 0),
    final_position  TEXT NOT NULL,
    started_at      TEXT NOT NULL,
    ended_at        TEXT NOT NULL,
    UNIQUE (tournament_id, game_index)
);

-- Standings, head-to-head, pair results and rating input read only this index (covering).
CREATE INDEX games_results ON games
    (tournament_id, pair_index, south_engine_id, north_engine_id, result);
CREATE INDEX games_by_south ON games (south_engine_id);
CREATE INDEX games_by_north ON games (north_engine_id);
CREATE INDEX games_by_end ON games (ended_at);

-- One row per ply played by an engine (ply 1 is the first move after the opening).
CREATE TABLE moves (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL CHECK (ply >= 1),
    move         TEXT NOT NULL CHECK (length(move) > 0),
    time_used_us INTEGER NOT NULL CHECK (time_used_us >= 0),
    time_left_us INTEGER NOT NULL,
    depth        INTEGER,
    score_kind   TEXT CHECK (score_kind IN ('cp', 'mate')),
    score_value  INTEGER,
    nodes        INTEGER CHECK (nodes >= 0),
    pv           TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, ply),
    CHECK ((score_kind IS NULL) = (score_value IS NULL))
) WITHOUT ROWID;

CREATE TABLE rating_snapshots (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
    rules         TEXT NOT NULL,
    method        TEXT NOT NULL,
    parameters    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(parameters)),
    games_spec    TEXT NOT NULL,
    game_count    INTEGER NOT NULL CHECK (game_count >= 0),
    max_game_id   INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL
);
CREATE INDEX rating_snapshots_by_scope ON rating_snapshots (tournament_id, rules, id);

CREATE TABLE rating_entries (
    snapshot_id INTEGER NOT NULL REFERENCES rating_snapshots (id) ON DELETE CASCADE,
    engine_id   INTEGER NOT NULL REFERENCES engines (id),
    rank        INTEGER NOT NULL CHECK (rank >= 1),
    rating      REAL NOT NULL,
    error       REAL,
    games       INTEGER NOT NULL CHECK (games >= 0),
    points      REAL NOT NULL,
    wins        INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (snapshot_id, engine_id)
) WITHOUT ROWID;
