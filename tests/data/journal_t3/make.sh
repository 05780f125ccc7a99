#!/usr/bin/env bash
# Regenerates the part files of this folder: journal reproducers (sweep and plan parts, two
# runs' journals in one file; edit.py edits and reseals copies) written by the current simtrain.
# s.yaml and m.yaml are copies of scenarios/8xA100_pcie_switch.yaml and
# scenarios/16xA100_llama_65b_tp8_pp2.yaml (copies: a part's fingerprint covers the scenario's
# bytes, so a later change to the shipped scenario does not make these parts another search's).
# The plan takes --memory-margin 0: with the peak-memory band's margin no layout of LLaMA-65B
# on 16 A100s fits, and the plan has no point to simulate.
# Run from the project root: tests/data/journal_t3/make.sh build/sim/simtrain
# Then edit.py writes the edited copies (one field each) from p1, plan1 and the journals.
set -eu
bin=$1
d=tests/data/journal_t3
rm -f "$d"/*.jsonl
for k in 1 2; do
  "$bin" sweep "$d/s.yaml" --sweep batch_per_gpu=32,64 --steps 1 --shard $k/2 --journal "$d/p$k.jsonl" --no-progress
  "$bin" plan "$d/m.yaml" --simulate 2 --memory-margin 0 --shard $k/2 --journal "$d/plan$k.jsonl" --no-progress
done
# Two runs' journals in one file: what two runs on one journal left before the lock.
"$bin" sweep "$d/s.yaml" --sweep batch_per_gpu=32,64 --steps 1 --jobs 1 --journal "$d/j_one.jsonl" --no-progress > /dev/null
cat "$d/j_one.jsonl" "$d/j_one.jsonl" > "$d/j_two_headers.jsonl"
python3 "$d/edit.py" "$d"
