-- 003_result_totals: standings and head-to-head in constant time, however many games are stored.
-- result_totals keeps, per tournament and ordered engine pair, the games, wins, draws and losses
-- of engine against opponent. Triggers on games keep it equal to what the games say (insert,
-- delete -- including the cascade when a tournament is deleted -- and update); the views that
-- sum results now read it instead of scanning every game. Store::integrity_check recomputes it
-- from the games and reports any difference.

CREATE TABLE result_totals (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    engine_id     INTEGER NOT NULL REFERENCES engines (id),
    opponent_id   INTEGER NOT NULL REFERENCES engines (id),
    games         INTEGER NOT NULL CHECK (games >= 0),
    wins          INTEGER NOT NULL CHECK (wins >= 0),
    draws         INTEGER NOT NULL CHECK (draws >= 0),
    losses        INTEGER NOT NULL CHECK (losses >= 0),
    PRIMARY KEY (tournament_id, engine_id, opponent_id)
) WITHOUT ROWID;

INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games, wins, draws, losses)
SELECT tournament_id, engine_id, opponent_id, count(*), sum(win), sum(draw), sum(loss)
FROM game_sides GROUP BY tournament_id, engine_id, opponent_id;

CREATE TRIGGER games_add_totals AFTER INSERT ON games BEGIN
    INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games, wins, draws, losses)
    VALUES (NEW.tournament_id, NEW.south_engine_id, NEW.north_engine_id, 1,
            NEW.result = 'south_win', NEW.result = 'draw', NEW.result = 'north_win'),
           (NEW.tournament_id, NEW.north_engine_id, NEW.south_engine_id, 1,
            NEW.result = 'north_win', NEW.result = 'draw', NEW.result = 'south_win')
    ON CONFLICT (tournament_id, engine_id, opponent_id) DO UPDATE SET
        games = games + excluded.games, wins = wins + excluded.wins,
        draws = draws + excluded.draws, losses = losses + excluded.losses;
END;

CREATE TRIGGER games_remove_totals AFTER DELETE ON games BEGIN
    UPDATE result_totals SET games = games - 1, wins = wins - (OLD.result = 'south_win'),
        draws = draws - (OLD.result = 'draw'), losses = losses - (OLD.result = 'north_win')
    WHERE tournament_id = OLD.tournament_id AND engine_id = OLD.south_engine_id
      AND opponent_id = OLD.north_engine_id;
    UPDATE result_totals SET games = games - 1, wins = wins - (OLD.result = 'north_win'),
        draws = draws - (OLD.result = 'draw'), losses = losses - (OLD.result = 'south_win')
    WHERE tournament_id = OLD.tournament_id AND engine_id = OLD.north_engine_id
      AND opponent_id = OLD.south_engine_id;
    DELETE FROM result_totals WHERE tournament_id = OLD.tournament_id AND games = 0;
END;

-- Games are changed only by hand (sqlite3): recounting the tournaments concerned is simple and
-- cheap enough.
CREATE TRIGGER games_update_totals
AFTER UPDATE OF tournament_id, south_engine_id, north_engine_id, result ON games BEGIN
    DELETE FROM result_totals WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id);
    INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games, wins, draws, losses)
    SELECT tournament_id, engine_id, opponent_id, count(*), sum(win), sum(draw), sum(loss)
    FROM game_sides WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id)
    GROUP BY tournament_id, engine_id, opponent_id;
END;

-- termination_counts reads only this index.
CREATE INDEX games_by_termination ON games (tournament_id, termination);

DROP VIEW standings;
CREATE VIEW standings AS
SELECT t.name AS tournament, x.tournament_id, e.name AS engine, x.engine_id,
       x.games, x.wins, x.draws, x.losses, x.wins + 0.5 * x.draws AS points,
       round((x.wins + 0.5 * x.draws) / x.games, 4) AS score
FROM (SELECT tournament_id, engine_id, sum(games) AS games, sum(wins) AS wins,
             sum(draws) AS draws, sum(losses) AS losses
      FROM result_totals GROUP BY tournament_id, engine_id) x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id;

DROP VIEW head_to_head;
CREATE VIEW head_to_head AS
SELECT t.name AS tournament, x.tournament_id, e.name AS engine, x.engine_id,
       o.name AS opponent, x.opponent_id,
       x.games, x.wins, x.draws, x.losses, x.wins + 0.5 * x.draws AS points,
       round((x.wins + 0.5 * x.draws) / x.games, 4) AS score
FROM result_totals x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id
JOIN engines o ON o.id = x.opponent_id;

DROP VIEW engine_totals;
CREATE VIEW engine_totals AS
SELECT e.name AS engine, x.engine_id, t.rules, count(DISTINCT x.tournament_id) AS tournaments,
       sum(x.games) AS games, sum(x.wins) AS wins, sum(x.draws) AS draws,
       sum(x.losses) AS losses, sum(x.wins) + 0.5 * sum(x.draws) AS points,
       round((sum(x.wins) + 0.5 * sum(x.draws)) / sum(x.games), 4) AS score
FROM result_totals x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id
GROUP BY x.engine_id, t.rules;
