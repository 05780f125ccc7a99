$ simtrain collective hgx_a100_4gpu --calibration tests/data/netcal/other_system_a100_80gb.yaml
# exit 2
tests/data/netcal/other_system_a100_80gb.yaml:7:11: error: 'network.system': this network calibration was fitted on the system 'DGX A100 640GB (8x A100-SXM4-80GB)', not on 'HGX A100 4-GPU (4x A100-SXM4-80GB)': fit one on this system's own nccl-tests log
      system: "DGX A100 640GB (8x A100-SXM4-80GB)"
              ^
