$ simtrain scenarios/4xdgx_a100_llama2_13b_hsdp.yaml
# exit 0
simtrain: 4x DGX A100, Llama-2-13B FSDP hybrid shard
  Llama-2-13B FSDP on 32 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 4 nodes)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 13 B params, HYBRID_SHARD, 42 units, shard groups of 8
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time      3782.77 ms   (mean of 2 steps after 1 warm-up)
  compute      3754.08 ms   99.2%   GEMM/conv/attention  58.8% of it; 363.13 ms lost to NCCL kernels on the SMs/HBM
  exposed comm   27.69 ms    0.7%   (communication 854.47 ms,  96.8% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.00 ms    0.0%   (waiting for the host to issue kernels)
Throughput   8 samples/s, 34,650 tokens/s
  per GPU    94.5 TFLOP/s achieved, MFU  30.3%
Scaling       96.9% of 32 x one GPU (one GPU: 3666.66 ms/step)
Memory/GPU   32.4 GiB of 40.0 GiB, peak in "bwd unit39"
  parameters 3.0, gradients 3.0, optimizer_state 18.2, cuda_context_workspace 0.8, activations 3.5, gathered_parameters 1.2, unsharded_gradients 1.2, allocator_slack 1.5 (GiB)
Busiest links
   14.0%  node0/plx0 -> node0/cpu0 (pcie4x16)
   14.0%  node0/cpu0 -> node0/plx0 (pcie4x16)
   14.0%  node0/plx1 -> node0/cpu0 (pcie4x16)
   14.0%  node0/cpu0 -> node0/plx1 (pcie4x16)
   14.0%  node0/plx2 -> node0/cpu1 (pcie4x16)
Energy       24330 W, 92.0 kJ/step; cost $0.0535/step
Verdict      compute-bound: GPUs compute  99.2% of each step; exposed communication   0.7%, data stall   0.0%
