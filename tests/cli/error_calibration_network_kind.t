$ simtrain collective dgx_a100 --calibration tests/data/netcal/bad_network_kind.yaml
# exit 2
tests/data/netcal/bad_network_kind.yaml:9:5: error: 'network.link_efficiency.nvlink4': the system 'DGX A100 (8x A100-SXM4-40GB)' has no link of kind 'nvlink4'
        nvlink4: 0.8189
        ^
