#!/usr/bin/env bash
# The resource bounds of `memory` and `plan` on every shipped scenario: each command
# runs under a 4 GB address-space cap (ulimit -v 4000000, the reliability campaign's) and a
# time limit, timed with /usr/bin/time (wall seconds, user CPU seconds, peak RSS); a row is
# flagged when it passes 60 s of wall clock or 4 GB, or does not exit 0. Wall clock depends on
# what else the machine runs: user CPU seconds are the steadier figure on a shared machine.
# A benchmark, not a test: it prints a table and exits 1 when a row is flagged.
# Usage: bench/scenarios_bounds.sh [SIMTRAIN] [COMMANDS] [TIMEOUT_S]
#   (default build/sim/simtrain, "memory plan", 600; the target `bench_scenarios_bounds` runs it)
set -u
bin=${1:-build/sim/simtrain} commands=${2:-memory plan} limit=${3:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$root" || exit 2
[ -x /usr/bin/time ] || { echo "bench/scenarios_bounds.sh: needs /usr/bin/time (GNU time)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
max_s=60 max_kb=4000000 flagged=0
printf '%-8s %-44s %4s %8s %8s %8s  %s\n' command scenario exit "wall s" "user s" "RSS MB" flag
for cmd in $commands; do
  for f in scenarios/*.yaml; do
    grep -q '^serve:' "$f" && continue  # a serving scenario: `simtrain serve` (its own bench)
    extra=()
    [ "$cmd" = plan ] && extra=(--no-progress)
    ( ulimit -v 4000000; exec /usr/bin/time -f '%e %U %M' -o "$tmp/time" timeout "$limit" \
        "$bin" "$cmd" "$f" "${extra[@]}" ) > "$tmp/out" 2>&1
    rc=$?
    read -r wall user kb < <(tail -n 1 "$tmp/time")
    flag=
    awk -v w="$wall" -v m="$max_s" 'BEGIN { exit !(w > m) }' && flag="$flag >60s"
    [ "${kb:-0}" -gt "$max_kb" ] && flag="$flag >4GB"
    [ "$rc" -ne 0 ] && flag="$flag exit$rc"
    [ -n "$flag" ] && flagged=$((flagged + 1))
    printf '%-8s %-44s %4s %8s %8s %8.0f  %s\n' "$cmd" "$(basename "$f" .yaml)" "$rc" "$wall" "$user" \
      "$(awk -v k="${kb:-0}" 'BEGIN { print k / 1024 }')" "$flag"
  done
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; $flagged row(s) flagged"
[ "$flagged" -eq 0 ]
