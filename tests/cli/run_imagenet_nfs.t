$ simtrain scenarios/8xdgx_a100_imagenet_nfs.yaml
# exit 0
simtrain: 8x DGX A100, ImageNet-21k ResNet-50 from a shared NFS filer
  ResNet-50 DDP on 64 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB) + shared NFS filer, 8 nodes)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce tree/LL128

Step time       194.03 ms   (mean of 24 steps after 25 warm-up)
  compute       126.46 ms   65.2%   GEMM/conv/attention  30.7% of it
  exposed comm    0.76 ms    0.4%   (communication 2.18 ms,  65.3% hidden under compute)
  data stall     66.82 ms   34.4%
  idle            0.00 ms    0.0%
Data         12 workers/GPU x prefetch 2, pinned memory; files on nfs0 (NFS filer (all-flash, 2x 100GbE))
  stall/GPU  0.00 .. 67.33 ms per step over 64 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 14.22 GB/s for no stall, has 8.15 GB/s; read 8.57 GB/s, device  85.7% busy
  CPU        39.1 of 120 loader cores busy per node (128 cores, one per training process); 80.8 needed
  workers    12 per GPU needed for no stall; bound by storage nfs0 (NFS filer (all-flash, 2x 100GbE)) busy 86% of the run
Throughput   84,439 samples/s
  per GPU    32.7 TFLOP/s achieved, MFU  10.5%
Scaling       65.2% of 64 x one GPU (one GPU: 126.46 ms/step)
Memory/GPU   11.9 GiB of 40.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
   85.7%  nfs0 (NFS filer (all-flash, 2x 100GbE) reads)
   29.1%  nfs0 -> storage_leaf (ib_hdr)
    3.6%  storage_leaf -> spine7 (ib_hdr)
    3.6%  storage_leaf -> spine13 (ib_hdr)
    3.6%  storage_leaf -> spine12 (ib_hdr)
Energy       17799 W, 3.5 kJ/step; cost $0.0000/step
Verdict      data-bound: GPUs wait for data  34.4% of each step (busy  65.2%); bound by storage nfs0 (NFS filer (all-flash, 2x 100GbE)) busy 86% of the run
