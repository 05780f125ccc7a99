$ simtrain memory scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=ddp
# exit 0
simtrain memory: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B ddp on 8 x NVIDIA A100-SXM4-80GB, batch 1/GPU, amp_bf16, adamw
  --set strategy=ddp
    not read by ddp: fsdp.sharding, fsdp.wrap, fsdp.backward_prefetch, fsdp.limit_all_gathers, fsdp.mixed_precision

Peak 146.8 GiB of 80.0 GiB (183.5%), during "fwd b32"  -> OUT OF MEMORY
  trust: peak memory +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  weights                      25.1 GiB   17.1%
  gradients                    25.1 GiB   17.1%
  optimizer_state              50.2 GiB   34.2%
  ddp_buckets                  25.1 GiB   17.1%
  cuda_context_workspace        0.8 GiB    0.5%
  input_batch                   0.0 GiB    0.0%
  activations                   1.0 GiB    0.7%
  amp_weight_copies            12.6 GiB    8.5%
  allocator_slack               7.0 GiB    4.8%

Largest per-GPU batch that fits, by strategy:
  this scenario (ddp)              does not fit at batch 1
  ddp                              does not fit at batch 1
  ddp + checkpointing              does not fit at batch 1
  zero1                            does not fit at batch 1
  fsdp no_shard                    does not fit at batch 1
  fsdp shard_grad_op (zero2)            1   (peak 79.4 GiB)
  fsdp full_shard (zero3)               1   (peak 68.7 GiB)
  fsdp full_shard + checkpointing      23   (peak 77.9 GiB)
Verdict      does NOT fit: see the batch each strategy allows
