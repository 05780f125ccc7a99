$ simtrain scenarios/8xA100_pcie_switch.yaml
# exit 0
simtrain: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50 DDP on 8 x NVIDIA A100 80GB PCIe (8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs, 1 node)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce hierarchical/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       148.29 ms   (mean of 3 steps after 1 warm-up)
  compute       145.94 ms   98.4%   GEMM/conv/attention  51.4% of it; 0.21 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    0.90 ms    0.6%   (communication 7.94 ms,  88.6% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.45 ms    1.0%   (waiting for the host to issue kernels)
Throughput   13,810 samples/s
  per GPU    42.7 TFLOP/s achieved, MFU  13.7%
Scaling       99.3% of 8 x one GPU (one GPU: 147.19 ms/step)
Memory/GPU   12.0 GiB of 80.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, input_batch 0.1, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
    2.9%  cpu0 (root complex transit)
    2.9%  cpu1 (root complex transit)
    2.5%  plx0 -> cpu0 (pcie4x16)
    2.5%  cpu0 -> plx0 (pcie4x16)
    2.5%  plx1 -> cpu1 (pcie4x16)
Energy       4376 W, 0.6 kJ/step: 8 GPUs x 296 W + 1 node x 1,000 W overhead (system), PUE 1.30
Cost         rent $0.00121/step, own $0.000139/step; headline rent (cost.basis)
  rent       8 GPUs x $3.67/GPU-h on demand (catalog, 2024)
  own        capex $0.000118/step: (8 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.0000216/step at $0.12/kWh (scenario)
  rent/own   break-even at 9.9% utilisation: owning costs less if the machine is busy more than that share of its life (capex $2.85/h of a 4-year life vs rent $29.36/h less power $0.5252/h)
Run          45,000 steps: 111 min of work; expected 111 min wall clock, goodput 100.0%
  checkpoints   0.0%   0.2 GB every 26 min (Young), 0.1 s each at 3.8 GB/s to nvme0 (Samsung PM1733 3.84TB U.2) (default: the node's first storage device)
  failures      0.0%   0.00 expected, MTBF 263.9 days (1.97e-05/GPU-h x 8 GPUs; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 13 min of work + 10 min restart (10 min relaunch + 0.0 s load)
  energy      8.11 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 111 min wall clock: rent $54.43, own $6.26; headline rent (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      compute-bound: GPUs compute  98.4% of each step; exposed communication   0.6%, data stall   0.0%
