-- 012_game_seats: one schema for games of any number of seats (2, 3 or 4; RULES.md section 9).
-- A game is one row of game_rows (what the whole table shares: run, slot, opening, positions,
-- termination, times) and one row of game_seats per seat, in turn order from 0 (engine, time
-- control, score, rank, points; for 2 seats ranks 1/2 or 1/1 and points 1/0 or 1/2 each, as
-- game::seat_standings() gives them). game_rows.failed_seat names the seat whose fault ended a
-- game of 3 or 4 seats (ranked last); game_rows.seats is the game's number of seats (its
-- game_seats rows are exactly 0 .. seats - 1: Store::integrity_check verifies it).
--
-- The seats are the single truth. `games` is no longer a table but a VIEW over them with the
-- columns the table had (south_engine_id = seat 0, north_engine_id = seat 1, result from their
-- points, score_south/score_north, time_control "<tc>" or "<south tc>/<north tc>"), holding the
-- games of two seats. Why a view rather than dropping the columns: every query that reads
-- South/North -- the store's rating and result scans, the views of 002/003 (game_sides,
-- games_view, pair_results, standings through result_totals), `sqlite3` users' own queries and
-- the tests that read or edit files by hand -- keeps working unchanged, and no value is kept
-- twice. (ALTER TABLE DROP COLUMN cannot drop south_engine_id/north_engine_id in any case: they
-- are indexed and carry foreign keys.) INSTEAD OF triggers make the view writable as the table
-- was (INSERT, UPDATE, DELETE by hand keep result_totals right); the program itself writes
-- game_rows and game_seats.
--
-- How: the old table is renamed to game_rows (SQLite rewrites the foreign keys of game_moves
-- and session_games to it), copied into a new game_rows without the per-seat columns, dropped
-- and replaced by the copy; the views and triggers that named it are made again. The program
-- applies migrations with foreign keys off (lang_altertable.html, "making other kinds of table
-- schema changes"), so dropping the old table deletes no moves.
-- result_totals keeps the totals of 2-seat games only (the standings of tables of 3 and 4 seats
-- are the next issue's); its triggers move from the table to game_seats and game_rows.

DROP VIEW pair_results;
DROP VIEW game_sides;
DROP VIEW games_view;
DROP VIEW termination_counts;
DROP TRIGGER games_add_totals;
DROP TRIGGER games_remove_totals;
DROP TRIGGER games_update_totals;

ALTER TABLE games RENAME TO game_rows;

CREATE TABLE game_rows_new (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game_index     INTEGER NOT NULL CHECK (game_index >= 0),
    pair_index     INTEGER NOT NULL CHECK (pair_index >= 0),
    round          INTEGER NOT NULL CHECK (round >= 0),
    seats          INTEGER NOT NULL DEFAULT 2 CHECK (seats BETWEEN 2 AND 4),
    opening        TEXT NOT NULL DEFAULT '',
    start_position TEXT NOT NULL,
    termination    TEXT NOT NULL CHECK (termination IN ('normal', 'repetition', 'ply_limit',
                       'time_forfeit', 'illegal_move', 'protocol_violation', 'crash', 'stall',
                       'aborted', 'resignation')),
    failed_seat    INTEGER CHECK (failed_seat IS NULL OR failed_seat BETWEEN 0 AND seats - 1),
    detail         TEXT NOT NULL DEFAULT '',
    plies          INTEGER NOT NULL CHECK (plies >= 0),
    final_position TEXT NOT NULL,
    started_at     TEXT NOT NULL,
    ended_at       TEXT NOT NULL,
    host           TEXT NOT NULL DEFAULT '',
    UNIQUE (tournament_id, game_index)
);

INSERT INTO game_rows_new (id, tournament_id, game_index, pair_index, round, seats, opening,
                           start_position, termination, failed_seat, detail, plies,
                           final_position, started_at, ended_at, host)
SELECT id, tournament_id, game_index, pair_index, round, 2, opening, start_position, termination,
       NULL, detail, plies, final_position, started_at, ended_at, host
FROM game_rows;

CREATE TABLE game_seats (
    game_id      INTEGER NOT NULL REFERENCES game_rows (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),  -- turn order: 0 moves first
    engine_id    INTEGER NOT NULL REFERENCES engines (id),
    time_control TEXT NOT NULL DEFAULT '',  -- the seat's canonical text, e.g. "10+0.1"
    score        INTEGER NOT NULL,
    rank         INTEGER NOT NULL CHECK (rank >= 1),
    points       REAL NOT NULL CHECK (points >= 0),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- The old table's two seats: the time control "<tc>" or "<south tc>/<north tc>" (no time control
-- text holds '/'), rank and points from the result.
INSERT INTO game_seats (game_id, seat, engine_id, time_control, score, rank, points)
SELECT id, 0, south_engine_id,
       CASE WHEN instr(time_control, '/') THEN substr(time_control, 1, instr(time_control, '/') - 1)
            ELSE time_control END,
       score_south, CASE result WHEN 'north_win' THEN 2 ELSE 1 END,
       CASE result WHEN 'south_win' THEN 1.0 WHEN 'draw' THEN 0.5 ELSE 0.0 END
FROM game_rows
UNION ALL
SELECT id, 1, north_engine_id,
       CASE WHEN instr(time_control, '/') THEN substr(time_control, instr(time_control, '/') + 1)
            ELSE time_control END,
       score_north, CASE result WHEN 'south_win' THEN 2 ELSE 1 END,
       CASE result WHEN 'north_win' THEN 1.0 WHEN 'draw' THEN 0.5 ELSE 0.0 END
FROM game_rows;

DROP TABLE game_rows;
ALTER TABLE game_rows_new RENAME TO game_rows;

-- The indexes of the old table, on the columns that are still the game's; one engine's games
-- (was games_by_south and games_by_north) come from game_seats_by_engine, in id order.
CREATE INDEX games_result_scan ON game_rows (tournament_id, pair_index, termination);
CREATE INDEX games_by_end ON game_rows (ended_at);
CREATE INDEX games_by_termination ON game_rows (tournament_id, termination);
CREATE INDEX game_seats_by_engine ON game_seats (engine_id, game_id);

-- Games of two seats in the columns of the old games table, in its column order.
CREATE VIEW games AS
SELECT g.id, g.tournament_id, g.game_index, g.pair_index, g.round, g.opening, g.start_position,
       CASE WHEN s.time_control = n.time_control THEN s.time_control
            ELSE s.time_control || '/' || n.time_control END AS time_control,
       s.engine_id AS south_engine_id, n.engine_id AS north_engine_id,
       CASE WHEN s.points > n.points THEN 'south_win' WHEN s.points < n.points THEN 'north_win'
            ELSE 'draw' END AS result,
       s.score AS score_south, n.score AS score_north,
       g.termination, g.detail, g.plies, g.final_position, g.started_at, g.ended_at, g.host
FROM game_rows g
JOIN game_seats s ON s.game_id = g.id AND s.seat = 0
JOIN game_seats n ON n.game_id = g.id AND n.seat = 1
WHERE g.seats = 2;

-- Writing the view writes the tables, with the checks the table had on its per-seat columns. A
-- result that is none of the three words (written under PRAGMA ignore_check_constraints, as a
-- damaged file would hold it) is kept as seats no oaq file holds (rank 0, points -1), which
-- readers and `oaq merge` refuse as damaged.
CREATE TRIGGER games_insert INSTEAD OF INSERT ON games BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: result IN (''south_win'', ''north_win'', ''draw'')')
    WHERE (NEW.result IS NULL OR NEW.result NOT IN ('south_win', 'north_win', 'draw'))
      AND NOT (SELECT ignore_check_constraints FROM pragma_ignore_check_constraints);
    INSERT INTO game_rows (id, tournament_id, game_index, pair_index, round, seats, opening,
                           start_position, termination, detail, plies, final_position,
                           started_at, ended_at, host)
    VALUES (NEW.id, NEW.tournament_id, NEW.game_index, NEW.pair_index, NEW.round, 2,
            coalesce(NEW.opening, ''), NEW.start_position, NEW.termination,
            coalesce(NEW.detail, ''), NEW.plies, NEW.final_position, NEW.started_at,
            NEW.ended_at, coalesce(NEW.host, ''));
    INSERT INTO game_seats (game_id, seat, engine_id, time_control, score, rank, points)
    SELECT g.id, x.seat, x.engine_id, x.time_control, x.score, x.rank, x.points
    FROM game_rows g,
         (SELECT 0 AS seat, NEW.south_engine_id AS engine_id,
                 CASE WHEN instr(coalesce(NEW.time_control, ''), '/')
                      THEN substr(NEW.time_control, 1, instr(NEW.time_control, '/') - 1)
                      ELSE coalesce(NEW.time_control, '') END AS time_control,
                 NEW.score_south AS score,
                 CASE NEW.result WHEN 'north_win' THEN 2 WHEN 'south_win' THEN 1 WHEN 'draw' THEN 1
                 ELSE 0 END AS rank,
                 CASE NEW.result WHEN 'south_win' THEN 1.0 WHEN 'draw' THEN 0.5
                 WHEN 'north_win' THEN 0.0 ELSE -1.0 END AS points
          UNION ALL
          SELECT 1, NEW.north_engine_id,
                 CASE WHEN instr(coalesce(NEW.time_control, ''), '/')
                      THEN substr(NEW.time_control, instr(NEW.time_control, '/') + 1)
                      ELSE coalesce(NEW.time_control, '') END,
                 NEW.score_north,
                 CASE NEW.result WHEN 'south_win' THEN 2 WHEN 'north_win' THEN 1 WHEN 'draw' THEN 1
                 ELSE 0 END,
                 CASE NEW.result WHEN 'north_win' THEN 1.0 WHEN 'draw' THEN 0.5
                 WHEN 'south_win' THEN 0.0 ELSE -1.0 END) x
    WHERE g.tournament_id = NEW.tournament_id AND g.game_index = NEW.game_index
    ORDER BY x.seat;
END;

CREATE TRIGGER games_update INSTEAD OF UPDATE ON games BEGIN
    SELECT RAISE(ABORT, 'CHECK constraint failed: result IN (''south_win'', ''north_win'', ''draw'')')
    WHERE (NEW.result IS NULL OR NEW.result NOT IN ('south_win', 'north_win', 'draw'))
      AND NOT (SELECT ignore_check_constraints FROM pragma_ignore_check_constraints);
    UPDATE game_rows SET tournament_id = NEW.tournament_id, game_index = NEW.game_index,
        pair_index = NEW.pair_index, round = NEW.round, opening = NEW.opening,
        start_position = NEW.start_position, termination = NEW.termination, detail = NEW.detail,
        plies = NEW.plies, final_position = NEW.final_position, started_at = NEW.started_at,
        ended_at = NEW.ended_at, host = NEW.host
    WHERE id = OLD.id;
    UPDATE game_seats SET
        engine_id = CASE seat WHEN 0 THEN NEW.south_engine_id ELSE NEW.north_engine_id END,
        time_control = CASE WHEN NOT instr(NEW.time_control, '/') THEN NEW.time_control
                            WHEN seat = 0
                            THEN substr(NEW.time_control, 1, instr(NEW.time_control, '/') - 1)
                            ELSE substr(NEW.time_control, instr(NEW.time_control, '/') + 1) END,
        score = CASE seat WHEN 0 THEN NEW.score_south ELSE NEW.score_north END,
        rank = CASE WHEN NEW.result = 'draw' THEN 1
                    WHEN NEW.result NOT IN ('south_win', 'north_win') THEN 0
                    WHEN (NEW.result = 'south_win') = (seat = 0) THEN 1 ELSE 2 END,
        points = CASE WHEN NEW.result = 'draw' THEN 0.5
                      WHEN NEW.result NOT IN ('south_win', 'north_win') THEN -1.0
                      WHEN (NEW.result = 'south_win') = (seat = 0) THEN 1.0 ELSE 0.0 END
    WHERE game_id = OLD.id
      AND (NEW.south_engine_id IS NOT OLD.south_engine_id
           OR NEW.north_engine_id IS NOT OLD.north_engine_id OR NEW.result IS NOT OLD.result
           OR NEW.score_south IS NOT OLD.score_south OR NEW.score_north IS NOT OLD.score_north
           OR NEW.time_control IS NOT OLD.time_control);
END;

CREATE TRIGGER games_delete INSTEAD OF DELETE ON games BEGIN
    DELETE FROM game_rows WHERE id = OLD.id;
END;

-- result_totals follows the games of two seats: a game's totals are added when its second seat
-- is stored (the program stores a game's row, then its seats in order, in one transaction).
CREATE TRIGGER game_seats_add_totals AFTER INSERT ON game_seats
WHEN NEW.seat = 1 AND (SELECT seats FROM game_rows WHERE id = NEW.game_id) = 2 BEGIN
    INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games, wins, draws, losses)
    SELECT tournament_id, engine_id, opponent_id, 1, win, draw, loss FROM game_sides
    WHERE game_id = NEW.game_id
    ON CONFLICT (tournament_id, engine_id, opponent_id) DO UPDATE SET
        games = games + excluded.games, wins = wins + excluded.wins,
        draws = draws + excluded.draws, losses = losses + excluded.losses;
END;

-- Before the row goes (its seats go with it, by the cascade).
CREATE TRIGGER game_rows_remove_totals BEFORE DELETE ON game_rows WHEN OLD.seats = 2 BEGIN
    UPDATE result_totals SET games = games - 1, wins = wins - x.win, draws = draws - x.draw,
        losses = losses - x.loss
    FROM (SELECT engine_id, opponent_id, win, draw, loss FROM game_sides
          WHERE game_id = OLD.id AND side = 'south') x
    WHERE result_totals.tournament_id = OLD.tournament_id
      AND result_totals.engine_id = x.engine_id AND result_totals.opponent_id = x.opponent_id;
    UPDATE result_totals SET games = games - 1, wins = wins - x.win, draws = draws - x.draw,
        losses = losses - x.loss
    FROM (SELECT engine_id, opponent_id, win, draw, loss FROM game_sides
          WHERE game_id = OLD.id AND side = 'north') x
    WHERE result_totals.tournament_id = OLD.tournament_id
      AND result_totals.engine_id = x.engine_id AND result_totals.opponent_id = x.opponent_id;
    DELETE FROM result_totals WHERE tournament_id = OLD.tournament_id AND games = 0;
END;

-- Games and seats are changed only by hand (sqlite3): the runs concerned are counted again.
CREATE TRIGGER game_rows_update_totals AFTER UPDATE OF tournament_id, seats ON game_rows
WHEN OLD.tournament_id IS NOT NEW.tournament_id OR OLD.seats IS NOT NEW.seats BEGIN
    DELETE FROM result_totals WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id);
    INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games, wins, draws, losses)
    SELECT tournament_id, engine_id, opponent_id, count(*), sum(win), sum(draw), sum(loss)
    FROM game_sides WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id)
    GROUP BY tournament_id, engine_id, opponent_id;
