$ simtrain scenarios/4xdgx_a100_llama2_13b_hsdp.yaml --set cost.rate=spot
# exit 2
--set cost.rate=spot: error: 'cost.rate': cost.rate: spot needs the allocation's preemption rate: cost.spot_preemption.per_gpu_hour, .per_node_hour or .node_mtbp (a node's mean time between preemptions, e.g. 30 h); no public source gives one per GPU instance, so there is no default
