$ simtrain tests/data/prices/tinyllama_quotes.yaml
# exit 0
simtrain: TinyLlama 1.1B on 10 B tokens, quoted 4x RTX 4090 or one A100 80GB
  TinyLlama-1.1B DDP on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 8/GPU x 1 micro-batch, amp_bf16, adamw, 1.1 B params, 90 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time      1373.58 ms   (mean of 2 steps after 1 warm-up)
  compute      1356.88 ms   98.8%   GEMM/conv/attention  66.3% of it; 26.93 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   15.61 ms    1.1%   (communication 280.64 ms,  94.4% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.09 ms    0.1%   (waiting for the host to issue kernels)
Throughput   23.3 samples/s, 47,712 tokens/s
  per GPU    87.5 TFLOP/s achieved, MFU  53.0%
Scaling       96.9% of 4 x one GPU (one GPU: 1331.04 ms/step)
Memory/GPU   49.4 GiB of 24.0 GiB  OUT OF MEMORY, peak in "fwd b22"
  weights 4.1, gradients 4.1, optimizer_state 8.2, ddp_buckets 4.1, cuda_context_workspace 0.8, input_batch 0.0, activations 23.7, amp_weight_copies 2.0, allocator_slack 2.4 (GiB)
Busiest links
   18.8%  cpu0 (root complex transit)
   17.3%  gpu0 -> cpu0 (pcie4x16)
   17.3%  cpu0 -> gpu0 (pcie4x16)
   17.3%  gpu1 -> cpu0 (pcie4x16)
   17.3%  cpu0 -> gpu1 (pcie4x16)
Energy       2129 W, 2.9 kJ/step: 4 GPUs x 445 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.000687/step, own $0.000210/step; headline own (cost.basis)
  rent       4 GPUs x $0.45/GPU-h on demand (scenario quote for system workstation_4x4090, 2025-06)
  own        capex $0.000145/step: (4 GPUs x $2,200 (scenario quote for system workstation_4x4090, 2025-06) + 1 node x $4,500 (scenario quote for system workstation_4x4090, 2025-06)) over 4 years (catalog); power $0.0000655/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 23.3% utilisation: owning costs less if the machine is busy more than that share of its life (capex $0.3796/h of a 4-year life vs rent $1.80/h less power $0.1716/h)
Run          10.0 B tokens = 152,588 steps of 65,536 tokens: 2.4 days of work; expected 2.4 days wall clock, goodput 100.0%
  checkpoints   0.0%   13.2 GB every 4.3 h (Young), 2.6 s each at 5.0 GB/s to nvme0 (Samsung 980 PRO) (default: the node's first storage device)
  failures      0.0%   0.00 expected, MTBF 527.9 days (1.97e-05/GPU-h x 4 GPUs; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 2.2 h of work + 10 min restart (10 min relaunch + 1.9 s load)
  energy      123.98 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 2.4 days wall clock: rent $105, own $32.10; headline own (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-23% (90%: +-129%): median error of 21 public multi-GPU DDP runs (4 sources) on all GPUs, 1 node (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 129%, model tends optimistic (+7.4% on average); beware: with each source left out, 0% of its multi-GPU DDP runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      compute-bound: GPUs compute  98.8% of each step; exposed communication   1.1%, data stall   0.0%; and it does NOT fit in GPU memory
