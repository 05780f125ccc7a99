$ simtrain collective tests/data/bad_unit.yaml
# exit 2
tests/data/bad_catalog.yaml:4:16: error: 'link_kinds.pcie4x16.bandwidth': bad unit 'GB' in '25 GB': expected a bandwidth ('GB' is a size), e.g. 25 GB/s, 200 Gb/s (bytes: B/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s; bits: b/s Kb/s Mb/s Gb/s Tb/s)
        bandwidth: 25 GB
                   ^
