$ simtrain replay tests/data/chakra/two_ranks --system dgx_a100 --gpus-per-node 1
# exit 2
tests/data/chakra/two_ranks: error: the trace has 2 ranks; the cluster has 1 GPUs (1 node(s) x 1): give --nodes 2
