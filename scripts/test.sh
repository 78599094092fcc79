#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, and runs every test: the full suite,
# then the math core's and the derivation's tests again under AddressSanitizer and
# UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
jobs=$(nproc)

bash scripts/build.sh -DTANGENT_WARNINGS_AS_ERRORS=ON -DTANGENT_BUILD_TESTS=ON -DTANGENT_BUILD_BENCH=ON
ctest --test-dir build --output-on-failure -j "$jobs"

cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTANGENT_SANITIZE=address,undefined \
  -DTANGENT_BUILD_APP=OFF -DTANGENT_BUILD_BENCH=OFF -DTANGENT_WARNINGS_AS_ERRORS=ON
cmake --build build-sanitize -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j "$jobs"
echo "test: all tests passed."
