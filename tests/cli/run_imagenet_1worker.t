$ simtrain scenarios/8xA100_imagenet_resnet50.yaml --set data.loader.num_workers=1
# exit 0
simtrain: 8x A100 DGX, ImageNet ResNet-50 with DataLoader
  ResNet-50 DDP on 8 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 1 node)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set data.loader.num_workers=1

Step time      1302.03 ms   (mean of 4 steps after 3 warm-up; the data loader's steady state: both halves within 1%, its queue not draining)
  compute       172.46 ms   13.2%   GEMM/conv/attention  49.0% of it
  exposed comm    1.44 ms    0.1%   (communication 1.44 ms,   0.0% hidden under compute)
  data stall   1128.13 ms   86.6%
  idle            0.00 ms    0.0%
Data         1 worker/GPU x prefetch 2, pinned memory; files on nvme0+nvme1+nvme2+nvme3 (Samsung PM1733 3.84TB U.2)
  stall/GPU  0.00 .. 1128.65 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 1.30 GB/s for no stall, has 26.86 GB/s; read 0.16 GB/s, device   0.6% busy
  CPU        6.8 of 120 loader cores busy per node (128 cores, one per training process); 59.1 needed
  workers    8 per GPU needed for no stall; bound by too few workers: 1 per GPU, about 8 needed
  keeping up 174.43 ms per step with a loader that keeps up (no data: block): 7.46x the throughput, the most fixing the pipeline can buy
Throughput   1,573 samples/s
  per GPU    4.9 TFLOP/s achieved, MFU   1.6%
Scaling       13.4% of 8 x one GPU (one GPU: 173.92 ms/step)
Memory/GPU   12.0 GiB of 40.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, input_batch 0.1, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
    0.6%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
    0.6%  nvme1 (Samsung PM1733 3.84TB U.2 reads)
    0.6%  nvme2 (Samsung PM1733 3.84TB U.2 reads)
    0.6%  nvme3 (Samsung PM1733 3.84TB U.2 reads)
    0.5%  nvme0 -> plx0 (pcie4x4)
Energy       2271 W, 3.0 kJ/step: 8 GPUs x 96 W + 1 node x 1,500 W overhead (system), PUE 1.00
Cost         rent $0.0119/step, own $0.00212/step; headline rent (cost.basis)
  rent       8 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.00205/step: (8 GPUs x $10,000 (catalog, 2023-02) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.0000662/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 17.4% utilisation: owning costs less if the machine is busy more than that share of its life (capex $5.68/h of a 4-year life vs rent $32.77/h less power $0.1830/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      data-bound: GPUs wait for data  86.6% of each step (busy  13.2%); bound by too few workers: 1 per GPU, about 8 needed
