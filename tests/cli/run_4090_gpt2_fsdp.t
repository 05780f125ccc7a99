$ simtrain scenarios/4x4090_gpt2_1.5b_fsdp.yaml
# exit 0
simtrain: 4x RTX 4090, GPT-2 1.5B FSDP full shard
  GPT-2 1.5B FSDP on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 2/GPU x 1 micro-batch, amp_bf16, adamw, 1.56 B params, FULL_SHARD, 50 units
  activation checkpointing: 48 of 50 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       512.75 ms   (mean of 2 steps after 1 warm-up)
  compute       499.07 ms   97.3%   GEMM/conv/attention  64.8% of it; 22.78 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   12.68 ms    2.5%   (communication 285.19 ms,  95.6% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.2%   (waiting for the host to issue kernels)
Throughput   16 samples/s, 15,977 tokens/s
  per GPU    41.2 TFLOP/s achieved, MFU  24.9%
Scaling      100.0% of 4 x one GPU (one GPU: 520.77 ms/step)
Memory/GPU   7.6 GiB of 24.0 GiB, peak in "bwd unit47"
  parameters 0.7, gradients 0.7, optimizer_state 4.4, cuda_context_workspace 0.8, input_batch 0.0, activations 0.5, gathered_parameters 0.1, unsharded_gradients 0.1, allocator_slack 0.4 (GiB)
Busiest links
   53.4%  cpu0 (root complex transit)
   49.3%  gpu0 -> cpu0 (pcie4x16)
   49.3%  cpu0 -> gpu0 (pcie4x16)
   49.3%  gpu1 -> cpu0 (pcie4x16)
   49.3%  cpu0 -> gpu1 (pcie4x16)
Energy       2104 W, 1.1 kJ/step: 4 GPUs x 439 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.000285/step, own $0.000140/step; headline own (cost.basis)
  rent       4 GPUs x $0.5/GPU-h on demand (catalog, 2024)
  own        capex $0.0000504/step: (4 GPUs x $1,599 (catalog, 2022-10-12) + 1 node x $6,000 (system, 2022)) over 4 years (catalog); power $0.0000899/step at $0.3/kWh (scenario)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  not validated for this kind of run (FSDP/ZeRO runs never validated on Ada); nearest band +-23% (90%: +-43%): median error of 2 public FSDP/ZeRO runs (2 sources) on all GPUs, 1 node (H100 80GB HBM3); worst 43%, model tends optimistic (+20% on average)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-11% (90%: +-21%): median error of 10 public peak-memory and largest-batch cases (3 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB); worst 21%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 30% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  97.3% of each step; exposed communication   2.5%, data stall   0.0%
