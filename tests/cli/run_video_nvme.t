$ simtrain scenarios/8xA100_video_nvme.yaml
# exit 0
simtrain: 8x A100, driving video decoded on the fly from one NVMe
  DeepLabV3-ResNet50 DDP on 8 x NVIDIA A100 80GB PCIe (8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs, 1 node)
  batch 8/GPU x 1 micro-batch, amp_fp16, sgd, 42 M params, 6 buckets, all-reduce hierarchical/Simple

Step time       206.03 ms   (mean of 8 steps after 17 warm-up)
  compute        69.91 ms   33.9%   GEMM/conv/attention  57.1% of it
  exposed comm    6.63 ms    3.2%   (communication 11.56 ms,  42.7% hidden under compute)
  data stall    129.49 ms   62.9%
  idle            0.00 ms    0.0%
Data         8 workers/GPU x prefetch 2, pinned memory; files on nvme0 (Samsung PM1733 3.84TB U.2)
  stall/GPU  0.85 .. 134.60 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 21.50 GB/s for no stall, has 7.00 GB/s; read 6.23 GB/s, device  89.0% busy
  CPU        13.9 of 72 loader cores busy per node (80 cores, one per training process); 44.8 needed
  workers    6 per GPU needed for no stall; bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 89% of the run
Throughput   311 samples/s
  per GPU    40.5 TFLOP/s achieved, MFU  13.0%
Scaling       33.9% of 8 x one GPU (one GPU: 69.91 ms/step)
Memory/GPU   5.8 GiB of 80.0 GiB, peak in "fwd b17"
  weights 0.2, gradients 0.2, optimizer_state 0.2, ddp_buckets 0.2, cuda_context_workspace 0.8, activations 4.1, allocator_slack 0.3 (GiB)
Busiest links
   89.0%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
   88.8%  nvme0 -> cpu0 (pcie4x4)
    9.3%  cpu0 (root complex transit)
    8.1%  cpu0 -> cpu1 (upi x3)
    2.8%  cpu1 (root complex transit)
Energy       999 W, 0.2 kJ/step; cost $0.0000/step
Verdict      data-bound: GPUs wait for data  62.9% of each step (busy  33.9%); bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 89% of the run
