$ simtrain tests/data/attack/nodes_2p32_plus1.yaml
# exit 2
tests/data/attack/nodes_2p32_plus1.yaml:6:8: error: 'nodes': expected a whole number from 1 to 65536, got 4294967297
    nodes: 4294967297
           ^
