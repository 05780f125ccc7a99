$ simtrain tests/data/boxes/llama65b_2x16.yaml
# exit 0
simtrain: 2x16 H100 in trays, LLaMA-65B TP8 PP2
  LLaMA-65B megatron on 32 x NVIDIA H100 80GB HBM3 (NVLink domain of 16x H100 SXM5 in 4 trays (test system), 2 nodes)
  batch 1/GPU x 16 micro-batches, amp_bf16, adamw, 65.3 B params, TP8 PP2 DP2 (TP 8 over 2 compute trays, one NVLink domain), 1f1b, 16 micro-batches, distributed optimizer
  software megatron_te: Megatron-LM / NeMo with TransformerEngine (fused LayerNorm, bias-GeLU, softmax, RoPE, fused Adam)

Step time      3157.59 ms   (mean of 1 steps after 1 warm-up)
  compute      1954.04 ms   61.9%   GEMM/conv/attention  92.7% of it; 6.05 ms lost to NCCL kernels on the SMs/HBM
  exposed comm 1007.44 ms   31.9%   (communication 1022.48 ms,   1.5% hidden under compute)
  data stall      0.00 ms    0.0%
  bubble        196.11 ms    6.2%   (pipeline: waiting for other stages;   5.9% with uniform stages)
Throughput   10.1 samples/s, 20,755 tokens/s
  per GPU    263.6 TFLOP/s achieved, MFU  26.7%
Scaling       58.0% of 32 x one GPU (one GPU: 29277.87 ms/step)
Memory/GPU   49.1 GiB of 80.0 GiB, peak in "bwd mb0"
  weights 7.6, gradients 15.2, optimizer_state 22.8, pipeline_buffers 0.0, cuda_context_workspace 0.8, input_batch 0.0, activations 0.4, allocator_slack 2.3 (GiB)
Busiest links
   17.3%  node1/gpu0 -> node1/nvswitch (nvlink4 x18)
   17.3%  node1/nvswitch -> node1/gpu0 (nvlink4 x18)
   17.3%  node1/gpu1 -> node1/nvswitch (nvlink4 x18)
   17.3%  node1/nvswitch -> node1/gpu1 (nvlink4 x18)
   17.3%  node1/gpu2 -> node1/nvswitch (nvlink4 x18)
Energy       22777 W, 71.9 kJ/step: 32 GPUs x 462 W + 2 nodes x 4,000 W overhead (system), PUE 1.00
Cost         rent $0.3449/step, own $0.0236/step; headline rent (cost.basis)
  rent       32 GPUs x $12.29/GPU-h on demand (catalog, 2024)
  own        capex $0.0220/step: (32 GPUs x $27,500 (catalog, 2023-08) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.00161/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 6.4% utilisation: owning costs less if the machine is busy more than that share of its life (capex $25.11/h of a 4-year life vs rent $393/h less power $1.84/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-12% (90%: +-74%): median error of 4 public tensor/pipeline-parallel (3-D) runs (2 sources) on Hopper, 2 to 64 nodes, software megatron_te (H100 80GB HBM3); worst 74%, model tends pessimistic (-8.3% on average)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Hopper); nearest band +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  61.9% of each step; exposed communication  31.9%, data stall   0.0%
