#!/usr/bin/env bash
# Rewrites every CLI golden case from the current binary: tests/cli/regen.sh [BUILD_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
# The error bands first: every run golden shows them, and cli.validate checks the file.
"$build/sim/simtrain" validate --bands > "$root/validation/error_bands.yaml.tmp" &&
  mv "$root/validation/error_bands.yaml.tmp" "$root/validation/error_bands.yaml"
for f in "$here"/*.t; do "$here/run_case.sh" "$build/sim/simtrain" "$f" "$root" --regen; done
