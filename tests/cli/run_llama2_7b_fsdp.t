$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml
# exit 0
simtrain: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B FSDP on 8 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, FULL_SHARD, 34 units
  activation checkpointing: 32 of 34 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time      1868.22 ms   (mean of 2 steps after 1 warm-up)
  compute      1861.51 ms   99.6%   GEMM/conv/attention  62.0% of it; 74.99 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    5.71 ms    0.3%   (communication 176.55 ms,  96.8% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.1%   (waiting for the host to issue kernels)
Throughput   4.28 samples/s, 17,540 tokens/s
  per GPU    101.2 TFLOP/s achieved, MFU  32.4%
Scaling       99.7% of 8 x one GPU (one GPU: 1862.94 ms/step)
Memory/GPU   18.2 GiB of 80.0 GiB, peak in "bwd unit31"
  parameters 1.6, gradients 1.6, optimizer_state 9.4, cuda_context_workspace 0.8, input_batch 0.0, activations 2.6, gathered_parameters 0.8, unsharded_gradients 0.8, allocator_slack 0.9 (GiB)
Busiest links
    8.1%  gpu0 -> nvswitch (nvlink3 x12)
    8.1%  nvswitch -> gpu0 (nvlink3 x12)
    8.1%  gpu1 -> nvswitch (nvlink3 x12)
    8.1%  nvswitch -> gpu1 (nvlink3 x12)
    8.1%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6097 W, 11.4 kJ/step: 8 GPUs x 399 W + 1 node x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.0213/step, own $0.00362/step; headline rent (cost.basis)
  rent       8 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.00324/step: (8 GPUs x $12,500 (catalog, 2024-mid) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000380/step at $0.12/kWh (scenario)
  rent/own   break-even at 15.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $6.25/h of a 4-year life vs rent $40.96/h less power $0.7316/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-11% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.6% of each step; exposed communication   0.3%, data stall   0.0%
