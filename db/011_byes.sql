-- 011_byes: the byes of a Swiss tournament (an odd field leaves one engine unpaired each round).
-- A bye is neither a game nor a forfeit: it is a row of its own, one per round at most, worth the
-- points the run's definition gives it (bye_points). Written when its round starts, so a round
-- that is interrupted and resumed keeps the one bye it had.
CREATE TABLE byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 0),
    engine_id     INTEGER NOT NULL REFERENCES engines (id),
    points        REAL    NOT NULL CHECK (points >= 0),
    PRIMARY KEY (tournament_id, round)
);
