$ simtrain scenarios/8xH100_llama2_70b_lora.yaml --set strategy=megatron
# exit 2
scenarios/8xH100_llama2_70b_lora.yaml:27:11: error: 'finetune.method': finetune: method lora is modelled under ddp, fsdp and zero1/2/3; under megatron (tensor/pipeline parallelism) it is not: use strategy fsdp to shard the frozen weights
      method: lora
              ^
