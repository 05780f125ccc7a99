#!/usr/bin/env bash
# The bash completion and the man page generated from --help (tools/cli_docs.py): the
# completion loads in a bare bash and completes a subcommand, a flag and a flag's value; the
# man page renders with groff without a warning and holds every subcommand's section.
# Usage: cli_docs_test.sh DIR (the build's sim/, holding simtrain.bash and simtrain.1)
set -u
dir=$1
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$dir/simtrain.bash" ] && [ -f "$dir/simtrain.1" ] || fail "no simtrain.bash or simtrain.1 in $dir"

complete() {  # COMP_WORDS... -> COMPREPLY, one line
  bash --norc --noprofile -c 'source "$1" || exit 3; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _simtrain
                              echo "${COMPREPLY[*]}"' _ "$dir/simtrain.bash" "$@"
}
got=$(complete simtrain colle) || fail "the completion does not load"
[ "$got" = collective ] || fail "'simtrain colle<TAB>' gave '$got', expected 'collective'"
got=$(complete simtrain collective dgx_a100 --gpus-p)
[ "$got" = --gpus-per-node ] || fail "'--gpus-p<TAB>' gave '$got', expected '--gpus-per-node'"
got=$(complete simtrain collective dgx_a100 --algo nv)
[ "$got" = "nvls nvls_tree" ] || fail "'--algo nv<TAB>' gave '$got', expected 'nvls nvls_tree'"
got=$(complete simtrain validate --sh)
[ -z "$got" ] || fail "'validate --sh<TAB>' offered '$got': validate refuses --shard"
registered=$(bash --norc --noprofile -c 'source "$1"; complete -p simtrain' _ "$dir/simtrain.bash")
[[ "$registered" == *"-F _simtrain simtrain" ]] || fail "the script registers no completion for simtrain: $registered"

warnings=$(groff -man -Tutf8 -ww -z "$dir/simtrain.1" 2>&1)
[ -z "$warnings" ] || fail "groff warns on simtrain.1: $warnings"
page=$(groff -man -Tascii -P-cbou "$dir/simtrain.1" 2>/dev/null)
for section in "SIMTRAIN RUN" "SIMTRAIN COLLECTIVE" "SIMTRAIN VALIDATE" "EXIT STATUS"; do
  grep -q "^$section" <<<"$page" || fail "the man page has no section $section"
done
grep -q -- "--gpus-per-node" <<<"$page" || fail "the man page lists no --gpus-per-node"
echo "completion and man page: ok"
