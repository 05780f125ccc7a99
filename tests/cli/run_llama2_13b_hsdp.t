$ simtrain scenarios/4xdgx_a100_llama2_13b_hsdp.yaml
# exit 0
simtrain: 4x DGX A100, Llama-2-13B FSDP hybrid shard
  Llama-2-13B FSDP on 32 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 4 nodes)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 13 B params, HYBRID_SHARD, 42 units, shard groups of 8
  activation checkpointing: 40 of 42 blocks recomputed in backward
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time      3824.97 ms   (mean of 2 steps after 1 warm-up)
  compute      3809.95 ms   99.6%   GEMM/conv/attention  60.4% of it; 212.53 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   14.03 ms    0.4%   (communication 529.58 ms,  97.4% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.0%   (waiting for the host to issue kernels)
Throughput   8.37 samples/s, 34,267 tokens/s
  per GPU    93.5 TFLOP/s achieved, MFU  30.0%
Scaling       99.1% of 32 x one GPU (one GPU: 3789.25 ms/step)
Memory/GPU   32.4 GiB of 40.0 GiB, peak in "bwd unit39"
  parameters 3.0, gradients 3.0, optimizer_state 18.2, cuda_context_workspace 0.8, input_batch 0.0, activations 3.5, gathered_parameters 1.2, unsharded_gradients 1.2, allocator_slack 1.5 (GiB)
Busiest links
    7.6%  node0/gpu0 -> node0/nvswitch (nvlink3 x12)
    7.6%  node0/nvswitch -> node0/gpu0 (nvlink3 x12)
    7.6%  node0/gpu1 -> node0/nvswitch (nvlink3 x12)
    7.6%  node0/nvswitch -> node0/gpu1 (nvlink3 x12)
    7.6%  node0/gpu2 -> node0/nvswitch (nvlink3 x12)
Energy       24383 W, 93.3 kJ/step: 32 GPUs x 399 W + 4 nodes x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.1393/step, own $0.0272/step; headline rent (cost.basis)
  rent       32 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.0241/step: (32 GPUs x $10,000 (catalog, 2023-02) + 4 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.00311/step at $0.12/kWh (scenario)
  rent/own   break-even at 17.7% utilisation: owning costs less if the machine is busy more than that share of its life (capex $22.72/h of a 4-year life vs rent $131/h less power $2.93/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-12% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  peak memory            +-11% (90%: +-34%): median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB); worst 34%, model tends optimistic (+6.5% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.6% of each step; exposed communication   0.4%, data stall   0.0%
