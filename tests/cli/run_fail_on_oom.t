$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=ddp --fail-on-oom
# exit 4
simtrain: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B DDP on 8 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, 162 buckets, all-reduce ring/Simple
  activation checkpointing: 32 of 34 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set strategy=ddp
    not read by ddp: fsdp.sharding, fsdp.wrap, fsdp.backward_prefetch, fsdp.limit_all_gathers, fsdp.mixed_precision

Step time      1999.72 ms   (mean of 2 steps after 1 warm-up)
  compute      1993.53 ms   99.7%   GEMM/conv/attention  57.9% of it; 83.00 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    4.97 ms    0.2%   (communication 303.21 ms,  98.4% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.22 ms    0.1%   (waiting for the host to issue kernels)
Throughput   4.00 samples/s, 16,386 tokens/s
  per GPU    94.6 TFLOP/s achieved, MFU  30.3%
Scaling       95.6% of 8 x one GPU (one GPU: 1911.75 ms/step)
Memory/GPU   146.8 GiB of 80.0 GiB  OUT OF MEMORY, peak in "fwd b32"
  weights 25.1, gradients 25.1, optimizer_state 50.2, ddp_buckets 25.1, cuda_context_workspace 0.8, input_batch 0.0, activations 1.0, amp_weight_copies 12.6, allocator_slack 7.0 (GiB)
Busiest links
   10.1%  gpu0 -> nvswitch (nvlink3 x12)
   10.1%  nvswitch -> gpu0 (nvlink3 x12)
   10.1%  gpu1 -> nvswitch (nvlink3 x12)
   10.1%  nvswitch -> gpu1 (nvlink3 x12)
   10.1%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6099 W, 12.2 kJ/step: 8 GPUs x 399 W + 1 node x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.0228/step, own $0.00388/step; headline rent (cost.basis)
  rent       8 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.00347/step: (8 GPUs x $12,500 (catalog, 2024-mid) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000407/step at $0.12/kWh (scenario)
  rent/own   break-even at 15.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $6.25/h of a 4-year life vs rent $40.96/h less power $0.7318/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.7% of each step; exposed communication   0.2%, data stall   0.0%; and it does NOT fit in GPU memory
