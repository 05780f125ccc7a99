$ simtrain scenarios/8xA100_pcie_switch.yaml --set system=dgx_h100 --set gpus_per_node=1 --set batch_per_gpu=2
# exit 0
simtrain: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50 DDP on 1 x NVIDIA H100 80GB HBM3 (DGX H100 (8x H100 SXM5), 1 node)
  batch 2/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set system=dgx_h100
  --set gpus_per_node=1
  --set batch_per_gpu=2

Step time         6.01 ms   (mean of 3 steps after 1 warm-up)
  compute         2.42 ms   40.2%   GEMM/conv/attention  51.2% of it
  exposed comm    0.00 ms    0.0%   (communication 0.00 ms,   n/a hidden under compute)
  data stall      0.00 ms    0.0%
  idle            3.59 ms   59.8%   (waiting for the host to issue kernels)
Throughput   333 samples/s
  per GPU    8.2 TFLOP/s achieved, MFU   0.8%
Memory/GPU   1.2 GiB of 80.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, cuda_context_workspace 0.8, input_batch 0.0, activations 0.1, amp_weight_copies 0.0, allocator_slack 0.1 (GiB)
Energy       3025 W, 0.0 kJ/step: 1 GPU x 327 W + 1 node x 2,000 W overhead (system), PUE 1.30
Cost         rent $0.0000205/step, own $0.00000430/step; headline rent (cost.basis)
  rent       1 GPU x $12.29/GPU-h on demand (catalog, 2024)
  own        capex $0.00000369/step: (1 GPU x $27,500 (catalog, 2023-08) + 1 node x $50,000 (system, 2023-05)) over 4 years (catalog); power $0.000000606/step at $0.12/kWh (scenario)
  rent/own   break-even at 18.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $2.21/h of a 4-year life vs rent $12.29/h less power $0.3629/h)
Run          45,000 steps: 5 min of work; expected 5 min wall clock, goodput 100.0%
  checkpoints   0.0%   0.2 GB every 74 min (Young), 0.1 s each at 3.8 GB/s to nvme0 (Samsung PM1733 3.84TB U.2) (default: the node's first storage device)
  failures      0.0%   0.00 expected, MTBF 2111.5 days (1.97e-05/GPU-h x 1 GPU; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 37 min of work + 10 min restart (10 min relaunch + 0.0 s load)
  energy      0.23 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 5 min wall clock: rent $0.9238, own $0.1935; headline rent (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-20% (90%: +-74%): median error of 13 public single-GPU CNN runs (3 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 74%, model tends pessimistic (-7.4% on average); beware: with each source left out, 0% of its single-GPU CNN runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Hopper); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      host-bound: GPUs wait for their host to issue kernels  59.8% of each step (busy  40.2%); software pytorch_eager: fewer, larger kernels (batch), torch.compile or CUDA graphs cut the dispatch
