$ simtrain scenarios/8xA100_video_nvme.yaml --set "data.dataset.bytes_per_sample=13 MB"
# exit 0
simtrain: 8x A100, driving video decoded on the fly from one NVMe
  DeepLabV3-ResNet50 DDP on 8 x NVIDIA A100 80GB PCIe (8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs, 1 node)
  batch 8/GPU x 1 micro-batch, amp_fp16, sgd, 42 M params, 6 buckets, all-reduce hierarchical/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set data.dataset.bytes_per_sample=13 MB

Step time       117.70 ms   (mean of 128 steps after 137 warm-up; the data loader's steady state: both halves within 1%, its queue not draining)
  compute        91.39 ms   77.6%   GEMM/conv/attention  66.6% of it; 0.27 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    3.75 ms    3.2%   (communication 12.96 ms,  71.1% hidden under compute)
  data stall     22.57 ms   19.2%
  idle            0.00 ms    0.0%
Data         8 workers/GPU x prefetch 2, pinned memory; files on nvme0 (Samsung PM1733 3.84TB U.2)
  stall/GPU  0.00 .. 23.27 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 8.81 GB/s for no stall, has 7.00 GB/s; read 6.83 GB/s, device  97.5% busy
  CPU        26.2 of 72 loader cores busy per node (80 cores, one per training process); 33.9 needed
  workers    5 per GPU needed for no stall; bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 98% of the run
  keeping up 94.61 ms per step with a loader that keeps up (no data: block): 1.24x the throughput, the most fixing the pipeline can buy
Throughput   544 samples/s
  per GPU    70.9 TFLOP/s achieved, MFU  22.7%
Scaling       78.7% of 8 x one GPU (one GPU: 92.63 ms/step)
Memory/GPU   5.8 GiB of 80.0 GiB, peak in "fwd b17"
  weights 0.2, gradients 0.2, optimizer_state 0.2, ddp_buckets 0.2, cuda_context_workspace 0.8, input_batch 0.0, activations 4.1, allocator_slack 0.3 (GiB)
Busiest links
   97.5%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
   97.3%  nvme0 -> cpu0 (pcie4x4)
   12.9%  cpu0 (root complex transit)
   10.2%  cpu0 -> cpu1 (upi x3)
    5.7%  cpu1 (root complex transit)
Energy       2926 W, 0.3 kJ/step: 8 GPUs x 241 W + 1 node x 1,000 W overhead (system), PUE 1.00
Cost         rent $0.000960/step, own $0.000101/step; headline rent (cost.basis)
  rent       8 GPUs x $3.67/GPU-h on demand (catalog, 2024)
  own        capex $0.0000933/step: (8 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.00000771/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 9.8% utilisation: owning costs less if the machine is busy more than that share of its life (capex $2.85/h of a 4-year life vs rent $29.36/h less power $0.2358/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      data-bound: GPUs wait for data  19.2% of each step (busy  77.6%); bound by storage nvme0 (Samsung PM1733 3.84TB U.2) busy 98% of the run
