$ simtrain scenarios/4xdgx_a100_llama2_13b_hsdp.yaml
# exit 0
simtrain: 4x DGX A100, Llama-2-13B FSDP hybrid shard
  Llama-2-13B FSDP on 32 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 4 nodes)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 13 B params, HYBRID_SHARD, 42 units, shard groups of 8

Step time      2431.17 ms   (mean of 2 steps after 1 warm-up)
  compute      2404.04 ms   98.9%   GEMM/conv/attention  70.8% of it
  exposed comm   27.13 ms    1.1%   (communication 825.61 ms,  96.7% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   13 samples/s, 53,913 tokens/s
  per GPU    147.1 TFLOP/s achieved, MFU  47.1%
Scaling      100.0% of 32 x one GPU (one GPU: 2678.69 ms/step)
Memory/GPU   32.4 GiB of 40.0 GiB, peak in "bwd unit39"
  parameters 3.0, gradients 3.0, optimizer_state 18.2, cuda_context_workspace 0.8, activations 3.5, gathered_parameters 1.2, unsharded_gradients 1.2, allocator_slack 1.5 (GiB)
Busiest links
   21.7%  node0/plx0 -> node0/cpu0 (pcie4x16)
   21.7%  node0/cpu0 -> node0/plx0 (pcie4x16)
   21.7%  node0/plx1 -> node0/cpu0 (pcie4x16)
   21.7%  node0/cpu0 -> node0/plx1 (pcie4x16)
   21.7%  node0/plx2 -> node0/cpu1 (pcie4x16)
Energy       24278 W, 59.0 kJ/step; cost $0.0344/step
Verdict      compute-bound: GPUs compute  98.9% of each step; exposed communication   1.1%, data stall   0.0%
