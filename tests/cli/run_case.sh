#!/usr/bin/env bash
# Runs one CLI golden case. A case file:
#   line 1:   $ simtrain ARGS...        (run from the project root)
#   line 2:   # exit N
#   the rest: the expected stdout+stderr, byte for byte.
# Usage: run_case.sh SIMTRAIN_BINARY CASE_FILE PROJECT_ROOT [--regen]
set -u
bin=$1 case=$2 root=$3 mode=${4:-check}
cmd=$(sed -n '1s/^\$ simtrain //p' "$case")
want_rc=$(sed -n '2s/^# exit //p' "$case")
cd "$root" || exit 2
got=$(eval "\"$bin\" $cmd" 2>&1)
rc=$?
# The git revision is the build's, not the case's (sim/cli/version.hpp): goldens hold neither
# the JSON envelope's "revision" line nor --version's "(git ...)".
got=$(printf '%s\n' "$got" | sed -E '/^    "revision": "[0-9a-f]+(-dirty)?",$/d; s/^(simtrain [0-9][0-9.]*) \(git [0-9a-f]+(-dirty)?\)$/\1/')
if [ "$mode" = --regen ]; then
  { printf '$ simtrain %s\n# exit %s\n' "$cmd" "$rc"; printf '%s\n' "$got"; } > "$case"
  exit 0
fi
want=$(tail -n +3 "$case")
if [ "$rc" != "$want_rc" ]; then
  echo "exit code $rc, expected $want_rc"; echo "$got"; exit 1
fi
if [ "$got" != "$want" ]; then
  echo "output differs from $case:"; diff <(printf '%s\n' "$want") <(printf '%s\n' "$got"); exit 1
fi
