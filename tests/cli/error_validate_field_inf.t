$ simtrain validate --cases tests/data/bad_validate_field_inf.yaml
# exit 2
tests/data/bad_validate_field_inf.yaml:14:12: error: 'cases[0].scenario.field': expected a dotted path into the report's JSON (throughput.samples_per_s, largest_batch.0.peak_bytes), got '-inf'
        field: -inf
               ^
