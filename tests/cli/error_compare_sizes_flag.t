$ simtrain collective dgx_a100 -b 1M --compare tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# exit 2
simtrain: error: '--minbytes': --compare takes the sizes and the type from the log: drop this flag
