#!/usr/bin/env bash
# ctest in the fuzz build: every kept input of one target (tests/fuzz_regressions/<target>/),
# less those tests/fuzz_regressions/PENDING lists, run once by the libFuzzer binary under
# ASan+UBSan.   fuzz/replay_regressions.sh FUZZ_BINARY TARGET REGRESSIONS_DIR
set -euo pipefail
bin="$1"; t="$2"; dir="$3"
files=()
shopt -s nullglob
for f in "$dir/$t"/*; do
  rel="$t/$(basename "$f")"
  if [ -f "$dir/PENDING" ] && grep -qE "^${rel//./\\.}([[:space:]]|$)" "$dir/PENDING"; then
    echo "skip $rel (listed in PENDING)"; continue
  fi
  files+=("$f")
done
if [ ${#files[@]} -eq 0 ]; then echo "no regression inputs for $t"; exit 0; fi
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
exec "$bin" -timeout=30 -rss_limit_mb=2048 "${files[@]}"
