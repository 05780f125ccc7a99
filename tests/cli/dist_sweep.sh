#!/usr/bin/env bash
# A sweep spread out (cli/search_cli.hpp, drive/search.hpp) writes exactly what one process
# writes: the table, --json and --csv, byte for byte.
#   mpi      mpirun --oversubscribe -n 3 against one process (exit 77, skipped, when the build
#            has no MPI)
#   shard    3 shares (--shard K/3 --journal PART) merged with simtrain merge
#   resume   a run killed (SIGKILL) after some points reached its journal, then --resume
#   advise   the same for `simtrain advise`: MPI (when built with it) and 3 shares merged
#   plan     `simtrain plan`: its simulated layouts are the points; MPI (when built with it),
#            3 shares merged, and a --journal resumed
#   validate `simtrain validate` over a subset of the cases: MPI (when built with it) for the
#            table, --json and --bands, a --journal resumed; --shard refused (exit 2)
#   bad_use  --shard 4/3, --shard without a part file, merging parts of two searches or a share
#            twice or with one missing, launching several tasks without MPI: exit 2, a clear error
# Usage: dist_sweep.sh SIMTRAIN PROJECT_ROOT MODE MPI_ON(ON|OFF) [MPIEXEC]
set -u
bin=$1 root=$2 mode=$3 with_mpi=$4 mpiexec=${5:-mpirun}
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 24 points, among them ones that do not fit (OOM) and ones that are errors (the runs of
# 8 nodes stopped at --max-seconds: 4095 events, as tests/cli/sweep_max_seconds.t), so every kind of row travels.
sweep=(sweep scenarios/8xA100_pcie_switch.yaml --sweep system=pcie_switch_8gpu,dgx_a100 --sweep nodes=1,8
       --sweep batch_per_gpu=32,64,128,256,512,1024 --steps 2 --max-seconds 0.000001 --no-progress)

# The reference: one process, its table, JSON and CSV.
reference() {
  "$bin" "${sweep[@]}" --csv "$tmp/one.csv" > "$tmp/one.txt" || fail "one process: exit $?"
  "$bin" "${sweep[@]}" --json > "$tmp/one.json" || fail "one process --json: exit $?"
  [ "$(wc -l < "$tmp/one.csv")" -eq 25 ] || fail "expected 24 points in the CSV"
}

same() {  # same FILE_A FILE_B WHAT
  cmp -s "$1" "$2" || { diff "$1" "$2" | head -20; fail "$3 differs from one process"; }
}

expect_error() {  # expect_error PATTERN CMD...: exit 2 and PATTERN in the message
  local pattern=$1; shift
  local out rc
  out=$("$@" 2>&1); rc=$?
  [ "$rc" -eq 2 ] || { echo "$out"; fail "exit $rc, expected 2: $*"; }
  grep -qF -- "$pattern" <<< "$out" || { echo "$out"; fail "no '$pattern' in the error of: $*"; }
}

case $mode in
mpi)
  [ "$with_mpi" = ON ] || { echo "built without MPI: skipped"; exit 77; }
  reference
  mpi=("$mpiexec" --oversubscribe -n 3)
  "${mpi[@]}" "$bin" "${sweep[@]}" --csv "$tmp/mpi.csv" > "$tmp/mpi.txt" || fail "mpirun -n 3: exit $?"
  same "$tmp/one.txt" "$tmp/mpi.txt" "mpirun -n 3: the table"
  same "$tmp/one.csv" "$tmp/mpi.csv" "mpirun -n 3: the CSV"
  "${mpi[@]}" "$bin" "${sweep[@]}" --json > "$tmp/mpi.json" || fail "mpirun -n 3 --json: exit $?"
  same "$tmp/one.json" "$tmp/mpi.json" "mpirun -n 3: the JSON"
  # Under MPI with a journal: rank 0 writes it, and it merges to the same bytes.
  "${mpi[@]}" "$bin" "${sweep[@]}" --journal "$tmp/mpi.jsonl" > "$tmp/mpi2.txt" || fail "mpirun -n 3 --journal: exit $?"
  same "$tmp/one.txt" "$tmp/mpi2.txt" "mpirun -n 3 --journal: the table"
  [ "$(wc -l < "$tmp/mpi.jsonl")" -eq 25 ] || fail "the MPI journal should hold a header and 24 points"
  "$bin" merge "$tmp/mpi.jsonl" > "$tmp/merged.txt" || fail "merge of the MPI journal: exit $?"
  same "$tmp/one.txt" "$tmp/merged.txt" "merge of the MPI journal"
  # A worker rank killed mid-search: Open MPI ends the job; no ranking is printed with points
  # missing, and the journal rank 0 kept resumes (here as one process) to the same bytes.
  # A longer search than the 24 quick points (about 1 s; 128-node points among them), so that
  # the kill lands while points remain.
  long=(sweep scenarios/8xA100_pcie_switch.yaml --sweep system=pcie_switch_8gpu,dgx_a100 --sweep nodes=1,16,64,128
        --sweep batch_per_gpu=32,64,128,256 --steps 2 --no-progress)
  "$bin" "${long[@]}" > "$tmp/long.txt" || fail "one process, the longer search: exit $?"
  "${mpi[@]}" "$bin" "${long[@]}" --journal "$tmp/killed.jsonl" > "$tmp/killed.txt" 2> /dev/null &
  mp=$!
  victim=
  for _ in $(seq 1 3000); do
    for p in $(pgrep -P "$mp"); do
      tr '\0' '\n' < "/proc/$p/environ" 2> /dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' && victim=$p
    done
    [ -n "$victim" ] && [ -f "$tmp/killed.jsonl" ] && [ "$(wc -l < "$tmp/killed.jsonl")" -ge 4 ] && break
    sleep 0.01
  done
  [ -n "$victim" ] || fail "found no rank 1 under mpirun"
  # The kill races the search's end: on a fast machine rank 0 may already hold every record
  # (and have printed the ranking) when rank 1 dies. What must hold either way: a ranking that
  # is printed is the whole one, never one with points missing; a death while points remain
  # fails the job.
  journaled=$(( $(wc -l < "$tmp/killed.jsonl") - 1 ))
  kill -9 "$victim" 2> /dev/null
  wait "$mp"; rc=$?
  if [ -s "$tmp/killed.txt" ]; then
    same "$tmp/long.txt" "$tmp/killed.txt" "the ranking printed as a rank died"
    echo "note: rank 1 died after the search ended (its ranking is whole)"
  else
    [ "$rc" -ne 0 ] || fail "mpirun printed nothing yet exited 0"
    [ "$journaled" -lt 32 ] || echo "note: every point was journaled before the kill"
  fi
  "$bin" "${long[@]}" --resume "$tmp/killed.jsonl" > "$tmp/killed2.txt" || fail "resume after a dead rank: exit $?"
  same "$tmp/long.txt" "$tmp/killed2.txt" "resumed after a dead rank"
  # A bad scenario under MPI: one error (rank 0's), exit 2 from mpirun.
  out=$("${mpi[@]}" "$bin" sweep scenarios/8xA100_pcie_switch.yaml --sweep nodes=1,x --no-progress 2>&1); rc=$?
  [ "$rc" -eq 2 ] || { echo "$out"; fail "a bad value under mpirun: exit $rc, expected 2"; }
  [ "$(grep -c "got 'x'" <<< "$out")" -eq 1 ] || { echo "$out"; fail "the error should be printed once, by rank 0"; }
  ;;
