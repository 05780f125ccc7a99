$ simtrain scenarios/8xdgx_a100_imagenet_nfs.yaml
# exit 0
simtrain: 8x DGX A100, ImageNet-21k ResNet-50 from a shared NFS filer
  ResNet-50 DDP on 64 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB) + shared NFS filer, 8 nodes)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/LL128
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       222.81 ms   (mean of 48 steps after 49 warm-up; the data loader did NOT settle within 1% in the steps simulated)
  compute       172.84 ms   77.6%   GEMM/conv/attention  48.9% of it; 0.37 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    0.87 ms    0.4%   (communication 2.90 ms,  69.9% hidden under compute)
  data stall     48.28 ms   21.7%
  idle            0.83 ms    0.4%   (waiting for the host to issue kernels)
Data         12 workers/GPU x prefetch 2, pinned memory; files on nfs0 (NFS filer (all-flash, 2x 100GbE))
  stall/GPU  0.00 .. 48.28 ms per step over 64 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 10.33 GB/s for no stall, has 8.15 GB/s; read 9.01 GB/s, device  90.1% busy
  CPU        42.2 of 120 loader cores busy per node (128 cores, one per training process); 58.7 needed
  workers    9 per GPU needed for no stall; bound by storage nfs0 (NFS filer (all-flash, 2x 100GbE)) busy 90% of the run
  keeping up 174.77 ms per step with a loader that keeps up (no data: block): 1.27x the throughput, the most fixing the pipeline can buy
Throughput   73,532 samples/s
  per GPU    28.4 TFLOP/s achieved, MFU   9.1%
Scaling       78.1% of 64 x one GPU (one GPU: 173.92 ms/step)
Memory/GPU   12.0 GiB of 40.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, input_batch 0.1, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
   90.1%  nfs0 (NFS filer (all-flash, 2x 100GbE) reads)
   30.6%  nfs0 -> storage_leaf (ib_hdr)
    3.8%  storage_leaf -> spine7 (ib_hdr)
    3.8%  storage_leaf -> spine13 (ib_hdr)
    3.8%  storage_leaf -> spine12 (ib_hdr)
Energy       32576 W, 7.3 kJ/step: 64 GPUs x 321 W + 8 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $0.0162/step, own $0.00297/step; headline rent (cost.basis)
  rent       64 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.00281/step: (64 GPUs x $10,000 (catalog, 2023-02) + 8 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000163/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 17.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $45.43/h of a 4-year life vs rent $262/h less power $2.63/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  not validated for this kind of run (64 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)); nearest band +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-11% (90%: +-34%): median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB); worst 34%, model tends optimistic (+6.5% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      data-bound: GPUs wait for data  21.7% of each step (busy  77.6%); bound by storage nfs0 (NFS filer (all-flash, 2x 100GbE)) busy 90% of the run
             NOT CONVERGED: the step times still drifted by more than 1%; the stall above is a lower bound (give more --steps)
