$ simtrain tests/data/bad_scenario_ddp.yaml
# exit 2
tests/data/bad_scenario_ddp.yaml:6:3: error: 'ddp.bucket_size': unknown key; valid keys here: bucket_mb, gradient_as_bucket_view, static_graph
      bucket_size: 50
      ^
