$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml
# exit 0
simtrain: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B FSDP on 8 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, FULL_SHARD, 34 units
  activation checkpointing: 32 of 34 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time      1773.06 ms   (mean of 2 steps after 1 warm-up)
  compute      1765.37 ms   99.6%   GEMM/conv/attention  62.7% of it; 74.87 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    6.70 ms    0.4%   (communication 176.55 ms,  96.2% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.1%   (waiting for the host to issue kernels)
Throughput   5 samples/s, 18,481 tokens/s
  per GPU    106.6 TFLOP/s achieved, MFU  34.2%
Scaling      100.0% of 8 x one GPU (one GPU: 1800.10 ms/step)
Memory/GPU   18.2 GiB of 80.0 GiB, peak in "bwd unit31"
  parameters 1.6, gradients 1.6, optimizer_state 9.4, cuda_context_workspace 0.8, input_batch 0.0, activations 2.6, gathered_parameters 0.8, unsharded_gradients 0.8, allocator_slack 0.9 (GiB)
Busiest links
    8.5%  gpu0 -> nvswitch (nvlink3 x12)
    8.5%  nvswitch -> gpu0 (nvlink3 x12)
    8.5%  gpu1 -> nvswitch (nvlink3 x12)
    8.5%  nvswitch -> gpu1 (nvlink3 x12)
    8.5%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6094 W, 10.8 kJ/step: 8 GPUs x 398 W + 1 node x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.0202/step, own $0.00344/step; headline rent (cost.basis)
  rent       8 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.00308/step: (8 GPUs x $12,500 (catalog, 2024-mid) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000360/step at $0.12/kWh (scenario)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind (validation/error_bands.yaml)
  step time, throughput  +-16%: median error of 5 public FSDP/ZeRO runs on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 24%, model tends optimistic (+17% on average)
  peak memory            +-18%: median error of 10 public peak-memory and largest-batch cases on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 21%, model tends optimistic (+15% on average)
Verdict      compute-bound: GPUs compute  99.6% of each step; exposed communication   0.4%, data stall   0.0%
