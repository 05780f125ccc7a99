$ simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml
# exit 0
simtrain: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B megatron on 16 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 2 nodes)
  batch 1/GPU x 16 micro-batches, amp_bf16, adamw, 65.3 B params, TP8 PP2 DP1, 1f1b, 16 micro-batches, distributed optimizer
  software megatron_te: Megatron-LM / NeMo with TransformerEngine (fused LayerNorm, bias-GeLU, softmax, RoPE, fused Adam)

Step time      6700.99 ms   (mean of 1 steps after 1 warm-up)
  compute      4925.08 ms   73.5%   GEMM/conv/attention  94.8% of it; 8.65 ms lost to NCCL kernels on the SMs/HBM
  exposed comm 1362.02 ms   20.3%   (communication 1414.83 ms,   3.7% hidden under compute)
  data stall      0.00 ms    0.0%
  bubble        413.89 ms    6.2%   (pipeline: waiting for other stages;   5.9% with uniform stages)
Throughput   2.39 samples/s, 4,890 tokens/s
  per GPU    124.2 TFLOP/s achieved, MFU  39.8%
Scaling       68.5% of 16 x one GPU (one GPU: 73422.95 ms/step)
Memory/GPU   73.0 GiB of 80.0 GiB, peak in "bwd mb0"
  weights 7.6, gradients 15.2, optimizer_state 45.6, pipeline_buffers 0.0, cuda_context_workspace 0.8, input_batch 0.0, activations 0.4, allocator_slack 3.5 (GiB)
Busiest links
   12.1%  node1/gpu0 -> node1/nvswitch (nvlink3 x12)
   12.1%  node1/nvswitch -> node1/gpu0 (nvlink3 x12)
   12.1%  node1/gpu1 -> node1/nvswitch (nvlink3 x12)
   12.1%  node1/nvswitch -> node1/gpu1 (nvlink3 x12)
   12.1%  node1/gpu2 -> node1/nvswitch (nvlink3 x12)
Energy       7916 W, 53.0 kJ/step: 16 GPUs x 307 W + 2 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $0.1525/step, own $0.0245/step; headline rent (cost.basis)
  rent       16 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.0233/step: (16 GPUs x $12,500 (catalog, 2024-mid) + 2 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.00119/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 15.4% utilisation: owning costs less if the machine is busy more than that share of its life (capex $12.50/h of a 4-year life vs rent $81.92/h less power $0.6380/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-13% (90%: +-49%): median error of 15 public tensor/pipeline-parallel (3-D) runs (5 sources) on Ampere, 2 to 64 nodes, software megatron_te (A100-SXM4-80GB); worst 49%, model tends optimistic (+15% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  73.5% of each step; exposed communication  20.3%, data stall   0.0%; the peak plus its memory band's 12% margin is 81.7 GiB of 80.0 GiB: likely out of memory on the machine (plan, advise and sweep rank it as not fitting); memory at 91% of the card: expect the caching allocator to stall on cudaMalloc retries (not timed here)
