#!/usr/bin/env bash
# Remakes the README's figures in assets/readme/ with Tangent itself: `tangent export` for the
# figures (no display needed) and `tangent --screenshot` under Xvfb for the window.
set -euo pipefail
cd "$(dirname "$0")/.."
# the figures of the code as it is: an old build/tangent drew the README's figures stale
if [[ -f build/CMakeCache.txt ]]; then cmake --build build --target tangent >/dev/null; else bash scripts/build.sh >/dev/null; fi
cmake --build build --target tangent_app_tests >/dev/null  # (it writes the figures' words below)
out=assets/readme
mkdir -p "$out"
export_figure() { env -u DISPLAY build/tangent export "$@" >/dev/null; }
export_figure assets/scenes/oblique-hit.json -o "$out/oblique-hit.png" --width 1200 --height 720
export_figure assets/scenes/tunnelling.json -o "$out/tunnelling-light.png" --width 1200 --height 560 --theme light
export_figure assets/scenes/exact-graze.json -o "$out/exact-graze-print.svg" --width 1000 --height 560 --theme print --caption
export_figure assets/scenes/tour-quadratic.json -o "$out/plot.png" --plot --width 1200 --height 480
export_figure assets/scenes/oblique-hit.json -o "$out/relative-frame.png" --relative --width 1200 --height 720 --time 2
export_figure assets/scenes/unequal.json -o "$out/response.png" --width 1200 --height 720 --time 5
export_figure assets/scenes/pitfall-missing-radius.json -o "$out/pitfall-missing-radius.png" --width 1200 --height 560
# the real window, panels and all, on a virtual display (a fresh state directory: no restored session)
state=$(mktemp -d)
TANGENT_STATE_DIR="$state" xvfb-run -a -s "-screen 0 1600x1000x24" \
  build/tangent assets/scenes/oblique-hit.json --size 1600x1000 --screenshot "$out/window.png"
rm -rf "$state"
# the figures' words, which the test ReadmeFigures.AreWhatTheProgramDrawsNow compares exactly
TANGENT_UPDATE_GOLDENS=1 build/tests/tangent_app_tests --gtest_filter='ReadmeFigures.*' >/dev/null
echo "figures written to $out/"
