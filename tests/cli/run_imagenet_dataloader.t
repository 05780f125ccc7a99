$ simtrain scenarios/8xA100_imagenet_resnet50.yaml
# exit 0
simtrain: 8x A100 DGX, ImageNet ResNet-50 with DataLoader
  ResNet-50 DDP on 8 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 1 node)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       174.43 ms   (mean of 12 steps after 25 warm-up; the data loader's steady state: both halves within 1%, its queue not draining)
  compute       172.81 ms   99.1%   GEMM/conv/attention  48.9% of it; 0.34 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    0.17 ms    0.1%   (communication 1.44 ms,  88.2% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.45 ms    0.8%   (waiting for the host to issue kernels)
Data         12 workers/GPU x prefetch 2, pinned memory; files on nvme0+nvme1+nvme2+nvme3 (Samsung PM1733 3.84TB U.2)
  stall/GPU  0.00 .. 0.00 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 1.29 GB/s for no stall, has 26.86 GB/s; read 1.11 GB/s, device   4.0% busy
  CPU        0.0 of 120 loader cores busy per node (128 cores, one per training process); 58.7 needed
  workers    8 per GPU needed for no stall
Throughput   11,741 samples/s
  per GPU    36.3 TFLOP/s achieved, MFU  11.6%
Scaling       99.7% of 8 x one GPU (one GPU: 173.92 ms/step)
Memory/GPU   12.0 GiB of 40.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, input_batch 0.1, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
    4.0%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
    4.0%  nvme1 (Samsung PM1733 3.84TB U.2 reads)
    4.0%  nvme2 (Samsung PM1733 3.84TB U.2 reads)
    4.0%  nvme3 (Samsung PM1733 3.84TB U.2 reads)
    3.8%  nvme0 -> plx0 (pcie4x4)
Energy       4674 W, 0.8 kJ/step: 8 GPUs x 397 W + 1 node x 1,500 W overhead (system), PUE 1.00
Cost         rent $0.00159/step, own $0.000293/step; headline rent (cost.basis)
  rent       8 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.000275/step: (8 GPUs x $10,000 (catalog, 2023-02) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.0000183/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 17.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $5.68/h of a 4-year life vs rent $32.77/h less power $0.3767/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.1% of each step; exposed communication   0.1%, data stall   0.0%
