$ simtrain scenarios/dgx_a100_bert_large.yaml --set calibration=tests/data/netcal/bad_network_efficiency.yaml
# exit 2
tests/data/netcal/bad_network_efficiency.yaml:9:14: error: 'network.link_efficiency.nvlink3': expected a number in (0, 1], got 1.8189
        nvlink3: 1.8189
                 ^
