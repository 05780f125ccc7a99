$ simtrain collective dgx_a100 --calibration tests/data/netcal/bad_network_protocol.yaml
# exit 2
tests/data/netcal/bad_network_protocol.yaml:9:23: error: 'network.step_latency_scale.nvlink.simpel': unknown key (did you mean 'simple'?); valid keys here: ll, ll128, simple
        nvlink: {ll: 1.2, simpel: 1.5}
                          ^
