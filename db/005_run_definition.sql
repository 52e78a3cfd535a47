-- 005_run_definition: every run keeps its definition (tournament::RunDefinition as canonical JSON:
-- engines, format, rules, time controls, openings with their resolved seed, SPRT) and the SHA-256
-- fingerprint of that text. `oaq tournament --resume` rebuilds the run from it instead of parsing
-- the stored command line again; runs stored before this migration have NULL here and resume from
-- their stored arguments as before. Runs with the same fingerprint play the same games.
ALTER TABLE tournaments ADD COLUMN definition TEXT
    CHECK (definition IS NULL OR json_valid(definition));
ALTER TABLE tournaments ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
CREATE INDEX tournaments_by_fingerprint ON tournaments (fingerprint);
