#!/usr/bin/env bash
# Rewrites every CLI golden case from the current binary: tests/cli/regen.sh [BUILD_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
for f in "$here"/*.t; do "$here/run_case.sh" "$build/sim/simtrain" "$f" "$root" --regen; done
