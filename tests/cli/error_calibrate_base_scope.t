$ simtrain calibrate --nccl-tests tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log --system dgx_a100 --base tests/data/netcal/dgx_a100.yaml -o /tmp/simtrain_cli_netcal_base_scope.yaml; rc=$?; test -e /tmp/simtrain_cli_netcal_base_scope.yaml && echo "written: /tmp/simtrain_cli_netcal_base_scope.yaml"; exit $rc
# exit 2
tests/data/netcal/dgx_a100.yaml:13:8: error: 'network.log': --base: this file already fits a one-node log (tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log); a base holds the other scope (fit a multi-node log on top of it)
      log: {file: "tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log", op: all_reduce, ranks: 8, nodes: 1, gpus_per_node ...
           ^
