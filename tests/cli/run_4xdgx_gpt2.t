$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml
# exit 0
simtrain: 4x DGX A100, GPT-2 1.5B DDP
  GPT-2 1.5B DDP on 32 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 4 nodes)
  batch 4/GPU x 1 micro-batch, amp_bf16, adamw, 1.56 B params, 145 buckets, all-reduce tree/LL128

Step time       318.32 ms   (mean of 3 steps after 1 warm-up)
  compute       314.74 ms   98.9%   GEMM/conv/attention  78.2% of it
  exposed comm    3.58 ms    1.1%   (communication 79.59 ms,  95.5% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   402 samples/s, 411,765 tokens/s
  per GPU    132.6 TFLOP/s achieved, MFU  42.5%
Scaling       98.9% of 32 x one GPU (one GPU: 314.74 ms/step)
Memory/GPU   54.0 GiB of 40.0 GiB  OUT OF MEMORY, peak in "fwd b48"
  weights 5.8, gradients 5.8, optimizer_state 11.6, ddp_buckets 5.8, cuda_context_workspace 0.8, activations 18.8, amp_weight_copies 2.9, allocator_slack 2.6 (GiB)
Busiest links
   22.0%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   22.0%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   22.0%  node0/nic2 -> rail2_leaf0 (ib_hdr)
   22.0%  rail2_leaf0 -> node0/nic2 (ib_hdr)
   22.0%  node0/nic4 -> rail4_leaf0 (ib_hdr)
Energy       20636 W, 6.6 kJ/step; cost $0.0053/step
  run of 100,000 steps: 8.84 h, 182.5 kWh, $531.21
Verdict      compute-bound: GPUs compute  98.9% of each step; exposed communication   1.1%, data stall   0.0%; and it does NOT fit in GPU memory
