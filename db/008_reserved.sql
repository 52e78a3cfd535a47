-- 008_reserved: a placeholder for the session branch's migration 008, written at the same time
-- (see 007_reserved.sql). At the merge the session branch's 008 replaces this file. It changes
-- nothing.
SELECT 1;
