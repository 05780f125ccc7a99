$ simtrain tests/data/bad_megatron_tp_overlap.yaml
# exit 2
tests/data/bad_megatron_tp_overlap.yaml:11:20: error: 'parallel.tp_comm_overlap': TransformerEngine's TP overlap works on sequence-parallel all-gathers and reduce-scatters: it needs sequence_parallel: true
      tp_comm_overlap: true
                       ^
