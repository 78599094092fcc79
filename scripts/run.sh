#!/usr/bin/env bash
# Installs what is missing, builds, and starts Tangent. Arguments go to tangent.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [[ $# -gt 0 ]]; then
  exec build/tangent "$@"
fi
exec build/tangent analyze assets/scenes/head-on-hit.json
