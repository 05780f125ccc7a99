$ simtrain collective dgx_a100 --calibration tests/data/netcal/bad_network_ll_bound.yaml
# exit 2
tests/data/netcal/bad_network_ll_bound.yaml:8:17: error: 'network.ll_max_busbw': bad unit 'us' in '15 us': expected a bandwidth ('us' is a time), e.g. 25 GB/s, 200 Gb/s (bytes: B/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s; bits: b/s Kb/s Mb/s Gb/s Tb/s)
      ll_max_busbw: 15 us
                    ^
