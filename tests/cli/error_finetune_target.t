$ simtrain scenarios/8xH100_llama2_70b_lora.yaml --set finetune.targets=[attention,mlp.fc1]
# exit 2
