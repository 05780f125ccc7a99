$ simtrain scenarios/8xdgx_a100_imagenet_nfs.yaml
# exit 0
simtrain: 8x DGX A100, ImageNet-21k ResNet-50 from a shared NFS filer
  ResNet-50 DDP on 64 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB) + shared NFS filer, 8 nodes)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/LL128
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       207.48 ms   (mean of 24 steps after 25 warm-up)
  compute       170.35 ms   82.1%   GEMM/conv/attention  48.2% of it; 0.41 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    0.69 ms    0.3%   (communication 2.91 ms,  76.2% hidden under compute)
  data stall     35.38 ms   17.1%
  idle            1.06 ms    0.5%   (waiting for the host to issue kernels)
Data         12 workers/GPU x prefetch 2, pinned memory; files on nfs0 (NFS filer (all-flash, 2x 100GbE))
  stall/GPU  0.00 .. 35.38 ms per step over 64 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 10.47 GB/s for no stall, has 8.15 GB/s; read 8.28 GB/s, device  82.8% busy
  CPU        35.0 of 120 loader cores busy per node (128 cores, one per training process); 59.5 needed
  workers    9 per GPU needed for no stall; bound by storage nfs0 (NFS filer (all-flash, 2x 100GbE)) busy 83% of the run
Throughput   78,968 samples/s
  per GPU    30.5 TFLOP/s achieved, MFU   9.8%
Scaling       82.6% of 64 x one GPU (one GPU: 171.39 ms/step)
Memory/GPU   11.9 GiB of 40.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
   82.8%  nfs0 (NFS filer (all-flash, 2x 100GbE) reads)
   28.1%  nfs0 -> storage_leaf (ib_hdr)
    3.5%  storage_leaf -> spine7 (ib_hdr)
    3.5%  storage_leaf -> spine13 (ib_hdr)
    3.5%  storage_leaf -> spine12 (ib_hdr)
Energy       33591 W, 7.0 kJ/step: 64 GPUs x 337 W + 8 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $0.0151/step, own $0.00277/step; headline rent (cost.basis)
  rent       64 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.00262/step: (64 GPUs x $10,000 (catalog, 2023-02) + 8 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000156/step at $0.0806/kWh (catalog, 2023)
Verdict      data-bound: GPUs wait for data  17.1% of each step (busy  82.1%); bound by storage nfs0 (NFS filer (all-flash, 2x 100GbE)) busy 83% of the run
