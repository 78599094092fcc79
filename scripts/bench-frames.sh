#!/usr/bin/env bash
# Frame times under Xvfb (Mesa llvmpipe), in one run: Tangent's busy scene with every panel open
# and a drag in progress, Dear ImGui's demo window (the baseline), and an empty ImGui frame.
#   bash scripts/bench-frames.sh [FRAMES] [WxH]
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-600}
size=${2:-1280x720}
[[ -x build/tangent && -x build/bench/imgui_demo_bench ]] || bash scripts/build.sh >/dev/null
run() { xvfb-run -a -s "-screen 0 ${size}x24" "$@"; }
echo "tangent (busy scene, all panels, dragging): $(run build/tangent --bench-frames "$frames" --size "$size")"
echo "Dear ImGui demo window (baseline):          $(run build/bench/imgui_demo_bench --frames "$frames" --size "$size")"
echo "empty ImGui frame (for scale):              $(run build/bench/imgui_demo_bench --frames "$frames" --size "$size" --empty)"
