#!/bin/bash
# Merge throughput and the history queries on the merged file (issue 14): writes SHARDS shard files
# of about GAMES games of 80 plies each (oaq-bench-merge --clone), times `oaq merge` over them, a
# second merge of the same files (idempotent: nothing added), and `results standings`,
# `results crosstable` and `ratings` on the merged file. Prints figures; never fails on time.
#
#   bench/merge/bench_merge.sh BIN DIR [SHARDS [GAMES]]      e.g. build/bin /tmp/merge 100 10000
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 BIN DIR [SHARDS [GAMES]]" >&2
    exit 2
fi
bin=$(cd "$1" && pwd) dir=$2 shards=${3:-100} games=${4:-10000}
mkdir -p "$dir"
timed() {  # label, command...: wall, user and system seconds of one run
    local label=$1
    shift
    /usr/bin/time -f "  $label: %e s wall, %U s user, %S s system, %M KB peak" "$@" > "$dir/last.out"
    tail -n 1 "$dir/last.out" | sed 's/^/    /'
}
"$bin/oaq-bench-merge" --dir "$dir" --shards "$shards" --games "$games" --clone | tail -n 1
rm -f "$dir/all.db" "$dir/all.db-wal" "$dir/all.db-shm" "$dir/all.db-journal"
# The shards just written (2.3 GB for a million games) would otherwise still be going to disk
# while the merge runs, and the merge would be timed against its own inputs' writeback.
sync
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
timed "oaq merge --into all.db bench-shard-*.db" "$bin/oaq" merge --into "$dir/all.db" "$dir"/bench-shard-*.db
timed "oaq merge again (nothing new)" "$bin/oaq" merge --into "$dir/all.db" "$dir"/bench-shard-*.db
echo "  all.db: $(du -h "$dir/all.db" | cut -f1)"
for q in "results standings" "results crosstable" "ratings --no-save"; do
    # shellcheck disable=SC2086
    timed "oaq $q --db all.db" "$bin/oaq" $q --db "$dir/all.db"
    # shellcheck disable=SC2086
    timed "oaq $q --db all.db (again)" "$bin/oaq" $q --db "$dir/all.db"
done
if command -v sqlite3 > /dev/null; then
    echo "  integrity_check: $(sqlite3 "$dir/all.db" 'PRAGMA integrity_check') ;" \
        "indexes on games: $(sqlite3 "$dir/all.db" "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'games'")"
fi
