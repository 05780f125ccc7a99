$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=ddp
# exit 0
simtrain: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B DDP on 8 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, 162 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set strategy=ddp

Step time      1495.04 ms   (mean of 2 steps after 1 warm-up)
  compute      1488.85 ms   99.6%   GEMM/conv/attention  74.3% of it; 80.76 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    4.97 ms    0.3%   (communication 303.21 ms,  98.4% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.22 ms    0.1%   (waiting for the host to issue kernels)
Throughput   5 samples/s, 21,918 tokens/s
  per GPU    126.5 TFLOP/s achieved, MFU  40.5%
Scaling       94.3% of 8 x one GPU (one GPU: 1409.31 ms/step)
Memory/GPU   199.0 GiB of 80.0 GiB  OUT OF MEMORY, peak in "fwd b32"
  weights 25.1, gradients 25.1, optimizer_state 50.2, ddp_buckets 25.1, cuda_context_workspace 0.8, activations 50.8, amp_weight_copies 12.6, allocator_slack 9.5 (GiB)
Busiest links
   13.5%  gpu0 -> nvswitch (nvlink3 x12)
   13.5%  nvswitch -> gpu0 (nvlink3 x12)
   13.5%  gpu1 -> nvswitch (nvlink3 x12)
   13.5%  nvswitch -> gpu1 (nvlink3 x12)
   13.5%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6095 W, 9.1 kJ/step: 8 GPUs x 399 W + 1 node x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.0170/step, own $0.00290/step; headline rent (cost.basis)
  rent       8 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.00260/step: (8 GPUs x $12,500 (catalog, 2024-mid) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.000304/step at $0.12/kWh (scenario)
Verdict      compute-bound: GPUs compute  99.6% of each step; exposed communication   0.3%, data stall   0.0%; and it does NOT fit in GPU memory
