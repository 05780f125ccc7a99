$ simtrain memory scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=ddp
# exit 0
simtrain memory: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B ddp on 8 x NVIDIA A100-SXM4-80GB, batch 1/GPU, amp_bf16, adamw
  --set strategy=ddp

Peak 199.0 GiB of 80.0 GiB (248.8%), during "fwd b32"  -> OUT OF MEMORY
  weights                      25.1 GiB   12.6%
  gradients                    25.1 GiB   12.6%
  optimizer_state              50.2 GiB   25.2%
  ddp_buckets                  25.1 GiB   12.6%
  cuda_context_workspace        0.8 GiB    0.4%
  activations                  50.8 GiB   25.5%
  amp_weight_copies            12.6 GiB    6.3%
  allocator_slack               9.5 GiB    4.8%

Largest per-GPU batch that fits, by strategy:
  this scenario (ddp)              does not fit at batch 1
  ddp                              does not fit at batch 1
  zero1                            does not fit at batch 1
  fsdp no_shard                    does not fit at batch 1
  fsdp shard_grad_op (zero2)            1   (peak 79.4 GiB)
  fsdp full_shard (zero3)               1   (peak 68.7 GiB)
  fsdp full_shard + checkpointing      23   (peak 77.9 GiB)
Verdict      does NOT fit: see the batch each strategy allows
