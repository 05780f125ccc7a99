$ simtrain scenarios/8xA100_video_nvme.yaml
# exit 0
simtrain: 8x A100, driving video decoded on the fly from one NVMe
  DeepLabV3-ResNet50 DDP on 8 x NVIDIA A100 80GB PCIe (8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs, 1 node)
  batch 8/GPU x 1 micro-batch, amp_fp16, sgd, 42 M params, 6 buckets, all-reduce hierarchical/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       216.98 ms   (mean of 256 steps after 265 warm-up; the data loader's steady state: both halves within 1%, its queue not draining)
  compute        91.33 ms   42.1%   GEMM/conv/attention  66.6% of it; 0.20 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    5.85 ms    2.7%   (communication 12.98 ms,  55.0% hidden under compute)
  data stall    119.81 ms   55.2%
  idle            0.00 ms    0.0%
Data         8 workers/GPU x prefetch 2, pinned memory; files on nvme0 (Samsung PM1733 3.84TB U.2)
  stall/GPU  3.13 .. 122.71 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 16.29 GB/s for no stall, has 7.00 GB/s; read 6.96 GB/s, device  99.4% busy
  CPU        14.5 of 72 loader cores busy per node (80 cores, one per training process); 33.9 needed
  workers    5 per GPU needed for no stall; bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 99% of the run
  keeping up 94.61 ms per step with a loader that keeps up (no data: block): 2.29x the throughput, the most fixing the pipeline can buy
Throughput   295 samples/s
  per GPU    38.4 TFLOP/s achieved, MFU  12.3%
Scaling       42.7% of 8 x one GPU (one GPU: 92.63 ms/step)
Memory/GPU   5.8 GiB of 80.0 GiB, peak in "fwd b17"
  weights 0.2, gradients 0.2, optimizer_state 0.2, ddp_buckets 0.2, cuda_context_workspace 0.8, input_batch 0.0, activations 4.1, allocator_slack 0.3 (GiB)
Busiest links
   99.4%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
   99.2%  nvme0 -> cpu0 (pcie4x4)
   10.4%  cpu0 (root complex transit)
    9.0%  cpu0 -> cpu1 (upi x3)
    3.2%  cpu1 (root complex transit)
Energy       2172 W, 0.5 kJ/step: 8 GPUs x 147 W + 1 node x 1,000 W overhead (system), PUE 1.00
Cost         rent $0.00177/step, own $0.000183/step; headline rent (cost.basis)
  rent       8 GPUs x $3.67/GPU-h on demand (catalog, 2024)
  own        capex $0.000172/step: (8 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.0000106/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 9.8% utilisation: owning costs less if the machine is busy more than that share of its life (capex $2.85/h of a 4-year life vs rent $29.36/h less power $0.1751/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      data-bound: GPUs wait for data  55.2% of each step (busy  42.1%); bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 99% of the run
