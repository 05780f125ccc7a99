$ simtrain scenarios/8xA100_pcie_switch.yaml --set system=topologies/hgx_a100_4gpu.yaml --set model=llama2_7b --set batch_per_gpu=1 --set optimizer=adamw --set precision=amp_bf16
# exit 0
simtrain: 8x A100 PCIe switch, ResNet-50 DDP
  Llama-2-7B DDP on 4 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, 162 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set system=topologies/hgx_a100_4gpu.yaml
  --set model=llama2_7b
  --set batch_per_gpu=1
  --set optimizer=adamw
  --set precision=amp_bf16

Step time      1539.89 ms   (mean of 3 steps after 1 warm-up)
  compute      1532.54 ms   99.5%   GEMM/conv/attention  75.3% of it; 77.10 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    6.13 ms    0.4%   (communication 325.96 ms,  98.1% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.22 ms    0.1%   (waiting for the host to issue kernels)
Throughput   2.60 samples/s, 10,640 tokens/s
  per GPU    122.8 TFLOP/s achieved, MFU  39.4%
Scaling       94.6% of 4 x one GPU (one GPU: 1456.65 ms/step)
Memory/GPU   199.0 GiB of 80.0 GiB  OUT OF MEMORY, peak in "fwd b32"
  weights 25.1, gradients 25.1, optimizer_state 50.2, ddp_buckets 25.1, cuda_context_workspace 0.8, input_batch 0.0, activations 50.8, amp_weight_copies 12.6, allocator_slack 9.5 (GiB)
Busiest links
   16.8%  gpu0 -> gpu1 (nvlink3 x4)
   16.8%  gpu1 -> gpu0 (nvlink3 x4)
   16.8%  gpu0 -> gpu3 (nvlink3 x4)
   16.8%  gpu3 -> gpu0 (nvlink3 x4)
   16.8%  gpu1 -> gpu2 (nvlink3 x4)
Energy       3371 W, 5.2 kJ/step: 4 GPUs x 398 W + 1 node x 1,000 W overhead (system), PUE 1.30
Cost         rent $0.00876/step, own $0.000783/step; headline rent (cost.basis)
  rent       4 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.000610/step: (4 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.000173/step at $0.12/kWh (scenario)
  rent/own   break-even at 7.1% utilisation: owning costs less if the machine is busy more than that share of its life (capex $1.43/h of a 4-year life vs rent $20.48/h less power $0.4046/h)
Run          45,000 steps: 19.2 h of work; expected 19.3 h wall clock, goodput  99.9%
  checkpoints   0.0%   80.9 GB every 12.2 h (Young), 21 s each at 3.8 GB/s to nvme0 (Samsung PM1733 3.84TB U.2) (default: the node's first storage device)
  failures      0.0%   0.00 expected, MTBF 527.9 days (1.97e-05/GPU-h x 4 GPUs; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 6.1 h of work + 10 min restart (10 min relaunch + 12 s load)
  energy      64.94 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 19.3 h wall clock: rent $395, own $35.29; headline rent (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      compute-bound: GPUs compute  99.5% of each step; exposed communication   0.4%, data stall   0.0%; and it does NOT fit in GPU memory
