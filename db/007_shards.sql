-- 007_shards: tournaments played past one machine (`oaq tournament --shard K/N`, `oaq merge`).
-- Every game records the host that played it. tournament_shards says which shards of a run a
-- database holds: a shard's own database has one row (source = ''), whose status follows the
-- tournament's; a merged database has one row per shard merged into it, with the file it came
-- from and that shard's status as of the merge. games is what the shard plans to play, run_games
-- what the whole run plans (so `oaq results tournaments` shows games done of planned).
-- Numbered 007 by the shard branch; a concurrent branch adding its own 007 must renumber one.
ALTER TABLE games ADD COLUMN host TEXT NOT NULL DEFAULT '';

CREATE TABLE tournament_shards (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    shard_index   INTEGER NOT NULL CHECK (shard_index >= 0),
    shard_count   INTEGER NOT NULL CHECK (shard_count > shard_index),
    status        TEXT NOT NULL DEFAULT 'running'
                  CHECK (status IN ('running', 'finished', 'interrupted')),
    games         INTEGER NOT NULL CHECK (games >= 0),
    run_games     INTEGER NOT NULL CHECK (run_games >= games),
    source        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (tournament_id, shard_index)
) WITHOUT ROWID;
