#!/usr/bin/env bash
# The Kineto step split in one sorted pass (it was once quadratic): a trace of 20,000 steps of 10
# kernels each (tests/data/profile/gen_kineto_steps.py: 10 us steps, ten 0.5 us GEMMs) splits
# within the test's 60 s limit (tests/CMakeLists.txt; it takes about a second). The split was
# quadratic in steps x kernels: 3,000 steps took 17 s, 10,000 more than 90 s.
# The figures are the ones the trace was written with: 20,000 steps, 10 kernels a step, a
# 0.010 ms step of which 0.005 ms is GEMM.
# Usage: profile_steps_linear.sh SIMTRAIN_BINARY PROJECT_ROOT
set -u
bin=$1 root=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
python3 "$root/tests/data/profile/gen_kineto_steps.py" 20000 "$d/steps.json" || { echo "FAIL: generator"; exit 1; }
out=$("$bin" compare --profile "$d/steps.json" "$root/scenarios/dgx_a100_bert_large.yaml" --set gpus_per_node=1 2>&1) \
  || { echo "FAIL: compare exited $?"; echo "$out"; exit 1; }
for want in "20000 steps from gpu_user_annotation, 10 kernels a step" "step                    0.010 ms" \
            "GEMM/conv               0.005 ms"; do
  grep -qF "$want" <<<"$out" || { echo "FAIL: no '$want' in:"; echo "$out"; exit 1; }
done
echo "ok: 20,000 steps split"
