$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --set "catalog.gpus.a100_sxm4_40gb.memory=80 GiB"
# exit 0
simtrain: 4x DGX A100, GPT-2 1.5B DDP
  GPT-2 1.5B DDP on 32 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 4 nodes)
  batch 4/GPU x 1 micro-batch, amp_bf16, adamw, 1.56 B params, 145 buckets, all-reduce ring/LL128
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set catalog.gpus.a100_sxm4_40gb.memory=80 GiB

Step time       469.61 ms   (mean of 3 steps after 1 warm-up)
  compute       464.48 ms   98.9%   GEMM/conv/attention  77.7% of it; 27.71 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    4.10 ms    0.9%   (communication 105.09 ms,  96.1% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.04 ms    0.2%   (waiting for the host to issue kernels)
Throughput   273 samples/s, 279,107 tokens/s
  per GPU    89.9 TFLOP/s achieved, MFU  28.8%
Scaling       93.2% of 32 x one GPU (one GPU: 437.81 ms/step)
Memory/GPU   54.0 GiB of 80.0 GiB, peak in "fwd b48"
  weights 5.8, gradients 5.8, optimizer_state 11.6, ddp_buckets 5.8, cuda_context_workspace 0.8, input_batch 0.0, activations 18.8, amp_weight_copies 2.9, allocator_slack 2.6 (GiB)
Busiest links
   14.5%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   14.5%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   14.5%  node0/nic1 -> rail1_leaf0 (ib_hdr)
   14.5%  rail1_leaf0 -> node0/nic1 (ib_hdr)
   14.5%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       24281 W, 11.4 kJ/step: 32 GPUs x 396 W + 4 nodes x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.0171/step, own $0.00334/step; headline rent (cost.basis)
  rent       32 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.00296/step: (32 GPUs x $10,000 (catalog, 2023-02) + 4 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000380/step at $0.12/kWh (scenario)
  rent/own   break-even at 17.7% utilisation: owning costs less if the machine is busy more than that share of its life (capex $22.72/h of a 4-year life vs rent $131/h less power $2.91/h)
Run          100,000 steps: 13.0 h of work; expected 13.1 h wall clock, goodput  99.9%
  checkpoints   0.0%   18.7 GB every 62 min (Young), 1.2 s each at 15.2 GB/s to nvme0 (Samsung PM1733 3.84TB U.2), each node its own (default: the node's first storage device)
  failures      0.0%   0.01 expected, MTBF 66.0 days (1.97e-05/GPU-h x 32 GPUs; Llama 3: 419 interruptions in 54 days on 16,384 GPUs); each loses 31 min of work + 10 min restart (10 min relaunch + 0.7 s load)
  energy      316.90 kWh (training power over the work and the redone work, idle while checkpointing and restarting)
  cost        over the 13.1 h wall clock: rent $1,711, own $335; headline rent (cost.basis)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  not validated for this kind of run (32 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)); nearest band +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-11% (90%: +-34%): median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB); worst 34%, model tends optimistic (+6.5% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  whole run              the step time's band; checkpoints, failures and restarts are not validated
Verdict      compute-bound: GPUs compute  98.9% of each step; exposed communication   0.9%, data stall   0.0%
