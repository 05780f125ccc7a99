$ simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml --set strategy=fsdp
# exit 0
simtrain: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B FSDP on 16 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 2 nodes)
  batch 1/GPU x 16 micro-batches, amp_bf16, adamw, 65.3 B params, FULL_SHARD, 82 units
  activation checkpointing: 80 of 82 blocks recomputed in backward
  software megatron_te: Megatron-LM / NeMo with TransformerEngine (fused LayerNorm, bias-GeLU, softmax, RoPE, fused Adam)
  --set strategy=fsdp
    carried: parallel.recompute: full as activation_checkpointing: true (every block recomputed in backward)
    not read by fsdp: parallel.tp, parallel.pp, parallel.sequence_parallel, parallel.distributed_optimizer

Step time     81526.58 ms   (mean of 1 steps after 1 warm-up)
  compute     81460.98 ms   99.9%   GEMM/conv/attention  64.7% of it; 4035.64 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   65.43 ms    0.1%   (communication 22026.82 ms,  99.7% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.16 ms    0.0%   (waiting for the host to issue kernels)
Throughput   3.14 samples/s, 6,431 tokens/s
  per GPU    163.4 TFLOP/s achieved, MFU  52.4%
Scaling       90.1% of 16 x one GPU (one GPU: 73422.95 ms/step)
Memory/GPU   198.6 GiB of 80.0 GiB  OUT OF MEMORY, peak in "bwd unit80"
  parameters 7.6, gradients 7.6, optimizer_state 45.6, cuda_context_workspace 0.8, input_batch 0.0, activations 3.0, gathered_parameters 3.0, unsharded_gradients 121.6, allocator_slack 9.5 (GiB)
Busiest links
   25.8%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   25.8%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   25.8%  node0/nic1 -> rail1_leaf0 (ib_hdr)
   25.8%  rail1_leaf0 -> node0/nic1 (ib_hdr)
   25.8%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       9395 W, 766.0 kJ/step: 16 GPUs x 400 W + 2 nodes x 1,500 W overhead (system), PUE 1.00
Cost         rent $1.86/step, own $0.3002/step; headline rent (cost.basis)
  rent       16 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.2831/step: (16 GPUs x $12,500 (catalog, 2024-mid) + 2 nodes x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.0171/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 15.4% utilisation: owning costs less if the machine is busy more than that share of its life (capex $12.50/h of a 4-year life vs rent $81.92/h less power $0.7573/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-12% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.9% of each step; exposed communication   0.1%, data stall   0.0%; and it does NOT fit in GPU memory
