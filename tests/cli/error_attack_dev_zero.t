$ simtrain tests/data/attack/model_dev_zero.yaml
# exit 2
tests/data/attack/model_dev_zero.yaml:7:8: error: 'model': cannot read model file /dev/zero: cannot read: not a regular file (a folder, a device or a pipe)
    model: /dev/zero
           ^
