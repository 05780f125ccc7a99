$ simtrain collective dgx_a100 --nodes 2 --compare tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log
# exit 2
tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: error: the log ran 8 ranks (8 device lines on 1 host) but the command simulates 16 (2 nodes x 8 GPUs): give --nodes 1
