$ simtrain tests/data/attack/grad_accum_1e6.yaml
# exit 2
tests/data/attack/grad_accum_1e6.yaml:6:20: error: 'grad_accumulation': expected a whole number from 1 to 65536, got 1000000
    grad_accumulation: 1000000
                       ^
