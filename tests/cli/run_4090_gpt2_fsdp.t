$ simtrain scenarios/4x4090_gpt2_1.5b_fsdp.yaml
# exit 0
simtrain: 4x RTX 4090, GPT-2 1.5B FSDP full shard
  GPT-2 1.5B FSDP on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 2/GPU x 1 micro-batch, amp_bf16, adamw, 1.56 B params, FULL_SHARD, 50 units
  activation checkpointing: 48 of 50 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       527.98 ms   (mean of 2 steps after 1 warm-up)
  compute       515.21 ms   97.6%   GEMM/conv/attention  62.7% of it; 23.27 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   11.77 ms    2.2%   (communication 285.19 ms,  95.9% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.2%   (waiting for the host to issue kernels)
Throughput   15.2 samples/s, 15,516 tokens/s
  per GPU    40.0 TFLOP/s achieved, MFU  24.2%
Scaling       98.6% of 4 x one GPU (one GPU: 520.77 ms/step)
Memory/GPU   7.6 GiB of 24.0 GiB, peak in "bwd unit47"
  parameters 0.7, gradients 0.7, optimizer_state 4.4, cuda_context_workspace 0.8, input_batch 0.0, activations 0.5, gathered_parameters 0.1, unsharded_gradients 0.1, allocator_slack 0.4 (GiB)
Busiest links
   51.9%  cpu0 (root complex transit)
   47.9%  gpu0 -> cpu0 (pcie4x16)
   47.9%  cpu0 -> gpu0 (pcie4x16)
   47.9%  gpu1 -> cpu0 (pcie4x16)
   47.9%  cpu0 -> gpu1 (pcie4x16)
Energy       2108 W, 1.1 kJ/step: 4 GPUs x 440 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.000293/step, own $0.000145/step; headline own (cost.basis)
  rent       4 GPUs x $0.5/GPU-h on demand (catalog, 2024)
  own        capex $0.0000519/step: (4 GPUs x $1,599 (catalog, 2022-10-12) + 1 node x $6,000 (system, 2022)) over 4 years (catalog); power $0.0000928/step at $0.3/kWh (scenario)
  rent/own   break-even at 25.9% utilisation: owning costs less if the machine is busy more than that share of its life (capex $0.3538/h of a 4-year life vs rent $2.00/h less power $0.6325/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  not validated for this kind of run (FSDP/ZeRO runs never validated on Ada); nearest band +-12% (90%: +-34%): median error of 7 public FSDP/ZeRO runs (3 sources) on all GPUs, 1 node (B200, GB200, H100 80GB HBM3); worst 34%, model tends optimistic (+9.3% on average)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  97.6% of each step; exposed communication   2.2%, data stall   0.0%