END;

CREATE TRIGGER game_seats_update_totals AFTER UPDATE OF engine_id, points ON game_seats
WHEN OLD.engine_id IS NOT NEW.engine_id OR OLD.points IS NOT NEW.points BEGIN
    DELETE FROM result_totals
    WHERE tournament_id = (SELECT tournament_id FROM game_rows WHERE id = NEW.game_id);
    INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games, wins, draws, losses)
    SELECT tournament_id, engine_id, opponent_id, count(*), sum(win), sum(draw), sum(loss)
    FROM game_sides WHERE tournament_id = (SELECT tournament_id FROM game_rows WHERE id = NEW.game_id)
    GROUP BY tournament_id, engine_id, opponent_id;
END;

-- The views of 002 that read the table, as they were (they read the view now).
CREATE VIEW game_sides AS
SELECT id AS game_id, tournament_id, pair_index, 'south' AS side,
       south_engine_id AS engine_id, north_engine_id AS opponent_id,
       result = 'south_win' AS win, result = 'draw' AS draw, result = 'north_win' AS loss,
       CASE result WHEN 'south_win' THEN 1.0 WHEN 'draw' THEN 0.5 ELSE 0.0 END AS points
FROM games
UNION ALL
SELECT id, tournament_id, pair_index, 'north',
       north_engine_id, south_engine_id,
       result = 'north_win', result = 'draw', result = 'south_win',
       CASE result WHEN 'north_win' THEN 1.0 WHEN 'draw' THEN 0.5 ELSE 0.0 END
