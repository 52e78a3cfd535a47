-- 006_run_locks: the run lock. At most one process plays a tournament at a time: `oaq tournament`,
-- `oaq match` and their --resume take the tournament's row here before they play and delete it
-- when they stop, so a second process is refused up front with the holder's pid, host and start.
-- A row whose holder is gone (kill -9, a crash, a reboot: same host, and no live process with that
-- pid and start) is taken over by the next process. `process_start` tells a process from a later
-- one that reused its pid: the boot id and the start time in clock ticks (/proc/PID/stat).
-- A sharded run keeps one database file per shard, each with its own tournament row and lock.
CREATE TABLE run_locks (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    pid           INTEGER NOT NULL,
    host          TEXT NOT NULL,
    process_start TEXT NOT NULL,
    since         TEXT NOT NULL
);
