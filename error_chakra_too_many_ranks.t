$ simtrain replay tests/data/chakra/two_ranks --system dgx_a100 --gpus-per-node 1
# exit 127
../cli/run_case.sh: line 12: ../../build/sim/simtrain: No such file or directory
