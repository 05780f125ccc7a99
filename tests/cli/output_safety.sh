#!/usr/bin/env bash
# The files simtrain writes (sim/cli/output_file.hpp), as a hostile folder would test them:
#  - a symlink at the target path is replaced by the file; the link's destination is untouched;
#  - a symlink planted at a would-be temporary name is never followed (the name is random and
#    created exclusively);
#  - an existing file is replaced whole; no temporary is left behind;
#  - a missing folder is an error (exit 2) before the simulation, and nothing is written;
#  - a run that fails (bad input) leaves no file.
# Usage: output_safety.sh SIMTRAIN_BINARY PROJECT_ROOT
set -u
bin=$1 root=$2
scen="$root/scenarios/8xA100_pcie_switch.yaml"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL: $*"; ls -la "$d"; exit 1; }

echo secret > "$d/target.txt"
ln -s "$d/target.txt" "$d/out.json"
ln -s "$d/target.txt" "$d/.out.json.simtrain-XXXXXX"
"$bin" "$scen" --trace "$d/out.json" > /dev/null || fail "run with --trace failed"
[ "$(cat "$d/target.txt")" = secret ] || fail "the symlink's destination was written"
[ -f "$d/out.json" ] && [ ! -L "$d/out.json" ] || fail "the symlink at the target was not replaced by a file"
grep -q traceEvents "$d/out.json" || fail "the trace is not in the file"
[ -L "$d/.out.json.simtrain-XXXXXX" ] || fail "the planted link was touched"
[ "$(ls -A "$d" | grep -c simtrain-)" = 1 ] || fail "a temporary file was left behind"

echo old > "$d/page.html"
"$bin" "$scen" --html "$d/page.html" > /dev/null || fail "run with --html failed"
grep -q '<html' "$d/page.html" || fail "the existing file was not replaced"

"$bin" "$scen" --trace "$d/missing/out.json" > /dev/null 2>&1
[ $? = 2 ] || fail "a missing folder is not exit 2"
[ ! -e "$d/missing" ] || fail "something was written for a missing folder"

"$bin" "$root/tests/data/bad_scenario_model.yaml" --trace "$d/bad.json" > /dev/null 2>&1
[ $? = 2 ] || fail "a bad scenario is not exit 2"
[ ! -e "$d/bad.json" ] || fail "a failed run left a file"
echo "ok: outputs are written atomically and never through a link"