FROM games;

CREATE VIEW games_view AS
SELECT g.id, t.name AS tournament, g.tournament_id, g.game_index, g.pair_index, g.round,
       s.name AS south, n.name AS north, g.result, g.score_south, g.score_north,
       g.termination, g.detail, g.plies, g.time_control, g.opening, g.start_position,
       g.final_position,
       g.started_at, g.ended_at,
       round((julianday(g.ended_at) - julianday(g.started_at)) * 86400.0, 3) AS seconds
FROM games g
JOIN tournaments t ON t.id = g.tournament_id
JOIN engines s ON s.id = g.south_engine_id
JOIN engines n ON n.id = g.north_engine_id;

CREATE VIEW pair_results AS
SELECT t.name AS tournament, x.tournament_id, x.pair_index,
       e.name AS engine, x.engine_id, o.name AS opponent, x.opponent_id,
       x.games, x.engine_points, x.games - x.engine_points AS opponent_points
FROM (SELECT tournament_id, pair_index, engine_id, opponent_id, count(*) AS games,
             sum(points) AS engine_points
      FROM game_sides WHERE engine_id < opponent_id
      GROUP BY tournament_id, pair_index, engine_id, opponent_id) x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id
JOIN engines o ON o.id = x.opponent_id;

-- How games ended, per tournament: every game, of any number of seats.
CREATE VIEW termination_counts AS
SELECT t.name AS tournament, g.tournament_id, g.termination, count(*) AS games
FROM game_rows g JOIN tournaments t ON t.id = g.tournament_id
GROUP BY g.tournament_id, g.termination;
