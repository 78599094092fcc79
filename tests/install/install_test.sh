#!/usr/bin/env bash
# `cmake --install` from the build tree into a fresh prefix, then the installed copy used as a
# user of a package would: from another folder, with no display and an empty environment.
# Judge: the files in place, `tangent --version` against the project's version, and a figure
# exported from an installed preset that is a real SVG naming both bodies.
#   install_test.sh CMAKE BUILD_DIR VERSION
set -euo pipefail
cmake=$1 build=$2 version=$3
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "install test: $*" >&2; exit 1; }
for f in bin/tangent share/applications/tangent.desktop share/icons/hicolor/scalable/apps/tangent.svg \
         share/tangent/scenes/oblique-hit.json share/tangent/scenes/tunnelling.json; do
  [[ -f $prefix/$f ]] || fail "missing $f"
done
[[ -x $prefix/bin/tangent ]] || fail "bin/tangent is not executable"
grep -q '^Exec=tangent' "$prefix/share/applications/tangent.desktop" || fail "the desktop entry does not start tangent"
grep -q '^Icon=tangent$' "$prefix/share/applications/tangent.desktop" || fail "the desktop entry names no icon"
cd "$prefix"  # away from the source and build trees
said=$(env -i HOME="$prefix" PATH=/usr/bin:/bin "$prefix/bin/tangent" --version)
[[ $said == "tangent $version" ]] || fail "--version said '$said', not 'tangent $version'"
env -i HOME="$prefix" PATH=/usr/bin:/bin "$prefix/bin/tangent" export share/tangent/scenes/oblique-hit.json -o figure.svg 2>/dev/null \
  || fail "export from the installed preset failed"
grep -q '<svg ' figure.svg || fail "figure.svg is no SVG"
[[ $(grep -c 'class="tangent-body"' figure.svg) == 2 ]] || fail "figure.svg does not draw both bodies"
echo "install test: bin, desktop entry, icon and $(ls share/tangent/scenes | wc -l) scenes installed; the installed copy exports"
