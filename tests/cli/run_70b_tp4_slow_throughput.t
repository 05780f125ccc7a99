$ simtrain scenarios/4xA100_80gb_llama2_70b_tp4.yaml
# exit 0
simtrain: 4x A100 80GB, Llama-2-70B TP4
  Llama-2-70B megatron on 4 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 8 micro-batches, amp_bf16, adamw, 69 B params, TP4 PP1 DP1
  software megatron_te: Megatron-LM / NeMo with TransformerEngine (fused LayerNorm, bias-GeLU, softmax, RoPE, fused Adam)

Step time     22925.80 ms   (mean of 1 steps after 1 warm-up)
  compute     20211.58 ms   88.2%   GEMM/conv/attention  95.2% of it; 29.78 ms lost to NCCL kernels on the SMs/HBM
  exposed comm 2714.22 ms   11.8%   (communication 2934.06 ms,   7.5% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   0.349 samples/s, 1,429 tokens/s
  per GPU    159.0 TFLOP/s achieved, MFU  51.0%
Scaling       86.5% of 4 x one GPU (one GPU: 79357.82 ms/step)
Memory/GPU   306.0 GiB of 80.0 GiB  OUT OF MEMORY, peak in "bwd mb0"
  weights 32.1, gradients 64.2, optimizer_state 192.7, cuda_context_workspace 0.8, input_batch 0.0, activations 1.6, allocator_slack 14.6 (GiB)
Busiest links
    9.1%  gpu0 -> gpu1 (nvlink3 x4)
    9.1%  gpu1 -> gpu0 (nvlink3 x4)
    9.1%  gpu0 -> gpu3 (nvlink3 x4)
    9.1%  gpu3 -> gpu0 (nvlink3 x4)
    9.1%  gpu1 -> gpu2 (nvlink3 x4)
Energy       2434 W, 55.8 kJ/step: 4 GPUs x 359 W + 1 node x 1,000 W overhead (system), PUE 1.00
Cost         rent $0.1304/step, own $0.0103/step; headline rent (cost.basis)
  rent       4 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.00909/step: (4 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.00125/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 7.0% utilisation: owning costs less if the machine is busy more than that share of its life (capex $1.43/h of a 4-year life vs rent $20.48/h less power $0.1962/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-9.8% (90%: +-52%): median error of 16 public tensor/pipeline-parallel (3-D) runs (6 sources) on Ampere (A100-SXM4-80GB); worst 52%, model tends optimistic (+12% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  88.2% of each step; exposed communication  11.8%, data stall   0.0%; and it does NOT fit in GPU memory
