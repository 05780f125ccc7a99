#!/usr/bin/env bash
# The parallel efficiency of a sweep over MPI ranks (drive/mpi_runner.hpp): a 10,000-point
# sweep (ResNet-50 on 8 A100s, batch per GPU 1..100 x gradient accumulation 1..100, one step
# each; a point's cost grows a hundredfold with its accumulation) timed as one process with
# one thread and under mpirun -n NP, each rank running one point at a time (rank 0 included).
#   efficiency = T(1 process) / (NP x T(NP ranks))
# Both outputs are compared byte for byte. Wall clock of the whole command (start-up, every
# rank checking all 10,000 points' scenarios, the ranking and printing included).
# Usage: bench/dist_sweep.sh [SIMTRAIN] [NP] [MPIEXEC]   (default build/sim/simtrain, 2, mpirun)
set -eu
bin=${1:-build/sim/simtrain} np=${2:-2} mpiexec=${3:-mpirun}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1} OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
sweep=(sweep scenarios/8xA100_pcie_switch.yaml --sweep "batch_per_gpu=$(seq -s, 1 100)"
       --sweep "grad_accumulation=$(seq -s, 1 100)" --steps 1 --no-progress --csv)
now() { date +%s.%N; }

t0=$(now)
"$bin" "${sweep[@]}" "$tmp/one.csv" --jobs 1 > "$tmp/one.txt"
t1=$(now)
"$mpiexec" --oversubscribe -n "$np" "$bin" "${sweep[@]}" "$tmp/mpi.csv" > "$tmp/mpi.txt"
t2=$(now)
cmp -s "$tmp/one.txt" "$tmp/mpi.txt" && cmp -s "$tmp/one.csv" "$tmp/mpi.csv" || { echo "outputs differ"; exit 1; }
points=$(( $(wc -l < "$tmp/one.csv") - 1 ))
awk -v p="$points" -v np="$np" -v a="$t0" -v b="$t1" -v c="$t2" -v cores="$(nproc)" 'BEGIN {
  one = b - a; many = c - b
  printf "sweep of %d points on %d cores\n", p, cores
  printf "  1 process, 1 thread   %7.1f s  %6.0f points/s\n", one, p / one
  printf "  mpirun -n %-2d          %7.1f s  %6.0f points/s\n", np, many, p / many
  printf "  speed-up %.2f, parallel efficiency %.0f%%; outputs identical byte for byte\n", one / many, 100 * one / (np * many)
}'
