$ simtrain scenarios/128xA100_gpt1t_fsdp.yaml
# exit 0
simtrain: 128x A100, GPT 1T FSDP (PyTorch FSDP blog setup)
  GPT 1T (seq 2048) FSDP on 128 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 16 nodes)
  batch 4/GPU x 1 micro-batch, fp16, sgd, 1.01 T params, FULL_SHARD, 514 units
  activation checkpointing: 128 of 130 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time    302903.52 ms   (mean of 1 steps after 1 warm-up)
  compute    302847.99 ms  100.0%   GEMM/conv/attention  69.3% of it; 10691.46 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   54.52 ms    0.0%   (communication 54645.88 ms,  99.9% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.0%   (waiting for the host to issue kernels)
Throughput   1.69 samples/s, 3,462 tokens/s
  per GPU    165.8 TFLOP/s achieved, MFU  53.1%
Scaling      100.0% of 128 x one GPU (one GPU: 361963.27 ms/step)
Memory/GPU   37.3 GiB of 40.0 GiB, peak in "bwd h.127.mlp.down"
  cuda_context_workspace 0.8, input_batch 0.0, activations 20.1, gathered_parameters 9.8, unsharded_gradients 4.9, allocator_slack 1.8 (GiB)
Host memory  1338.8 GiB of offloaded state per node, of 1024.0 GiB  OUT OF HOST MEMORY
Busiest links
   13.8%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   13.8%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   13.8%  node0/nic1 -> rail1_leaf0 (ib_hdr)
   13.8%  rail1_leaf0 -> node0/nic1 (ib_hdr)
   13.8%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       75192 W, 22775.9 kJ/step: 128 GPUs x 400 W + 16 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $44.11/step, own $8.16/step; headline rent (cost.basis)
  rent       128 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $7.65/step: (128 GPUs x $10,000 (catalog, 2023-02) + 16 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.5099/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 17.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $90.87/h of a 4-year life vs rent $524/h less power $6.06/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-12% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  peak memory            +-11% (90%: +-34%): median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB); worst 34%, model tends optimistic (+6.5% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute 100.0% of each step; exposed communication   0.0%, data stall   0.0%; the peak plus its memory band's 11% margin is 41.2 GiB of 40.0 GiB: likely out of memory on the machine (plan, advise and sweep rank it as not fitting); memory at 93% of the card: expect the caching allocator to stall on cudaMalloc retries (not timed here)
             and its offloaded state does NOT fit in the node's host memory
