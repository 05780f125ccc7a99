$ simtrain scenarios/8xH100_llama2_70b_lora.yaml --set strategy=megatron --set parallel.tp=4
# exit 2
--set parallel.tp=4: error: 'parallel.tp': finetune: method lora under megatron is modelled with tp = 1 (data, context and pipeline parallelism); adapters split across tensor-parallel ranks are not: use tp 1, or strategy fsdp to shard the frozen weights
