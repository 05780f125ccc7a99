$ simtrain memory scenarios/4xdgx_a100_gpt2_1.5b.yaml --set activation_checkpointing=true
# exit 0
simtrain memory: 4x DGX A100, GPT-2 1.5B DDP
  GPT-2 1.5B ddp on 32 x NVIDIA A100-SXM4-40GB, batch 4/GPU, amp_bf16, adamw
  --set activation_checkpointing=true

Peak 34.9 GiB of 40.0 GiB ( 87.3%), during "fwd b48"
  trust: peak memory +-11% (90%: +-34%): median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB); worst 34%, model tends optimistic (+6.5% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  weights                       5.8 GiB   16.6%
  gradients                     5.8 GiB   16.6%
  optimizer_state              11.6 GiB   33.2%
  ddp_buckets                   5.8 GiB   16.6%
  cuda_context_workspace        0.8 GiB    2.1%
  input_batch                   0.0 GiB    0.0%
  activations                   0.6 GiB    1.7%
  amp_weight_copies             2.9 GiB    8.3%
  allocator_slack               1.7 GiB    4.8%

Largest per-GPU batch that fits, by strategy:
  this scenario (ddp)                  24   (peak 39.9 GiB)
  ddp                                   1   (peak 39.2 GiB)
  ddp + checkpointing                  24   (peak 39.9 GiB)
  zero1                                 6   (peak 37.6 GiB)
  fsdp no_shard                         2   (peak 35.2 GiB)
  fsdp shard_grad_op (zero2)            7   (peak 39.7 GiB)
  fsdp full_shard (zero3)               7   (peak 36.8 GiB)
  fsdp full_shard + checkpointing     147   (peak 40.0 GiB)
  fsdp hybrid_shard                     7   (peak 39.1 GiB)
Verdict      fits
