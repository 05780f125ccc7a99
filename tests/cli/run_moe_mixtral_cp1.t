$ simtrain validation/scenarios/nemo_dgxh100.yaml --set model=mixtral_8x7b --set nodes=4 --set grad_accumulation=4 --set parallel.tp=2 --set parallel.pp=1 --set parallel.virtual_stages=1 --set parallel.schedule=1f1b --set parallel.ep=8 --set parallel.tp_comm_overlap=false --set parallel.cp=1
# exit 0
simtrain: NeMo/Megatron-Core on DGX H100 (base GPT3-175B, 128 GPUs, TP4 PP8 VP6)
  Mixtral-8x7B megatron on 32 x NVIDIA H100 80GB HBM3 (DGX H100 (8x H100 SXM5), 4 nodes)
  batch 1/GPU x 4 micro-batches, fp8, adam, 46.7 B params, TP2 PP1 DP16 EP8 (expert DP 2 = DP x CP / EP), distributed optimizer
  software megatron_te_fa3: Megatron-LM / NeMo with TransformerEngine on Hopper with FlashAttention-3
  --set model=mixtral_8x7b
  --set nodes=4
  --set grad_accumulation=4
  --set parallel.tp=2
  --set parallel.pp=1
  --set parallel.virtual_stages=1
  --set parallel.schedule=1f1b
  --set parallel.ep=8
  --set parallel.tp_comm_overlap=false
  --set parallel.cp=1

Step time      1133.94 ms   (mean of 1 steps after 0 warm-up)
  compute       815.61 ms   71.9%   GEMM/conv/attention  84.9% of it; 4.84 ms lost to NCCL kernels on the SMs/HBM
  exposed comm  317.75 ms   28.0%   (communication 478.38 ms,  33.6% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.57 ms    0.1%   (waiting for the host to issue kernels)
Throughput   56.4 samples/s, 231,180 tokens/s
  per GPU    599.8 TFLOP/s achieved, MFU  60.6%
Scaling      100.0% of 32 x one GPU (one GPU: 2367.33 ms/step)
Memory/GPU   56.9 GiB of 80.0 GiB, peak in "fwd mb0 b33"
  weights 6.7, gradients 13.5, optimizer_state 16.3, cuda_context_workspace 0.8, input_batch 0.0, activations 16.9, allocator_slack 2.7 (GiB)
Busiest links
   37.0%  node0/nic0 -> rail0_leaf0 (ib_ndr)
   37.0%  rail0_leaf0 -> node0/nic0 (ib_ndr)
   37.0%  node0/nic1 -> rail1_leaf0 (ib_ndr)
   37.0%  rail1_leaf0 -> node0/nic1 (ib_ndr)
   37.0%  node0/nic2 -> rail2_leaf0 (ib_ndr)
Energy       24785 W, 28.1 kJ/step: 32 GPUs x 525 W + 4 nodes x 2,000 W overhead (system), PUE 1.00
Cost         rent $0.1239/step, own $0.0103/step; headline rent (cost.basis)
  rent       32 GPUs x $12.29/GPU-h on demand (catalog, 2024)
  own        capex $0.00971/step: (32 GPUs x $27,500 (catalog, 2023-08) + 4 nodes x $50,000 (system, 2023-05)) over 4 years (catalog); power $0.000629/step at $0.0806/kWh (catalog, 2023)
  rent/own   break-even at 7.9% utilisation: owning costs less if the machine is busy more than that share of its life (capex $30.82/h of a 4-year life vs rent $393/h less power $2.00/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-7.2% (90%: +-74%): median error of 17 public tensor/pipeline-parallel (3-D) runs (4 sources) on Hopper, 2 to 64 nodes, software megatron_te_fa3 (H100 80GB HBM3); worst 74%, model tends optimistic (+6.8% on average)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Hopper); nearest band +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  71.9% of each step; exposed communication  28.0%, data stall   0.0%
