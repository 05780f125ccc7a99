$ simtrain collective topologies/dgx_a100.yaml --op allreduse
# exit 2
simtrain: error: '--op': unknown collective 'allreduse' (did you mean 'all_reduce'?); expected all_reduce, reduce_scatter, all_gather or broadcast
