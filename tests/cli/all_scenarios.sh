#!/usr/bin/env bash
# Cross-checks over every shipped scenario, one measured step each:
#  - determinism: two runs give byte-identical JSON;
#  - the solvers agree: the incremental max-min solver's step time equals the full re-solve's
#    (relative 1e-9; both compute the same max-min fair rates, one re-solving only the
#    component an event touched);
#  - the shares of the step add up: compute + exposed communication + data stall + idle +
#    pipeline bubble = step time (1e-6 relative: rank 0's timeline is partitioned), and none
#    is negative;
#  - an advise search gives the same bytes on one worker thread and on two.
# The 16,384-GPU Llama 3 scenario is the slowest: ~10 s a step, ~90 s with the full solver.
# Usage: all_scenarios.sh SIMTRAIN_BINARY PROJECT_ROOT
set -u
bin=$1 root=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$root" || exit 2
n=0
for s in scenarios/*.yaml; do
  if grep -q '^serve:' "$s"; then  # a serving scenario: deterministic too (its goldens check the figures)
    "$bin" serve "$s" --json > "$d/a.json" || { echo "FAIL: $s did not serve"; exit 1; }
    "$bin" serve "$s" --json > "$d/b.json" || { echo "FAIL: $s did not serve twice"; exit 1; }
    cmp -s "$d/a.json" "$d/b.json" || { echo "FAIL: $s: two serve runs differ"; exit 1; }
    n=$((n + 1))
    continue
  fi
  "$bin" "$s" --steps 1 --json > "$d/a.json" || { echo "FAIL: $s did not run"; exit 1; }
  "$bin" "$s" --steps 1 --json > "$d/b.json" || { echo "FAIL: $s did not run twice"; exit 1; }
  cmp -s "$d/a.json" "$d/b.json" || { echo "FAIL: $s: two runs differ"; diff "$d/a.json" "$d/b.json" | head; exit 1; }
  "$bin" "$s" --steps 1 --json --solver full > "$d/f.json" || { echo "FAIL: $s with --solver full"; exit 1; }
  python3 - "$s" "$d/a.json" "$d/f.json" <<'PY' || exit 1
import json, sys
name, a, f = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
st, sf = a["step"], f["step"]
if abs(st["time_s"] - sf["time_s"]) > 1e-9 * max(st["time_s"], 1e-12):
    sys.exit(f"FAIL: {name}: incremental {st['time_s']} s, full re-solve {sf['time_s']} s")
parts = ["compute_s", "comm_exposed_s", "data_stall_s", "idle_s", "bubble_s"]
for p in parts + ["time_s", "comm_total_s"]:
    if st[p] < 0: sys.exit(f"FAIL: {name}: negative {p} {st[p]}")
total = sum(st[p] for p in parts)
if abs(total - st["time_s"]) > 1e-6 * st["time_s"]:
    sys.exit(f"FAIL: {name}: the shares add to {total} s, the step is {st['time_s']} s")
PY
  n=$((n + 1))
done
"$bin" advise scenarios/advise_llama2_13b_50b_tokens.yaml --jobs 1 --json > "$d/j1.json" || exit 1
"$bin" advise scenarios/advise_llama2_13b_50b_tokens.yaml --jobs 2 --json > "$d/j2.json" || exit 1
cmp -s "$d/j1.json" "$d/j2.json" || { echo "FAIL: advise differs between 1 and 2 threads"; exit 1; }
echo "ok: $n scenarios deterministic, solvers agree, shares add up; advise identical on 1 and 2 threads"
