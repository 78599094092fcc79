#!/usr/bin/env bash
# Installs what is missing, builds, and starts Tangent's window. Arguments go to tangent
# (a scene file, --tour, or a subcommand such as `analyze` or `export`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
exec build/tangent "$@"
