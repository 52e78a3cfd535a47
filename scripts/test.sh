#!/usr/bin/env bash
# Builds oaq and runs every test: the Catch2 unit tests of each library, the integration tests
# with real engine processes and SQLite files, and the report page in headless Chromium. Then the
# pure libraries' tests again under AddressSanitizer and UndefinedBehaviorSanitizer, and the tournament
# runner under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build -j2 --output-on-failure --timeout 1800

if [ "${OAQ_SKIP_SANITIZERS:-0}" != 1 ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DOAQ_SANITIZE=address,undefined \
        -DOAQ_BUILD_BENCH=OFF >/dev/null
  targets=(oaq_rules_test oaq_protocol_test oaq_game_test oaq_tournament_test)
  cmake --build build-asan -j"$(nproc)" --target "${targets[@]}"
  for t in "${targets[@]}"; do
    echo "== $t (address,undefined)"
    build-asan/bin/$t --order rand --rng-seed 1 | tail -2
  done
  # The concurrent parts (the tournament runner's worker threads and engine pool) under TSan.
  cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DOAQ_SANITIZE=thread -DOAQ_BUILD_BENCH=OFF >/dev/null
  cmake --build build-tsan -j"$(nproc)" --target oaq_tournament_test
  echo "== oaq_tournament_test (thread)"
  build-tsan/bin/oaq_tournament_test "[runner]" | tail -2
fi
