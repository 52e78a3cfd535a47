-- 010_packed_moves: a game's moves are one row, not one row per ply. A million games of 80 plies
-- were 80 million rows in `moves` (4.2 GB), and `oaq merge` spent nearly all its time inserting
-- them (1,600 games a second); packed, a game's moves are written, merged and read as one value of
-- about 20 bytes a ply. game_moves.moves is a BLOB in the format of referee/store/packed_moves.hpp
-- (documented in db/README.md); only the store writes and reads it. Every game has its row (an
-- empty game is the version byte alone). Per-move data for other tools: `oaq results game NAME#N
-- --json` and `oaq results export --json` (each game with its moves), `oaq results export
-- --moves-csv` (one CSV row per move).
-- oaq_pack_moves is an aggregate the oaq program registers on its own connections before it
-- migrates a file: this migration cannot be applied by the sqlite3 shell.
CREATE TABLE game_moves (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    moves   BLOB NOT NULL CHECK (typeof(moves) = 'blob')
);

INSERT INTO game_moves (game_id, moves)
SELECT game_id, oaq_pack_moves(ply, move, time_used_us, time_left_us, depth, score_kind,
                               score_value, nodes, pv)
FROM moves GROUP BY game_id;

INSERT INTO game_moves (game_id, moves)
SELECT id, X'01' FROM games WHERE id NOT IN (SELECT game_id FROM game_moves);

DROP TABLE moves;

-- One covering index for the rating input and the pair results instead of two (games_results
-- held a subset of games_result_scan's columns in another order): one index less to build when a
-- merge rebuilds them, and to update for every game stored.
DROP INDEX games_results;
DROP INDEX games_result_scan;
CREATE INDEX games_result_scan ON games
    (tournament_id, pair_index, south_engine_id, north_engine_id, result, termination,
     time_control);
