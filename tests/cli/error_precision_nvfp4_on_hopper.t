$ simtrain scenarios/8xH100_llama2_70b_lora.yaml --set precision=nvfp4
# exit 2
--set precision=nvfp4: error: 'precision': precision nvfp4 needs block-scaled tensor cores (NVIDIA Blackwell, sm_100 or later); NVIDIA H100 80GB HBM3 is sm_90: use fp8 (per-tensor scaling) or amp_bf16
