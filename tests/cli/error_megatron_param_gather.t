$ simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml --set parallel.distributed_optimizer=false --set parallel.overlap_param_gather=true
# exit 2
--set parallel.overlap_param_gather=true: error: 'parallel.overlap_param_gather': overlap_param_gather gathers the distributed optimizer's shards: it needs distributed_optimizer: true
