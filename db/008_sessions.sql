-- 008_sessions: sessions (rules.md section 9, "bán ruộng"): a series of games between two engines
-- in which each player's wealth carries into the next game. Every game of a session is stored in
-- `games` as any other; `sessions` holds each session of a tournament (its players, how many games
-- it played, the wealth after each game, how it ended) and `session_games` links each of its games
-- to it with its number. Both are written in the transaction that stores the game.
CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY,
    tournament_id    INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    session_index    INTEGER NOT NULL CHECK (session_index >= 0),  -- 0-based, the schedule's pair
    first_engine_id  INTEGER NOT NULL REFERENCES engines (id),     -- South in game 1
    second_engine_id INTEGER NOT NULL REFERENCES engines (id),
    game_limit       INTEGER NOT NULL CHECK (game_limit >= 1),
    total            INTEGER NOT NULL CHECK (total > 0),           -- T = 50 + 2M
    games_played     INTEGER NOT NULL DEFAULT 0 CHECK (games_played >= 0),
    -- The wealth after each game, [[first, second], ...] in game order (each pair sums to total).
    wealth           TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(wealth)),
    end_reason       TEXT NOT NULL DEFAULT 'none'
                     CHECK (end_reason IN ('none', 'sold_out', 'game_limit')),
    result           TEXT NOT NULL DEFAULT 'ongoing'
                     CHECK (result IN ('ongoing', 'first_wins', 'second_wins', 'draw')),
    UNIQUE (tournament_id, session_index)
);

CREATE TABLE session_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    session_id    INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number >= 1),  -- 1 for the session's first game
    wealth_first  INTEGER NOT NULL,                      -- after this game
    wealth_second INTEGER NOT NULL,
    UNIQUE (session_id, number)
);
CREATE INDEX session_games_by_session ON session_games (session_id, number);
