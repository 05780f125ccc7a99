$ simtrain collective dgx_a100 --calibration tests/data/netcal/bad_network_key.yaml
# exit 2
tests/data/netcal/bad_network_key.yaml:10:3: error: 'network.step_latency_scal': unknown key (did you mean 'step_latency_scale'?); valid keys here: system, log, link_efficiency, nvls_bandwidth_share, step_latency_scale, ll_max_busbw
      step_latency_scal:
      ^
