$ simtrain memory scenarios/8xA100_llama2_7b_fsdp.yaml --set model=llama2_70b --set fsdp.cpu_offload=true --set system=dgx_a100 --fail-on-oom
# exit 4
simtrain memory: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-70B fsdp on 8 x NVIDIA A100-SXM4-40GB, batch 1/GPU, amp_bf16, adamw
  --set model=llama2_70b
  --set fsdp.cpu_offload=true
  --set system=dgx_a100

Peak 14.5 GiB of 40.0 GiB ( 36.2%), during "bwd unit80"
  trust: peak memory +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  parameters                    0.0 GiB    0.0%
  gradients                     0.0 GiB    0.0%
  optimizer_state               0.0 GiB    0.0%
  cuda_context_workspace        0.8 GiB    5.2%
  input_batch                   0.0 GiB    0.0%
  activations                   8.3 GiB   57.1%
  gathered_parameters           3.2 GiB   22.0%
  unsharded_gradients           1.6 GiB   11.0%
  allocator_slack               0.7 GiB    4.8%
Host memory  1284.8 GiB of offloaded state per node, of 1024.0 GiB  OUT OF HOST MEMORY

Largest per-GPU batch that fits, by strategy:
  this scenario (fsdp full_shard)       3   (peak 31.8 GiB; offloaded state does NOT fit in host memory)
  ddp                              does not fit at batch 1
  ddp + checkpointing              does not fit at batch 1
  zero1                            does not fit at batch 1
  fsdp no_shard                    does not fit at batch 1; offloaded state does NOT fit in host memory
  fsdp shard_grad_op (zero2)       does not fit at batch 1
  fsdp full_shard (zero3)          does not fit at batch 1; offloaded state does NOT fit in host memory
  fsdp full_shard + checkpointing       3   (peak 31.8 GiB; offloaded state does NOT fit in host memory)
Verdict      does NOT fit: its offloaded state needs 1284.8 GiB of the node's 1024.0 GiB host memory
