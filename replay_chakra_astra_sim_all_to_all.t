$ simtrain replay tests/data/chakra/astra_sim_all_to_all_8npus_1MB --system dgx_a100
# exit 127
../cli/run_case.sh: line 12: ../../build/sim/simtrain: No such file or directory
