$ simtrain scenarios/4x4090_workstation_resnet50.yaml
# exit 0
simtrain: 4x RTX 4090 workstation, ResNet-50 DDP
  ResNet-50 DDP on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 192/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       212.40 ms   (mean of 3 steps after 1 warm-up)
  compute       210.13 ms   98.9%   GEMM/conv/attention  51.2% of it; 0.80 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    0.82 ms    0.4%   (communication 7.25 ms,  88.6% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.45 ms    0.7%   (waiting for the host to issue kernels)
Throughput   3,616 samples/s
  per GPU    22.4 TFLOP/s achieved, MFU  13.5%
Scaling       99.2% of 4 x one GPU (one GPU: 210.78 ms/step)
Memory/GPU   9.3 GiB of 24.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, input_batch 0.1, activations 7.6, amp_weight_copies 0.0, allocator_slack 0.4 (GiB)
Busiest links
    2.8%  cpu0 (root complex transit)
    2.6%  gpu0 -> cpu0 (pcie4x16)
    2.6%  cpu0 -> gpu0 (pcie4x16)
    2.6%  gpu1 -> cpu0 (pcie4x16)
    2.6%  cpu0 -> gpu1 (pcie4x16)
Energy       2132 W, 0.5 kJ/step: 4 GPUs x 445 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.000118/step, own $0.0000586/step; headline own (cost.basis)
  rent       4 GPUs x $0.5/GPU-h on demand (catalog, 2024)
  own        capex $0.0000209/step: (4 GPUs x $1,599 (catalog, 2022-10-12) + 1 node x $6,000 (system, 2022)) over 4 years (catalog); power $0.0000377/step at $0.3/kWh (scenario)
  rent/own   break-even at 26.0% utilisation: owning costs less if the machine is busy more than that share of its life (capex $0.3538/h of a 4-year life vs rent $2.00/h less power $0.6395/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-23% (90%: +-129%): median error of 21 public multi-GPU DDP runs (4 sources) on all GPUs, 1 node (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 129%, model tends optimistic (+7.4% on average); beware: with each source left out, 0% of its multi-GPU DDP runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  98.9% of each step; exposed communication   0.4%, data stall   0.0%
