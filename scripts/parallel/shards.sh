#!/bin/bash
# A sharded oaq tournament with GNU parallel: N shards, J at a time, on this machine or over ssh
# (--sshloginfile), each into its own file, then merged here.
#
#   scripts/parallel/shards.sh N NAME DIR -- [oaq tournament arguments]
# Over ssh: OAQ_PARALLEL="--sshloginfile hosts.txt" (oaq, the engines and DIR must exist at the
# same paths on every host; each host writes only its own shard files, which --return brings back).
# Environment: OAQ (the oaq binary, default oaq), OAQ_JOBS (shards at once, default N).
# Without --seed every shard derives the same seed from NAME and the arguments (oaq --shard).
set -euo pipefail
if [ $# -lt 4 ] || [ "$4" != "--" ]; then
    echo "usage: $0 N NAME DIR -- [oaq tournament arguments]" >&2
    exit 2
fi
n=$1 name=$2 dir=$3
shift 4
oaq=${OAQ:-oaq}
mkdir -p "$dir"
# shellcheck disable=SC2086
seq 0 $((n - 1)) | parallel --halt never --jobs "${OAQ_JOBS:-$n}" ${OAQ_PARALLEL:-} \
    --return "$dir/$name-shard-{}.db" --line-buffer --tagstring "shard {}" \
    "$oaq" tournament --name "$name" --db "$dir/$name-shard-{}.db" --shard "{}/$n" "$@"
"$oaq" merge --into "$dir/$name.db" "$dir/$name"-shard-*.db
