$ simtrain collective dgx_a100 --op all_reduce --compare tests/data/nccl_tests/a100_8gpu_sendrecv_li-plus.log
# exit 2
tests/data/nccl_tests/a100_8gpu_sendrecv_li-plus.log:28: error: '--op': the log is a sendrecv run, --op asked all_reduce (its rows at 8 ranks: redop sum, root -1, size = count x 4 B, busbw = 1 x algbw)
