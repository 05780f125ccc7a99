$ simtrain plan tests/data/attack/nodes_65536.yaml
# exit 2
tests/data/attack/nodes_65536.yaml:6:8: error: 'nodes': plan searches layouts of at most 65536 GPUs; this scenario has 524288 (lower nodes)
    nodes: 65536
           ^
