$ simtrain scenarios/8xH100_llama2_70b_lora.yaml --set strategy=megatron
# exit 2
