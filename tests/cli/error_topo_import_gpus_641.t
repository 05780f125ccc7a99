$ simtrain topo --import-nccl-xml tests/data/nccl_topo/gpus_641.xml --gpu a100_sxm4_40gb --cpu amd_epyc_7742
# exit 2
tests/data/nccl_topo/gpus_641.xml:646:92: error: '<gpu>': a GPU beyond the 640 one node's topology may hold (NCCL_TOPO_MAX_NODES, NCCL's bound on the devices of one kind; a dump of one node has at most that many)
