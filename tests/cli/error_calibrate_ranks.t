$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --system dgx_a100 --gpus 4 -o /tmp/simtrain_cli_netcal_bad3.yaml; rc=$?; test -e /tmp/simtrain_cli_netcal_bad3.yaml && echo "written: /tmp/simtrain_cli_netcal_bad3.yaml"; exit $rc
# exit 2
tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: error: the log ran 8 ranks (8 device lines on 1 host) but the command simulates 4 (1 node x 4 GPUs): give --nodes 1