shard)
  reference
  for k in 1 2 3; do
    "$bin" "${sweep[@]}" --shard $k/3 --journal "$tmp/part$k.jsonl" > "$tmp/share$k.txt" 2> "$tmp/share$k.err" ||
      fail "share $k/3: exit $?"
    [ -s "$tmp/share$k.txt" ] && fail "a share prints no ranking"
  done
  "$bin" merge "$tmp/part3.jsonl" "$tmp/part1.jsonl" "$tmp/part2.jsonl" --csv "$tmp/merged.csv" > "$tmp/merged.txt" ||
    fail "merge: exit $?"
  same "$tmp/one.txt" "$tmp/merged.txt" "3 shares merged: the table"
  same "$tmp/one.csv" "$tmp/merged.csv" "3 shares merged: the CSV"
  "$bin" merge "$tmp"/part*.jsonl --json > "$tmp/merged.json" || fail "merge --json: exit $?"
  same "$tmp/one.json" "$tmp/merged.json" "3 shares merged: the JSON"
  # The README's job array script, its 3 tasks run here as Slurm would (the environment it sets).
  for i in 0 1 2; do
    SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=3 SLURM_CPUS_PER_TASK=2 PARTS="$tmp/array" SIMTRAIN="$bin" \
      tools/slurm/sweep_array.sbatch "${sweep[@]}" 2> /dev/null || fail "array task $i: exit $?"
  done
  "$bin" merge "$tmp"/array/part-*-of-3.jsonl > "$tmp/array.txt" || fail "merge of the array's parts: exit $?"
  same "$tmp/one.txt" "$tmp/array.txt" "the job array's parts merged"
  ;;
