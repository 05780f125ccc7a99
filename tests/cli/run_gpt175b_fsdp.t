$ simtrain scenarios/128xA100_gpt175b_fsdp.yaml
# exit 0
simtrain: 128x A100, GPT 175B FSDP (PyTorch FSDP blog setup)
  GPT 175B (seq 512) FSDP on 128 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 16 nodes)
  batch 20/GPU x 1 micro-batch, fp16, sgd, 175 B params, FULL_SHARD, 386 units
  activation checkpointing: 96 of 98 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time     58862.43 ms   (mean of 1 steps after 1 warm-up)
  compute     58839.79 ms  100.0%   GEMM/conv/attention  70.0% of it; 1826.51 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   21.64 ms    0.0%   (communication 9861.84 ms,  99.8% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.0%   (waiting for the host to issue kernels)
Throughput   43 samples/s, 22,268 tokens/s
  per GPU    183.5 TFLOP/s achieved, MFU  58.8%
Scaling      100.0% of 128 x one GPU (one GPU: 70228.99 ms/step)
Memory/GPU   34.7 GiB of 40.0 GiB, peak in "bwd h.95.mlp.down"
  cuda_context_workspace 0.8, input_batch 0.0, activations 28.9, gathered_parameters 2.3, unsharded_gradients 1.1, allocator_slack 1.7 (GiB)
Host memory  162.6 GiB of offloaded state per node, of 1024.0 GiB
Busiest links
   12.6%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   12.6%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   12.6%  node0/nic1 -> rail1_leaf0 (ib_hdr)
   12.6%  rail1_leaf0 -> node0/nic1 (ib_hdr)
   12.6%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       75183 W, 4425.4 kJ/step: 128 GPUs x 400 W + 16 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $8.57/step, own $1.58/step; headline rent (cost.basis)
  rent       128 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $1.49/step: (128 GPUs x $10,000 (catalog, 2023-02) + 16 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.0991/step at $0.0806/kWh (catalog, 2023)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind (validation/error_bands.yaml)
  step time, throughput  +-16%: median error of 5 public FSDP/ZeRO runs on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 24%, model tends optimistic (+17% on average)
  peak memory            +-18%: median error of 10 public peak-memory and largest-batch cases on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 21%, model tends optimistic (+15% on average)
Verdict      compute-bound: GPUs compute 100.0% of each step; exposed communication   0.0%, data stall   0.0%
