$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --system dgx_a100 --op all_gather -o /tmp/simtrain_cli_netcal_bad2.yaml; rc=$?; test -e /tmp/simtrain_cli_netcal_bad2.yaml && echo "written: /tmp/simtrain_cli_netcal_bad2.yaml"; exit $rc
# exit 2
tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log:28: error: '--op': the log is an all_reduce run, --op asked all_gather (its rows at 8 ranks: redop sum, root -1, size = count x 4 B, busbw = 1.75 x algbw)
