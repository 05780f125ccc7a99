$ simtrain advise tests/data/advise_bad_strategy.yaml
# exit 2
tests/data/advise_bad_strategy.yaml:13:21: error: 'advise.strategies[1]': unknown strategy 'full_shard_checkpointing' (did you mean 'full_shard_checkpointed'?); expected one of ddp, ddp_checkpointed, zero1, shard_grad_op, full_shard, full_shard_checkpointed, hybrid_shard, hybrid_shard_checkpointed, megatron
      strategies: [ddp, full_shard_checkpointing]
                        ^
