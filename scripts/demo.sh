#!/usr/bin/env bash
# The main job: builds oaq and runs a round-robin tournament of the four sample engines into
# oaq.db (an embedded SQLite file in the current directory), then prints the ratings.
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what the tournament runs is built: the tests and benchmarks (scripts/test.sh builds them)
# would more than double the time of a first run on a fresh machine.
OAQ_WITH_BROWSER=0 OAQ_TARGETS="oaq oaq-random oaq-greedy oaq-alphabeta oaq-mcts oaq-reference" \
  scripts/setup.sh
bin=build/bin
name="demo-$(date -u +%Y%m%d-%H%M%S)"
"$bin/oaq" tournament \
  --engine name=random cmd=$bin/oaq-random \
  --engine name=greedy cmd=$bin/oaq-greedy \
  --engine name=alphabeta cmd=$bin/oaq-alphabeta \
  --engine name=mcts cmd=$bin/oaq-mcts \
  --engine name=reference cmd=$bin/oaq-reference \
  --tc movetime=50 --rounds 4 --concurrency 2 \
  --openings file=sample-engines/openings/balanced-3ply.txt \
  --db oaq.db --name "$name" --progress 12 "$@"
echo
echo "Stored in oaq.db as tournament \"$name\". Try: $bin/oaq results standings --db oaq.db"
