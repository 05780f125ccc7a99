$ simtrain tests/data/bad_scenario_batch.yaml
# exit 2
tests/data/bad_scenario_batch.yaml:4:16: error: 'batch_per_gpu': expected a whole number from 1 to 16777216, got -8
    batch_per_gpu: -8
                   ^
