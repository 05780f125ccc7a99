$ simtrain advise tests/data/prices/tinyllama_quotes.yaml --strategies ddp,full_shard_checkpointed --jobs 2
# exit 0
