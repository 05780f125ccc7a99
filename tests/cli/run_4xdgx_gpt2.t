$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml
# exit 0
simtrain: 4x DGX A100, GPT-2 1.5B DDP
  GPT-2 1.5B DDP on 32 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 4 nodes)
  batch 4/GPU x 1 micro-batch, amp_bf16, adamw, 1.56 B params, 145 buckets, all-reduce ring/LL128
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       360.42 ms   (mean of 3 steps after 1 warm-up)
  compute       355.30 ms   98.6%   GEMM/conv/attention  70.9% of it; 27.41 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    4.10 ms    1.1%   (communication 105.09 ms,  96.1% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.02 ms    0.3%   (waiting for the host to issue kernels)
Throughput   355 samples/s, 363,665 tokens/s
  per GPU    117.1 TFLOP/s achieved, MFU  37.5%
Scaling       91.3% of 32 x one GPU (one GPU: 328.91 ms/step)
Memory/GPU   54.0 GiB of 40.0 GiB  OUT OF MEMORY, peak in "fwd b48"
  weights 5.8, gradients 5.8, optimizer_state 11.6, ddp_buckets 5.8, cuda_context_workspace 0.8, activations 18.8, amp_weight_copies 2.9, allocator_slack 2.6 (GiB)
Busiest links
   18.9%  node0/nic0 -> rail0_leaf0 (ib_hdr)
   18.9%  rail0_leaf0 -> node0/nic0 (ib_hdr)
   18.9%  node0/nic1 -> rail1_leaf0 (ib_hdr)
   18.9%  rail1_leaf0 -> node0/nic1 (ib_hdr)
   18.9%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       20593 W, 7.4 kJ/step; cost $0.0060/step
  run of 100,000 steps: 10.01 h, 206.2 kWh, $601.41
Verdict      compute-bound: GPUs compute  98.6% of each step; exposed communication   1.1%, data stall   0.0%; and it does NOT fit in GPU memory
