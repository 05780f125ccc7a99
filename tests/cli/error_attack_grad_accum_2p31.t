$ simtrain tests/data/attack/grad_accum_2p31.yaml
# exit 2
tests/data/attack/grad_accum_2p31.yaml:6:20: error: 'grad_accumulation': expected a whole number from 1 to 65536, got 2147483648
    grad_accumulation: 2147483648
                       ^