resume)
  reference
  # One thread, killed once a few points are in the journal: the rest are still to run.
  "$bin" "${sweep[@]}" --jobs 1 --journal "$tmp/j.jsonl" > /dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 3000); do
    [ -f "$tmp/j.jsonl" ] && [ "$(wc -l < "$tmp/j.jsonl")" -ge 4 ] && break
    sleep 0.01
  done
  kill -9 "$pid" 2> /dev/null
  wait "$pid" 2> /dev/null
  done_points=$(( $(wc -l < "$tmp/j.jsonl") - 1 ))
  [ "$done_points" -ge 3 ] && [ "$done_points" -lt 24 ] || fail "killed with $done_points of 24 points journaled"
  # A kill in the middle of a write leaves a torn line: make one, the resume must drop it.
  printf '{"point": 23, "res' >> "$tmp/j.jsonl"
  "$bin" "${sweep[@]}" --resume "$tmp/j.jsonl" --csv "$tmp/resumed.csv" > "$tmp/resumed.txt" || fail "resume: exit $?"
  same "$tmp/one.txt" "$tmp/resumed.txt" "the resumed run's table"
  same "$tmp/one.csv" "$tmp/resumed.csv" "the resumed run's CSV"
  [ "$(wc -l < "$tmp/j.jsonl")" -eq 25 ] || fail "the journal should hold every point once after the resume"
  ;;
bad_use)
  expect_error "share 4 of 3 does not exist" "$bin" "${sweep[@]}" --shard 4/3 --journal "$tmp/p.jsonl"
  expect_error "give --journal PART" "$bin" "${sweep[@]}" --shard 1/3
  expect_error "give --json, --csv and --html to simtrain merge" "$bin" "${sweep[@]}" --shard 1/3 --journal "$tmp/p.jsonl" --json
  "$bin" "${sweep[@]}" --shard 1/2 --journal "$tmp/a1.jsonl" 2> /dev/null || fail "share 1/2"
  "$bin" "${sweep[@]}" --rank-by energy --shard 2/2 --journal "$tmp/b2.jsonl" 2> /dev/null || fail "share 2/2"
  expect_error "a part of another search: its rank_by is \"time\", this search's is \"energy\"" \
    "$bin" merge "$tmp/b2.jsonl" "$tmp/a1.jsonl"
  expect_error "share 1/2 is given twice" "$bin" merge "$tmp/a1.jsonl" "$tmp/a1.jsonl"
  expect_error "12 of 24 points are in no part: 1, 3, 5" "$bin" merge "$tmp/a1.jsonl"
  expect_error "shares not given: 2/2" "$bin" merge "$tmp/a1.jsonl"
  expect_error "exists: --resume" "$bin" "${sweep[@]}" --shard 1/2 --journal "$tmp/a1.jsonl"
  expect_error "is the journal of share 1/2, this run is share 2/2" "$bin" "${sweep[@]}" --shard 2/2 --resume "$tmp/a1.jsonl"
  expect_error "not a simtrain journal" "$bin" merge scenarios/8xA100_pcie_switch.yaml
  # Several tasks with one search each: srun -n 3 without PMI (any build), mpirun with a build without MPI.
  if [ "$with_mpi" = ON ]; then
    expect_error "no MPI process manager" env SLURM_STEP_NUM_TASKS=3 SLURM_PROCID=0 "$bin" "${sweep[@]}"
  else
    expect_error "built without MPI" env OMPI_COMM_WORLD_SIZE=3 OMPI_COMM_WORLD_RANK=0 "$bin" "${sweep[@]}"
  fi
  ;;
