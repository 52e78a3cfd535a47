-- 009_resignation: the termination word `resignation` (a person typed `quit` in `oaq play`: the
-- resigning side loses). Only the CHECK constraint of games.termination widens, which changes no
-- row, so the table is not rebuilt (a rebuild would cascade through moves' foreign key): its
-- stored definition is edited in place, as SQLite documents for changes that do not affect the
-- on-disk content (lang_altertable.html, "making other kinds of table schema changes").
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, '''aborted''))', '''aborted'', ''resignation''))')
 WHERE type = 'table' AND name = 'games' AND instr(sql, '''resignation''') = 0;
PRAGMA writable_schema = RESET;
