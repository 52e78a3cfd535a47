#!/usr/bin/env bash
# Installs what oaq needs from Debian's archive (when missing) and builds it into build/.
# Usage: scripts/setup.sh [extra cmake arguments]
# OAQ_TARGETS="oaq oaq-random ..." builds only those targets (scripts/demo.sh: what it runs);
# unset, everything is built, tests and benchmarks included (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config libboost-dev libboost-program-options-dev
          libboost-filesystem-dev libfmt-dev libsqlite3-dev libssl-dev nlohmann-json3-dev catch2
          python3 sqlite3
          clang-format
          # A one-node Slurm cluster for the sharded-tournament test (scripts/slurm/local_cluster.py),
          # GNU parallel (scripts/parallel/shards.sh) and PyYAML (the Kubernetes manifest's test).
          slurm-wlm munge parallel python3-yaml
          # numpy fits the reference engine's learned evaluation (bench/tuning/fit_eval.py).
          python3-numpy)
# The report page and the live page are checked in headless Chromium by the test suite.
if [ "${OAQ_WITH_BROWSER:-1}" = 1 ]; then packages+=(chromium fonts-dejavu-core); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# A compiler cache, when the machine has one, makes rebuilds after a pull or a branch switch quick
# (the setup does not install it: a fresh machine builds once).
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@" >/dev/null
targets=()
for t in ${OAQ_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build build -j"$(nproc)" "${targets[@]}"
