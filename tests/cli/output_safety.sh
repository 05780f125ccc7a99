#!/usr/bin/env bash
# The files simtrain writes (sim/cli/output_file.hpp), as a hostile folder would test them:
#  - a symlink at the target path is replaced by the file; the link's destination is untouched;
#  - a symlink planted at a would-be temporary name is never followed (the name is random and
#    created exclusively);
#  - an existing file is replaced whole; no temporary is left behind;
#  - a missing folder is an error (exit 2) before the simulation, and nothing is written;
#  - a run that fails (bad input) leaves no file;
#  - an output that is one of the command's inputs is refused, the input untouched
#    (run --trace, calibrate --nccl-tests -o, topo --import-nccl-xml -o);
#  - a FIFO or a device at the target is refused and left as it is;
#  - calibrate --profile follows no link at $TMPDIR/simtrain-fit-<pid>.yaml (turn-3 defect 2);
#  - SIGTERM or SIGHUP while a large trace is written: the process dies of the signal and its
#    temporary is removed.
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
cp "$scen" "$d/s.yaml"
cp "$root/tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log" "$d/log"
cp "$root/tests/data/nccl_topo/h200_vm.xml" "$d/t.xml"
before=$(cksum "$d/s.yaml" "$d/log" "$d/t.xml")
for args in "$d/s.yaml --trace $d/s.yaml" "$d/s.yaml --html $d/./s.yaml" \
            "calibrate --nccl-tests $d/log --system dgx_a100 -o $d/log" \
            "topo --import-nccl-xml $d/t.xml --gpu h200_sxm --cpu intel_xeon_8480c -o $d/t.xml"; do
  out=$("$bin" $args 2>&1 > /dev/null)
  [ $? = 2 ] || fail "an output that is an input is not exit 2: $args"
  case $out in *"is one of this command's inputs"*) ;; *) fail "unclear refusal of $args: $out" ;; esac
done
[ "$(cksum "$d/s.yaml" "$d/log" "$d/t.xml")" = "$before" ] || fail "an input was replaced by an output"
[ "$(ls -A "$d" | grep -c simtrain-)" = 1 ] || fail "a refused output left a temporary"

mkfifo "$d/fifo"
"$bin" "$scen" --trace "$d/fifo" > /dev/null 2>&1
[ $? = 2 ] && [ -p "$d/fifo" ] || fail "a FIFO at the target was not refused or was replaced"
if mknod "$d/null" c 1 3 2> /dev/null; then
  "$bin" "$scen" --html "$d/null" > /dev/null 2>&1
  [ $? = 2 ] && [ -c "$d/null" ] || fail "a device at the target was not refused or was replaced"
fi

mkdir "$d/tmp"
echo secret > "$d/victim"
bash -c 'ln -s "$1/victim" "$1/tmp/simtrain-fit-$$.yaml"; TMPDIR="$1/tmp" exec "$2" calibrate --profile \
  "$3/tests/data/profile/bert_large_1gpu_synthetic.json" --scenario "$3/scenarios/dgx_a100_bert_large.yaml" \
  --set gpus_per_node=1 -o "$1/fit.yaml"' _ "$d" "$bin" "$root" > /dev/null 2>&1 || fail "calibrate --profile failed"
[ "$(cat "$d/victim")" = secret ] || fail "calibrate --profile wrote through a link in TMPDIR"
grep -q '^compute:' "$d/fit.yaml" || fail "calibrate --profile wrote no fit"

mkdir "$d/k"
for sig in TERM HUP; do
  "$bin" "$root/scenarios/4x4090_gpt2_1.5b_fsdp.yaml" --steps 1000 --trace "$d/k/t.json" > /dev/null 2>&1 &
  pid=$!
  until ls -A "$d/k" | grep -q simtrain-; do
    kill -0 $pid 2> /dev/null || fail "the run ended before its trace was written (SIG$sig)"
    sleep 0.01
  done
  kill -$sig $pid
  { wait $pid; } 2> /dev/null
  rc=$?
  [ $rc = $((128 + $(kill -l $sig))) ] || fail "SIG$sig during the write: exit $rc, not death by the signal"
  [ -z "$(ls -A "$d/k")" ] || fail "SIG$sig during the write left a file"
done
echo "ok: outputs are written atomically, never through a link, never over an input or a device, and no temporary outlives a signal"
