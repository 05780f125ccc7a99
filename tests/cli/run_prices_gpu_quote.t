$ simtrain tests/data/prices/tinyllama_quotes.yaml --set system=workstation_1xa100_pcie
# exit 0
simtrain: TinyLlama 1.1B on 10 B tokens, quoted 4x RTX 4090 or one A100 80GB
  TinyLlama-1.1B DDP on 1 x NVIDIA A100 80GB PCIe (Workstation 1x A100 80GB PCIe (Threadripper PRO 5975WX), 1 node)
  batch 8/GPU x 1 micro-batch, amp_bf16, adamw, 1.1 B params
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set system=workstation_1xa100_pcie

Step time       698.84 ms   (mean of 2 steps after 1 warm-up)
  compute       697.63 ms   99.8%   GEMM/conv/attention  67.8% of it
  exposed comm    0.00 ms    0.0%   (communication 0.00 ms,   n/a hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.21 ms    0.2%   (waiting for the host to issue kernels)
Throughput   11.4 samples/s, 23,445 tokens/s
  per GPU    172.1 TFLOP/s achieved, MFU  55.2%
Memory/GPU   45.1 GiB of 80.0 GiB, peak in "fwd b22"
  weights 4.1, gradients 4.1, optimizer_state 8.2, cuda_context_workspace 0.8, input_batch 0.0, activations 23.7, amp_weight_copies 2.0, allocator_slack 2.1 (GiB)
Energy       650 W, 0.5 kJ/step: 1 GPU x 300 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.000311/step, own $0.0000850/step; headline own (cost.basis)
  rent       1 GPU x $1.6/GPU-h on demand (scenario quote for GPU a100_pcie_80gb, 2025-06)
  own        capex $0.0000748/step: (1 GPU x $7,500 (scenario quote for GPU a100_pcie_80gb, 2025-06) + 1 node x $6,000 (system, 2022)) over 4 years (catalog); power $0.0000102/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 24.9% utilisation: owning costs less if the machine is busy more than that share of its life (capex $0.3853/h of a 4-year life vs rent $1.60/h less power $0.0524/h)
Run          10.0 B tokens = 610,352 steps of 16,384 tokens: 4.9 days of work; expected 4.9 days wall clock, goodput 100.0%
  checkpoints   0.0%   13.2 GB every 8.6 h (Young), 2.6 s each at 5.0 GB/s to nvme0 (Samsung 980 PRO) (default: the node's first storage device)
  failures      0.0%   0.00 expected, MTBF 2111.5 days (1.97e-05/GPU-h x 1 GPU; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 4.3 h of work + 10 min restart (10 min relaunch + 1.9 s load)
  energy      76.97 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 4.9 days wall clock: rent $190, own $51.86; headline own (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-47% (90%: +-116%): median error of 5 public single-GPU transformer runs (2 sources) on Ampere, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 116%, model tends optimistic (+27% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      compute-bound: GPUs compute  99.8% of each step; exposed communication   0.0%, data stall   0.0%
