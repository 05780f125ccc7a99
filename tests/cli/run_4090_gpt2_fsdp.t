$ simtrain scenarios/4x4090_gpt2_1.5b_fsdp.yaml
# exit 0
simtrain: 4x RTX 4090, GPT-2 1.5B FSDP full shard
  GPT-2 1.5B FSDP on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 2/GPU x 1 micro-batch, amp_bf16, adamw, 1.56 B params, FULL_SHARD, 50 units

Step time       359.95 ms   (mean of 2 steps after 1 warm-up)
  compute       346.93 ms   96.4%   GEMM/conv/attention  65.4% of it
  exposed comm   13.02 ms    3.6%   (communication 256.03 ms,  94.9% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   22 samples/s, 22,759 tokens/s
  per GPU    58.6 TFLOP/s achieved, MFU  35.5%
Scaling      100.0% of 4 x one GPU (one GPU: 390.39 ms/step)
Memory/GPU   7.6 GiB of 24.0 GiB, peak in "bwd unit47"
  parameters 0.7, gradients 0.7, optimizer_state 4.4, cuda_context_workspace 0.8, activations 0.5, gathered_parameters 0.1, unsharded_gradients 0.1, allocator_slack 0.4 (GiB)
Busiest links
   70.2%  gpu0 -> cpu0 (pcie4x16)
   70.2%  cpu0 -> gpu0 (pcie4x16)
   70.2%  gpu1 -> cpu0 (pcie4x16)
   70.2%  cpu0 -> gpu1 (pcie4x16)
   70.2%  gpu2 -> cpu0 (pcie4x16)
Energy       2088 W, 0.8 kJ/step; cost $0.0002/step
Verdict      compute-bound: GPUs compute  96.4% of each step; exposed communication   3.6%, data stall   0.0%
