$ simtrain scenarios/128xA100_gpt175b_fsdp.yaml --set fsdp.activation_checkpointing=false --set fsdp.activation_offload=true
# exit 2
--set fsdp.activation_offload=true: error: 'fsdp.activation_offload': activation_offload moves the checkpointed block inputs: it needs activation_checkpointing: true
