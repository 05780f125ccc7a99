$ simtrain scenarios/8xH100_llama2_70b_lora.yaml
# exit 0
simtrain: 8x H100 80GB, Llama-2-70B LoRA r16 (MLPerf llama2_70b_lora recipe), FSDP
  Llama-2-70B FSDP on 8 x NVIDIA H100 80GB HBM3 (DGX H100 (8x H100 SXM5), 1 node)
  batch 1/GPU x 1 micro-batch, fp8, adamw, 69 B (44.6 M trained) params, FULL_SHARD, 82 units
  activation checkpointing: 80 of 82 blocks recomputed in backward
  software megatron_te: Megatron-LM / NeMo with TransformerEngine (fused LayerNorm, bias-GeLU, softmax, RoPE, fused Adam)

Step time      5589.09 ms   (mean of 2 steps after 1 warm-up)
  compute      5581.60 ms   99.9%   GEMM/conv/attention  63.0% of it; 134.28 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    6.98 ms    0.1%   (communication 695.61 ms,  99.0% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.51 ms    0.0%   (waiting for the host to issue kernels)
Throughput   1.43 samples/s, 11,726 tokens/s
  sequences  mean 8192 of 8192 tokens, padded: rows of 8192 tokens executed, no padding
  per GPU    498.5 TFLOP/s achieved, MFU  50.4%
Scaling       97.5% of 8 x one GPU (one GPU: 5447.21 ms/step)
Memory/GPU   33.3 GiB of 80.0 GiB, peak in "bwd unit80"
  parameters 16.1, gradients 0.0, optimizer_state 0.1, cuda_context_workspace 0.8, input_batch 0.0, activations 11.7, gathered_parameters 3.2, unsharded_gradients 0.0, allocator_slack 1.6 (GiB)
Busiest links
   11.7%  gpu0 -> nvswitch (nvlink4 x18)
   11.7%  nvswitch -> gpu0 (nvlink4 x18)
   11.7%  gpu1 -> nvswitch (nvlink4 x18)
   11.7%  nvswitch -> gpu1 (nvlink4 x18)
   11.7%  gpu2 -> nvswitch (nvlink4 x18)
Energy       7593 W, 42.4 kJ/step: 8 GPUs x 699 W + 1 node x 2,000 W overhead (system), PUE 1.00
Cost         rent $0.1526/step, own $0.0129/step; headline rent (cost.basis)
  rent       8 GPUs x $12.29/GPU-h on demand (catalog, 2024)
  own        capex $0.0120/step: (8 GPUs x $27,500 (catalog, 2023-08) + 1 node x $50,000 (system, 2023-05)) over 4 years (catalog); power $0.000950/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 7.9% utilisation: owning costs less if the machine is busy more than that share of its life (capex $7.71/h of a 4-year life vs rent $98.32/h less power $0.6120/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-7.8% (90%: +-74%): median error of 2 public FSDP/ZeRO runs (2 sources) on Hopper, 1 node (H100 80GB HBM3); worst 74%, model tends pessimistic (-0.3% on average); beware: with each source left out, 33% of its FSDP/ZeRO runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Hopper); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.9% of each step; exposed communication   0.1%, data stall   0.0%
