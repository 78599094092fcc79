#!/usr/bin/env bash
# Installs, from Debian 12's own packages, whatever Tangent needs to build, run and test that is
# not installed yet. Needs root (or sudo) only when something is missing.
#   bash scripts/install-deps.sh          everything: the app, its tests and benchmarks
#   bash scripts/install-deps.sh --app    only what building and running the app needs (run.sh)
set -euo pipefail

app_only=false
case "${1:-}" in
  --app) app_only=true ;;
  "") ;;
  *) echo "install-deps: unknown option '$1' (only --app)" >&2; exit 2 ;;
esac

packages=(
  # build
  build-essential cmake ninja-build pkg-config
  # the math core and the command line
  libglm-dev nlohmann-json3-dev libcli11-dev
  # scene text composed as the window and figures draw it (Unicode NFC)
  libutf8proc-dev
  # the window: SDL2, Dear ImGui 1.86 (its SDL and OpenGL3 backends are compiled in from
  # /usr/share/doc/libimgui-dev/examples/backends), libepoxy for GL loading, the label font,
  # Xlib to write the window title as window managers read it
  libsdl2-dev libx11-dev libimgui-dev libepoxy-dev fonts-dejavu-core
  # figures: stb_image_write for PNG, Mesa (llvmpipe, EGL) to render with no display
  libstb-dev libgl1-mesa-dri libegl-mesa0 libegl1 libgl1
)
test_packages=(
  # tests and benchmarks: GoogleTest, Google Benchmark, MPFR as the high-precision judge,
  # Xvfb, xdotool and xwd to drive and photograph the real window, xprop to set its X resources
  # (Xft.dpi; openbox and wmctrl for the
  # tests under a window manager, as on a desktop), rsvg-convert and xmllint to
  # render and check SVG exports (python3's xml.etree judges each element's extent), pdflatex to
  # compile the derivation's LaTeX
  libgtest-dev libgmock-dev libbenchmark-dev libmpfr-dev xvfb xauth xdotool x11-apps x11-utils openbox wmctrl librsvg2-bin libxml2-utils
  python3 texlive-latex-base
)

$app_only || packages+=("${test_packages[@]}")

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

# Dear ImGui's SDL and OpenGL3 backends, which the build compiles in, are shipped under
# /usr/share/doc; Debian's slim images tell dpkg to leave that folder out (a path-exclude in
# /etc/dpkg/dpkg.cfg.d), so there the package installs without them
backends=/usr/share/doc/libimgui-dev/examples/backends
backends_missing() { [[ ! -f $backends/imgui_impl_sdl.cpp || ! -f $backends/imgui_impl_opengl3.cpp ]]; }

if [[ ${#missing[@]} -eq 0 ]] && ! backends_missing; then
  echo "install-deps: everything Tangent needs is installed."
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root (or install sudo) to install: ${missing[*]:-the Dear ImGui backends}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if backends_missing; then
  # installed again with that one folder let through: a path-include given after the
  # configuration's path-exclude wins
  echo "install-deps: $backends is missing (dpkg leaves /usr/share/doc out here): installing libimgui-dev again with it"
  $sudo apt-get install -y -q --reinstall --no-install-recommends \
    -o Dpkg::Options::="--path-include=/usr/share/doc/libimgui-dev/*" libimgui-dev
  if backends_missing; then
    echo "install-deps: $backends is still missing: Tangent compiles Dear ImGui's SDL and OpenGL3 backends from there" >&2
    exit 1
  fi
fi
