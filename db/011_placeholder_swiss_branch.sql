-- PLACEHOLDER on branch swiss only, so db/013_byes.sql builds (migrations are numbered without
-- gaps): drop this file when merging, where the real 011 migration of another branch takes its place.
SELECT 1;
