$ simtrain memory scenarios/16xA100_llama_65b_tp8_pp2.yaml --set grad_accumulation=3000 --max-seconds 60
# exit 0
simtrain memory: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B megatron on 16 x NVIDIA A100-SXM4-80GB, batch 1/GPU, amp_bf16, adamw
  --set grad_accumulation=3000

Peak 73.0 GiB of 80.0 GiB ( 91.3%), during "bwd mb0"
  trust: peak memory +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  weights                       7.6 GiB   10.4%
  gradients                    15.2 GiB   20.8%
  optimizer_state              45.6 GiB   62.5%
  pipeline_buffers              0.0 GiB    0.0%
  cuda_context_workspace        0.8 GiB    1.0%
  input_batch                   0.0 GiB    0.0%
  activations                   0.4 GiB    0.5%
  allocator_slack               3.5 GiB    4.8%

Peak by pipeline stage (its first rank):
  stage 0     73.0 GiB   91.3%  during "bwd mb0"
  stage 1     72.9 GiB   91.1%  during "bwd mb0"

Largest per-GPU batch that fits, by strategy:
  this scenario (megatron)             18   (peak 79.8 GiB)
  ddp                              does not fit at batch 1
  ddp + checkpointing              does not fit at batch 1
  zero1                            does not fit at batch 1
  fsdp no_shard                    does not fit at batch 1
  fsdp shard_grad_op (zero2)       does not fit at batch 1
  fsdp full_shard (zero3)          does not fit at batch 1
  fsdp full_shard + checkpointing  does not fit at batch 1
  fsdp hybrid_shard                does not fit at batch 1
Verdict      fits; the peak plus its memory band's 12% margin is 81.7 GiB of 80.0 GiB: likely out of memory on the machine (plan, advise and sweep rank it as not fitting); memory at 91% of the card: expect the caching allocator to stall on cudaMalloc retries (not timed here)
