$ simtrain scenarios/128xA100_gpt175b_fsdp.yaml
# exit 0
simtrain: 128x A100, GPT 175B FSDP (PyTorch FSDP blog setup)
  GPT 175B (seq 512) FSDP on 128 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 16 nodes)
  batch 20/GPU x 1 micro-batch, fp16, sgd, 175 B params, FULL_SHARD, 386 units
  activation checkpointing: 96 of 98 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time     64119.89 ms   (mean of 1 steps after 1 warm-up)
  compute     64097.26 ms  100.0%   GEMM/conv/attention  69.0% of it; 1861.29 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   21.64 ms    0.0%   (communication 9861.84 ms,  99.8% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.0%   (waiting for the host to issue kernels)
Throughput   39.9 samples/s, 20,442 tokens/s
  per GPU    168.5 TFLOP/s achieved, MFU  54.0%
Scaling      100.0% of 128 x one GPU (one GPU: 74327.27 ms/step)
Memory/GPU   34.7 GiB of 40.0 GiB, peak in "bwd h.95.mlp.down"
  cuda_context_workspace 0.8, input_batch 0.0, activations 28.9, gathered_parameters 2.3, unsharded_gradients 1.1, allocator_slack 1.7 (GiB)
Host memory  162.6 GiB of offloaded state per node, of 1024.0 GiB
Busiest links
   11.6%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   11.6%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   11.6%  node0/nic1 -> rail1_leaf0 (ib_hdr)
   11.6%  rail1_leaf0 -> node0/nic1 (ib_hdr)
   11.6%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       75184 W, 4820.8 kJ/step: 128 GPUs x 400 W + 16 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $9.34/step, own $1.73/step; headline rent (cost.basis)
  rent       128 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $1.62/step: (128 GPUs x $10,000 (catalog, 2023-02) + 16 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.1079/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 17.5% utilisation: owning costs less if the machine is busy more than that share of its life (capex $90.87/h of a 4-year life vs rent $524/h less power $6.06/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-12% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  peak memory            +-11% (90%: +-34%): median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB); worst 34%, model tends optimistic (+6.5% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute 100.0% of each step; exposed communication   0.0%, data stall   0.0%
