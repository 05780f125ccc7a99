$ simtrain collective dgx_a100 --gpus 2 --compare tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log
# exit 2
tests/data/nccl_tests/h100_pcie_2gpu_all_reduce_nccl1161.log:22: error: '--op': the log could be an all_reduce or sendrecv run: at 2 ranks their rows are the same (redop sum, root -1, size = count x 4 B, busbw = 1 x algbw); say which with --op
