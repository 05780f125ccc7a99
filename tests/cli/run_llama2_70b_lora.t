$ simtrain scenarios/8xH100_llama2_70b_lora.yaml
# exit 0
