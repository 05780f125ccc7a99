#!/usr/bin/env bash
# Seed corpora for the fuzz targets, generated from the files the project ships (nothing is
# committed twice):  fuzz/seeds.sh OUT_DIR   ->  OUT_DIR/<target>/<file>
# A file goes to every target whose grammar it is written in, told apart by its top-level keys.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
out="$1"
rm -rf "$out"
for t in scenario scenario_run system catalog model cases calibration topo_import nccl_xml nccl_tests journal chakra net_calibration profile; do mkdir -p "$out/$t"; done

has_key() { grep -qE "^($2):" "$1"; }
put() { cp "$2" "$1/$(echo "${2#"$src"/}" | tr '/' '_')"; }

shopt -s nullglob
for f in "$src"/scenarios/*.yaml "$src"/validation/scenarios/*.yaml "$src"/topologies/*.yaml "$src"/models/*.yaml \
         "$src"/validation/cases.yaml "$src"/tests/data/*.yaml "$src"/tests/data/*/*.yaml; do
  if has_key "$f" 'model|system|batch_per_gpu|strategy'; then put "$out/scenario" "$f"; put "$out/scenario_run" "$f"; fi
  if has_key "$f" 'devices|links|fabric'; then put "$out/system" "$f"; fi
  if has_key "$f" 'link_kinds|gpus|cpus|nics|switches|storage' && ! has_key "$f" 'devices|model|system'; then
    put "$out/catalog" "$f"
  fi
  if [[ "$f" == "$src"/models/* ]] || has_key "$f" 'generator|family|layers'; then put "$out/model" "$f"; fi
  if has_key "$f" 'cases'; then put "$out/cases" "$f"; fi
done

# validation/cases.yaml is 100 kB: whole, and cut into one file per case as well, so that the
# fuzzer mutates small inputs (a case that uses another's &anchor is then a syntax error seed).
awk -v dir="$out/cases" '
  /^- id:/ { n++; file = sprintf("%s/validation_case_%03d.yaml", dir, n); print "cases:" > file }
  n && /^(- |  |$)/ { print >> file }' "$src/validation/cases.yaml"

# Calibration: none is shipped (calibrate/ writes them on a real card); this is the shape
# calibration_to_yaml writes (tests/work/calibration_test.cpp's sample), with the compute block.
cat > "$out/calibration/sample.yaml" <<'YAML'
# simtrain calibration file: measured on a real GPU by simtrain-calibrate (calibrate/).
gpu: "NVIDIA A100-SXM4-80GB"
catalog_key: a100_sxm4_80gb
measured:
  date: "2026-12-02T12:00:00Z"
  tool: "test"
compute:
  gemm_by_precision:
    bf16: {max: 0.5000, half_size: 2 GFLOP}
  memory: 0.9000
  launch: 4.000 us
points:
  gemm_bf16:
    - [2147483648, 3.4e-05]
    - [1099511627776, 0.0042]
  memory_copy:
    - [1073741824, 0.0012]
  launch_s: 4e-06
  h2d_bytes_per_s: 24e9
YAML
put "$out/calibration" "$src/topologies/compute.yaml"

for f in "$src"/tests/data/topo_*.txt; do put "$out/topo_import" "$f"; done
for f in "$src"/tests/data/nccl_topo/*.xml; do put "$out/nccl_xml" "$f"; done
for f in "$src"/tests/data/nccl_tests/*.log "$src"/tests/data/nccl_tests/bad/*.log; do put "$out/nccl_tests" "$f"; done
# Journals and part files: shipped seeds, and tests/data/journal_t3's reproducers
# (edited and resealed records, a second header, a plan's parts, a version 1 file).
for f in "$src"/tests/data/journal/*.jsonl "$src"/tests/data/journal_t3/*.jsonl; do put "$out/journal" "$f"; done
for f in "$src"/tests/data/profile/*.json; do put "$out/profile" "$f"; done
for f in "$src"/tests/data/chakra/*/*.et; do put "$out/chakra" "$f"; done
for f in "$src"/tests/data/netcal/*.yaml; do if has_key "$f" 'network'; then put "$out/net_calibration" "$f"; fi; done

for t in "$out"/*/; do printf '%-12s %4d seed files\n' "$(basename "$t")" "$(ls "$t" | wc -l)"; done
