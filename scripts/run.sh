#!/usr/bin/env bash
# Installs what is missing, builds, and starts Tangent's window. Arguments go to tangent
# (a scene file, --tour, or a subcommand such as `analyze` or `export`).
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what the app needs: its tests and benchmarks (test.sh) take six times as long to build,
# and a teacher waiting to start a lesson needs none of them (a packager's review). A build
# folder made before keeps its own choice (test.sh turns them on).
bash scripts/install-deps.sh --app
if [[ -f build/CMakeCache.txt ]]; then
  bash scripts/build.sh
else
  bash scripts/build.sh -DTANGENT_BUILD_TESTS=OFF -DTANGENT_BUILD_BENCH=OFF
fi
exec build/tangent "$@"
