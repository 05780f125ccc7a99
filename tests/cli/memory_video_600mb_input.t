$ simtrain memory scenarios/8xA100_video_nvme.yaml --set "data.dataset.tensor_bytes_per_sample=600 MB"
# exit 0
simtrain memory: 8x A100, driving video decoded on the fly from one NVMe
  DeepLabV3-ResNet50 ddp on 8 x NVIDIA A100 80GB PCIe, batch 8/GPU, amp_fp16, sgd
  --set data.dataset.tensor_bytes_per_sample=600 MB

Peak 10.5 GiB of 80.0 GiB ( 13.1%), during "fwd b17"
  trust: peak memory +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  weights                       0.2 GiB    1.5%
  gradients                     0.2 GiB    1.5%
  optimizer_state               0.2 GiB    1.5%
  ddp_buckets                   0.2 GiB    1.5%
  cuda_context_workspace        0.8 GiB    7.1%
  input_batch                   4.5 GiB   42.6%
  activations                   4.1 GiB   39.5%
  amp_weight_copies             0.0 GiB    0.0%
  allocator_slack               0.5 GiB    4.8%

Largest per-GPU batch that fits, by strategy:
  this scenario (ddp)                  69   (peak 79.5 GiB)
  ddp                                  69   (peak 79.5 GiB)
  ddp + checkpointing                  93   (peak 79.2 GiB)
  zero1                                69   (peak 79.0 GiB)
  fsdp no_shard                        69   (peak 79.3 GiB)
  fsdp shard_grad_op (zero2)           69   (peak 79.0 GiB)
  fsdp full_shard (zero3)              69   (peak 78.9 GiB)
  fsdp full_shard + checkpointing     117   (peak 79.8 GiB)
Verdict      fits
