$ simtrain validate --cases tests/data/bad_validate_field_nope.yaml
# exit 2
tests/data/bad_validate_field_nope.yaml:14:12: error: 'dle-resnet50-pytorch-dgxa100-dgx1/a100-tf32: scenario.field': the run report has no field 'throughput.nope' (e.g. throughput.samples_per_s)
        field: throughput.nope
               ^
