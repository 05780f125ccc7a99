$ simtrain scenarios/8xA100_resnet50_starved.yaml
# exit 0
simtrain: 8x A100 DGX, ResNet-50 starved by its loader (3 workers per GPU)
  ResNet-50 DDP on 8 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 1 node)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       434.01 ms   (mean of 6 steps after 7 warm-up; the data loader's steady state: both halves within 1%, its queue not draining)
  compute       172.46 ms   39.7%   GEMM/conv/attention  49.0% of it
  exposed comm    1.44 ms    0.3%   (communication 1.44 ms,   0.0% hidden under compute)
  data stall    260.11 ms   59.9%
  idle            0.00 ms    0.0%
Data         3 workers/GPU x prefetch 2, pinned memory; files on nvme0+nvme1+nvme2+nvme3 (Samsung PM1733 3.84TB U.2)
  stall/GPU  0.00 .. 260.63 ms per step over 8 GPUs
  page cache   0.0% hit rate (1 epoch)
  storage    needs 1.30 GB/s for no stall, has 26.86 GB/s; read 0.43 GB/s, device   1.5% busy
  CPU        16.5 of 120 loader cores busy per node (128 cores, one per training process); 59.1 needed
  workers    8 per GPU needed for no stall; bound by too few workers: 3 per GPU, about 8 needed
  keeping up 174.43 ms per step with a loader that keeps up (no data: block): 2.49x the throughput, the most fixing the pipeline can buy
Throughput   4,719 samples/s
  per GPU    14.6 TFLOP/s achieved, MFU   4.7%
Scaling       40.1% of 8 x one GPU (one GPU: 173.92 ms/step)
Memory/GPU   12.0 GiB of 40.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, input_batch 0.1, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
    1.5%  nvme0 (Samsung PM1733 3.84TB U.2 reads)
    1.5%  nvme1 (Samsung PM1733 3.84TB U.2 reads)
    1.5%  nvme2 (Samsung PM1733 3.84TB U.2 reads)
    1.5%  nvme3 (Samsung PM1733 3.84TB U.2 reads)
    1.5%  nvme0 -> plx0 (pcie4x4)
Energy       3013 W, 1.3 kJ/step: 8 GPUs x 189 W + 1 node x 1,500 W overhead (system), PUE 1.00
Cost         rent $0.00395/step, own $0.000714/step; headline rent (cost.basis)
  rent       8 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.000685/step: (8 GPUs x $10,000 (catalog, 2023-02) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.0000293/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 17.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $5.68/h of a 4-year life vs rent $32.77/h less power $0.2428/h)
Run          90 epochs of 1,281,167 samples (data.dataset.samples) = 56,302 steps of 2,048 samples: 6.8 h of work; expected 6.8 h wall clock, goodput 100.0%
  checkpoints   0.0%   0.2 GB every 13 min (Young), 0.0 s each at 15.2 GB/s to nvme0 (Samsung PM1733 3.84TB U.2) + nvme1 (Samsung PM1733 3.84TB U.2) + nvme2 (Samsung PM1733 3.84TB U.2) + nvme3 (Samsung PM1733 3.84TB U.2) (default: the data block's storage)
  failures      0.0%   0.00 expected, MTBF 263.9 days (1.97e-05/GPU-h x 8 GPUs; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 7 min of work + 10 min restart (10 min relaunch + 0.0 s load)
  energy      20.45 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 6.8 h wall clock: rent $222, own $40.20; headline rent (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      data-bound: GPUs wait for data  59.9% of each step (busy  39.7%); bound by too few workers: 3 per GPU, about 8 needed
