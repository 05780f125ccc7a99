$ simtrain collective dgx_a100 --gpus 4 --gpus-per-node 4
# exit 2
simtrain: error: --gpus-per-node excludes --gpus
Run with --help for more information.
