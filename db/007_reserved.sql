-- 007_reserved: a placeholder for the shard branch's migration 007 (sharding and merge), which is
-- being written at the same time; migrations are numbered without gaps, so this branch needs a 007
-- to add 008. At the merge the shard branch's 007 replaces this file. It changes nothing.
SELECT 1;
