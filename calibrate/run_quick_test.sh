#!/bin/sh
# ctest calibrate.run_quick: a quick calibration of GPU 0, then the file loaded back the way
# a scenario loads it. Without a GPU simtrain-calibrate exits 77 and so does this script:
# ctest reports the test skipped (SKIP_RETURN_CODE 77), not failed.
#   run_quick_test.sh SIMTRAIN_CALIBRATE SIMTRAIN_CALIBRATION_CHECK OUTPUT_FILE
set -u
calibrate=$1
check=$2
out=$3
rm -f "$out"
"$calibrate" --quick -o "$out"
rc=$?
if [ "$rc" -ne 0 ]; then
  exit "$rc"
fi
exec "$check" "$out"
