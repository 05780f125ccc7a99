$ simtrain collective dgx_a100 --gpus 4abc
# exit 1
--gpus: expected a whole number from 1 to 4096, got '4abc'
Run with --help for more information.
