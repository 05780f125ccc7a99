#!/usr/bin/env bash
# Runs every libFuzzer target of the `fuzz` preset for a bounded time:
#   fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET [TARGET...]      (e.g. fuzz/run.sh build-fuzz 30)
# Each target starts from seeds generated from the shipped files (fuzz/seeds.sh) and the YAML
# dictionary (fuzz/yaml.dict), with a fresh working corpus under BUILD_DIR/fuzz-work/. Per
# input: -timeout (a hang is a finding) and -rss_limit_mb / -malloc_limit_mb (so is a memory
# bomb). Prints executions and corpus size per target. Any finding -- crash, sanitizer report,
# uncaught exception of another type than ScenarioError/std::invalid_argument, timeout, OOM,
# leak -- makes the exit status non-zero, and its input is copied to
# tests/fuzz_regressions/<target>/ for a developer to commit (with a PENDING line until fixed).
set -uo pipefail
if [ $# -lt 2 ]; then echo "usage: fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET [TARGET...]" >&2; exit 2; fi
build="$(cd "$1" && pwd)"; secs="$2"; shift 2
src="$(cd "$(dirname "$0")/.." && pwd)"
all=(scenario scenario_run system catalog model cases calibration topo_import nccl_xml nccl_tests journal chakra net_calibration profile)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi
work="$build/fuzz-work"
TIMEOUT_S="${FUZZ_TIMEOUT_S:-10}"      # one input
RSS_MB="${FUZZ_RSS_MB:-2048}"
"$src/fuzz/seeds.sh" "$work/seeds" >/dev/null

sym="$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)"
[ -n "$sym" ] && export ASAN_SYMBOLIZER_PATH="$sym"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

printf '%-12s %6s %10s %8s %12s %7s  %s\n' target seconds executions exec/s corpus seeds result
findings=0
kept=()
for t in "${targets[@]}"; do
  bin="$build/fuzz/fuzz_$t"
  if [ ! -x "$bin" ]; then echo "fuzz/run.sh: $bin not built (cmake --build --preset fuzz)" >&2; exit 2; fi
  corpus="$work/corpus/$t"; art="$work/artifacts/$t"; log="$work/logs/$t.log"
  rm -rf "$corpus" "$art"; mkdir -p "$corpus" "$art" "$(dirname "$log")"
  start=$(date +%s)
  timeout $((secs + 300)) "$bin" -max_total_time="$secs" -timeout="$TIMEOUT_S" -rss_limit_mb="$RSS_MB" \
      -malloc_limit_mb="$RSS_MB" -seed=1 -print_final_stats=1 -dict="$src/fuzz/yaml.dict" \
      -artifact_prefix="$art/" "$corpus" "$work/seeds/$t" >"$log" 2>&1
  rc=$?
  took=$(( $(date +%s) - start ))
  execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
  rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log" | tail -1)
  corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
  nseeds=$(ls "$work/seeds/$t" | wc -l)
  result=ok
  if [ $rc -ne 0 ] || [ -n "$(ls -A "$art")" ]; then
    findings=$((findings + 1))
    result="FINDING (exit $rc)"
    mkdir -p "$src/tests/fuzz_regressions/$t"
    for f in "$art"/*; do
      [ -e "$f" ] || continue
      cp "$f" "$src/tests/fuzz_regressions/$t/"
      result="$result -> tests/fuzz_regressions/$t/$(basename "$f")"
      kept+=("$f")
    done
  fi
  printf '%-12s %6s %10s %8s %12s %7s  %s\n' "$t" "$took" "${execs:-?}" "${rate:-?}" "${corp:-?}" "$nseeds" "$result"
  if [ "$result" != ok ]; then
    echo "---- $t: $log (the report, then the stack) ----"
    grep -m3 -E 'ERROR: |runtime error|terminate called|what\(\):|Timeout|timeout after|out-of-memory|malloc\(' "$log" || true
    # the frames in simtrain's own code (sim/, fuzz/), not libFuzzer's or the C++ runtime's
    grep -A80 -m1 -E '==[0-9]+==.*ERROR|runtime error|ALARM' "$log" | grep -E '^ +#[0-9]+ ' |
      grep -F -e "$src/sim/" -e "$src/fuzz/" -e yaml-cpp | head -20
    echo "----"
  fi
done
if [ $findings -ne 0 ]; then
  # On a CI machine the copies under tests/ are lost with it: the log keeps each small input.
  for f in "${kept[@]}"; do
    if [ "$(stat -c %s "$f")" -le 4096 ]; then echo "---- $f (base64) ----"; base64 "$f"; fi
  done
  echo "fuzz/run.sh: $findings target(s) with findings; inputs copied under tests/fuzz_regressions/ (commit them; list a pending fix in tests/fuzz_regressions/PENDING)"
  exit 1
fi
echo "fuzz/run.sh: no findings (${secs}s per target)"
