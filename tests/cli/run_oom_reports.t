$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml --set strategy=ddp
# exit 0
simtrain: 8x A100 80GB, Llama-2-7B FSDP full shard
  Llama-2-7B DDP on 8 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, 162 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set strategy=ddp

Step time      1123.59 ms   (mean of 2 steps after 1 warm-up)
  compute      1116.56 ms   99.4%   GEMM/conv/attention  76.5% of it; 75.71 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    6.00 ms    0.5%   (communication 303.21 ms,  98.0% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.03 ms    0.1%   (waiting for the host to issue kernels)
Throughput   7 samples/s, 29,164 tokens/s
  per GPU    168.3 TFLOP/s achieved, MFU  53.9%
Scaling       92.7% of 8 x one GPU (one GPU: 1041.88 ms/step)
Memory/GPU   199.0 GiB of 80.0 GiB  OUT OF MEMORY, peak in "fwd b32"
  weights 25.1, gradients 25.1, optimizer_state 50.2, ddp_buckets 25.1, cuda_context_workspace 0.8, activations 50.8, amp_weight_copies 12.6, allocator_slack 9.5 (GiB)
Busiest links
   17.9%  gpu0 -> nvswitch (nvlink3 x12)
   17.9%  nvswitch -> gpu0 (nvlink3 x12)
   17.9%  gpu1 -> nvswitch (nvlink3 x12)
   17.9%  nvswitch -> gpu1 (nvlink3 x12)
   17.9%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6087 W, 6.8 kJ/step; cost $0.0052/step
Verdict      compute-bound: GPUs compute  99.4% of each step; exposed communication   0.5%, data stall   0.0%; and it does NOT fit in GPU memory
