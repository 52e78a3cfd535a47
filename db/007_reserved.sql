-- 007_reserved: a placeholder for the shard branch's migration 007, written at the same time;
-- migrations are numbered without gaps, so this branch needs a 007 and an 008 to add 009. At the
-- merge the shard branch's 007 replaces this file. It changes nothing.
SELECT 1;