advise)
  # An advise search (drive/advise.hpp) over the same seam: its text, JSON and HTML page.
  adv=(advise scenarios/advise_tinyllama_4x4090_vs_a100.yaml --no-progress)
  "$bin" "${adv[@]}" --html "$tmp/one.html" > "$tmp/one.txt" || fail "advise: exit $?"
  "$bin" "${adv[@]}" --json > "$tmp/one.json" || fail "advise --json: exit $?"
  for k in 1 2 3; do
    "$bin" "${adv[@]}" --shard $k/3 --journal "$tmp/part$k.jsonl" 2> /dev/null || fail "advise share $k/3: exit $?"
  done
  "$bin" merge "$tmp"/part*.jsonl --html "$tmp/merged.html" > "$tmp/merged.txt" || fail "advise merge: exit $?"
  same "$tmp/one.txt" "$tmp/merged.txt" "advise, 3 shares merged: the text"
  same "$tmp/one.html" "$tmp/merged.html" "advise, 3 shares merged: the HTML"
  "$bin" merge "$tmp"/part*.jsonl --json > "$tmp/merged.json" || fail "advise merge --json: exit $?"
  same "$tmp/one.json" "$tmp/merged.json" "advise, 3 shares merged: the JSON"
  if [ "$with_mpi" = ON ]; then
    mpi=("$mpiexec" --oversubscribe -n 3)
    "${mpi[@]}" "$bin" "${adv[@]}" --html "$tmp/mpi.html" > "$tmp/mpi.txt" || fail "advise under mpirun -n 3: exit $?"
    same "$tmp/one.txt" "$tmp/mpi.txt" "advise under mpirun -n 3: the text"
    same "$tmp/one.html" "$tmp/mpi.html" "advise under mpirun -n 3: the HTML"
    "${mpi[@]}" "$bin" "${adv[@]}" --json > "$tmp/mpi.json" || fail "advise under mpirun -n 3 --json: exit $?"
    same "$tmp/one.json" "$tmp/mpi.json" "advise under mpirun -n 3: the JSON"
  fi
  ;;
plan)
  # A layout search (drive/plan.hpp): the 4 best layouts by the closed forms simulated in full.
  plan=(plan scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=megatron --set nodes=2 --simulate 4 --no-progress)
  "$bin" "${plan[@]}" > "$tmp/one.txt" || fail "plan: exit $?"
  "$bin" "${plan[@]}" --json > "$tmp/one.json" || fail "plan --json: exit $?"
  grep -q "4 simulated" "$tmp/one.txt" || { head -5 "$tmp/one.txt"; fail "expected 4 layouts simulated"; }
  if [ "$with_mpi" = ON ]; then
    mpi=("$mpiexec" --oversubscribe -n 3)
    "${mpi[@]}" "$bin" "${plan[@]}" > "$tmp/mpi.txt" || fail "plan under mpirun -n 3: exit $?"
    same "$tmp/one.txt" "$tmp/mpi.txt" "plan under mpirun -n 3: the table"
    "${mpi[@]}" "$bin" "${plan[@]}" --json --journal "$tmp/mpi.jsonl" > "$tmp/mpi.json" || fail "plan under mpirun -n 3 --json: exit $?"
    same "$tmp/one.json" "$tmp/mpi.json" "plan under mpirun -n 3: the JSON"
    [ "$(wc -l < "$tmp/mpi.jsonl")" -eq 5 ] || fail "the MPI journal should hold a header and 4 points"
    "$bin" merge "$tmp/mpi.jsonl" > "$tmp/merged1.txt" || fail "merge of the MPI plan journal: exit $?"
    same "$tmp/one.txt" "$tmp/merged1.txt" "plan: merge of the MPI journal"
  fi
  for k in 1 2 3; do
    "$bin" "${plan[@]}" --shard $k/3 --journal "$tmp/part$k.jsonl" 2> /dev/null || fail "plan share $k/3: exit $?"
  done
  "$bin" merge "$tmp"/part*.jsonl > "$tmp/merged.txt" || fail "plan merge: exit $?"
  same "$tmp/one.txt" "$tmp/merged.txt" "plan, 3 shares merged: the table"
  "$bin" merge "$tmp"/part*.jsonl --json > "$tmp/merged.json" || fail "plan merge --json: exit $?"
  same "$tmp/one.json" "$tmp/merged.json" "plan, 3 shares merged: the JSON"
  expect_error "a plan has no CSV or HTML" "$bin" merge "$tmp"/part*.jsonl --csv "$tmp/x.csv"
  # A journal cut back to its header and one point (a run killed there) resumes to the same bytes.
  "$bin" "${plan[@]}" --journal "$tmp/j.jsonl" > /dev/null || fail "plan --journal: exit $?"
  head -2 "$tmp/j.jsonl" > "$tmp/cut.jsonl"
  "$bin" "${plan[@]}" --resume "$tmp/cut.jsonl" > "$tmp/resumed.txt" || fail "plan --resume: exit $?"
  same "$tmp/one.txt" "$tmp/resumed.txt" "plan resumed from one point"
  [ "$(wc -l < "$tmp/cut.jsonl")" -eq 5 ] || fail "the resumed plan journal should hold every point once"
  ;;
