$ simtrain collective dgx_a100 --gpus 4 --gpus-per-node 4
# exit 2
simtrain: error: --gpus excludes --gpus-per-node
Run with --help for more information.
