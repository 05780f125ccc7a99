$ simtrain collective dgx_a100 --gpu 4
# exit 2
simtrain: error: '--gpu': simtrain collective has no such flag (did you mean '--gpus-per-node'?); its flags: simtrain collective --help
Run with --help for more information.
