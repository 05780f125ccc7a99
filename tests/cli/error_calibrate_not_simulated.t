$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_sendrecv_li-plus.log --system dgx_a100 -o /tmp/simtrain_cli_netcal_bad4.yaml; rc=$?; test -e /tmp/simtrain_cli_netcal_bad4.yaml && echo "written: /tmp/simtrain_cli_netcal_bad4.yaml"; exit $rc
# exit 2
tests/data/nccl_tests/a100_8gpu_sendrecv_li-plus.log:28: error: the log is a sendrecv run (from its rows: redop sum, root -1, size = count x 4 B, busbw = 1 x algbw): simtrain collective simulates all_reduce, all_gather, reduce_scatter and broadcast, not sendrecv
