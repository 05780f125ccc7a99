$ simtrain topo tests/data/attack/link_count_2p32_plus1.yaml
# exit 2
tests/data/attack/link_count_2p32_plus1.yaml:19:47: error: 'links[0].count': expected a whole number from 1 to 4096, got 4294967297
      - {a: gpu0, b: cpu0, kind: pcie4x16, count: 4294967297}
                                                  ^
