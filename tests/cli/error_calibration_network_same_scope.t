$ simtrain collective dgx_a100 --calibration tests/data/netcal/bad_network_same_scope.yaml
# exit 2
tests/data/netcal/bad_network_same_scope.yaml:11:10: error: 'network[1].log': this file already fits a one-node log (a.log): one fit per scope, one-node and multi-node
        log: {file: "b.log", op: all_reduce, ranks: 4, nodes: 1, gpus_per_node: 4, min_size: 32768 B, max_size: 17179869184  ...
             ^
