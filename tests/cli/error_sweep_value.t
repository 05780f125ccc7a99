$ simtrain sweep tests/data/bad_sweep_value.yaml
# exit 2
tests/data/bad_sweep_value.yaml:7:23: error: 'sweep.batch_per_gpu[1]': value '-1' of batch_per_gpu: expected a whole number from 1 to 16777216, got -1
      batch_per_gpu: [64, -1, 256]
                          ^
