$ simtrain collective dgx_a100 --gpus 4abc
# exit 2
simtrain: error: '--gpus': expected a whole number from 1 to 4096, got '4abc'
