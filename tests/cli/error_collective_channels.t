$ simtrain collective dgx_a100 --compare tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --channels 65536
# exit 2
simtrain: error: '--channels': expected 1 to 64 channels, got 65536
