$ simtrain tests/data/attack/duplicate_key.yaml
# exit 2
tests/data/attack/duplicate_key.yaml:6:1: error: 'batch_per_gpu': key given twice in this mapping (first at line 5); YAML keys are unique: keep one
    batch_per_gpu: 64
    ^
