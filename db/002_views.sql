-- 002_views: views that answer the common questions straight from `sqlite3 oaq.db`, e.g.
--   SELECT engine, games, points, score FROM standings WHERE tournament = 'gauntlet-1'
--     ORDER BY points DESC;
-- Views hold no data, so a later migration changes one with DROP VIEW + CREATE VIEW.
-- Points: a win is 1, a draw 1/2, a loss 0.

-- Every game twice, once from each side's point of view: the base of the other views.
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

-- Games with tournament and engine names instead of ids.
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

-- One row per (tournament, engine): games, wins, draws, losses, points and score (points/games).
CREATE VIEW standings AS
SELECT t.name AS tournament, x.tournament_id, e.name AS engine, x.engine_id,
       x.games, x.wins, x.draws, x.losses, x.points,
       round(x.points / x.games, 4) AS score
FROM (SELECT tournament_id, engine_id, count(*) AS games, sum(win) AS wins, sum(draw) AS draws,
             sum(loss) AS losses, sum(points) AS points
      FROM game_sides GROUP BY tournament_id, engine_id) x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id;

-- The crosstable as pairs: one row per (tournament, engine, opponent), from engine's point of view.
CREATE VIEW head_to_head AS
SELECT t.name AS tournament, x.tournament_id, e.name AS engine, x.engine_id,
       o.name AS opponent, x.opponent_id,
       x.games, x.wins, x.draws, x.losses, x.points,
       round(x.points / x.games, 4) AS score
FROM (SELECT tournament_id, engine_id, opponent_id, count(*) AS games, sum(win) AS wins,
             sum(draw) AS draws, sum(loss) AS losses, sum(points) AS points
      FROM game_sides GROUP BY tournament_id, engine_id, opponent_id) x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id
JOIN engines o ON o.id = x.opponent_id;

-- Game pairs (games sharing a pair_index: usually one opening played with colours swapped), one
-- row per pair and engine couple; "engine" is the one with the lower id. Pentanomial statistics
-- count pairs by engine_points: 0, 0.5, 1, 1.5, 2.
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

-- How games ended, per tournament.
CREATE VIEW termination_counts AS
SELECT t.name AS tournament, g.tournament_id, g.termination, count(*) AS games
FROM games g JOIN tournaments t ON t.id = g.tournament_id
GROUP BY g.tournament_id, g.termination;

-- Each engine's totals over every tournament it played, per rules string.
CREATE VIEW engine_totals AS
SELECT e.name AS engine, x.engine_id, t.rules, count(DISTINCT x.tournament_id) AS tournaments,
       count(*) AS games, sum(x.win) AS wins, sum(x.draw) AS draws, sum(x.loss) AS losses,
       sum(x.points) AS points, round(sum(x.points) / count(*), 4) AS score
FROM game_sides x
JOIN tournaments t ON t.id = x.tournament_id
JOIN engines e ON e.id = x.engine_id
GROUP BY x.engine_id, t.rules;

-- Rating tables with engine names; latest_ratings keeps only the newest snapshot per scope.
CREATE VIEW ratings_view AS
SELECT r.snapshot_id, s.tournament_id, s.rules, s.method, s.games_spec, s.created_at,
       r.rank, e.name AS engine, r.engine_id, r.rating, r.error, r.games, r.points,
       r.wins, r.draws, r.losses
FROM rating_entries r
JOIN rating_snapshots s ON s.id = r.snapshot_id
JOIN engines e ON e.id = r.engine_id;

CREATE VIEW latest_ratings AS
SELECT * FROM ratings_view v
WHERE v.snapshot_id = (SELECT max(s.id) FROM rating_snapshots s
                       WHERE s.tournament_id IS v.tournament_id AND s.rules = v.rules
                         AND s.method = v.method);
