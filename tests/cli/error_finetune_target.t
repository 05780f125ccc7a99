$ simtrain scenarios/8xH100_llama2_70b_lora.yaml --set finetune.targets=[attention,mlp.fc1]
# exit 2
--set finetune.targets=[attention,mlp.fc1]: error: 'finetune.targets': unknown LoRA target 'mlp.fc1'; expected one of: attention, mlp, attn.qkv, attn.out, mlp.gate, mlp.up, mlp.down
