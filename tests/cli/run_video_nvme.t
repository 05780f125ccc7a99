$ simtrain scenarios/8xA100_video_nvme.yaml
# exit 0
simtrain: 8x A100, driving video decoded on the fly from one NVMe
  DeepLabV3-ResNet50 DDP on 8 x NVIDIA A100 80GB PCIe (8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs, 1 node)
  batch 8/GPU x 1 micro-batch, amp_fp16, sgd, 42 M params, 6 buckets, all-reduce hierarchical/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       209.18 ms   (mean of 8 steps after 17 warm-up)
  compute        91.30 ms   43.6%   GEMM/conv/attention  66.6% of it; 0.18 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    6.58 ms    3.1%   (communication 12.60 ms,  47.7% hidden under compute)
  data stall    111.30 ms   53.2%
  idle            0.00 ms    0.0%
Data         8 workers/GPU x prefetch 2, pinned memory; files on nvme0 (Samsung PM1733 3.84TB U.2)
  stall/GPU  0.00 .. 115.07 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 16.32 GB/s for no stall, has 7.00 GB/s; read 6.11 GB/s, device  87.3% busy
  CPU        13.3 of 72 loader cores busy per node (80 cores, one per training process); 34.0 needed
  workers    5 per GPU needed for no stall; bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 87% of the run
Throughput   306 samples/s
  per GPU    39.9 TFLOP/s achieved, MFU  12.8%
Scaling       44.3% of 8 x one GPU (one GPU: 92.63 ms/step)
Memory/GPU   5.8 GiB of 80.0 GiB, peak in "fwd b17"
  weights 0.2, gradients 0.2, optimizer_state 0.2, ddp_buckets 0.2, cuda_context_workspace 0.8, activations 4.1, allocator_slack 0.3 (GiB)
Busiest links
   87.3%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
   87.1%  nvme0 -> cpu0 (pcie4x4)
    9.2%  cpu0 (root complex transit)
    7.9%  cpu0 -> cpu1 (upi x3)
    2.8%  cpu1 (root complex transit)
Energy       2205 W, 0.5 kJ/step: 8 GPUs x 151 W + 1 node x 1,000 W overhead (system), PUE 1.00
Cost         rent $0.00171/step, own $0.000176/step; headline rent (cost.basis)
  rent       8 GPUs x $3.67/GPU-h on demand (catalog, 2024)
  own        capex $0.000166/step: (8 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.0000103/step at $0.0806/kWh (catalog, 2023)
Verdict      data-bound: GPUs wait for data  53.2% of each step (busy  43.6%); bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 87% of the run