validate)
  # Cases of every kind (collectives, GEMMs, scenario runs, a memory search) from validation/cases.yaml.
  val=(validate --no-progress --only nccl-ar-a100-8gpu-curve-stas00 gemm-mamf-bf16-fp8 lambda-resnet50-amp-1gpu
       dle-bert-large-pretrain-dgxa100 fsdp-ibm-2024-llama2-a100-h100)
  "$bin" "${val[@]}" > "$tmp/one.txt" || fail "validate: exit $?"
  "$bin" "${val[@]}" --json > "$tmp/one.json" || fail "validate --json: exit $?"
  "$bin" "${val[@]}" --bands > "$tmp/one.bands" || fail "validate --bands: exit $?"
  [ "$(grep -c '"id"' "$tmp/one.json")" -ge 8 ] || fail "expected 8 cases or more"
  if [ "$with_mpi" = ON ]; then
    mpi=("$mpiexec" --oversubscribe -n 3)
    "${mpi[@]}" "$bin" "${val[@]}" > "$tmp/mpi.txt" || fail "validate under mpirun -n 3: exit $?"
    same "$tmp/one.txt" "$tmp/mpi.txt" "validate under mpirun -n 3: the table"
    "${mpi[@]}" "$bin" "${val[@]}" --json > "$tmp/mpi.json" || fail "validate under mpirun -n 3 --json: exit $?"
    same "$tmp/one.json" "$tmp/mpi.json" "validate under mpirun -n 3: the JSON"
    "${mpi[@]}" "$bin" "${val[@]}" --bands > "$tmp/mpi.bands" || fail "validate under mpirun -n 3 --bands: exit $?"
    same "$tmp/one.bands" "$tmp/mpi.bands" "validate under mpirun -n 3: the bands"
    # An unknown case under MPI: one error (rank 0's), exit 2 from mpirun.
    out=$("${mpi[@]}" "$bin" validate --only no-such-case 2>&1); rc=$?
    [ "$rc" -eq 2 ] || { echo "$out"; fail "an unknown case under mpirun: exit $rc, expected 2"; }
    [ "$(grep -c "no case 'no-such-case'" <<< "$out")" -eq 1 ] || { echo "$out"; fail "the error should be printed once"; }
  fi
  "$bin" "${val[@]}" --journal "$tmp/j.jsonl" > /dev/null || fail "validate --journal: exit $?"
  head -3 "$tmp/j.jsonl" > "$tmp/cut.jsonl"
  "$bin" "${val[@]}" --resume "$tmp/cut.jsonl" > "$tmp/resumed.txt" || fail "validate --resume: exit $?"
  same "$tmp/one.txt" "$tmp/resumed.txt" "validate resumed from two cases"
  expect_error "validate is not split into shares" "$bin" "${val[@]}" --shard 1/2 --journal "$tmp/p.jsonl"
  expect_error "holds a validate journal" "$bin" merge "$tmp/j.jsonl"
  ;;
*) echo "unknown mode $mode"; exit 2 ;;
esac
echo "ok: $mode"
