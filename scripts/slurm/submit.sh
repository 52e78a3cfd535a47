#!/bin/bash
# Submits a sharded oaq tournament to Slurm: an array of N shard tasks and a merge job that runs
# when all of them succeeded (--dependency=afterok). Prints both job ids.
#
#   scripts/slurm/submit.sh N NAME DIR -- [oaq tournament arguments]
#   e.g. scripts/slurm/submit.sh 100 cup $SCRATCH/cup -- --engine name=a cmd=... \
#          --engine name=b cmd=... --rounds 500 --tc 10+0.1 --openings file=book.txt
# Without --seed every task derives the same seed from NAME and the arguments (oaq --shard).
# Extra sbatch options go in SBATCH_* environment variables (SBATCH_PARTITION, SBATCH_TIMELIMIT).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 4 ] || [ "$4" != "--" ]; then
    echo "usage: $0 N NAME DIR -- [oaq tournament arguments]" >&2
    exit 2
fi
n=$1 name=$2 dir=$3
shift 4
array=$(sbatch --parsable --array=0-$((n - 1)) "$here/oaq-shards.sbatch" "$name" "$dir" -- "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" "$here/oaq-merge.sbatch" "$name" "$dir")
echo "shards: job $array (array 0-$((n - 1))); merge: job $merge into $dir/$name.db"
