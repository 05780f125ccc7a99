$ simtrain memory tests/data/catalog_ext/sd_unet_48gb_whatif.yaml
# exit 0
simtrain memory: 1x RTX 4090 48GB what-if, SD UNet fine-tuning at batch 16
  Stable Diffusion v1.5 UNet ddp on 1 x NVIDIA GeForce RTX 4090 48GB (what-if), batch 16/GPU, amp_fp16, adamw

Peak 30.4 GiB of 48.0 GiB ( 63.4%), during "fwd b38"
  trust: peak memory not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
  weights                       3.2 GiB   10.5%
  gradients                     3.2 GiB   10.5%
  optimizer_state               6.4 GiB   21.0%
  ddp_buckets                   0.0 GiB    0.0%
  cuda_context_workspace        0.8 GiB    2.5%
  input_batch                   0.0 GiB    0.0%
  activations                  13.8 GiB   45.4%
  amp_weight_copies             1.6 GiB    5.3%
  allocator_slack               1.4 GiB    4.8%

Largest per-GPU batch that fits, by strategy:
  this scenario (ddp)                  35   (peak 47.7 GiB)
  ddp                                  35   (peak 47.7 GiB)
  ddp + checkpointing                 172   (peak 47.9 GiB)
  zero1                                36   (peak 47.2 GiB)
  fsdp no_shard                        36   (peak 47.2 GiB)
  fsdp shard_grad_op (zero2)           36   (peak 47.2 GiB)
  fsdp full_shard (zero3)              36   (peak 47.2 GiB)
  fsdp full_shard + checkpointing     304   (peak 48.0 GiB)
Verdict      fits
