#!/usr/bin/env bash
# Chakra traces both ways, through the CLI (sim/chakra, drive/chakra_export, drive/replay):
#   1. run -> --chakra -> replay gives the run's step time, bit for bit, for a DDP, an FSDP, a
#      multi-node DDP and a Megatron (TP + PP, send/recv) scenario: the trace carries every
#      compute node's simulated duration in picoseconds (simtrain_duration_ps), every
#      collective's algorithm, size and stream, and the replay builds the same transfers in the
#      same order on the same cluster, so the engine sees the same events. HSDP (replica groups
#      across nodes) within 0.1%: the run moves all replica groups as ONE merged transfer
#      (train/step_builder.hpp), the replay one transfer per group, each ending with its own
#      flows instead of the slowest group's.
#   2. ASTRA-sim's own all_reduce microbenchmark (8 ranks, 1 MiB) replayed on a DGX A100 takes
#      exactly what `simtrain collective dgx_a100 -b 1M -e 1M` reports: one collective, one model.
#   3. A scenario with a data pipeline is refused by --chakra: exit 2 and no directory made.
#   4. The public PyTorch-converted trace of Chakra's feeder tests (tests/data/chakra/README.md)
#      is read whole and refused at its first defect, named by record and byte: without the
#      flag, a data dependency on a node the file lacks; with --ignore-missing-deps, a cycle
#      (a CPU op and its GPU kernel listed as each other's control dependency).
# Usage: roundtrip.sh SIMTRAIN_BINARY PROJECT_ROOT
set -u
bin=$1 root=$2
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
json() { python3 -c "import json,sys; j=json.load(sys.stdin); print(repr(eval(sys.argv[1], {'j': j})))" "$1"; }

roundtrip() {  # scenario system nodes tolerance
  local sc=$1 sys=$2 nodes=$3 tol=$4 dir="$tmp/rt_$(basename "$1" .yaml)"
  local a b
  a=$("$bin" run "$sc" --steps 1 --set warmup_steps=0 --json --chakra "$dir" | json "j['step']['time_s']") || { echo "FAIL run $sc"; fail=1; return; }
  b=$("$bin" replay "$dir" --system "$sys" --nodes "$nodes" --json | json "j['time_s']") || { echo "FAIL replay $sc"; fail=1; return; }
  if python3 -c "import sys; a,b,t=map(float,sys.argv[1:]); sys.exit(0 if abs(a-b) <= t*a else 1)" "$a" "$b" "$tol"; then
    echo "ok   $sc: run $a s, replay $b s (tolerance $tol)"
  else
    echo "FAIL $sc: run $a s, replay $b s (tolerance $tol)"; fail=1
  fi
}
roundtrip scenarios/4xA100_nvlink_bert_large.yaml hgx_a100_4gpu 1 0
roundtrip scenarios/8xA100_llama2_7b_fsdp.yaml dgx_a100_80gb 1 0
roundtrip scenarios/4xdgx_a100_gpt2_1.5b.yaml dgx_a100 4 0
roundtrip scenarios/16xA100_llama_65b_tp8_pp2.yaml dgx_a100_80gb 2 0
roundtrip scenarios/4xdgx_a100_llama2_13b_hsdp.yaml dgx_a100 4 0.001

# 2. ASTRA-sim's microbenchmark against the collective table.
a=$("$bin" replay tests/data/chakra/astra_sim_all_reduce_8npus_1MB --system dgx_a100 --json | json "j['time_s']")
b=$("$bin" collective dgx_a100 -b 1M -e 1M --json | json "j['rows'][0]['time_us'] * 1e-6")
if python3 -c "import sys; a,b=map(float,sys.argv[1:]); sys.exit(0 if abs(a-b) <= 1e-12 else 1)" "$a" "$b"; then
  echo "ok   ASTRA-sim all_reduce 8npus 1MB: replay $a s = collective $b s"
else
  echo "FAIL ASTRA-sim all_reduce 8npus 1MB: replay $a s, collective $b s"; fail=1
fi

# 3. Refused before anything is written.
out=$("$bin" run scenarios/8xA100_imagenet_resnet50.yaml --steps 1 --chakra "$tmp/data_dir" 2>&1); rc=$?
if [ "$rc" = 2 ] && [ ! -e "$tmp/data_dir" ] && grep -q "Chakra ET cannot carry" <<<"$out"; then
  echo "ok   data pipeline refused, nothing written"
else
  echo "FAIL data pipeline: exit $rc, $(ls "$tmp/data_dir" 2>&1): $out"; fail=1
fi

# 4. The public PyTorch trace.
mkdir -p "$tmp/pt" && tar -xzf tests/data/chakra/pytorch_feeder/feeder_tests_trace.tar.gz -C "$tmp/pt" 2>/dev/null
d="$tmp/pt/tests/data"
want1="chakra.0.et: error: record 1 at byte 95: node 216 'aten::flatten_dense_tensors(0)': depends on node 3, which is not in this file"
want2="chakra.0.et: error: record 1382 at byte 764467: node 3317 'aten::mul(0)': is on a dependency cycle"
out=$("$bin" replay "$d" --system dgx_a100 2>&1); rc=$?
if [ "$rc" = 2 ] && grep -qF "$want1" <<<"$out"; then echo "ok   PyTorch trace: missing dependency named"; else echo "FAIL PyTorch trace: exit $rc: $out"; fail=1; fi
out=$("$bin" replay "$d" --system dgx_a100 --ignore-missing-deps 2>&1); rc=$?
if [ "$rc" = 2 ] && grep -qF "$want2" <<<"$out"; then echo "ok   PyTorch trace: cycle named"; else echo "FAIL PyTorch trace (deps dropped): exit $rc: $out"; fail=1; fi
exit $fail
