#!/usr/bin/env bash
# Wall time of `tangent export`, start-up included, with no display: the median of N runs of a
# 1920x1080 PNG and of an SVG of the same scene.
#   bash scripts/bench-export.sh [RUNS] [SCENE]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}
scene=${2:-assets/scenes/tunnelling.json}
[[ -x build/tangent ]] || bash scripts/build.sh >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median_ms() {
  local times=()
  for ((i = 0; i < runs; i++)); do
    local start end
    start=$(date +%s%N)
    env -u DISPLAY "$@" >/dev/null
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}
echo "PNG 1920x1080: median $(median_ms build/tangent export "$scene" -o "$out/figure.png" --width 1920 --height 1080) ms over $runs runs"
echo "SVG 1920x1080: median $(median_ms build/tangent export "$scene" -o "$out/figure.svg" --width 1920 --height 1080) ms over $runs runs"
