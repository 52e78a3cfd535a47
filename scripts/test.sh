#!/usr/bin/env bash
# Builds oaq and runs every test (the README's test command; CI runs it on a fresh machine):
#   1. formatting: the tree must be clang-format clean (.clang-format, 100 columns);
#   2. the Release build's whole CTest suite: the Catch2 unit tests of each library, the
#      integration tests with real engine processes and SQLite files, the report in Chromium;
#   3. every Catch2 test binary once more whole, its cases in a random order from a printed seed
#      (OAQ_TEST_SEED=N repeats one);
#   4. every Catch2 test binary again under AddressSanitizer + UndefinedBehaviorSanitizer;
#   5. the concurrent parts (tournament runner, store, engine kit, engine processes) under
#      ThreadSanitizer.
# Each step prints its time. OAQ_SKIP_SANITIZERS=1 stops after step 3.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { echo; echo "== $1 (at ${SECONDS}s)"; }

step "setup and Release build"
scripts/setup.sh

step "format check"
cmake --build build --target format-check

step "CTest, Release"
ctest --test-dir build -j2 --output-on-failure --timeout 1800

# CTest runs each Catch2 case in a process of its own (catch_discover_tests), so a case that
# depends on what another left behind (a static, a file, the working directory) passes there
# whatever the order. Each binary runs once more whole, in an order drawn from the seed printed
# here; `build/bin/<binary> --order rand --rng-seed <seed>` replays a failure.
step "Catch2 binaries whole, in random order"
seed="${OAQ_TEST_SEED:-$(date +%s)}"
echo "random order seed: $seed (OAQ_TEST_SEED=$seed scripts/test.sh repeats it)"
order_log="$(mktemp)"
for binary in build/bin/oaq_*_test; do
  if ! "$binary" --order rand --rng-seed "$seed" >"$order_log" 2>&1; then
    cat "$order_log"
    echo "FAILED in random order: $binary --order rand --rng-seed $seed"
    exit 1
  fi
  echo "$(basename "$binary"): $(grep -E "^(All tests passed|test cases:)" "$order_log" | tail -n 1)"
done
rm -f "$order_log"

if [ "${OAQ_SKIP_SANITIZERS:-0}" != 1 ]; then
  # The Python-driven suites exercise the same binaries end to end; under a sanitizer they would
  # mostly measure its slowness, so steps 3 and 4 run the Catch2 binaries.
  catch_only='^(referee_integration|report_in_browser|slurm_integration)$'
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi

  step "AddressSanitizer + UndefinedBehaviorSanitizer build"
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DOAQ_SANITIZE=address,undefined \
        -DOAQ_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
  cmake --build build-asan -j"$(nproc)"
  step "CTest, address,undefined"
  # Leaks inside libraries oaq uses, each explained in the file (Boost 1.74's weighted matching).
  export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitizers/lsan.supp:print_suppressions=0"
  ctest --test-dir build-asan -j2 --output-on-failure --timeout 1800 -E "$catch_only"

  step "ThreadSanitizer build"
  tsan_targets=(oaq_tournament_test oaq_store_test oaq_sample_engines_test oaq_engine_test)
  cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DOAQ_SANITIZE=thread -DOAQ_BUILD_BENCH=OFF \
        "${launcher[@]}" >/dev/null
  cmake --build build-tsan -j"$(nproc)" --target "${tsan_targets[@]}" oaq-test-engine
  step "CTest, thread"
  ctest --test-dir build-tsan -j2 --output-on-failure --timeout 1800 \
        -R "^($(IFS='|'; echo "${tsan_targets[*]}")):"
fi
step "all tests passed"
