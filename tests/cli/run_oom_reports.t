$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=ddp
# exit 0
simtrain: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B DDP on 8 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, 162 buckets, all-reduce ring/Simple
  --set strategy=ddp

Step time      1028.24 ms   (mean of 2 steps after 1 warm-up)
  compute      1023.30 ms   99.5%   GEMM/conv/attention  84.2% of it
  exposed comm    4.94 ms    0.5%   (communication 211.86 ms,  97.7% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   8 samples/s, 31,868 tokens/s
  per GPU    183.9 TFLOP/s achieved, MFU  58.9%
Scaling       99.5% of 8 x one GPU (one GPU: 1023.30 ms/step)
Memory/GPU   199.0 GiB of 80.0 GiB  OUT OF MEMORY, peak in "fwd b32"
  weights 25.1, gradients 25.1, optimizer_state 50.2, ddp_buckets 25.1, cuda_context_workspace 0.8, activations 50.8, amp_weight_copies 12.6, allocator_slack 9.5 (GiB)
Busiest links
   19.6%  gpu0 -> nvswitch (nvlink3 x12)
   19.6%  nvswitch -> gpu0 (nvlink3 x12)
   19.6%  gpu1 -> nvswitch (nvlink3 x12)
   19.6%  nvswitch -> gpu1 (nvlink3 x12)
   19.6%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6092 W, 6.3 kJ/step; cost $0.0048/step
Verdict      compute-bound: GPUs compute  99.5% of each step; exposed communication   0.5%, data stall   0.0%; and it does NOT fit in GPU memory
