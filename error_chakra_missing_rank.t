$ simtrain replay tests/data/chakra/bad_missing_rank --system dgx_a100
# exit 127
../cli/run_case.sh: line 12: ../../build/sim/simtrain: No such file or directory
